/**
 * The emulator's HTTP surface: requests for `pronet.localhost` go to the look-alike pronet site;
 * on 127.0.0.1, `/flow/*` is the API, `/mcp` the agent tool server (with its OAuth sign-in under
 * `/oauth/*` and `/.well-known/*`), `/_emulator/*` the control API and `/` the API settings page
 * with the call history; `/inbox/<conversationId>` a conversation as the service's web app shows it.
 */
import { Hono } from 'hono';
import { createApi } from './api';
import { registerControlRoutes } from './control';
import type { EmulatorCore } from './core';
import type { App, AppEnv } from './http/env';
import { errorBody, errorResponse } from './http/errors';
import { registerMcp } from './mcp/index';
import { pronetSite } from './site/pronet';
import { conversationPage } from './site/conversation-page';
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
    // The site's mobile host too: its pages link to profiles in every form the real network uses.
    const host = hostname(c.req.url);
    if (host === PRONET_SITE_HOST || host === `m.${PRONET_SITE_HOST}`) return site.fetch(c.req.raw, c.env);
    await next();
    return undefined;
  });

  registerControlRoutes(app, core);
  app.route('/flow', createApi(core));
  // Agents' tool calls go into the API above, as calls of the workspace's key.
  registerMcp(app as unknown as Hono, core, async (request) => app.fetch(request));
  app.route('/', settings);
  // The service's web app, as far as the extension's "Open in the web app" link goes.
  app.route(
    '/',
    conversationPage({
      find: (id) => {
        for (const ws of core.store.workspaces) {
          const conversation = ws.conversations.get(id);
          if (conversation) return { workspaceName: ws.data.name, lead: ws.leads.get(conversation.leadId), conversation, messages: ws.messagesOf(id) };
        }
        return null;
      },
      markRead: (id) => {
        for (const ws of core.store.workspaces) {
          const conversation = ws.conversations.get(id);
          if (conversation && !conversation.read) {
            ws.updateConversation(conversation, { read: true });
            core.changed();
          }
        }
      },
    }),
  );

  // The one place errors become answers: domain errors by kind, the HTTP layer's as they are.
  app.onError((err, c) => errorResponse(err, c, core.dialect));
  app.notFound((c) => c.json(errorBody(404, `No route ${c.req.method} ${new URL(c.req.url).pathname}.`), 404));
  return app;
}
