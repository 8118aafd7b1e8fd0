/**
 * Work the emulator does later, on its own clock: webhook windows and attempts, the steps of an
 * audience import, enrichment completion. Jobs are plain data so that `--data FILE` keeps them
 * across a restart; the queue arms one timeline entry per job.
 */
import type { EnrichWebhookPayload, InboxWebhookPayload } from '../lib/api/schemas';
import type { Timeline, TimelineHandle } from './clock';

interface JobBase {
  id: string;
  dueAt: number;
  workspaceId: string;
}

/** End of a webhook's dedup window for one conversation: one delivery with the latest message. */
export interface WebhookWindowJob extends JobBase {
  kind: 'webhook-window';
  webhookId: string;
  conversationId: string;
}

/**
 * One delivery attempt (0 = first, 1..5 = retries) of a payload frozen when it was built: to an
 * inbox webhook (`webhookId`), or to the `url` an enrichment in webhook mode gave.
 */
export interface WebhookAttemptJob extends JobBase {
  kind: 'webhook-attempt';
  webhookId: string;
  url?: string;
  attempt: number;
  payload: InboxWebhookPayload | EnrichWebhookPayload;
}

/** Next step of a background audience import: adds one lead, then schedules the next. */
export interface AudienceImportJob extends JobBase {
  kind: 'audience-import';
  audienceId: string;
  step: number;
  steps: number;
  /** The search or post imported (absent in jobs saved before imports read the look-alike). */
  pronetUrl?: string;
  pronetPostCategory?: string;
  excludeContactedLeads?: boolean;
}

export interface EnrichCompleteJob extends JobBase {
  kind: 'enrich-complete';
  enrichRequestId: string;
}

export type Job = WebhookWindowJob | WebhookAttemptJob | AudienceImportJob | EnrichCompleteJob;
export type JobKind = Job['kind'];

export class JobQueue {
  private readonly entries = new Map<string, { job: Job; handle: TimelineHandle }>();
  private seq = 0;

  constructor(
    private readonly timeline: Timeline,
    private readonly run: (job: Job) => void,
  ) {}

  nextId(kind: JobKind): string {
    this.seq += 1;
    return `${kind}-${this.seq}`;
  }

  add(job: Job): void {
    const handle = this.timeline.at(job.dueAt, () => {
      this.entries.delete(job.id);
      this.run(job);
    });
    this.entries.set(job.id, { job, handle });
  }

  find<K extends JobKind>(kind: K, match: (job: Extract<Job, { kind: K }>) => boolean): Extract<Job, { kind: K }> | undefined {
    for (const { job } of this.entries.values()) {
      if (job.kind === kind && match(job as Extract<Job, { kind: K }>)) return job as Extract<Job, { kind: K }>;
    }
    return undefined;
  }

  list(): Job[] {
    return [...this.entries.values()].map((e) => e.job);
  }

  clear(): void {
    for (const { handle } of this.entries.values()) handle.cancel();
    this.entries.clear();
  }

  restore(jobs: readonly Job[]): void {
    for (const job of jobs) {
      const n = Number(job.id.split('-').at(-1));
      if (Number.isFinite(n) && n > this.seq) this.seq = n;
      this.add(job);
    }
  }
}
