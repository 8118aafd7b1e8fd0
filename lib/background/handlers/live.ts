/** Live replies (issue 36): the options page's Test of the team relay, as typed (opens the stream, then closes it). */
import { testRelay } from '../../api/relay-stream';
import type { HandlerMap } from '../dispatch';

export function liveHandlers(deps: { fetch?: typeof fetch }): HandlerMap<'relay-test'> {
  return {
    async 'relay-test'(req) {
      return { result: await testRelay(req.url, req.token, deps.fetch ?? ((...args) => fetch(...args))) };
    },
  };
}
