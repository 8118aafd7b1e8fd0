/**
 * Applies a relayed event (issue 36) to what the worker holds, with no call to the service: the
 * conversation's summary in the profile cache (the panel's status, the chip, the toolbar badge, the
 * list badges), its newest messages kept for the panel's thread, and the queue (its kept pages, the
 * open queues' rows, the toolbar count). A `gap` (events the relay no longer holds) forgets what may
 * have missed them: the next look reads the service.
 */
import type { RelayEvent } from '../api/relay-stream';
import { CONVERSATION_MESSAGES_PAGE_SIZE } from '../api/schemas';
import { foldMessages, liveMessages, livePatch } from '../inbox/live-event';
import type { ProfileCache } from '../store/cache';
import type { Inbox } from './handlers/inbox';
import type { PanelData } from './panel-data';
import type { SerialLock } from './serial-lock';

export interface LiveApplyDeps {
  cache: Pick<ProfileCache, 'byLead' | 'patchConversation'>;
  panelData: Pick<PanelData, 'recentMessages'>;
  inbox: Pick<Inbox, 'live' | 'invalidate'>;
  underLock: SerialLock;
  /** Something shown changed: the panels, chips and badges are recomputed. */
  notify(): void;
}

export function createLiveApply(deps: LiveApplyDeps) {
  return async function apply(event: RelayEvent): Promise<void> {
    if (event.kind !== 'message') {
      if (event.kind === 'gap') {
        deps.panelData.recentMessages.drop();
        deps.inbox.invalidate();
      }
      return;
    }
    const { payload: p } = event;
    const known = (await deps.cache.byLead(p.leadId)).flatMap((e) => e.conversations).find((c) => c.id === p.conversationId);
    const patch = livePatch(p, known);
    if (!patch) return;
    // The queue first: what it knows of the conversation before the event may be the cache's.
    await deps.inbox.live(p, patch);
    await deps.underLock(() => deps.cache.patchConversation(p.leadId, p.conversationId, patch));
    const first = `${p.conversationId}:0`;
    const kept = deps.panelData.recentMessages.peek(first);
    if (kept) {
      const folded = foldMessages(kept, liveMessages(p), CONVERSATION_MESSAGES_PAGE_SIZE);
      // The older pages' offsets moved: they are asked again when shown.
      deps.panelData.recentMessages.drop((key) => key.startsWith(`${p.conversationId}:`) && key !== first);
      if (folded) deps.panelData.recentMessages.set(first, { ...kept, ...folded });
    }
    deps.notify();
  };
}
