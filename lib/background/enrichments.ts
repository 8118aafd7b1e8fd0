/**
 * Following an enrichment to its result (endpoints.md #15): `POST /leads/enrich` answers only a
 * request id; what the service found comes later from `GET /leads/enrich/{id}`. Each request is
 * kept in the meta store (so a restarted worker goes on), asked about at `idle` priority (it sheds
 * before anything a user waits for) with a growing delay, and handed over once it ends.
 */
import { CONTACT_FIELDS, type ContactField, type EnrichType } from '../api/enrichment';
import type { EnrichStatus, Lead } from '../api/schemas';
import type { MetaStore } from '../store/meta';
import type { Timers } from '../timers';
import type { EnrichmentView } from '../views';

const KEY = 'enrichments';

/** The first look a little after the request (the service takes tens of seconds), then doubling. */
export const ENRICH_FIRST_CHECK_MS = 15_000;
export const ENRICH_MAX_DELAY_MS = 5 * 60_000;
/** After this, the request is no longer followed: the panel says the result is not known. */
export const ENRICH_GIVE_UP_MS = 2 * 3_600_000;
/** Finished requests are kept this long (the panel shows where the lead's details came from). */
const KEEP_FINISHED_MS = 30 * 24 * 3_600_000;
const KEEP_MAX = 100;

export interface EnrichmentRecord {
  id: string;
  enrichType: EnrichType;
  /** The lead, when it was enriched by id or once the service named it. */
  leadId: string | null;
  /** The profile it was asked from (a profile that was no lead yet). */
  profileUrl: string | null;
  requestedAt: number;
  state: EnrichmentView['state'];
  checks: number;
  nextCheckAt: number;
  finishedAt: number | null;
  /** The contact fields the lead had before: what is new afterwards is what the enrichment found. */
  before: Partial<Record<ContactField, string>>;
  /** The contact fields it found. */
  found: Partial<Record<ContactField, string>>;
}

export interface EnrichmentsApi {
  enrichStatus(enrichRequestId: string, opts: { priority: 'idle' }): Promise<{ status: EnrichStatus; lead?: Lead }>;
}

export interface EnrichmentsOptions {
  api: EnrichmentsApi;
  meta: Pick<MetaStore, 'get' | 'set'>;
  clock: { now(): number };
  timers: Timers;
  /** A request ended (found, nothing found, failed): the lead the service answered, when it did. */
  onFinished(record: EnrichmentRecord, lead: Lead | null): Promise<void> | void;
  /** Something a panel shows changed. */
  onChange(): void;
  /** When the next look is due (null: nothing pending), for an alarm that wakes a stopped worker. */
  onNextWake?(at: number | null): void;
}

/** A request the service took: its id, and the lead or the profile it was asked for. */
export interface EnrichmentRequest {
  id: string;
  enrichType: EnrichType;
  leadId: string | null;
  profileUrl: string | null;
}

export interface Enrichments {
  start(): Promise<void>;
  stop(): void;
  track(input: EnrichmentRequest & { before?: Partial<Lead> | null }): Promise<void>;
  /** Looks now at whatever is due (an alarm woke the worker). */
  wake(): void;
  /** Every request kept, newest first. */
  all(): readonly EnrichmentRecord[];
  /** Whether a request for this lead or profile is still pending (one person is never enriched twice at once). */
  underWay(target: { leadId: string } | { profileUrl: string }): boolean;
}

/** The delay before look number `checks` (0-based): 15 s, 30 s, 60 s ... up to 5 min. */
export function enrichCheckDelay(checks: number): number {
  return Math.min(ENRICH_MAX_DELAY_MS, ENRICH_FIRST_CHECK_MS * 2 ** Math.max(0, checks));
}

/** The contact fields `lead` has that `before` did not. */
export function contactsFound(before: Partial<Record<ContactField, string>>, lead: Partial<Lead> | null | undefined): Partial<Record<ContactField, string>> {
  const found: Partial<Record<ContactField, string>> = {};
  for (const f of CONTACT_FIELDS) {
    const v = lead?.[f];
    if (typeof v === 'string' && v !== '' && v !== before[f]) found[f] = v;
  }
  return found;
}

function contactsOf(lead: Partial<Lead> | null | undefined): Partial<Record<ContactField, string>> {
  return contactsFound({}, lead);
}

function isRecord(v: unknown): v is EnrichmentRecord {
  if (!v || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  return typeof r.id === 'string' && typeof r.state === 'string' && typeof r.nextCheckAt === 'number' && typeof r.requestedAt === 'number';
}

/** The view of one request, as the panel shows it. */
export function enrichmentView(r: EnrichmentRecord): EnrichmentView {
  return {
    id: r.id,
    enrichType: r.enrichType,
    state: r.state,
    requestedAt: r.requestedAt,
    finishedAt: r.finishedAt,
    nextCheckAt: r.state === 'pending' ? r.nextCheckAt : null,
    found: CONTACT_FIELDS.filter((f) => r.found[f] !== undefined),
  };
}

export function createEnrichments(opts: EnrichmentsOptions): Enrichments {
  let records: EnrichmentRecord[] = [];
  let timer: { handle: unknown; at: number } | null = null;
  let stopped = false;
  let checking = false;

  const save = () => opts.meta.set(KEY, records).catch(() => undefined);

  function prune(now: number) {
    records = records
      .filter((r) => r.state === 'pending' || (r.finishedAt ?? r.requestedAt) > now - KEEP_FINISHED_MS)
      .sort((a, b) => b.requestedAt - a.requestedAt)
      .slice(0, KEEP_MAX);
  }

  function schedule() {
    if (timer) opts.timers.clearTimeout(timer.handle);
    timer = null;
    const pending = records.filter((r) => r.state === 'pending');
    const at = pending.length === 0 ? null : Math.min(...pending.map((r) => r.nextCheckAt));
    opts.onNextWake?.(at);
    if (at === null || stopped) return;
    timer = { at, handle: opts.timers.setTimeout(() => void check(), Math.max(0, at - opts.clock.now())) };
  }

  async function finish(r: EnrichmentRecord, state: EnrichmentRecord['state'], lead: Lead | null) {
    r.state = state;
    r.finishedAt = opts.clock.now();
    if (lead) {
      r.leadId ??= lead.id;
      r.found = contactsFound(r.before, lead);
    }
    await save();
    await Promise.resolve(opts.onFinished(r, lead)).catch(() => undefined);
  }

  /** One look at each request that is due, one after the other (each is one idle call). */
  async function check() {
    timer = null;
    if (checking || stopped) return;
    checking = true;
    try {
      for (const r of records.filter((x) => x.state === 'pending' && x.nextCheckAt <= opts.clock.now())) {
        if (stopped) return;
        let answer: Awaited<ReturnType<EnrichmentsApi['enrichStatus']>> | null = null;
        try {
          answer = await opts.api.enrichStatus(r.id, { priority: 'idle' });
        } catch {
          // Offline, 429, 5xx: looked at again later, like a pending answer.
        }
        const now = opts.clock.now();
        r.checks += 1;
        if (answer && answer.status !== 'pending') {
          const state = answer.status === 'enriched' || answer.status === 'completed' ? 'done' : answer.status === 'not_found' ? 'not-found' : 'failed';
          await finish(r, state, answer.lead ?? null);
        } else if (now - r.requestedAt >= ENRICH_GIVE_UP_MS) {
          await finish(r, 'unknown', null);
        } else {
          r.nextCheckAt = now + enrichCheckDelay(r.checks);
          await save();
        }
        opts.onChange();
      }
    } finally {
      checking = false;
      schedule();
    }
  }

  return {
    async start() {
      stopped = false;
      const stored = await opts.meta.get<unknown>(KEY).catch(() => undefined);
      records = Array.isArray(stored) ? stored.filter(isRecord) : [];
      prune(opts.clock.now());
      schedule();
    },
    stop() {
      stopped = true;
      if (timer) opts.timers.clearTimeout(timer.handle);
      timer = null;
    },
    async track(input) {
      const now = opts.clock.now();
      records.unshift({
        id: input.id,
        enrichType: input.enrichType,
        leadId: input.leadId,
        profileUrl: input.profileUrl,
        requestedAt: now,
        state: 'pending',
        checks: 0,
        nextCheckAt: now + enrichCheckDelay(0),
        finishedAt: null,
        before: contactsOf(input.before),
        found: {},
      });
      prune(now);
      await save();
      opts.onChange();
      schedule();
    },
    wake: () => void check(),
    all: () => records,
    underWay: (target) => records.some((r) => r.state === 'pending' && ('leadId' in target ? r.leadId === target.leadId : r.profileUrl === target.profileUrl)),
  };
}
