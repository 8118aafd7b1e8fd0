/**
 * Website-visitor webhooks (#35-37): `POST /leads/visitors/{trackerA|trackerB|trackerC}/{audienceName}`,
 * the key usually in the query string (third-party dashboards take only a URL). Each identified
 * visitor becomes a lead of that audience: created, or merged into the lead it matches.
 */
import { visitorLeads } from '../../lib/api/schemas';
import type { RegisterEndpoint } from '../http/endpoint';
import { createOrMergeLead, findOrCreateAudience, type LeadFields } from '../rules/lead-merge';
import { newId, type WorkspaceStore } from '../store';

function addVisitors(ws: WorkspaceStore, audienceName: string, leads: LeadFields[], source: string, now: number) {
  const audience = findOrCreateAudience(ws, audienceName, 'VISITORS', now);
  let created = 0;
  let merged = 0;
  for (const fields of leads) {
    const result = createOrMergeLead(ws, fields, now);
    if (result.created) created += 1;
    else merged += 1;
    if (ws.addLeadToAudience(result.lead, audience.id)) {
      ws.addLog({
        id: newId('log'),
        leadId: result.lead.id,
        identityId: null,
        campaignId: null,
        type: 'WEBSITE_VISIT',
        description: `Website visitor from ${source}, added to audience ${audience.name}`,
        createdAt: now,
      });
    }
  }
  return { created, merged };
}

export function registerVisitorRoutes(endpoint: RegisterEndpoint): void {
  endpoint('pushVisitorsTrackerA', ({ ws, params, body, now }) =>
    addVisitors(ws, params.audienceName, visitorLeads('trackerA', body), 'trackerA', now),
  );
  endpoint('pushVisitorsTrackerB', ({ ws, params, body, now }) =>
    addVisitors(ws, params.audienceName, visitorLeads('trackerB', body), 'trackerB', now),
  );
  endpoint('pushVisitorsTrackerC', ({ ws, params, body, now }) =>
    addVisitors(ws, params.audienceName, visitorLeads('trackerC', body), 'trackerC', now),
  );
}
