/**
 * The API: a Hono sub-app that app.ts mounts at `/flow`, one route per endpoint of the catalogue
 * (http/endpoint.ts puts each behind the shared middleware), and a 404 for any other path.
 */
import { Hono } from 'hono';
import type { EmulatorCore } from './core';
import { agentEndpointRegistrar, endpointRegistrar } from './http/endpoint';
import { recordCall } from './http/call-history';
import type { Api, ApiEnv } from './http/env';
import { errorBody } from './http/errors';
import { registerAgentRoutes } from './routes/agent';
import { registerAudienceRoutes } from './routes/audiences';
import { registerCampaignRoutes } from './routes/campaigns';
import { registerConversationRoutes } from './routes/conversations';
import { registerCrmRoutes } from './routes/crm';
import { registerEnrichmentRoutes } from './routes/enrichment';
import { registerInboxRoutes } from './routes/inbox';
import { registerLeadRoutes } from './routes/leads';
import { registerVisitorRoutes } from './routes/visitors';
import { registerWebhookRoutes } from './routes/webhooks';
import { registerWorkspaceRoutes } from './routes/workspace';

export function createApi(core: EmulatorCore): Api {
  const api: Api = new Hono<ApiEnv>();
  const endpoint = endpointRegistrar(api, core);
  // Group order matters where paths overlap: /leads/search and /leads/enrich before /leads/:leadId/...
  registerWorkspaceRoutes(endpoint);
  registerAudienceRoutes(endpoint);
  registerLeadRoutes(endpoint);
  registerEnrichmentRoutes(endpoint);
  registerCampaignRoutes(endpoint);
  registerConversationRoutes(endpoint);
  registerInboxRoutes(endpoint);
  registerWebhookRoutes(endpoint);
  registerVisitorRoutes(endpoint);
  registerCrmRoutes(endpoint);
  // The agent server's calls beyond the 39 (spec/real-clients.md #5-7).
  registerAgentRoutes(agentEndpointRegistrar(api, core));

  // No key, fault or limit applies to a path no endpoint serves; it is recorded all the same.
  api.all('*', recordCall(core, null), (c) => {
    c.set('summary', 'no such endpoint');
    return c.json(errorBody(404, `No endpoint ${c.req.method} ${c.req.path}.`), 404);
  });
  return api;
}
