/**
 * Records every API call in the call history (spec §1), whatever became of it: served, refused,
 * failed, or dropped by an injected fault (status 0). The outermost middleware: it notes the
 * instant the call counts at and writes the record in `finally`.
 */
import { createMiddleware } from 'hono/factory';
import type { AgentEndpointName } from '../../lib/api/agent-endpoints';
import type { EndpointName, HttpMethod } from '../../lib/api/endpoints';
import { pathWithoutKey } from '../call-history';
import type { EmulatorCore } from '../core';
import type { ApiEnv } from './env';
import { toHttpError } from './errors';

/** `endpoint` null: a path no endpoint serves. Named by the catalogue, or by lib/api/agent-endpoints.ts. */
export function recordCall(core: EmulatorCore, endpoint: { name: EndpointName | AgentEndpointName; method: HttpMethod } | null) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    c.set('at', core.now());
    try {
      await next();
    } finally {
      const ws = c.get('workspace');
      const dropped = c.get('dropped') === true;
      const status = dropped ? 0 : c.res.status;
      const url = new URL(c.req.url);
      let summary = c.get('summary') ?? '';
      const outcome = c.error ? toHttpError(c.error).message : summary;
      if (dropped) {
        summary = 'connection dropped (fault)';
        if (c.get('lateApplied') === true) summary += `; applied late: ${c.res.status} ${outcome}`;
      } else if (c.error) summary = outcome;
      else if (c.get('appliedThenFailed') !== undefined) summary = `applied (${c.get('appliedThenFailed')} ${summary}), then answered 502 (fault)`;
      core.calls.add({
        workspaceId: ws?.id ?? null,
        workspaceName: ws?.data.name ?? null,
        endpoint: endpoint?.name ?? null,
        method: endpoint?.method ?? c.req.method,
        path: pathWithoutKey(url.pathname + url.search),
        status,
        ok: status >= 200 && status < 300,
        summary,
        at: c.get('at'),
      });
    }
  });
}
