/**
 * The outbox as the pages (panel, queue, This page) act on it. An action is refused while nothing
 * could keep or send it (the database unavailable: a memory the next worker stop would erase; no
 * key), so the user sees why and nothing is lost silently. The queue's count follows: an action
 * queued on a conversation moves it at once, and a reply taken back (Undo, Discard) waits again in it.
 */
import type { OutboxAction } from '../store/db';
import { StorageUnavailableError, type StorageProblem } from '../store/open-storage';
import type { OutboxItemView } from '../views';
import { NoKeyError } from './error-view';
import type { Inbox } from './handlers/inbox-types';
import type { Outbox } from './outbox';
import { outboxItemView } from './panel-state';

export interface PagesOutboxDeps {
  outbox: Outbox;
  inbox: Pick<Inbox, 'queued' | 'withdrawn'>;
  /** Why the database is an in-memory stand-in; null: the real one. */
  storageProblem: StorageProblem | null;
  key(): string | null;
}

export interface PagesOutbox {
  enqueue(action: OutboxAction): Promise<OutboxItemView>;
  outbox: Outbox;
}

export function createPagesOutbox(deps: PagesOutboxDeps): PagesOutbox {
  const { inbox } = deps;
  return {
    async enqueue(action) {
      if (deps.storageProblem !== null) throw new StorageUnavailableError(deps.storageProblem);
      if (deps.key() === null) throw new NoKeyError();
      const record = await deps.outbox.enqueue(action);
      void inbox.queued(action, record.id);
      return outboxItemView(record);
    },
    outbox: {
      ...deps.outbox,
      async discard(id, onlyIf) {
        const record = await deps.outbox.discard(id, onlyIf);
        if (record?.kind === 'reply') void inbox.withdrawn(record.conversationId, record.id);
        return record;
      },
    },
  };
}
