/** Who the profile is: choosing among the leads a duplicated profile resolves to, and paging a lead's activity. */
import type { PanelState } from '../../views';
import type { LeadChoices } from '../../store/lead-choices';
import type { BackgroundApi } from '../api';
import type { HandlerMap } from '../dispatch';
import { RequestError } from '../error-view';
import type { PanelFeed } from '../panel-feed';
import { activityItem } from '../panel-state';
import type { TabRegistry } from '../tab-registry';
import type { TabResolution } from '../tab-resolution';

export interface LeadIdentityHandlerDeps {
  tabs: TabRegistry;
  feed: PanelFeed;
  resolution: Pick<TabResolution, 'refreshProfile'>;
  choices: Pick<LeadChoices, 'set'>;
  api: Pick<BackgroundApi, 'leadLogs'>;
}

type LeadIdentityRequests = 'choose-lead' | 'lead-activity';

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
  };
}
