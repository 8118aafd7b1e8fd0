import { describe, expect, it } from 'vitest';
import { createMessenger, outboxPushItems, panelPushState, parseRequest, replies, REQUEST_TYPES, requests } from './messages';

describe('parseRequest', () => {
  it('accepts a well-formed request and keeps its type', () => {
    const parsed = parseRequest({ type: 'snooze', conversationId: 'c1', leadId: 'l1', until: 1_800_000_000_000 });
    expect(parsed).toEqual({
      ok: true,
      request: { type: 'snooze', conversationId: 'c1', leadId: 'l1', until: 1_800_000_000_000 },
    });
  });

  it('drops fields the protocol does not know', () => {
    const parsed = parseRequest({ type: 'archive', conversationId: 'c1', leadId: 'l1', apiKey: 'x' });
    expect(parsed.ok && parsed.request).toEqual({ type: 'archive', conversationId: 'c1', leadId: 'l1' });
  });

  it.each([
    [null, 'a message must be an object'],
    ['archive', 'a message must be an object'],
    [{ type: 'steal-key' }, 'unknown message type'],
    [{ type: 'toString' }, 'unknown message type'],
    [{ type: 'archive', conversationId: '' , leadId: 'l1'}, 'archive: conversationId'],
    [{ type: 'save-note', conversationId: 'c1', leadId: 'l1', mode: 'prepend', text: 'x' }, 'save-note: mode'],
    [{ type: 'panel-state', tabId: -1 }, 'panel-state: tabId'],
  ])('refuses %j with a bad-request error naming the problem', (raw, fragment) => {
    const parsed = parseRequest(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('bad-request');
      expect(parsed.error.detail).toContain(fragment);
    }
  });

  it('has a request and a reply schema for every type', () => {
    for (const type of REQUEST_TYPES) {
      expect(requests[type]).toBeDefined();
      expect(replies[type]).toBeDefined();
    }
  });
});

describe('createMessenger', () => {
  it('sends {type, ...payload} and returns a validated reply', async () => {
    const sent: unknown[] = [];
    const messenger = createMessenger(async (message) => {
      sent.push(message);
      return { ok: true, value: { total: 12, perishable: 2 } };
    });
    const reply = await messenger.send('credits', {});
    expect(sent).toEqual([{ type: 'credits' }]);
    expect(reply).toEqual({ ok: true, value: { total: 12, perishable: 2 } });
  });

  it('passes error replies through as values', async () => {
    const messenger = createMessenger(async () => ({
      ok: false,
      error: { code: 'rejected', detail: 'Not enough credits.', status: 402 },
    }));
    expect(await messenger.send('enrich', { enrichType: 'EMAIL_ENRICH', leadId: 'l1' })).toEqual({
      ok: false,
      error: { code: 'rejected', detail: 'Not enough credits.', status: 402 },
    });
  });

  it('turns a reply that is no envelope, or a transport failure, into an internal error value', async () => {
    for (const raw of [undefined, null, 'ok', [], { ok: 'yes' }, { ok: false }, { ok: false, error: 'x' }, { ok: false, error: { code: 3 } }]) {
      const reply = await createMessenger(async () => raw).send('credits', {});
      expect(reply.ok === false && reply.error, JSON.stringify(raw)).toMatchObject({ code: 'internal', reason: 'unexpected-reply' });
    }
    const malformed = createMessenger(async () => ({ ok: 'true', value: { total: 'many' } }));
    const down = createMessenger(async () => {
      throw new Error('Could not establish connection.');
    });
    const a = await malformed.send('credits', {});
    const b = await down.send('credits', {});
    expect(a.ok === false && a.error).toMatchObject({ code: 'internal', reason: 'unexpected-reply' });
    expect(b.ok === false && b.error).toMatchObject({ code: 'internal', reason: 'no-answer' });
    expect(b.ok === false && b.error.detail).toContain('Could not establish connection.');
  });
});

describe('pushes to the surfaces, checked by hand', () => {
  it('a panel push gives its state for the tab subscribed to, nothing for another tab or another shape', () => {
    const state = { kind: 'loading' };
    expect(panelPushState({ type: 'panel-state', tabId: 4, state }, 4)).toBe(state);
    expect(panelPushState({ type: 'panel-state', tabId: 5, state }, 4)).toBeUndefined();
    expect(panelPushState({ type: 'outbox', tabId: 4, state }, 4)).toBeUndefined();
    expect(panelPushState({ type: 'panel-state', tabId: 4, state: null }, 4)).toBeUndefined();
    expect(panelPushState('panel-state', 4)).toBeUndefined();
  });

  it('an outbox push gives its items; anything else nothing', () => {
    expect(outboxPushItems({ type: 'outbox', items: [] })).toEqual([]);
    expect(outboxPushItems({ type: 'outbox', items: {} })).toBeUndefined();
    expect(outboxPushItems({ type: 'panel-state', items: [] })).toBeUndefined();
    expect(outboxPushItems(null)).toBeUndefined();
  });
});
