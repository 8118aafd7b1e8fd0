/**
 * Demo data for the inbox queue (issue 12). The generated conversations already give the Pro
 * workspace its waiting-for-reply queue (two identities with twenty-odd each), its snoozed ones and
 * its untouched ones; this module adds two snoozed conversations that wake later today on the
 * emulator's clock (the "a snooze woke" moment of the queue), each on a filler lead that had none
 * (never one of the named demo profiles).
 * Called last in the demo build, so every other id of the world stays what it was.
 */
import type { WorkspaceData } from '../model';
import { FAMOUS_PEOPLE } from './famous';
import type { Rng } from './prng';
import { type BuildContext, pronetUrlOf } from './workspace';
import { addConversation } from './conversations';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Two instants later today (UTC), at least an hour after the seed instant (so that no test run
 * started from a fresh seed sees them wake), spread over what is left of the day. Within the last
 * hour of the day they wake early tomorrow instead (an hour and an hour and a half ahead).
 */
export function wakesToday(now: number): [number, number] {
  const endOfDay = Math.floor(now / 86_400_000) * 86_400_000 + 86_400_000 - MINUTE_MS;
  const first = now + HOUR_MS;
  if (endOfDay - first < 2 * MINUTE_MS) return [first, first + 30 * MINUTE_MS];
  return [first, first + Math.floor((endOfDay - first) / 2)];
}

/** `now`: the emulator's clock (the wake times are from it); the messages count back from the seed clock `ctx.now`. */
export function addInboxQueue(ctx: BuildContext, rng: Rng, ws: WorkspaceData, now = ctx.now): void {
  const withConversation = new Set(ws.conversations.map((c) => c.leadId));
  // The named demo profiles keep their stories (Edsger Dijkstra has no conversation on purpose).
  const named = new Set(FAMOUS_PEOPLE.map((p) => pronetUrlOf(p.slug)));
  const free = ws.leads.filter((l) => l.pronetUrl !== null && !named.has(l.pronetUrl) && !withConversation.has(l.id)).slice(0, 2);
  const wakes = wakesToday(now);
  free.forEach((lead, i) => {
    const identity = ws.identities[i % 2];
    if (!identity) return;
    addConversation(ctx, rng, ws, {
      lead,
      campaign: null,
      identityId: identity.id,
      item: null,
      status: 'SNOOZED',
      snoozeUntil: wakes[i] as number,
      replyBody: 'Thanks, could you write again later today? I will have the numbers by then.',
      extraExchanges: 0,
      read: true,
      favourite: false,
      lastSendFailed: false,
      callCompletedAt: null,
      note: null,
    });
  });
}
