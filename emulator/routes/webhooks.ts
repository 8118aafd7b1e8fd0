/**
 * Inbox webhooks: list (#32), create (#33, optional campaign restriction, at most
 * MAX_WEBHOOKS_PER_WORKSPACE), delete (#34 `DELETE /inbox/{id}`, alias `DELETE /inboxWebhooks/{id}`).
 * Deliveries: rules/webhook-delivery.
 */
import { invalid, notFound } from '../domain-error';
import type { RegisterEndpoint } from '../http/endpoint';
import type { WebhookRecord } from '../model';
import { MAX_WEBHOOKS_PER_WORKSPACE } from '../rules/webhook-delivery';
import { newId } from '../store';
import { toInboxWebhook } from '../wire';

export function registerWebhookRoutes(endpoint: RegisterEndpoint): void {
  endpoint('listInboxWebhooks', ({ ws }) => ws.data.webhooks.map(toInboxWebhook));

  endpoint('createInboxWebhook', ({ ws, body, now }) => {
    // Spec §6 rule 3 (creating many webhooks is abuse): refused for good, not "try later", so 400.
    if (ws.webhooks.size >= MAX_WEBHOOKS_PER_WORKSPACE) {
      throw invalid(`A workspace may have at most ${MAX_WEBHOOKS_PER_WORKSPACE} inbox webhooks; delete one first.`, {
        limit: MAX_WEBHOOKS_PER_WORKSPACE,
      });
    }
    for (const id of body.campaignIds ?? []) if (!ws.campaigns.has(id)) throw notFound(`No campaign ${id}.`);
    // The trigger's `campaigns`: each a campaign id or a campaign name.
    const named = (body.campaigns ?? []).map((idOrName) => {
      const c = ws.campaigns.get(idOrName) ?? ws.campaignByName(idOrName);
      if (!c) throw notFound(`No campaign ${idOrName}.`);
      return c.id;
    });
    const campaignIds = [...new Set([...(body.campaignIds ?? []), ...named])];
    const webhook: WebhookRecord = {
      id: newId('wh'),
      url: body.url,
      name: body.name ?? null,
      campaignIds,
      createdAt: now,
      ...(body.description !== undefined ? { description: body.description } : {}),
    };
    ws.addWebhook(webhook);
    return { id: webhook.id, url: webhook.url, campaignIds: [...campaignIds], createdAt: webhook.createdAt };
  });

  const remove = ({ ws, params }: { ws: import('../store').WorkspaceStore; params: { id: string } }) => {
    if (!ws.deleteWebhook(params.id)) throw notFound(`No inbox webhook ${params.id}.`);
    return { success: true as const };
  };
  endpoint('deleteInboxWebhook', remove);
  endpoint('deleteInboxWebhook', remove, '/inboxWebhooks/:id');
}
