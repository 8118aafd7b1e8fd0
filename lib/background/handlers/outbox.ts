/** The outbox as the pages manage it: list it, send a failed item again, drop one. */
import type { ProfileCache } from '../../store/cache';
import type { OutboxItemView } from '../../views';
import type { HandlerMap } from '../dispatch';
import { RequestError } from '../error-view';
import type { Outbox } from '../outbox';
import { leadView, outboxItemView } from '../panel-state';

function outboxId(id: string): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) throw new RequestError('not-found', 'outbox-item-gone');
  return n;
}

/** Each item with its lead's name where the cache knows the lead (the options page lists every lead's). */
async function named(items: OutboxItemView[], cache: Pick<ProfileCache, 'byLeads'> | undefined): Promise<OutboxItemView[]> {
  const ids = [...new Set(items.flatMap((i) => (i.leadId ? [i.leadId] : [])))];
  if (!cache || ids.length === 0) return items;
  const entries = await cache.byLeads(ids).catch(() => new Map<string, never[]>());
  return items.map((i) => {
    const entry = i.leadId ? entries.get(i.leadId)?.find((e) => e.lead !== null) : undefined;
    return entry?.lead ? { ...i, leadName: leadView(entry.lead, entry.profileUrl).name } : i;
  });
}

export function outboxHandlers(deps: { outbox: Outbox; cache?: Pick<ProfileCache, 'byLeads'> }): HandlerMap<'outbox-list' | 'outbox-retry' | 'outbox-discard'> {
  const { outbox } = deps;
  return {
    'outbox-list': async () => named((await outbox.list()).map(outboxItemView), deps.cache),
    'outbox-retry': async (req) => outboxItemView(await outbox.retry(outboxId(req.id))),
    async 'outbox-discard'(req) {
      await outbox.discard(outboxId(req.id));
      return null;
    },
  };
}
