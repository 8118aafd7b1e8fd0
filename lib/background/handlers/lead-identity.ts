/** Who the profile is: choosing among the leads a duplicated profile resolves to, and paging a lead's activity. */
import type { OutboxItemView, PanelState } from '../../views';
import type { ProfileCache } from '../../store/cache';
import type { OutboxAction, OutboxRecord } from '../../store/db';
import type { LeadChoices } from '../../store/lead-choices';
import type { LeadStatuses } from '../../store/lead-statuses';
import type { BackgroundApi } from '../api';
import type { HandlerMap } from '../dispatch';
import { RequestError } from '../error-view';
import type { PanelFeed } from '../panel-feed';
import { activityItem, qualificationOf } from '../panel-state';
import type { TabRegistry } from '../tab-registry';
import type { TabResolution } from '../tab-resolution';

export interface LeadIdentityHandlerDeps {
  tabs: TabRegistry;
  feed: PanelFeed;
  resolution: Pick<TabResolution, 'refreshProfile'>;
  choices: Pick<LeadChoices, 'set'>;
  api: Pick<BackgroundApi, 'leadLogs'>;
  enqueue(action: OutboxAction): Promise<OutboxItemView>;
  cache: Pick<ProfileCache, 'byLead'>;
  statuses: Pick<LeadStatuses, 'all'>;
  queued(): Promise<OutboxRecord[]>;
}

type LeadIdentityRequests = 'choose-lead' | 'lead-activity' | 'qualify';

export function leadIdentityHandlers(deps: LeadIdentityHandlerDeps): HandlerMap<LeadIdentityRequests> {
  return {
    async 'choose-lead'(req): Promise<PanelState> {
      const tab = await deps.tabs.known(req.tabId);
      if (!tab.profileUrl) throw new RequestError('bad-request', 'not-a-profile');
      await deps.choices.set(tab.profileUrl, req.leadId);
      // The entry is built again with the chosen lead (its conversations and activity).
      deps.resolution.refreshProfile(tab.profileUrl);
      tab.revalidating = true;
      const computed = await deps.feed.compute(req.tabId);
      void deps.feed.pushTab(req.tabId, computed);
      return computed.state;
    },
    async 'lead-activity'(req) {
      const res = await deps.api.leadLogs(req.leadId, req.skip, req.limit, { priority: 'user' });
      return { items: res.data.map(activityItem), total: res.total };
    },
    async qualify(req) {
      const entries = await deps.cache.byLead(req.leadId);
      const entry = entries.find((e) => e.conversations.some((c) => c.id === req.conversationId));
      const conversation = entry?.conversations.find((c) => c.id === req.conversationId);
      if (!entry || !conversation) throw new RequestError('not-found', 'conversation-gone');
      const campaign = conversation.campaignName;
      if (campaign === null) throw new RequestError('bad-request', 'no-campaign');
      // What this replaces is what the panel showed: the last qualification still queued, else the
      // newer of the last one this browser set and the last the lead's activity shows (set elsewhere).
      const live = (await deps.queued()).filter((r) => r.state !== 'failed');
      const previous = qualificationOf(conversation, live, await deps.statuses.all(), entry.recentLogs)?.status ?? null;
      const { conversationId, leadId, status } = req;
      return deps.enqueue({ kind: 'qualify', conversationId, leadId, status, campaign, previous, profileUrl: entries[0]?.profileUrl ?? null });
    },
  };
}
