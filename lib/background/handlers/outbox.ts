/** The outbox as the pages manage it: list it, send a failed item again, drop one. */
import type { HandlerMap } from '../dispatch';
import { RequestError } from '../error-view';
import type { Outbox } from '../outbox';
import { outboxItemView } from '../panel-state';

function outboxId(id: string): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) throw new RequestError('not-found', 'outbox-item-gone');
  return n;
}

export function outboxHandlers(deps: { outbox: Outbox }): HandlerMap<'outbox-list' | 'outbox-retry' | 'outbox-discard'> {
  const { outbox } = deps;
  return {
    'outbox-list': async () => (await outbox.list()).map(outboxItemView),
    'outbox-retry': async (req) => outboxItemView(await outbox.retry(outboxId(req.id))),
    async 'outbox-discard'(req) {
      await outbox.discard(outboxId(req.id));
      return null;
    },
  };
}
