/** Whether the extension's storage works, for the pages to say so (lib/store/open-storage.ts). */
import type { StorageProblem } from '../../store/open-storage';
import type { HandlerMap } from '../dispatch';

export function storageHandlers(deps: { problem: StorageProblem | null }): HandlerMap<'storage-status'> {
  return {
    'storage-status': async () => (deps.problem === null ? null : { code: 'storage', reason: deps.problem }),
  };
}
