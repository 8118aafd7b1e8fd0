/**
 * Found by the faults e2e test: a panel open on a profile for more than a minute showed "Updating…"
 * (its spinner) with Refresh disabled as soon as anything else was pushed, though nothing was being
 * fetched; after a failed revalidation, for good. `stale` means "a revalidation is running".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_FRESH_MS } from '../../../lib/background/resolver';
import { createBackgroundService, type BackgroundService } from '../../../lib/background/service';
import type { Request } from '../../../lib/messages';
import type { PanelState } from '../../../lib/views';
import { openCompanionDb, type CompanionDb } from '../../../lib/store/db';
import { createSettingsStore } from '../../../lib/store/settings';
import { conversation, flush, lead } from './fakes';

const KEY = 'key_demo-pro_stale_0123456789abcdef';
const PAGE = 'http://pronet.localhost:8787/in/ada-lovelace/';
const TAB = 5;

let db: CompanionDb;
let n = 0;
let service: BackgroundService;
let now = Date.UTC(2025, 0, 6, 9, 0, 0);
let failing = false;
let searches = 0;

function fakeFetch(): typeof fetch {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return (async (input: string | URL | globalThis.Request) => {
    const path = new URL(String(input)).pathname.replace(/^\/flow/, '');
    if (path === '/identities') return json({ statusCode: 200, identities: [] });
    if (path === '/leads/search') searches += 1;
    if (failing) return json({ statusCode: 503, error: 'Service Unavailable', message: 'Down for a moment.' }, 503);
    if (path === '/leads/search') return json({ statusCode: 200, lead: lead('lead_a', 'ada-lovelace'), recentLogs: [] });
    if (path === '/leads/lead_a/conversations') return json({ statusCode: 200, data: [conversation('c_a', 'lead_a')] });
    return json({ statusCode: 404, error: 'Not Found', message: `No route ${path}` }, 404);
  }) as typeof fetch;
}

async function state(request: Request, ctx = {}): Promise<PanelState> {
  const reply = await service.handle(request, ctx);
  if (!reply.ok) throw new Error(`${JSON.stringify(reply.error)}`);
  return reply.value as PanelState;
}

/** The tab's state once nothing runs for it any more. */
async function settled(): Promise<PanelState> {
  let s: PanelState = { kind: 'loading', profileUrl: '' };
  for (let i = 0; i < 50; i += 1) {
    await flush();
    s = await state({ type: 'select-conversation', tabId: TAB, conversationId: 'c_a' });
    if (s.kind === 'lead' && !s.stale) return s;
  }
  return s;
}

beforeEach(async () => {
  fakeBrowser.reset();
  n += 1;
  failing = false;
  searches = 0;
  db = await openCompanionDb(`stale-spinner-${n}`);
  service = createBackgroundService({
    db,
    settings: createSettingsStore(),
    session: fakeBrowser.storage.session,
    fetch: fakeFetch(),
    clock: { now: () => now },
    push: { panel: () => undefined, chip: () => undefined, badge: () => undefined, outbox: () => undefined },
    hasHostPermission: async () => true,
    clientRetry: { maxAttempts: 1 },
  });
  await service.start();
  await service.handle({ type: 'settings-set', patch: { baseUrl: 'http://127.0.0.1:8787/flow' } });
  await service.handle({ type: 'key-set', key: KEY, sessionOnly: false });
  await service.handle({ type: 'profile-viewed', url: PAGE }, { tabId: TAB });
});

afterEach(() => {
  service.stop();
  db.close();
});

describe('the panel of an old cache entry', () => {
  it('shows no "Updating…" when nothing is being fetched, and after a failed revalidation', async () => {
    expect(await settled()).toMatchObject({ kind: 'lead', stale: false });

    // Two minutes later something else is pushed: the entry is old, but nothing fetches it.
    now += 2 * DEFAULT_FRESH_MS;
    expect(await state({ type: 'select-conversation', tabId: TAB, conversationId: 'c_a' })).toMatchObject({ kind: 'lead', stale: false });

    // The user comes back: it is revalidated, and the service fails.
    failing = true;
    const tried = searches;
    await state({ type: 'panel-state', tabId: TAB });
    const after = await settled();
    expect(searches).toBe(tried + 1);
    expect(after).toMatchObject({ kind: 'lead', stale: false, conversations: [{ id: 'c_a' }] });

    // Refresh (enabled again) fetches it when the service is back.
    failing = false;
    const before = searches;
    await state({ type: 'refresh', tabId: TAB });
    expect(await settled()).toMatchObject({ kind: 'lead', stale: false });
    expect(searches).toBe(before + 1);
  });
});
