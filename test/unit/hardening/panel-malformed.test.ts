// Malformed responses reach the background's panel-state path (lib/background through its public
// service, a fake fetch on the wire format): the panel shows a clear error state naming the endpoint
// and the field, nothing malformed is cached, the state still obeys the message protocol, and the
// panel recovers once the service answers well again. Cases are drawn from the response fuzzer's
// mutations with a seeded PRNG (FUZZ_SEED reproduces a run).
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { endpoints, type EndpointName } from '../../../lib/api/endpoints';
import { createBackgroundService, type BackgroundService } from '../../../lib/background/service';
import { type Reply } from '../../../lib/messages';
import { PanelState } from '../../../lib/views';
import { openCompanionDb, type CompanionDb } from '../../../lib/store/db';
import { createSettingsStore } from '../../../lib/store/settings';
import { createRng } from '../../../emulator/seed/prng';
import { HOSTILE_STRINGS, HUGE_STRING, JSON_TYPE, mutationsOf, type Mutation, type Wire } from './mutations';
import { captureSamples } from './samples';

const SEED = process.env.FUZZ_SEED ?? 'hardening-fuzz-1';
const KEY = 'key_demo-pro_0123456789abcdef0123456789abcdef';
const ADA_PAGE = 'http://pronet.localhost:8787/in/ada-lovelace/';
const ADA = 'https://www.pronet.example/in/ada-lovelace/';
const CASES_PER_ENDPOINT = 45;

type Routed = 'searchLeads' | 'listLeadConversations' | 'listConversationMessages' | 'listIdentities';

let samples: Map<EndpointName, unknown>;
let dbCount = 0;
let db: CompanionDb;
let service: BackgroundService | null = null;

beforeAll(async () => {
  samples = await captureSamples();
}, 60_000);

beforeEach(async () => {
  fakeBrowser.reset();
  dbCount += 1;
  db = await openCompanionDb(`hardening-panel-${dbCount}`);
});

afterEach(() => {
  service?.stop();
  service = null;
  db.close();
});

function valid(name: Routed): Wire {
  return { text: JSON.stringify(samples.get(name)), contentType: JSON_TYPE };
}

/** A service on the wire format whose answers the test sets per endpoint. */
function fakeService() {
  const answers = new Map<Routed, Wire>();
  const reset = () => {
    for (const name of ['searchLeads', 'listLeadConversations', 'listConversationMessages', 'listIdentities'] as const) answers.set(name, valid(name));
  };
  reset();
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    init.signal?.throwIfAborted();
    const path = new URL(String(input)).pathname.replace(/^\/flow/, '');
    const route: Routed | null =
      path === '/leads/search' ? 'searchLeads'
      : /^\/leads\/[^/]+\/conversations$/.test(path) ? 'listLeadConversations'
      : /^\/conversations\/[^/]+\/messages$/.test(path) ? 'listConversationMessages'
      : path === '/identities' ? 'listIdentities'
      : null;
    if (route === null) {
      return new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: `No route ${path}` }), { status: 404, headers: { 'content-type': JSON_TYPE } });
    }
    const wire = answers.get(route) as Wire;
    return new Response(wire.text, { status: 200, headers: wire.contentType === '' ? {} : { 'content-type': wire.contentType } });
  };
  return { fetch: fetch as typeof globalThis.fetch, answers, reset };
}

async function start(fetch: typeof globalThis.fetch): Promise<BackgroundService> {
  service = createBackgroundService({
    db,
    settings: createSettingsStore(),
    session: fakeBrowser.storage.session,
    fetch,
    push: { panel: () => undefined, chip: () => undefined, badge: () => undefined, outbox: () => undefined },
    hasHostPermission: async () => true,
    clientRetry: { maxAttempts: 1 },
    // Dozens of cases go through one service: the service's own 50-per-10-s limit would stall them.
    rateLimit: { limit: 100_000, windowMs: 1_000 },
  });
  await service.start();
  const reply = await service.handle({ type: 'key-set', key: KEY, sessionOnly: false });
  if (!reply.ok) throw new Error(JSON.stringify(reply.error));
  return service;
}

async function settledState(svc: BackgroundService, tabId: number): Promise<PanelState> {
  let state: PanelState | undefined;
  await vi.waitFor(async () => {
    const reply = (await svc.handle({ type: 'panel-state', tabId })) as Reply<PanelState>;
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    state = reply.value;
    expect(state.kind === 'loading' || (state.kind === 'lead' && state.stale)).toBe(false);
  }, { timeout: 10_000 });
  return state as PanelState;
}

/** The schema's verdict on a wire body, the way the client reads it (a BOM is dropped in decoding). */
function verdict(name: EndpointName, wire: Wire): { valid: boolean; data?: unknown } {
  const text = wire.text.replace(/^\uFEFF/, '');
  if (text === '') return { valid: false };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { valid: false };
  }
  const parsed = endpoints[name].response.safeParse(json);
  return parsed.success ? { valid: true, data: parsed.data } : { valid: false };
}

function pick(name: EndpointName): Mutation[] {
  const all = mutationsOf(samples.get(name), `${SEED}:${name}`);
  const rng = createRng(`${SEED}:panel:${name}`);
  // Every whole-body mutation, and a seeded sample of the field mutations.
  return [...all.filter((m) => m.family === 'body'), ...rng.sample(all.filter((m) => m.family !== 'body'), CASES_PER_ENDPOINT)];
}

function expectNoEcho(text: string, where: string) {
  expect(text.includes(HUGE_STRING.slice(0, 200)), `${where}: no body echoed`).toBe(false);
  for (const s of HOSTILE_STRINGS.filter((h) => h.length > 8)) expect(text.includes(s), `${where}: no markup echoed`).toBe(false);
  expect(text, where).not.toContain(KEY);
}

describe('malformed responses on the panel-state path', () => {
  it.each([['searchLeads'], ['listLeadConversations']] as const)(
    'a malformed %s answer shows a clear error, caches nothing, and any valid one shows the lead',
    async (name) => {
      const tally = { errors: 0, shown: 0 };
      for (const m of pick(name)) {
        const where = `seed ${SEED}, ${name}: ${m.label}`;
        const server = fakeService();
        const wire = m.wire();
        server.answers.set(name, wire);
        const svc = await start(server.fetch);
        await svc.handle({ type: 'profile-viewed', url: ADA_PAGE }, { tabId: 1 });
        const state = await settledState(svc, 1);
        expect(PanelState.safeParse(state).success, `${where}: the state obeys the message protocol`).toBe(true);

        const search = verdict('searchLeads', server.answers.get('searchLeads') as Wire);
        const lead = search.valid ? (search.data as { lead: unknown }).lead : null;
        const expectError = !search.valid || (lead !== null && !verdict('listLeadConversations', server.answers.get('listLeadConversations') as Wire).valid);
        if (expectError) {
          tally.errors += 1;
          expect(state, where).toMatchObject({ kind: 'error', code: 'malformed', profileUrl: ADA });
          const message = (state as Extract<PanelState, { kind: 'error' }>).detail ?? '';
          expect(message, `${where}: names the endpoint`).toContain(name);
          // The field, or the object holding it: in any case the top-level key the mutation went under.
          expect(message, `${where}: names the field`).toContain(m.path.length === 0 ? ' at ' : ` at ${String(m.path[0])}`);
          expect(message.length, where).toBeLessThanOrEqual(600);
          expectNoEcho(message, where);
          expect(await svc.cache.get(ADA), `${where}: nothing malformed is cached`).toBeUndefined();
          const chip = await svc.handle({ type: 'profile-viewed', url: ADA_PAGE }, { tabId: 1 });
          expect(chip, where).toMatchObject({ ok: true, value: { kind: 'error' } });
          expectNoEcho(JSON.stringify(chip), where);
        } else {
          tally.shown += 1;
          expect(['lead', 'no-lead'], where).toContain(state.kind);
        }
        svc.stop();
        service = null;
        db.close();
        dbCount += 1;
        db = await openCompanionDb(`hardening-panel-${dbCount}`);
      }
      console.info(`panel-state fuzz (seed ${SEED}) ${name}: ${tally.errors} error states, ${tally.shown} lead states`);
      expect(tally.errors).toBeGreaterThan(20);
    },
    120_000,
  );

  it('recovers once the service answers well again', async () => {
    const server = fakeService();
    server.answers.set('listLeadConversations', { text: '<html><body>502 Bad Gateway</body></html>', contentType: 'text/html' });
    const svc = await start(server.fetch);
    await svc.handle({ type: 'profile-viewed', url: ADA_PAGE }, { tabId: 4 });
    expect(await settledState(svc, 4)).toMatchObject({
      kind: 'error',
      code: 'malformed',
      detail: 'listLeadConversations returned an unexpected response at (body): the body is not JSON',
    });
    server.reset();
    await svc.handle({ type: 'refresh', tabId: 4 });
    // The error shows until the refresh's answer replaces it (nothing else is known meanwhile).
    await vi.waitFor(async () => expect(await settledState(svc, 4)).toMatchObject({ kind: 'lead', lead: { name: 'Ada Lovelace' } }), { timeout: 10_000 });
  }, 30_000);

  it('turns malformed messages into an error reply, never a throw', async () => {
    const server = fakeService();
    const svc = await start(server.fetch);
    const tally = { errors: 0, shown: 0 };
    // A conversation of its own per answer: the background keeps a conversation's recent messages
    // as long as its status, so a second ask for the same one would not reach the service.
    for (const [i, m] of pick('listConversationMessages').entries()) {
      const where = `seed ${SEED}, listConversationMessages: ${m.label}`;
      const wire = m.wire();
      server.answers.set('listConversationMessages', wire);
      const reply = await svc.handle({ type: 'conversation-messages', conversationId: `conv_${i + 1}` });
      if (verdict('listConversationMessages', wire).valid) {
        tally.shown += 1;
        expect(reply.ok, where).toBe(true);
      } else {
        tally.errors += 1;
        expect(reply, where).toMatchObject({ ok: false, error: { code: 'malformed' } });
        if (!reply.ok) {
          expect(reply.error.detail, where).toContain('listConversationMessages');
          expectNoEcho(reply.error.detail ?? '', where);
        }
      }
    }
    console.info(`panel-state fuzz (seed ${SEED}) listConversationMessages: ${tally.errors} error replies, ${tally.shown} shown`);
    expect(tally.errors).toBeGreaterThan(20);
  }, 120_000);
});
