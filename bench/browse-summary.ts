/**
 * The browse trace's figures from a recording and the emulator's call history. Each call is put down
 * to the profile it asks about (the lead search names the profile, the others a lead or conversation
 * of the seed) and so to the view of that profile it followed; list work (the sidebars' badges) and
 * idle work (no profile, no panel) are counted apart. Then per view, and per group of views.
 */
import { buildSeed } from '../emulator/seed/index';
import { DEFAULT_FRESH_MS, DEFAULT_NO_LEAD_FRESH_MS } from '../lib/background/resolver';
import type { EmulatorCall } from './emulator-control';
import type { BrowseOptions, Mode, Trace } from './browse-plan';
import type { Recording } from './browse-record';
import { round, summarize, type Summary } from './stats';

export interface ViewRecord {
  i: number;
  slug: string;
  revisit: boolean;
  /** Revisit whose last lookup was within the cache's freshness (60 s) at the view's start. */
  freshRevisit: boolean;
  chipMs: number | null;
  panelMs: number | null;
  /** Calls put down to this view: all, the status's own (lead search, conversations), the panel's. */
  calls: number;
  statusCalls: number;
  panelCalls: number;
  rateLimited: number;
  /** When the first status call of the view reached the emulator, ms after the URL change. */
  firstCallMs: number | null;
  /** When the emulator answered the view's last status call, ms after the URL change. */
  lastAnswerMs: number | null;
}

export interface GroupFigures {
  views: number;
  chipMs: Summary;
  panelMs: Summary;
  /** The later of chip and panel, per view. */
  statusMs: Summary;
  calls: Summary;
  statusCalls: Summary;
  panelCalls: Summary;
  rateLimited: number;
  missing: number;
}

export interface ModeResult {
  mode: Mode;
  durationMs: number;
  /** The machine's 1-minute load average when the mode's trace began and ended. */
  load: [number, number];
  first: GroupFigures;
  revisit: GroupFigures;
  revisitFresh: GroupFigures;
  revisitStale: GroupFigures;
  all: GroupFigures;
  /** Calls before the first view (the key test, the identities). */
  otherCalls: number;
  /** Calls of the list badges (the sidebars' people), not put down to any view. */
  listCalls: number;
  totalCalls: number;
  rateLimited: number;
  views: ViewRecord[];
}

/** Which profile each lead and conversation of the demo seed belongs to (to put calls down to views). */
export function seedIndex() {
  const world = buildSeed('demo', { now: Date.now() });
  const pro = world.workspaces.find((w) => w.name === 'demo-pro');
  if (!pro) throw new Error('the demo seed has no demo-pro workspace');
  const leadProfile = new Map<string, string>();
  for (const lead of pro.leads) if (lead.pronetUrl) leadProfile.set(lead.id, lead.pronetUrl);
  const conversationProfile = new Map<string, string>();
  for (const c of pro.conversations) {
    const p = leadProfile.get(c.leadId);
    if (p) conversationProfile.set(c.id, p);
  }
  return { slugs: world.profiles.map((p) => p.slug), leadProfile, conversationProfile };
}

type CallKind = 'status' | 'panel' | 'list' | 'other';

function classify(call: EmulatorCall, index: SeedIndex): { kind: CallKind; profileUrl: string | null } {
  const url = new URL(call.path, 'http://emulator.invalid');
  const path = url.pathname.replace(/^\/flow/, '');
  if (path === '/leads/search') return { kind: 'status', profileUrl: url.searchParams.get('pronetUrl') };
  // The list badges' batched conversation search (the profile's own look-up asks lead by lead).
  if (path === '/conversations/search' && url.searchParams.has('leadIds')) return { kind: 'list', profileUrl: null };
  const lead = /^\/leads\/([^/]+)\/conversations$/.exec(path);
  if (lead) return { kind: 'status', profileUrl: index.leadProfile.get(decodeURIComponent(lead[1]!)) ?? null };
  const messages = /^\/conversations\/([^/]+)\/messages$/.exec(path);
  if (messages) return { kind: 'panel', profileUrl: index.conversationProfile.get(decodeURIComponent(messages[1]!)) ?? null };
  // The panel of a profile that is no lead yet shows the audiences and the credit balance.
  if (path === '/audiences' || path === '/credits') return { kind: 'panel', profileUrl: null };
  return { kind: 'other', profileUrl: null };
}

export type SeedIndex = ReturnType<typeof seedIndex>;

function group(views: ViewRecord[]): GroupFigures {
  const present = (v: number | null): v is number => v !== null;
  return {
    views: views.length,
    chipMs: summarize(views.map((v) => v.chipMs).filter(present)),
    panelMs: summarize(views.map((v) => v.panelMs).filter(present)),
    statusMs: summarize(views.flatMap((v) => (v.chipMs !== null && v.panelMs !== null ? [Math.max(v.chipMs, v.panelMs)] : []))),
    calls: summarize(views.map((v) => v.calls)),
    statusCalls: summarize(views.map((v) => v.statusCalls)),
    panelCalls: summarize(views.map((v) => v.panelCalls)),
    rateLimited: views.reduce((n, v) => n + v.rateLimited, 0),
    missing: views.filter((v) => v.chipMs === null || v.panelMs === null).length,
  };
}

/** The mode's figures: `everything`, the emulator's whole call history after the trace. */
export function summarizeMode(mode: Mode, trace: Trace, index: SeedIndex, recording: Recording, everything: EmulatorCall[], opts: BrowseOptions): ModeResult {
  const log = opts.log ?? (() => undefined);
  const { starts, measured, durationMs, load } = recording;
  // Every call after the trace began, put down to the latest view of its profile that started before it.
  const history = everything.filter((c) => c.at >= (starts[0]?.at ?? 0) - 1);
  const perView = trace.steps.map(() => ({ calls: 0, statusCalls: 0, panelCalls: 0, rateLimited: 0, firstCallAt: Infinity, lastAnswerAt: -Infinity, endpoints: [] as string[] }));
  const lastLookupOf = new Map<string, { at: number; lead: boolean }>();
  const freshAtStart: boolean[] = [];
  // The freshness of a revisit: the newest answered lead search for the profile before the view
  // (a lead stays fresh for 60 s, "no lead", the 404, for 15 s).
  const searches = everything.filter((c) => (c.status === 200 || c.status === 404) && c.path.startsWith('/flow/leads/search'));
  let s = 0;
  for (const [i, start] of starts.entries()) {
    while (s < searches.length && searches[s]!.at <= start.at) {
      const p = classify(searches[s]!, index).profileUrl;
      if (p) lastLookupOf.set(p, { at: searches[s]!.at, lead: searches[s]!.status === 200 });
      s += 1;
    }
    const last = lastLookupOf.get(start.profileUrl);
    freshAtStart[i] = last !== undefined && start.at - last.at < (last.lead ? DEFAULT_FRESH_MS : DEFAULT_NO_LEAD_FRESH_MS);
  }
  let other = 0;
  let list = 0;
  for (const call of history) {
    const { kind, profileUrl } = classify(call, index);
    if (kind === 'list') {
      list += 1;
      continue;
    }
    // A call naming no profile goes to the view on screen when it reached the emulator.
    const reached = call.at - opts.latencyMs;
    let view = -1;
    for (let i = starts.length - 1; i >= 0; i--) {
      const start = starts[i]!;
      if (profileUrl ? start.profileUrl === profileUrl && start.at <= call.at : start.at <= reached) {
        view = i;
        break;
      }
    }
    // Sent after the user left the profile: another page's sidebar listed it (list work).
    if (profileUrl && view >= 0 && reached >= (starts[view + 1]?.at ?? Infinity)) {
      list += 1;
      continue;
    }
    // Nor about the view's profile nor its panel (the toolbar's inbox count, identities, campaigns):
    // the extension's own idle work, which no view asks for; counted apart.
    if (view < 0 || kind === 'other') {
      other += 1;
      continue;
    }
    const v = perView[view]!;
    v.calls += 1;
    v.endpoints.push(call.endpoint ?? new URL(call.path, 'http://emulator.invalid').pathname);
    if (kind === 'status') {
      v.statusCalls += 1;
      v.firstCallAt = Math.min(v.firstCallAt, call.at - opts.latencyMs);
      v.lastAnswerAt = Math.max(v.lastAnswerAt, call.at);
    }
    if (kind === 'panel') v.panelCalls += 1;
    if (call.status === 429) v.rateLimited += 1;
  }
  // Which calls a revisit within freshness was charged with (it should make none): named in the log.
  const freshCalls = new Map<string, number>();
  trace.steps.forEach((step, i) => {
    if (step.revisit && freshAtStart[i]) for (const e of perView[i]!.endpoints) freshCalls.set(e, (freshCalls.get(e) ?? 0) + 1);
  });
  if (freshCalls.size > 0) log(`  ${mode}: calls put down to fresh revisits: ${[...freshCalls].map(([e, n]) => `${e} ×${n}`).join(', ')}`);
  const views: ViewRecord[] = trace.steps.map((step, i) => ({
    i,
    slug: step.slug,
    revisit: step.revisit,
    freshRevisit: step.revisit && freshAtStart[i] === true,
    chipMs: round(measured[i]!.chipMs, 1),
    panelMs: round(measured[i]!.panelMs, 1),
    calls: perView[i]!.calls,
    statusCalls: perView[i]!.statusCalls,
    panelCalls: perView[i]!.panelCalls,
    rateLimited: perView[i]!.rateLimited,
    firstCallMs: Number.isFinite(perView[i]!.firstCallAt) ? round(perView[i]!.firstCallAt - starts[i]!.at, 1) : null,
    lastAnswerMs: Number.isFinite(perView[i]!.lastAnswerAt) ? round(perView[i]!.lastAnswerAt - starts[i]!.at, 1) : null,
  }));
  const revisits = views.filter((v) => v.revisit);
  return {
    mode,
    durationMs,
    load,
    first: group(views.filter((v) => !v.revisit)),
    revisit: group(revisits),
    revisitFresh: group(revisits.filter((v) => v.freshRevisit)),
    revisitStale: group(revisits.filter((v) => !v.freshRevisit)),
    all: group(views),
    otherCalls: other,
    listCalls: list,
    totalCalls: history.length,
    rateLimited: history.filter((c) => c.status === 429).length,
    views,
  };
}
