/**
 * Campaigns: list (#17, skip/limit, limit max 25), one (#18), stats (#19), lead stats (#20, 25 a
 * page, getLeadsAfter/getLeadsBefore), message templates (#21), settings (#22).
 */
import { CAMPAIGNS_PAGE_MAX, STATS_LEADS_PAGE_SIZE } from '../../lib/api/schemas';
import { invalid, notFound } from '../domain-error';
import type { RegisterEndpoint } from '../http/endpoint';
import type { CampaignRecord, LeadStatsRecord } from '../model';
import { applyCampaignSettings } from '../rules/campaign-settings';
import type { WorkspaceStore } from '../store';
import { toCampaign, toCampaignSettings, toEngagementStats, toLeadStatsItem, toTemplate } from '../wire';

function campaignOf(ws: WorkspaceStore, id: string): CampaignRecord {
  const c = ws.campaigns.get(id);
  if (!c) throw notFound(`No campaign ${id}.`);
  return c;
}

export interface StatsLeadsPage {
  leads: LeadStatsRecord[];
  hasMore: boolean;
  hasLess: boolean;
}

/**
 * Statsleads paging rule (spec §4 rule 1): the first 25 with no parameter; the 25 after the lead
 * `after`; the 25 before the lead `before`. 404 when the cursor lead is not in the campaign.
 */
export function statsLeadsPage(all: readonly LeadStatsRecord[], after?: string, before?: string): StatsLeadsPage {
  let start = 0;
  let end = Math.min(all.length, STATS_LEADS_PAGE_SIZE);
  const indexOf = (id: string, param: string) => {
    const i = all.findIndex((l) => l.id === id);
    if (i < 0) throw notFound(`${param} ${id} is not a lead of this campaign.`);
    return i;
  };
  if (after !== undefined) {
    start = indexOf(after, 'getLeadsAfter') + 1;
    end = Math.min(all.length, start + STATS_LEADS_PAGE_SIZE);
  } else if (before !== undefined) {
    end = indexOf(before, 'getLeadsBefore');
    start = Math.max(0, end - STATS_LEADS_PAGE_SIZE);
  }
  return { leads: all.slice(start, end), hasMore: end < all.length, hasLess: start > 0 };
}

export function registerCampaignRoutes(endpoint: RegisterEndpoint): void {
  endpoint('listCampaigns', ({ core, ws, query }) => {
    const needle = query.search?.trim().toLowerCase() ?? '';
    const all = ws.data.campaigns.filter(
      (c) => (query.status === undefined || c.status === query.status) && (needle === '' || c.name.toLowerCase().includes(needle)),
    );
    if (query.limit > CAMPAIGNS_PAGE_MAX) {
      // endpoints.md: the real service is known to answer an empty list where the standard refuses.
      if (core.dialect === 'variants') return { campaigns: [], total: all.length };
      throw invalid(`Invalid query: limit must be at most ${CAMPAIGNS_PAGE_MAX}.`, { field: 'limit', location: 'query' });
    }
    return { campaigns: all.slice(query.skip, query.skip + query.limit).map((c) => toCampaign(ws, c)), total: all.length };
  });

  endpoint('getCampaign', ({ ws, params }) => ({
    campaign: toCampaign(ws, campaignOf(ws, params.campaignId)),
  }));

  endpoint('getCampaignStats', ({ ws, params }) => ({
    engagementStats: toEngagementStats(campaignOf(ws, params.campaignId)),
  }));

  endpoint('listCampaignStatsLeads', ({ ws, params, query }) => {
    const campaign = campaignOf(ws, params.campaignId);
    const page = statsLeadsPage(campaign.statsLeads, query.getLeadsAfter, query.getLeadsBefore);
    return {
      leads: page.leads.map(toLeadStatsItem),
      count: campaign.statsLeads.length,
      hasMore: page.hasMore,
      hasLess: page.hasLess,
    };
  });

  endpoint('listCampaignMessages', ({ ws, params }) => {
    const templates = [...campaignOf(ws, params.campaignId).templates].sort((a, b) => a.order - b.order);
    return { data: templates.map(toTemplate), total: templates.length };
  });

  endpoint('updateCampaignSettings', ({ ws, params, body, now }) => {
    const campaign = campaignOf(ws, params.campaignId);
    applyCampaignSettings(ws, campaign, body, now);
    return { settings: toCampaignSettings(campaign) };
  });
}
