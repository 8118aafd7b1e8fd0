/**
 * The queue's views and page size: what the message protocol needs of the queue (`lib/messages.ts`,
 * `lib/views/inbox.ts`). A module of its own so that the panel's first load, which carries the
 * protocol, does not carry the queue's rules (`./queue`, re-exported there), which only the lazily
 * loaded inbox view and the background use.
 */
export const QUEUE_VIEWS = ['waiting', 'snoozed', 'untouched', 'unread'] as const;
export type QueueViewId = (typeof QUEUE_VIEWS)[number];

/** One page: about what the side panel shows, so the first page's lead look-ups are the visible rows'. */
export const QUEUE_PAGE_SIZE = 20;
