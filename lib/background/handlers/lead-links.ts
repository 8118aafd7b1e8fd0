/**
 * Find by name, Possible match, Link (issue 13): a profile no lead has by URL may be a lead the
 * service holds without it. The name search runs only on the user's press, with the words they
 * sent (the page only suggests them); a link is kept on this browser (`lead-links.ts`) and the
 * resolver honours it; a linked lead without pronetUrl can get this profile's (POST /leads, merge by
 * leadId: the service fills empty fields only).
 */
import type { LeadLinkView, NameSearchView, PanelState } from '../../views';
import type { ProfileCache } from '../../store/cache';
import type { LeadLinks } from '../../store/lead-links';
import type { BackgroundApi } from '../api';
import type { HandlerMap } from '../dispatch';
import { RequestError } from '../error-view';
import type { PanelFeed } from '../panel-feed';
import { possibleMatch } from '../possible-match';
import type { TabRegistry } from '../tab-registry';
import type { TabResolution } from '../tab-resolution';

export interface LeadLinkHandlerDeps {
  tabs: TabRegistry;
  feed: PanelFeed;
  resolution: Pick<TabResolution, 'refreshProfile'>;
  links: LeadLinks;
  cache: Pick<ProfileCache, 'get' | 'delete'>;
  api: Pick<BackgroundApi, 'searchLead' | 'createLead' | 'audiences'>;
  /** What is in flight for the profile answered from before the change: not to be stored. */
  invalidate(profileUrl: string): void;
  clock: { now(): number };
}

type LeadLinkRequests = 'find-by-name' | 'link-lead' | 'lead-links' | 'unlink-lead' | 'set-lead-url';

/** Each of these is a press of a button the user waits on. */
const user = { priority: 'user' as const };

export function leadLinkHandlers(deps: LeadLinkHandlerDeps): HandlerMap<LeadLinkRequests> {
  const { tabs, feed, links } = deps;

  /** What the service holds for the profile changed here: resolve it again and show that. */
  async function changed(tabId: number, profileUrl: string): Promise<PanelState> {
    deps.invalidate(profileUrl);
    deps.resolution.refreshProfile(profileUrl);
    const tab = tabs.info(tabId);
    if (tab.profileUrl === profileUrl) tab.revalidating = true;
    const computed = await feed.compute(tabId);
    void feed.pushTab(tabId, computed);
    return computed.state;
  }

  async function profileOf(tabId: number): Promise<string> {
    const profileUrl = (await tabs.known(tabId)).profileUrl;
    if (!profileUrl) throw new RequestError('bad-request', 'not-a-profile');
    return profileUrl;
  }

  const views = async (): Promise<LeadLinkView[]> => (await links.all()).map(({ profileUrl, leadId, name, linkedAt }) => ({ profileUrl, leadId, name, linkedAt }));

  return {
    async 'find-by-name'(req): Promise<NameSearchView> {
      const profileUrl = (await tabs.known(req.tabId)).profileUrl;
      const query = { firstname: req.firstname, lastname: req.lastname, companyName: req.companyName };
      const found = await deps.api.searchLead(query, user);
      return { matches: (found?.leads ?? []).map((lead) => possibleMatch(lead, query, profileUrl)), tooManyResults: found?.tooManyResults ?? false };
    },
    async 'link-lead'(req) {
      const profileUrl = await profileOf(req.tabId);
      await links.set({ profileUrl, leadId: req.leadId, name: req.name, linkedAt: deps.clock.now() });
      return changed(req.tabId, profileUrl);
    },
    'lead-links': () => views(),
    async 'unlink-lead'(req) {
      if (await links.remove(req.profileUrl)) {
        // The cached entry is the linked lead's: the profile is looked up by its URL again.
        deps.invalidate(req.profileUrl);
        await deps.cache.delete(req.profileUrl);
        deps.resolution.refreshProfile(req.profileUrl);
      }
      return views();
    },
    async 'set-lead-url'(req) {
      const profileUrl = await profileOf(req.tabId);
      const entry = await deps.cache.get(profileUrl);
      const lead = entry?.linked ? entry.lead : null;
      if (!lead) throw new RequestError('bad-request', 'not-linked');
      if (!lead.pronetUrl) {
        // POST /leads names an audience: the lead's own, so that nothing else changes.
        const audience = (await deps.api.audiences(user)).find((a) => lead.audienceIds.includes(a.id));
        if (!audience) throw new RequestError('bad-request', 'no-audience');
        await deps.api.createLead({ audience: audience.name, leadId: lead.id, pronetUrl: profileUrl }, user);
      }
      return changed(req.tabId, profileUrl);
    },
  };
}
