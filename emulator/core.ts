/**
 * The running emulator's state and the services routes share: the world (swapped by a reset), the
 * clock and its timeline, background jobs, webhook deliveries, the call history, the rate limiter,
 * injected faults and persistence. Rules live in emulator/rules; this module wires them.
 */
import { randomBytes } from 'node:crypto';
import { effectiveState } from '../lib/inbox/conversation-state';
import { EmulatorClock, Timeline, type RealTimers } from './clock';
import { CallHistory } from './call-history';
import { JobQueue, type AudienceImportJob, type EnrichCompleteJob, type Job } from './jobs';
import type { BuildSeed, ConversationRecord, EnrichRequestRecord, MessageRecord, Plan, SeedName, WorldData } from './model';
import { StateFile, loadState, type PersistedState } from './persistence';
import { enrichStatus, enrichmentFindings } from './rules/enrichment';
import { toLead } from './wire';
import { addLeadToAudience, createOrMergeLead, normaliseLeadFields } from './rules/lead-merge';
import type { Faults } from './rules/faults';
import type { Dialect } from './http/dialect';
import { RateLimiter } from './rules/rate-limit';
import { WebhookDispatcher } from './rules/webhook-delivery';
import { Store, newId, type WorkspaceStore } from './store';
import { SEARCH_PAGE_SIZE, importedPeople } from './site/list-pages';
import { buildIndex, profilePath } from './site/pronet-pages';
import { PRONET_CANONICAL_ORIGIN } from '../lib/pronet/canonical-url';

export interface CoreOptions {
  seed: SeedName;
  leads?: number;
  dataFile?: string;
  buildSeed: BuildSeed;
  realNow?: () => number;
  timers?: RealTimers;
  random?: () => number;
  fetch?: typeof fetch;
  /** The shapes the answers come in (`http/dialect.ts`); a reset goes back to this one. */
  dialect?: Dialect;
}

export interface WorkspaceInfo {
  id: string;
  name: string;
  plan: Plan;
  apiKey: string;
}

/** Audience imports walk the search a page of this many people every AUDIENCE_IMPORT_STEP_MS. */
export const AUDIENCE_IMPORT_PAGE = SEARCH_PAGE_SIZE;
export const AUDIENCE_IMPORT_STEP_MS = 5_000;

export interface ImportOptions {
  pronetUrl: string;
  pronetPostCategory?: string;
  excludeContactedLeads?: boolean;
}

export class EmulatorCore {
  store: Store;
  readonly clock: EmulatorClock;
  readonly timeline: Timeline;
  readonly jobs: JobQueue;
  readonly webhooks: WebhookDispatcher;
  readonly calls = new CallHistory();
  readonly limiter = new RateLimiter();
  faults: Faults = {};
  dialect: Dialect;
  /** Answers served per endpoint in the variants dialect (the list envelopes go in turn). */
  readonly variantTurns = new Map<string, number>();
  cursorSecret: string;
  readonly random: () => number;
  private readonly stateFile: StateFile | null;

  constructor(private readonly opts: CoreOptions) {
    const realNow = opts.realNow ?? Date.now;
    const saved: PersistedState | null = opts.dataFile ? loadState(opts.dataFile) : null;
    this.clock = new EmulatorClock(realNow, saved?.clockOffsetMs ?? 0);
    this.timeline = new Timeline(this.clock, opts.timers);
    this.jobs = new JobQueue(this.timeline, (job) => this.runJob(job));
    this.random = opts.random ?? Math.random;
    this.dialect = opts.dialect ?? 'standard';
    this.cursorSecret = saved?.cursorSecret || randomBytes(24).toString('base64');
    this.store = new Store(saved?.world ?? opts.buildSeed(opts.seed, { now: this.clock.now(), leads: opts.leads }));
    this.webhooks = new WebhookDispatcher({
      clock: this.clock,
      timeline: this.timeline,
      jobs: this.jobs,
      store: () => this.store,
      fetch: opts.fetch,
    });
    if (saved) {
      this.calls.restore(saved.calls);
      this.jobs.restore(saved.jobs);
    }
    this.stateFile = opts.dataFile ? new StateFile(opts.dataFile, () => this.snapshot()) : null;
    if (this.stateFile && !saved) this.changed();
  }

  now(): number {
    return this.clock.now();
  }

  /**
   * A fresh world from a seed: data, jobs, call history, rate limits, faults and clock offset. With
   * `now`, the clock is set to that instant first, so the world is the same on every reset.
   */
  reset(seed: SeedName, leads?: number, now?: number): WorkspaceInfo[] {
    this.jobs.clear();
    this.webhooks.reset();
    this.calls.clear();
    this.limiter.reset();
    this.faults = {};
    this.dialect = this.opts.dialect ?? 'standard';
    this.variantTurns.clear();
    const at = now ?? this.clock.now() - this.clock.offset;
    this.clock.set(at);
    // The seed is built at `at` itself, not at a clock reading a millisecond later (a busy machine).
    this.store = new Store(this.opts.buildSeed(seed, { now: at, leads }));
    this.changed();
    return this.workspaceList();
  }

  workspaceList(): WorkspaceInfo[] {
    return this.store.workspaces.map((ws) => ({
      id: ws.data.id,
      name: ws.data.name,
      plan: ws.data.plan,
      apiKey: ws.data.apiKey,
    }));
  }

  /** Wakes the snoozed conversations whose date has come (the rule is lib/inbox's). */
  wake(ws: WorkspaceStore): void {
    const now = this.clock.now();
    for (const c of ws.dueSnoozes(now)) {
      const state = effectiveState(c, now);
      ws.updateConversation(c, { status: state.status, snoozeUntil: state.snoozeUntil });
    }
  }

  /** Adds a message to a conversation and starts the webhook deliveries it causes. */
  addMessage(ws: WorkspaceStore, c: ConversationRecord, m: Omit<MessageRecord, 'conversationId'>): MessageRecord {
    const message: MessageRecord = { ...m, conversationId: c.id };
    ws.addMessage(message);
    this.webhooks.messageAdded(ws, c, message);
    this.changed();
    return message;
  }

  /** State changed: persist it (debounced) when `--data` is set. */
  changed(): void {
    this.stateFile?.schedule();
  }

  async flush(): Promise<void> {
    await this.stateFile?.flush();
  }

  close(): void {
    this.timeline.stop();
    this.webhooks.reset();
  }

  snapshot(): PersistedState {
    const world: WorldData = this.store.world;
    return {
      version: 1,
      savedAt: this.clock.now(),
      clockOffsetMs: this.clock.offset,
      cursorSecret: this.cursorSecret,
      world,
      jobs: this.jobs.list(),
      calls: this.calls.snapshot(),
    };
  }

  // ---- background jobs ---------------------------------------------------------------------

  private runJob(job: Job): void {
    if (this.webhooks.run(job)) return;
    if (job.kind === 'audience-import') this.importStep(job);
    else if (job.kind === 'enrich-complete') this.completeEnrichment(job);
    this.changed();
  }

  /** The people an import of `options` brings, from the look-alike's own pages (search or post). */
  private importedPeople(options: ImportOptions) {
    return importedPeople(buildIndex(this.store.profiles), new URL(options.pronetUrl), options.pronetPostCategory);
  }

  /**
   * Starts a background import into `audienceId`: the people the search (all its pages) or post
   * lists arrive a page at a time on the clock, as the service walks the network's pages.
   */
  startAudienceImport(ws: WorkspaceStore, audienceId: string, options: ImportOptions): void {
    const people = this.importedPeople(options).length;
    if (people === 0) return;
    this.jobs.add({
      id: this.jobs.nextId('audience-import'),
      kind: 'audience-import',
      workspaceId: ws.id,
      audienceId,
      step: 1,
      steps: Math.ceil(people / AUDIENCE_IMPORT_PAGE),
      dueAt: this.clock.now() + AUDIENCE_IMPORT_STEP_MS,
      ...options,
    });
  }

  private importStep(job: AudienceImportJob): void {
    const ws = this.store.workspaceById(job.workspaceId);
    const audience = ws?.audiences.get(job.audienceId);
    if (!ws || !audience || !job.pronetUrl) return;
    const now = this.clock.now();
    const page = this.importedPeople({ ...job, pronetUrl: job.pronetUrl }).slice((job.step - 1) * AUDIENCE_IMPORT_PAGE, job.step * AUDIENCE_IMPORT_PAGE);
    for (const p of page) {
      // A search row shows a headline, not a job title: it goes to the bio, never to jobTitle.
      const fields = normaliseLeadFields({ firstname: p.firstname, lastname: p.lastname, pronetUrl: `${PRONET_CANONICAL_ORIGIN}${profilePath(p)}`, companyName: p.companyName, location: p.location, shortBio: p.headline });
      const known = ws.leadByPronetUrl(fields.pronetUrl ?? '');
      // Contacted: a conversation with the lead exists (the service's excludeContactedLeads).
      if (job.excludeContactedLeads && known && ws.conversationsOfLead(known.id).length > 0) continue;
      // An imported profile is a lead like any other: the same create-or-merge and audience rules.
      const { lead } = createOrMergeLead(ws, fields, now);
      addLeadToAudience(ws, lead, audience, `Imported into audience ${audience.name}`, now);
    }
    if (job.step < job.steps) {
      // From the due time, not from now: a clock jump past several steps runs them all.
      this.jobs.add({ ...job, id: this.jobs.nextId('audience-import'), step: job.step + 1, dueAt: job.dueAt + AUDIENCE_IMPORT_STEP_MS });
    }
  }

  private completeEnrichment(job: EnrichCompleteJob): void {
    const ws = this.store.workspaceById(job.workspaceId);
    const request = ws?.enrichRequests.get(job.enrichRequestId);
    if (ws && request) this.finishEnrichment(ws, request);
  }

  /**
   * An enrichment is over: the lead's empty fields are filled with what was found, and in webhook
   * mode the result goes to the request's `webhookUrl` (inbox webhooks' timeout and retries).
   */
  finishEnrichment(ws: WorkspaceStore, request: EnrichRequestRecord): void {
    const lead = request.leadId ? ws.leads.get(request.leadId) : undefined;
    const found = lead ? enrichmentFindings(lead, request.enrichType) : {};
    const now = this.clock.now();
    if (lead && Object.keys(found).length > 0) {
      ws.updateLead(lead, { ...found, modifiedAt: now });
      ws.addLog({
        id: newId('log'),
        leadId: lead.id,
        identityId: null,
        campaignId: null,
        type: 'ENRICHED',
        description: `${request.enrichType}: ${Object.keys(found).join(', ')} found`,
        createdAt: now,
      });
    }
    if (request.mode === 'webhook' && request.webhookUrl) {
      const status = enrichStatus(request, Math.max(now, request.completesAt));
      this.webhooks.deliverTo(ws.id, request.webhookUrl, {
        enrichRequestId: request.id,
        enrichType: request.enrichType,
        status,
        ...(status === 'completed' && lead ? { lead: toLead(lead) } : {}),
      });
    }
  }
}
