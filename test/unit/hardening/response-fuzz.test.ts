// Malformed responses: every response shape of the catalogue, mutated field by field and as a whole
// body (see mutations.ts). The client must turn each into a typed ResponseSchemaError that names the
// endpoint and the field, or accept the data when the mutation keeps it valid: never crash, never
// throw anything untyped, never retry a malformed answer, never echo the body into an error or the
// call log. Seeded: FUZZ_SEED=<seed> reproduces a run (the seed is in every failure message).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMethods, createClient, type CallRecord, type Client } from '../../../lib/api/client';
import { endpointNames, endpoints, pathParamNames, type EndpointName } from '../../../lib/api/endpoints';
import { ResponseSchemaError } from '../../../lib/api/errors';
import { HOSTILE_STRINGS, HUGE_STRING, mutationsOf, type Family, type Mutation, type Wire } from './mutations';
import { captureSamples } from './samples';

const SEED = process.env.FUZZ_SEED ?? 'hardening-fuzz-1';

/** Bodies whose JSON is the untouched valid sample: the client reads the body, not the label. */
const STILL_VALID_BODIES = new Set([
  '(body) the valid body as text/html',
  '(body) the valid body with no content type',
  '(body) the valid body as application/octet-stream',
  '(body) the valid body behind a byte-order mark',
]);

let samples: Map<EndpointName, unknown>;
const tally = new Map<Family, { cases: number; accepted: number; rejected: number }>();

beforeAll(async () => {
  samples = await captureSamples();
}, 60_000);

afterAll(() => {
  const rows = [...tally].map(([family, t]) => `${family.padEnd(15)} ${String(t.cases).padStart(6)} cases, ${t.accepted} accepted, ${t.rejected} typed errors`);
  const total = [...tally.values()].reduce((sum, t) => sum + t.cases, 0);
  console.info(`response fuzz (seed ${SEED}): ${total} cases over ${endpointNames.length} endpoints\n${rows.join('\n')}`);
});

function count(family: Family, accepted: boolean) {
  const t = tally.get(family) ?? { cases: 0, accepted: 0, rejected: 0 };
  t.cases += 1;
  if (accepted) t.accepted += 1;
  else t.rejected += 1;
  tally.set(family, t);
}

/** Segments of a dotted path as the client reports it. */
function segments(path: string): string[] {
  return path === '' ? [] : path.split('.');
}

function isPrefix(prefix: readonly string[], of: readonly (string | number)[]): boolean {
  return prefix.length <= of.length && prefix.every((p, i) => p === String(of[i]));
}

/** The body as JSON the way a browser reads it: UTF-8 decoding drops a leading byte-order mark. */
function readJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const decoded = text.replace(/^\uFEFF/, '');
  if (decoded === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(decoded) as unknown };
  } catch {
    return { ok: false };
  }
}

/** What the fake service answers: one wire body, counted. */
function service() {
  let wire: Wire = { text: '', contentType: '' };
  let requests = 0;
  const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    init.signal?.throwIfAborted();
    requests += 1;
    return new Response(wire.text, { status: 200, headers: wire.contentType === '' ? {} : { 'content-type': wire.contentType } });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    answer(next: Wire) {
      wire = next;
      requests = 0;
    },
    requests: () => requests,
  };
}

function argsFor(name: EndpointName): Record<string, string> {
  return Object.fromEntries(pathParamNames(endpoints[name].path).map((p) => [p, `${p}-1`]));
}

/** The strings a mutation put into the body, which no error text may carry back. */
function planted(m: Mutation): string[] {
  if (m.family === 'huge-string' || m.label.includes('1 MB')) return [HUGE_STRING.slice(0, 200)];
  if (m.family === 'hostile-string' || m.family === 'extra-fields' || m.family === 'body') return HOSTILE_STRINGS.filter((s) => s.length > 8);
  return [];
}

async function runCase(name: EndpointName, m: Mutation, svc: ReturnType<typeof service>, records: CallRecord[]) {
  const where = `seed ${SEED}, ${name}: ${m.label}`;
  const wire = m.wire();
  svc.answer(wire);
  records.length = 0;
  const outcome = await createCall(name).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

  expect(svc.requests(), `${where}: one request, no retry`).toBe(1);
  expect(records, `${where}: one call-log record`).toHaveLength(1);
  const record = records[0] as CallRecord;
  expect(record.ok, where).toBe(outcome.ok);
  const logged = JSON.stringify(record.ok ? record.summary : record.failure);
  expect(logged.length, `${where}: short call-log summary`).toBeLessThanOrEqual(200);
  expect(logged, where).not.toMatch(/[<>]/);
  expect(({} as Record<string, unknown>).polluted, `${where}: Object.prototype untouched`).toBeUndefined();

  if (STILL_VALID_BODIES.has(m.label)) expect(outcome.ok, `${where}: accepted`).toBe(true);
  const json = readJson(wire.text);
  if (json.ok) {
    const oracle = endpoints[name].response.safeParse(json.value);
    expect(outcome.ok, `${where}: the client agrees with the schema (${oracle.success ? 'valid' : oracle.error.issues[0]?.message})`).toBe(oracle.success);
    if (outcome.ok && oracle.success) expect(outcome.value, where).toEqual(oracle.data);
  } else {
    expect(outcome.ok, `${where}: not JSON, rejected`).toBe(false);
    expect(outcome.ok || (outcome.error instanceof ResponseSchemaError && outcome.error.path === ''), `${where}: at (body)`).toBe(true);
  }

  if (outcome.ok) {
    count(m.family, true);
    if (m.family === 'extra-fields') {
      const text = JSON.stringify(outcome.value);
      expect(text, `${where}: unknown keys are dropped`).not.toMatch(/"unexpected"|onerror=alert|"polluted"/);
    }
    return;
  }
  count(m.family, false);
  const { error } = outcome;
  expect(error, `${where}: a typed ResponseSchemaError, got ${String(error)}`).toBeInstanceOf(ResponseSchemaError);
  const e = error as ResponseSchemaError;
  expect(e.endpoint, where).toBe(name);
  expect(e.message, where).toContain(name);
  expect(e.message.length, `${where}: a bounded message`).toBeLessThanOrEqual(600);
  for (const s of planted(m)) expect(e.message.includes(s), `${where}: the message does not echo the body`).toBe(false);
  const at = segments(e.path);
  if (m.family === 'body' || m.path.length === 0) {
    expect(at.length, `${where}: reported at the top (${e.path})`).toBeLessThanOrEqual(1);
  } else {
    // The field itself, or the object or union that holds it (a discriminated union, a refinement).
    expect(isPrefix(at, m.path) && at.length > 0, `${where}: reported at ${e.path || '(body)'}`).toBe(true);
    expect(e.message, where).toContain(e.path === '' ? '(body)' : e.path);
  }
}

let createCall: (name: EndpointName) => Promise<unknown>;

/** The client's method that calls endpoint `name`. */
function methodFor(client: Client, name: EndpointName): (input: unknown) => Promise<unknown> {
  for (const [group, methods] of Object.entries(clientMethods)) {
    for (const [method, endpoint] of Object.entries(methods)) {
      if (endpoint === name) return (client as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>)[group]![method]!;
    }
  }
  throw new Error(`no client method calls ${name}`);
}

describe('malformed responses: the client against every mutation of every response shape', () => {
  const svc = service();
  const records: CallRecord[] = [];
  const client = createClient({
    baseUrl: 'http://127.0.0.1:8787/flow',
    apiKey: 'key_fuzz_0123456789abcdef',
    fetch: svc.fetch,
    onCall: (r) => records.push(r),
    // Retries would be a bug here (asserted above); were there any, they must not sleep.
    sleep: async () => undefined,
  });
  createCall = (name) => methodFor(client, name)(argsFor(name));

  it('takes a valid sample of all 39 endpoints, each accepted as it is', async () => {
    expect([...samples.keys()].sort()).toEqual([...endpointNames].sort());
    for (const name of endpointNames) {
      svc.answer({ text: JSON.stringify(samples.get(name)), contentType: 'application/json' });
      await expect(createCall(name), name).resolves.toBeDefined();
    }
  }, 60_000);

  it.each(endpointNames.map((n) => [n]))('%s: every mutation ends in data or a typed error', async (name) => {
    const mutations = mutationsOf(samples.get(name), `${SEED}:${name}`);
    expect(mutations.length).toBeGreaterThan(25);
    for (const m of mutations) await runCase(name, m, svc, records);
  }, 120_000);
});
