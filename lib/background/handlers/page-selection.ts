/**
 * The selection a tab's list pages were given (issue 43: it spans a search's pages), kept per tab in
 * `storage.session`: it outlives the page the user leaves, another section of the panel, a closed
 * panel and a stopped worker, and goes with the browser's session. The panel decides what it holds
 * (`components/this-page/selection.ts`); the worker only keeps it. Nothing here is sent anywhere.
 */
import type { SessionArea } from '../../store/key-store';
import { PageSelection } from '../../views';
import type { HandlerMap } from '../dispatch';

type SelectionRequests = 'this-page-selection' | 'this-page-select';

const sessionKey = (tabId: number) => `page-selection:${tabId}`;

export function pageSelectionHandlers(deps: { session: SessionArea }): HandlerMap<SelectionRequests> {
  return {
    async 'this-page-selection'(req) {
      const saved = (await deps.session.get(sessionKey(req.tabId)).catch((): Record<string, unknown> => ({})))[sessionKey(req.tabId)];
      // Kept by an earlier version, or damaged: nothing is better than a wrong selection.
      const parsed = PageSelection.safeParse(saved);
      return parsed.success ? parsed.data : null;
    },
    async 'this-page-select'(req) {
      await deps.session.set({ [sessionKey(req.tabId)]: req.selection });
      return null;
    },
  };
}
