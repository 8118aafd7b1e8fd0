import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { endpoints } from '../../lib/api/endpoints';
import { redirectUriProblem } from './authority';
import { TOOLS } from './tools';

/** The fields an endpoint takes (path params, query, body). */
function endpointFields(name: keyof typeof endpoints): Set<string> {
  const def = endpoints[name] as { params?: z.ZodMiniObject; query?: z.ZodMiniObject; body?: z.ZodMiniObject };
  return new Set([def.params, def.query, def.body].flatMap((s) => (s ? Object.keys(s.shape) : [])));
}

describe('the tool catalogue', () => {
  it('gives each tool only fields its endpoint takes, and fixed filters its schema accepts', () => {
    expect(new Set(TOOLS.map((t) => t.name)).size).toBe(TOOLS.length);
    for (const tool of TOOLS) {
      const fields = endpointFields(tool.endpoint);
      for (const k of Object.keys(tool.input.shape)) expect(fields, `${tool.name}.${k}`).toContain(k);
      for (const k of Object.keys(tool.fixed ?? {})) {
        expect(fields, `${tool.name} fixed ${k}`).toContain(k);
        expect(Object.keys(tool.input.shape), `${tool.name} lets the agent override ${k}`).not.toContain(k);
      }
      const query = (endpoints[tool.endpoint] as { query?: z.ZodMiniType }).query;
      if (tool.fixed && query) expect(z.safeParse(query, tool.fixed).success, tool.name).toBe(true);
    }
  });

  it('marks read-only exactly the tools whose endpoint is a GET', () => {
    for (const tool of TOOLS) expect(tool.annotations.readOnlyHint, tool.name).toBe(endpoints[tool.endpoint].method === 'GET');
  });
});

describe('redirect URIs of public clients', () => {
  it('takes https anywhere and http on loopback only', () => {
    for (const ok of ['https://agent.example/cb', 'http://127.0.0.1:6274/oauth/callback', 'http://localhost/cb', 'http://[::1]:9000/cb']) {
      expect(redirectUriProblem(ok), ok).toBeNull();
    }
    for (const bad of ['http://agent.example/cb', 'http://10.0.0.2/cb', 'http://127.0.0.1.evil.example/cb', 'javascript:alert(1)', 'https://agent.example/cb#x', 'not a url']) {
      expect(redirectUriProblem(bad), bad).not.toBeNull();
    }
  });
});
