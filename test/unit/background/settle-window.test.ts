/**
 * An applied mutation leaves the outbox and reaches the cache in two steps. A panel state computed
 * between the two (another tab's push, a panel asking) saw neither: the conversation went back to
 * its old status, or the note lost its last append, until the next push. A person saving the note
 * at that moment saved it without the append. The state must be computed from both or neither.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackgroundService, type BackgroundService } from '../../../lib/background/service';
import type { Reply, Request } from '../../../lib/messages';
import type { OutboxItemView, PanelState } from '../../../lib/views';
import { openCompanionDb, type CompanionDb } from '../../../lib/store/db';
import { createSettingsStore } from '../../../lib/store/settings';
import { conversation, flush, lead } from './fakes';

const KEY = 'key_demo-pro_settle_0123456789abcdef';
const PAGE = 'http://pronet.localhost:8787/in/ada-lovelace/';
const TAB = 3;

function fakeFetch(): typeof fetch {
  const ada = lead('lead_a', 'ada-lovelace');
  const c = conversation('c_a', 'lead_a', { note: 'base' });
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return (async (input: string | URL | globalThis.Request, init: RequestInit = {}) => {
    const path = new URL(String(input)).pathname.replace(/^\/flow/, '');
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (path === '/leads/search') return json({ statusCode: 200, lead: ada, recentLogs: [] });
    if (path === '/leads/lead_a/conversations') return json({ statusCode: 200, data: [c] });
    if (path === '/identities') return json({ statusCode: 200, identities: [] });
    if (path === '/inbox/conversations/archive') {
      c.status = 'ARCHIVED';
      return json({ statusCode: 200, data: c });
    }
    if (path === '/inbox/conversations/note') {
      c.note = `${c.note ?? ''}\n-- 2025-01-06 09:00 --\n${String(body.note)}`;
      return json({ statusCode: 200, data: { conversationId: c.id, note: c.note, noteLength: c.note.length, truncated: false } });
    }
    return json({ statusCode: 404, error: 'Not Found', message: `No route ${path}` }, 404);
  }) as typeof fetch;
}

let db: CompanionDb;
let n = 0;
let service: BackgroundService;
/** States computed the moment an applied mutation left the outbox. */
let inTheWindow: Promise<Reply<unknown>>[];

/** The database, with a panel asking for its state right after each record leaves the outbox. */
function watchedDb(inner: CompanionDb): CompanionDb {
  return new Proxy(inner, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (prop !== 'delete' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: unknown[]) => {
        const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        if (args[0] === 'outbox') inTheWindow.push(service.handle({ type: 'panel-state', tabId: TAB }));
        return result;
      };
    },
  });
}

async function value<T>(request: Request, ctx = {}): Promise<T> {
  const reply = await service.handle(request, ctx);
  if (!reply.ok) throw new Error(`${JSON.stringify(reply.error)}`);
  return reply.value as T;
}

async function leadState(): Promise<Extract<PanelState, { kind: 'lead' }>> {
  for (let i = 0; i < 50; i += 1) {
    const state = await value<PanelState>({ type: 'panel-state', tabId: TAB });
    if (state.kind === 'lead') return state;
    await flush();
  }
  throw new Error('the lead never showed');
}

async function landed(): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if ((await value<OutboxItemView[]>({ type: 'outbox-list' })).length === 0) return;
    await flush();
  }
  throw new Error('the outbox never emptied');
}

beforeEach(async () => {
  fakeBrowser.reset();
  n += 1;
  inTheWindow = [];
  db = watchedDb(await openCompanionDb(`settle-window-${n}`));
  service = createBackgroundService({
    db,
    settings: createSettingsStore(),
    session: fakeBrowser.storage.session,
    fetch: fakeFetch(),
    push: { panel: () => undefined, chip: () => undefined, badge: () => undefined, outbox: () => undefined },
    hasHostPermission: async () => true,
    clientRetry: { maxAttempts: 1 },
  });
  await service.start();
  await value({ type: 'settings-set', patch: { baseUrl: 'http://127.0.0.1:8787/flow' } });
  await value({ type: 'key-set', key: KEY, sessionOnly: false });
  await value({ type: 'profile-viewed', url: PAGE }, { tabId: TAB });
  await leadState();
});

afterEach(() => {
  service.stop();
  db.close();
});

describe('a panel state computed while an applied mutation settles', () => {
  it('never shows the conversation as it was before the action', async () => {
    await value({ type: 'archive', conversationId: 'c_a', leadId: 'lead_a' });
    await landed();
    expect(inTheWindow).toHaveLength(1);
    for (const reply of await Promise.all(inTheWindow)) {
      expect(reply).toMatchObject({ ok: true, value: { kind: 'lead', conversations: [{ status: 'ARCHIVED' }] } });
    }
  });

  it('never shows the note without the append that just landed, nor with it twice', async () => {
    await value({ type: 'save-note', conversationId: 'c_a', leadId: 'lead_a', mode: 'append', text: 'called back' });
    await landed();
    expect(inTheWindow).toHaveLength(1);
    for (const reply of await Promise.all(inTheWindow)) {
      const state = (reply as { value: PanelState }).value;
      expect(state.kind).toBe('lead');
      const note = state.kind === 'lead' ? state.conversations[0]!.note : '';
      expect(note.split('called back')).toHaveLength(2);
    }
    expect((await leadState()).conversations[0]!.note).toBe('base\n-- 2025-01-06 09:00 --\ncalled back');
  });
});
