/** The profile a tab shows: what its panel and chip show, refreshing it, choosing a conversation, its messages. */
import { canonicalProfileUrl } from '../../pronet/canonical-url';
import type { ConversationMessagesView, PanelState } from '../../views';
import type { BackgroundApi } from '../api';
import type { HandlerMap } from '../dispatch';
import { RequestError } from '../error-view';
import type { PanelData } from '../panel-data';
import type { PanelFeed } from '../panel-feed';
import type { TabRegistry } from '../tab-registry';
import type { TabResolution } from '../tab-resolution';

export interface ProfileHandlerDeps {
  tabs: TabRegistry;
  feed: PanelFeed;
  resolution: TabResolution;
  panelData: Pick<PanelData, 'recentMessages'>;
  api: Pick<BackgroundApi, 'conversationMessages'>;
  /** Opens the side panel for a tab; absent where there is none. */
  openPanel?(tabId: number): Promise<void>;
  /** The configured extra profile hosts (a badge's profile URL is canonicalised with them). */
  hosts(): readonly string[];
}

type ProfileRequests = 'profile-viewed' | 'open-panel' | 'panel-state' | 'refresh' | 'select-conversation' | 'conversation-messages';

const user = { priority: 'user' as const };

/** A page of a conversation's messages (newest first), as the panels show it. */
export async function messagesView(
  api: Pick<BackgroundApi, 'conversationMessages'>,
  conversationId: string,
  page: number,
  opts: { priority: 'user' | 'list'; signal?: AbortSignal; abortOnlyQueued?: boolean } = user,
): Promise<ConversationMessagesView> {
  const res = await api.conversationMessages(conversationId, page, opts);
  return {
    conversationId,
    page,
    total: res.total,
    messages: res.data.map((m) => ({
      id: m.id,
      direction: m.direction,
      channel: m.channel,
      status: m.status,
      subject: m.subject ?? null,
      content: m.content,
      createdAt: m.createdAt,
    })),
  };
}

export function profileHandlers(deps: ProfileHandlerDeps): HandlerMap<ProfileRequests> {
  const { tabs, feed, resolution } = deps;

  /** A tab's state now; starts resolution when needed (always, with `force`), without waiting for it. */
  async function tabState(tabId: number, force = false): Promise<PanelState> {
    const tab = await tabs.known(tabId);
    // A forced refresh shows as revalidating from this very answer on.
    if (force && resolution.canRefresh(tab.profileUrl)) tab.revalidating = true;
    void resolution.ensure(tabId, force);
    return (await feed.compute(tabId)).state;
  }

  const fetchMessages = (conversationId: string, page: number) => messagesView(deps.api, conversationId, page);

  return {
    async 'profile-viewed'(req, ctx) {
      if (ctx.tabId === undefined) throw new RequestError('bad-request', 'not-from-a-tab');
      tabs.navigate(ctx.tabId, req.url, req.name, {
        ...(req.company !== undefined ? { company: req.company } : {}),
        ...(req.jobTitle !== undefined ? { jobTitle: req.jobTitle } : {}),
        ...(req.profileLink !== undefined ? { profileLink: req.profileLink } : {}),
        ...(req.notFound ? { notFound: true } : {}),
      });
      void resolution.ensure(ctx.tabId);
      const computed = await feed.compute(ctx.tabId);
      void feed.pushTab(ctx.tabId, computed);
      return feed.chipState(computed);
    },
    async 'open-panel'(req, ctx) {
      const tabId = req.tabId ?? ctx.tabId;
      if (tabId === undefined || !deps.openPanel) throw new RequestError('bad-request', 'no-panel');
      const chosen = req.profileUrl === undefined ? null : canonicalProfileUrl(req.profileUrl, deps.hosts());
      if (req.profileUrl !== undefined && chosen === null) throw new RequestError('bad-request', undefined, { detail: 'open-panel: profileUrl is not a profile' });
      // Opened first, before anything is awaited: the click's user gesture does not survive an await.
      const opened = deps.openPanel(tabId);
      if (chosen !== null) {
        // A badge on a list: the tab's panel shows that profile; the list stays where it is.
        tabs.show(tabId, chosen);
        void resolution.ensure(tabId);
        feed.notify();
      }
      await opened;
      return null;
    },
    'panel-state': (req) => tabState(req.tabId),
    refresh: (req) => tabState(req.tabId, true),
    async 'select-conversation'(req) {
      tabs.select(req.tabId, req.conversationId);
      const computed = await feed.compute(req.tabId);
      void feed.pushTab(req.tabId, computed);
      return computed.state;
    },
    'conversation-messages'(req) {
      const page = req.page ?? 0;
      return deps.panelData.recentMessages.get(`${req.conversationId}:${page}`, () => fetchMessages(req.conversationId, page));
    },
  };
}
