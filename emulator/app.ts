/**
 * The emulator's HTTP surface: requests for `pronet.localhost` go to the look-alike pronet site;
 * on 127.0.0.1, `/flow/*` is the API, `/_emulator/*` the control API and `/` the API settings
 * page with the call history.
 */
import { Hono } from 'hono';
import { registerControlRoutes } from './control';
import type { EmulatorCore } from './core';
import type { AppEnv, App } from './http/endpoint';
import { errorBody, errorResponse } from './http/errors';
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
import { pronetSite } from './site/pronet';
import { settingsPage } from './site/settings-page';

export const PRONET_SITE_HOST = 'pronet.localhost';

/** The request's host name without port (Node's server builds the URL from the Host header). */
function hostname(url: string): string {
  return new URL(url).hostname.toLowerCase();
}

export function createApp(core: EmulatorCore): App {
  const app: App = new Hono<AppEnv>();
  const site = pronetSite({ profiles: () => core.store.profiles });
  const settings = settingsPage({
    // The service's own settings page shows the key masked, revealed on click (fetched, never in the HTML).
    workspaces: () => core.workspaceList().map(({ id, name, plan, apiKey }) => ({ id, name, plan, apiKey })),
    calls: (filter) => core.calls.list(filter),
  });

  app.use('*', async (c, next) => {
    if (hostname(c.req.url) === PRONET_SITE_HOST) return site.fetch(c.req.raw, c.env);
    await next();
    return undefined;
  });

  registerControlRoutes(app, core);
  // Group order matters where paths overlap: /leads/search and /leads/enrich before /leads/:leadId/...
  registerWorkspaceRoutes(app, core);
  registerAudienceRoutes(app, core);
  registerLeadRoutes(app, core);
  registerEnrichmentRoutes(app, core);
  registerCampaignRoutes(app, core);
  registerConversationRoutes(app, core);
  registerInboxRoutes(app, core);
  registerWebhookRoutes(app, core);
  registerVisitorRoutes(app, core);
  registerCrmRoutes(app, core);

  app.all('/flow/*', (c) => {
    const path = new URL(c.req.url).pathname;
    core.calls.add({
      workspaceId: null,
      workspaceName: null,
      endpoint: null,
      method: c.req.method,
      path,
      status: 404,
      ok: false,
      summary: 'no such endpoint',
      at: core.now(),
    });
    return c.json(errorBody(404, `No endpoint ${c.req.method} ${path}.`), 404);
  });

  app.route('/', settings);

  // Domain errors by kind, the HTTP layer's own as they are (http/errors.ts).
  app.onError(errorResponse);
  app.notFound((c) => c.json(errorBody(404, `No route ${c.req.method} ${new URL(c.req.url).pathname}.`), 404));
  return app;
}
