/**
 * Inbox webhook deliveries (spec §6, endpoints.md):
 * - a POST with JSON for each message sent or received on the PRONET and EMAIL channels, to every
 *   webhook of the workspace whose campaign restriction (if any) covers the conversation;
 * - payload: the message, the lead, and the last 20 messages of the conversation newest first;
 * - dedup, trailing: the first message a lead sends opens a 60 s window for that webhook and
 *   conversation; one delivery goes out at the window's end carrying the latest received message.
 *   Messages the workspace sends are delivered at once (the dedup rule is about a lead's messages);
 * - a 3 s timeout per attempt, then up to 5 retries with growing delays, then abandoned.
 * Every time here is on the emulator clock; an attempt's timeout also elapses when a test moves the
 * clock 3 s forward, so no test needs to wait in real time.
 */
import type { EnrichWebhookPayload, InboxMessage, InboxWebhookPayload } from '../../lib/api/schemas';
import { WEBHOOK_MAX_MESSAGES } from '../../lib/api/schemas';
import type { EmulatorClock, Timeline } from '../clock';
import type { Job, JobQueue, WebhookAttemptJob, WebhookWindowJob } from '../jobs';
import type { ConversationRecord, MessageRecord, WebhookRecord } from '../model';
import type { Store, WorkspaceStore } from '../store';
import { toInboxMessage, toWebhookLead } from '../wire';

export const WEBHOOK_DEDUP_WINDOW_MS = 60_000;
export const WEBHOOK_TIMEOUT_MS = 3_000;
export const WEBHOOK_MAX_RETRIES = 5;
/** Delay before retry n (1-based), doubling from 10 s. */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [10_000, 20_000, 40_000, 80_000, 160_000];
/** Abuse protection (spec §6 rule 3): more webhooks than this per workspace are refused (400). */
export const MAX_WEBHOOKS_PER_WORKSPACE = 10;

/** Whether a webhook receives events of this conversation: no restriction, or its campaign listed. */
export function webhookCovers(w: WebhookRecord, c: ConversationRecord): boolean {
  return w.campaignIds.length === 0 || (c.campaignId !== null && w.campaignIds.includes(c.campaignId));
}

/** The body POSTed for `message` of conversation `c`, at the moment it is built. */
export function buildPayload(ws: WorkspaceStore, c: ConversationRecord, message: MessageRecord): InboxWebhookPayload | null {
  const lead = ws.leads.get(c.leadId);
  const top = toInboxMessage(ws, c, message);
  if (!lead || !top) return null;
  const all = ws.messagesOf(c.id);
  const recent: InboxMessage[] = [];
  for (let i = all.length - 1; i >= 0 && recent.length < WEBHOOK_MAX_MESSAGES; i--) {
    const m = all[i];
    const wire = m ? toInboxMessage(ws, c, m) : null;
    if (wire) recent.push(wire);
  }
  return { ...top, lead: toWebhookLead(lead), messages: recent };
}

/** The newest message the lead sent in a conversation. */
function latestReceived(ws: WorkspaceStore, c: ConversationRecord): MessageRecord | undefined {
  const all = ws.messagesOf(c.id);
  for (let i = all.length - 1; i >= 0; i--) {
    const m = all[i];
    if (m && m.direction === 'RECEIVED' && (m.channel === 'PRONET' || m.channel === 'EMAIL')) return m;
  }
  return undefined;
}

export interface DeliveryOutcome {
  webhookId: string;
  url: string;
  attempt: number;
  messageId: string;
  /** HTTP status, or null for a network error or a timeout. */
  status: number | null;
  ok: boolean;
  timedOut: boolean;
  at: number;
  /** What happens next. */
  next: 'done' | 'retry' | 'abandoned';
}

export interface WebhookDispatcherDeps {
  clock: EmulatorClock;
  timeline: Timeline;
  jobs: JobQueue;
  store: () => Store;
  fetch?: typeof fetch;
  onOutcome?: (o: DeliveryOutcome) => void;
}

export class WebhookDispatcher {
  /** Bumped by `reset`: an attempt still in flight from an older world schedules nothing. */
  private generation = 0;
  private readonly outcomes: DeliveryOutcome[] = [];

  constructor(private readonly deps: WebhookDispatcherDeps) {}

  reset(): void {
    this.generation += 1;
    this.outcomes.length = 0;
  }

  /** Recent attempts, oldest first (bounded), for diagnostics. */
  recentOutcomes(): readonly DeliveryOutcome[] {
    return this.outcomes;
  }

  /** A message was added to a conversation: start the deliveries it causes. */
  messageAdded(ws: WorkspaceStore, c: ConversationRecord, m: MessageRecord): void {
    if (m.channel !== 'PRONET' && m.channel !== 'EMAIL') return;
    const now = this.deps.clock.now();
    for (const w of ws.webhooks.values()) {
      if (!webhookCovers(w, c)) continue;
      if (m.direction === 'RECEIVED') {
        const open = this.deps.jobs.find('webhook-window', (j) => j.webhookId === w.id && j.conversationId === c.id);
        if (open) continue; // inside the window: the delivery at its end will carry this message
        this.deps.jobs.add({
          id: this.deps.jobs.nextId('webhook-window'),
          kind: 'webhook-window',
          workspaceId: ws.id,
          webhookId: w.id,
          conversationId: c.id,
          dueAt: now + WEBHOOK_DEDUP_WINDOW_MS,
        });
      } else {
        const payload = buildPayload(ws, c, m);
        if (payload) this.scheduleAttempt(ws.id, w.id, payload, 0, now);
      }
    }
  }

  /** Runs a due webhook job; false when the job is of another kind. */
  run(job: Job): boolean {
    if (job.kind === 'webhook-window') this.closeWindow(job);
    else if (job.kind === 'webhook-attempt') this.attempt(job);
    else return false;
    return true;
  }

  private closeWindow(job: WebhookWindowJob): void {
    const ws = this.deps.store().workspaceById(job.workspaceId);
    const c = ws?.conversations.get(job.conversationId);
    if (!ws || !c || !ws.webhooks.has(job.webhookId)) return;
    const latest = latestReceived(ws, c);
    const payload = latest ? buildPayload(ws, c, latest) : null;
    if (payload) this.scheduleAttempt(ws.id, job.webhookId, payload, 0, this.deps.clock.now());
  }

  /**
   * Posts an enrichment's result to the `webhookUrl` its request gave, with the inbox webhooks'
   * timeout and retries.
   */
  deliverTo(workspaceId: string, url: string, payload: EnrichWebhookPayload): void {
    this.scheduleAttempt(workspaceId, '', payload, 0, this.deps.clock.now(), url);
  }

  private scheduleAttempt(
    workspaceId: string,
    webhookId: string,
    payload: WebhookAttemptJob['payload'],
    attempt: number,
    dueAt: number,
    url?: string,
  ): void {
    this.deps.jobs.add({
      id: this.deps.jobs.nextId('webhook-attempt'),
      kind: 'webhook-attempt',
      workspaceId,
      webhookId,
      ...(url !== undefined ? { url } : {}),
      attempt,
      payload,
      dueAt,
    });
  }

  private attempt(job: WebhookAttemptJob): void {
    const ws = this.deps.store().workspaceById(job.workspaceId);
    const webhook = job.url !== undefined ? { id: '', url: job.url } : ws?.webhooks.get(job.webhookId);
    if (!ws || !webhook) return; // deleted meanwhile: nothing more goes out
    const generation = this.generation;
    const controller = new AbortController();
    let timedOut = false;
    const timeout = this.deps.timeline.at(this.deps.clock.now() + WEBHOOK_TIMEOUT_MS, () => {
      timedOut = true;
      controller.abort();
    });
    const doFetch = this.deps.fetch ?? fetch;
    const finish = (status: number | null) => {
      timeout.cancel();
      if (generation !== this.generation) return;
      const ok = status !== null && status >= 200 && status < 300;
      const retry = !ok && job.attempt < WEBHOOK_MAX_RETRIES;
      const now = this.deps.clock.now();
      this.record({
        webhookId: webhook.id,
        url: webhook.url,
        attempt: job.attempt,
        messageId: 'messageId' in job.payload ? job.payload.messageId : job.payload.enrichRequestId,
        status,
        ok,
        timedOut,
        at: now,
        next: ok ? 'done' : retry ? 'retry' : 'abandoned',
      });
      if (retry) {
        const delay = WEBHOOK_RETRY_DELAYS_MS[job.attempt] ?? WEBHOOK_RETRY_DELAYS_MS.at(-1) ?? 0;
        this.scheduleAttempt(job.workspaceId, job.webhookId, job.payload, job.attempt + 1, now + delay, job.url);
      }
    };
    doFetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'outreach-emulator-webhooks/1' },
      body: JSON.stringify(job.payload),
      signal: controller.signal,
      redirect: 'manual',
    }).then(
      async (res) => {
        // Drain the body so the connection is released.
        await res.arrayBuffer().catch(() => undefined);
        finish(timedOut ? null : res.status);
      },
      () => finish(null),
    );
  }

  private record(o: DeliveryOutcome): void {
    this.outcomes.push(o);
    if (this.outcomes.length > 500) this.outcomes.splice(0, this.outcomes.length - 500);
    this.deps.onOutcome?.(o);
  }
}
