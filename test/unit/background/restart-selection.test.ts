/**
 * Found by the faults e2e test (test/e2e/hardening/faults.e2e.ts): Chrome stops an idle service
 * worker, and the panel reconnects at once. The restarted worker had forgotten which of the lead's
 * conversations the user chose, so the panel switched to the default one under the user's cursor,
 * and the next click (or shortcut) acted on a conversation the user had not chosen.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackgroundService, type BackgroundService } from '../../../lib/background/service';
import type { Reply, Request } from '../../../lib/messages';
import type { PanelState } from '../../../lib/views';
import { openCompanionDb, type CompanionDb } from '../../../lib/store/db';
import { createSettingsStore } from '../../../lib/store/settings';
import { conversation, flush, lead } from './fakes';

const KEY = 'key_demo-pro_restart_0123456789abcdef';
const PAGE = 'http://pronet.localhost:8787/in/grace-hopper/';
const TAB = 7;

/** The service on the wire: one lead with two conversations; `older` has the older last message. */
function fakeFetch(): typeof fetch {
  const grace = lead('lead_g', 'grace-hopper', { firstname: 'Grace', lastname: 'Hopper' });
  const newer = conversation('c_newer', 'lead_g', { lastMessageAt: 2_000, campaignName: 'Public sector' });
  const older = conversation('c_older', 'lead_g', { lastMessageAt: 1_000, campaignName: 'Compilers' });
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return (async (input: string | URL | globalThis.Request) => {
    const path = new URL(String(input)).pathname.replace(/^\/flow/, '');
    if (path === '/leads/search') return json({ statusCode: 200, lead: grace, recentLogs: [] });
    if (path === '/leads/lead_g/conversations') return json({ statusCode: 200, data: [newer, older] });
    if (path === '/identities') return json({ statusCode: 200, identities: [] });
    return json({ statusCode: 404, error: 'Not Found', message: `No route ${path}` }, 404);
  }) as typeof fetch;
}

let db: CompanionDb;
let n = 0;
const started: BackgroundService[] = [];

async function startWorker(): Promise<BackgroundService> {
  const service = createBackgroundService({
    db,
    settings: createSettingsStore(),
    session: fakeBrowser.storage.session,
    fetch: fakeFetch(),
    push: { panel: () => undefined, chip: () => undefined, badge: () => undefined, outbox: () => undefined },
    hasHostPermission: async () => true,
    clientRetry: { maxAttempts: 1 },
  });
  started.push(service);
  await service.start();
  return service;
}

async function value<T>(service: BackgroundService, request: Request, ctx = {}): Promise<T> {
  const reply: Reply<unknown> = await service.handle(request, ctx);
  if (!reply.ok) throw new Error(`${JSON.stringify(reply.error)}`);
  return reply.value as T;
}

async function selected(service: BackgroundService): Promise<string | null> {
  for (let i = 0; i < 50; i += 1) {
    const state = await value<PanelState>(service, { type: 'panel-state', tabId: TAB });
    if (state.kind === 'lead') return state.selectedConversationId;
    await flush();
  }
  throw new Error('the lead never showed');
}

beforeEach(async () => {
  fakeBrowser.reset();
  n += 1;
  db = await openCompanionDb(`restart-selection-${n}`);
});

afterEach(() => {
  for (const s of started.splice(0)) s.stop();
  db.close();
});

describe('a restarted worker', () => {
  it('keeps the conversation the user chose for the tab', async () => {
    const first = await startWorker();
    await value(first, { type: 'settings-set', patch: { baseUrl: 'http://127.0.0.1:8787/flow' } });
    await value(first, { type: 'key-set', key: KEY, sessionOnly: false });
    await value(first, { type: 'profile-viewed', url: PAGE }, { tabId: TAB });
    // By default the panel shows the conversation with the newest message; the user picks the other.
    expect(await selected(first)).toBe('c_newer');
    await value(first, { type: 'select-conversation', tabId: TAB, conversationId: 'c_older' });
    await flush();

    // Chrome stops the worker; the panel's reconnection starts a new one over the same storage.
    first.stop();
    const second = await startWorker();
    expect(await selected(second)).toBe('c_older');
  });
});
