/**
 * The inbox's desktop notifications (optional, off by default): what a check's news says, and which
 * tab a click opens the queue beside. The entrypoint creates them through `chrome.notifications`.
 */
import type { WatchNews } from '../inbox/inbox-watch';

export const INBOX_NOTIFICATION = 'inbox';

/** The extension's mark (48 px PNG), inline: a notification needs an icon and the build ships none. */
export const NOTIFICATION_ICON = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAYAAABXAvmHAAAAi0lEQVR42u3aQQ6AMAhEUS7ilTy/t7Eru9BoaiG1g5+EZZN5SwpmjbWs2z6yzVujA4eBZgv+CjJ7+EeESvhbhDRALfwFAQCAA6AaviIAAADQ9zC6AAAAAAAAAAAAAADo78hQn80D8oAzQnYikwccCGZiAAD4H+V7HQB7sl9sKVMsulOcGqQ49lA7tyl/Qjia81HQIAAAAABJRU5ErkJggg==';

export type Translate = (key: 'notifyRepliesTitle' | 'notifyRepliesBody' | 'notifyWokeTitle' | 'notifyWokeBody', substitutions: string[]) => string;

export interface InboxNotification {
  /** Also the notification's id (with the tab): a new one of a kind replaces the last. */
  id: string;
  title: string;
  message: string;
}

/** One notification per kind of news: the new replies (with the count waiting), the snoozes that woke. */
export function inboxNotifications(news: WatchNews, count: number, tabId: number | null, t: Translate): InboxNotification[] {
  const id = (kind: string) => `${INBOX_NOTIFICATION}:${kind}:${tabId ?? ''}`;
  const out: InboxNotification[] = [];
  if (news.replies.length > 0) out.push({ id: id('replies'), title: t('notifyRepliesTitle', [String(news.replies.length)]), message: t('notifyRepliesBody', [String(count)]) });
  if (news.woke.length > 0) out.push({ id: id('woke'), title: t('notifyWokeTitle', [String(news.woke.length)]), message: t('notifyWokeBody', []) });
  return out;
}

/** The tab a clicked notification opens the queue beside; null: none known; undefined: not ours. */
export function inboxNotificationTab(id: string): number | null | undefined {
  const m = /^inbox:(?:replies|woke):(\d*)$/.exec(id);
  if (!m) return undefined;
  return m[1] ? Number(m[1]) : null;
}
