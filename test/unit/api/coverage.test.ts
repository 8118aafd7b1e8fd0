import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { clientMethods, createClient } from '../../../lib/api/client';
import { endpointNames, endpoints, pathParamNames, type EndpointDef, type EndpointName } from '../../../lib/api/endpoints';
import { fakeFetch } from './fake-server';

// Every endpoint of the wire contract must be in the catalogue and reachable as a client method.

/** The 39 `METHOD path` pairs of spec/endpoints.md, for machines without the shared spec. */
const INLINE_CATALOGUE = [
  'GET /members',
  'GET /identities',
  'GET /audiences',
  'POST /audiences/create',
  'POST /audiences',
  'GET /audiences/{audienceId}/detail',
  'GET /audiences/{audienceId}/leads',
  'POST /leads',
  'GET /leads/search',
  'POST /leads/status',
  'POST /leads/removefromaudience',
  'GET /leads/{leadId}/logs',
  'GET /leads/{leadId}/conversations',
  'POST /leads/enrich',
  'GET /leads/enrich/{enrichRequestId}',
  'GET /credits',
  'GET /campaigns',
  'GET /campaigns/{campaignId}',
  'GET /campaigns/{campaignId}/stats',
  'GET /campaigns/{campaignId}/statsleads',
  'GET /campaigns/{campaignId}/messages',
  'POST /campaigns/{campaignId}/settings',
  'GET /conversations/search',
  'GET /conversations/{conversationId}/messages',
  'POST /inbox/conversations/note',
  'POST /inbox/conversations/archive',
  'POST /inbox/conversations/unarchive',
  'POST /inbox/conversations/snooze',
  'POST /inbox/conversations/unsnooze',
  'POST /inbox/pronet',
  'POST /inbox/email',
  'GET /inboxWebhooks',
  'POST /inboxWebhooks',
  'DELETE /inbox/{id}',
  'POST /leads/visitors/trackerA/{audienceName}',
  'POST /leads/visitors/trackerB/{audienceName}',
  'POST /leads/visitors/trackerC/{audienceName}',
  'POST /crm/search',
  'GET /crm/integrations',
];

const SPEC_FILE = fileURLToPath(new URL('../../../../shared/spec/endpoints.md', import.meta.url));

/** Rows of the catalogue table: `| 12 | GET /leads/{leadId}/logs | ...`; 35-37 expand to the three trackers. */
function parseCatalogue(markdown: string): string[] {
  const out: string[] = [];
  for (const line of markdown.split('\n')) {
    const m = /^\|\s*(\d+(?:-\d+)?)\s*\|\s*([A-Z]+)\s+(\/[^\s|?]*)/.exec(line);
    if (!m) continue;
    const [, , method, path] = m as unknown as [string, string, string, string];
    if (path.includes('{provider}')) {
      for (const p of ['trackerA', 'trackerB', 'trackerC']) out.push(`${method} ${path.replace('{provider}', p)}`);
    } else {
      out.push(`${method} ${path}`);
    }
  }
  return out;
}

/** `GET /a/{x}/b` and `GET /a/:y/b` compare equal: parameter names are the catalogue's business. */
function normalise(pair: string): string {
  return pair.replace(/\{[^}]+\}|:[A-Za-z0-9_]+/g, '{}');
}

const documented = existsSync(SPEC_FILE) ? parseCatalogue(readFileSync(SPEC_FILE, 'utf8')) : INLINE_CATALOGUE;
const catalogue = endpointNames.map((name) => `${endpoints[name].method} ${endpoints[name].path}`);

describe('endpoint coverage', () => {
  it('documents 39 endpoints, and the inline fallback matches the spec', () => {
    expect(documented).toHaveLength(39);
    expect(INLINE_CATALOGUE).toEqual(documented);
  });

  it.each(documented.map((pair, i) => [i + 1, pair] as const))('#%i %s is in the catalogue with its number', (n, pair) => {
    const name = endpointNames.find((e) => normalise(`${endpoints[e].method} ${endpoints[e].path}`) === normalise(pair));
    expect(name, `${pair} missing from lib/api/endpoints.ts`).toBeDefined();
    expect(endpoints[name as EndpointName].n).toBe(n);
  });

  it('names each endpoint as the catalogue does (the call log and the errors use the name)', () => {
    for (const name of endpointNames) expect(endpoints[name].name).toBe(name);
  });

  it('holds nothing the spec does not list', () => {
    expect(catalogue.map(normalise).sort()).toEqual(documented.map(normalise).sort());
  });

  it('gives GET and DELETE a query only and POST a body only, with no body field named like a path param', () => {
    for (const name of endpointNames) {
      const def: EndpointDef = endpoints[name];
      if (def.method === 'POST') {
        expect(def.body, name).toBeDefined();
        expect(def.query, name).toBeUndefined();
        const shape = def.body instanceof z.ZodMiniObject ? Object.keys(def.body.shape) : [];
        for (const p of pathParamNames(def.path)) expect(shape, `${name} body vs :${p}`).not.toContain(p);
      } else {
        expect(def.body, name).toBeUndefined();
      }
      expect(pathParamNames(def.path).length > 0, name).toBe(def.params !== undefined);
    }
  });

  it('reaches every endpoint through a client method', async () => {
    const server = fakeFetch(() => ({ status: 418, body: { statusCode: 418, error: 'Teapot', message: 'probe' } }));
    const client = createClient({ baseUrl: 'http://emulator.test/flow', apiKey: 'k', fetch: server.fetch, retry: { maxAttempts: 1 } });
    const reached = new Map<EndpointName, string>();
    for (const [group, methods] of Object.entries(clientMethods)) {
      for (const [method, name] of Object.entries(methods) as [string, EndpointName][]) {
        const fn = (client as unknown as Record<string, Record<string, (input: object) => Promise<unknown>>>)[group]?.[method];
        expect(typeof fn, `client.${group}.${method}`).toBe('function');
        const params = Object.fromEntries(pathParamNames(endpoints[name].path).map((p) => [p, `${p}-value`]));
        await (fn as (input: object) => Promise<unknown>)(params).catch(() => undefined);
        const req = server.requests.at(-1);
        reached.set(name, `${req?.method} ${req?.url.pathname.replace('/flow', '')}`);
      }
    }
    for (const name of endpointNames) {
      const def = endpoints[name];
      const expected = def.path.replace(/:([A-Za-z0-9_]+)/g, (_, p: string) => `${p}-value`);
      expect(reached.get(name), name).toBe(`${def.method} ${expected}`);
    }
  });
});
