/** What the inbox queue takes and offers (`inbox.ts`): its deps, its requests, its port to the worker. */
import type { ConversationSummary, InboxWebhookPayload } from '../../api/schemas';
import type { WatchNews } from '../../inbox/inbox-watch';
import type { LivePatch } from '../../inbox/live-event';
import type { ProfileCache } from '../../store/cache';
import type { MetaStore } from '../../store/meta';
import type { InboxCountView, InboxPreviewView, InboxRowView } from '../../views';
import type { BackgroundApi } from '../api';
import type { HandlerMap } from '../dispatch';
import type { PanelData } from '../panel-data';

export interface InboxDeps {
  /** Every conversation a queue page reads (the follow-ups the product set are checked against them, issue 41). */
  onConversations?(conversations: readonly ConversationSummary[]): void;
  api: Pick<BackgroundApi, 'searchConversations' | 'leadById' | 'campaigns' | 'conversationMessages'>;
  /** The conversations' newest messages, shared with the profile panel (a row's preview is its page 0). */
  panelData: Pick<PanelData, 'recentMessages' | 'checkRecentMessages'>;
  cache: Pick<ProfileCache, 'byLead' | 'byLeads'>;
  identities: { names(): ReadonlyMap<string, string>; load(unknownIds?: readonly string[]): void; list(): Promise<{ id: string; name: string }[]> };
  meta: MetaStore;
  clock: { now(): number };
  keys: { current(): string | null };
  /** How long a first page and a looked-up lead stay fresh. */
  freshMs: number;
  /** False (the naive baseline): nothing is kept. Read at each call. */
  cachingEnabled(): boolean;
  hosts(): readonly string[];
  getTabUrl?(tabId: number): Promise<string | undefined>;
  navigateTab?(tabId: number, url: string): Promise<void>;
  /** The count changed (the entrypoint shows it on the toolbar icon). */
  onCount?(count: number | null): void;
  /**
   * The outbox's actions still to land (not failed for good), by id: a count read from the service
   * does not know them yet, so the deltas they made are added to it.
   */
  pendingOutbox?(): Promise<ReadonlySet<number>>;
  /** Desktop notifications are on (read at each refresh of the count). */
  notifications?(): boolean;
  /** News since the last refresh (notifications on): a new reply waiting, a snooze that woke. */
  onNews?(news: WatchNews, count: number): void;
  /** The identities the user sends as: listed first in the picker. */
  myIdentityIds?(): readonly string[];
  /** A relayed event changed a row (issue 36): the open queues fold it in. */
  onLiveRow?(row: InboxRowView, preview: InboxPreviewView | null): void;
}

export type InboxRequests = 'inbox-revalidate' | 'inbox-page' | 'inbox-leads' | 'inbox-previews' | 'inbox-leave' | 'inbox-choices' | 'inbox-count' | 'open-profile';

export interface Inbox {
  handlers: HandlerMap<InboxRequests>;
  /** One `idle` call for the count of the waiting view; `minAgeMs`: skipped when the count is younger. */
  refreshCount(minAgeMs?: number): Promise<InboxCountView>;
  /** A mutation was queued or landed: the pages kept are no longer what the service would say. */
  invalidate(): void;
  /**
   * An action on a conversation was queued (from the queue or the profile panel): the waiting count
   * moves at once (optimistic; the next refresh corrects it), without a call.
   */
  queued(action: { kind: string; conversationId?: string; leadId?: string; until?: number }, outboxId?: number): Promise<void>;
  /**
   * A reply was taken back before it went (Undo, Discard): the conversation waits again. The count
   * moves back by what the reply moved it, without a call (a read now would miss the other actions
   * still waiting to go, and nothing would correct it when they land: issue 41).
   */
  withdrawn(conversationId: string, outboxId?: number): Promise<void>;
  /** No panel shows the queue any more: the rows' calls still queued are dropped. */
  leaveAll(): void;
  /**
   * A relayed event (issue 36) moved a conversation: the kept first pages, the count and the open
   * queues take it without a call. A conversation never seen (no page, no profile) moves no count.
   */
  live(event: InboxWebhookPayload, patch: LivePatch): Promise<void>;
}

