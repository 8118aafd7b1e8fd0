import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import type { KeyStore } from '../store/key-store';
import { NoKeyError } from './error-view';
import { createKeySession, isKeyRefusal, reportingTo } from './key-session';

function memoryStore(initial: string | null = null): KeyStore {
  let stored: { key: string; location: 'persistent' | 'session' } | null = initial ? { key: initial, location: 'persistent' } : null;
  return {
    get: async () => stored,
    set: async (key, sessionOnly) => void (stored = { key, location: sessionOnly ? 'session' : 'persistent' }),
    clear: async () => void (stored = null),
  };
}

const refusal = (status: number, message: string) => new ApiError('listMembers', status, message);

function session(initial: string | null = 'k-1') {
  const events: string[] = [];
  const keys = createKeySession({
    store: memoryStore(initial),
    onKeyChange: async (changed) => void events.push(changed ? 'key changed' : 'key stored again'),
    onProblemChange: () => events.push('problem changed'),
  });
  return { keys, events };
}

describe('key session', () => {
  it('is the one place where 401 and 403 refuse the key, and a success clears the refusal', async () => {
    const { keys, events } = session();
    await keys.load();
    keys.failed(refusal(404, 'No lead matches.'));
    keys.failed(new Error('offline'));
    expect(keys.problem()).toBeNull();
    keys.failed(refusal(401, 'Unknown API key.'));
    expect(keys.problem()).toEqual({ detail: 'Unknown API key.' });
    keys.failed(refusal(403, 'API access needs the Pro plan.'));
    expect(keys.problem()).toEqual({ reason: 'plan', detail: 'API access needs the Pro plan.' });
    // The same refusal again changes nothing.
    keys.failed(refusal(403, 'API access needs the Pro plan.'));
    keys.accepted();
    keys.accepted();
    expect(keys.problem()).toBeNull();
    expect(events).toEqual(['problem changed', 'problem changed', 'problem changed']);
  });

  it('a new key clears the refusal and says whether it changed', async () => {
    const { keys, events } = session();
    await keys.load();
    keys.failed(refusal(401, 'Unknown API key.'));
    await keys.save('k-1', false);
    await keys.save('k-2', true);
    expect(keys.problem()).toBeNull();
    expect(await keys.location()).toBe('session');
    await keys.clear();
    expect(keys.current()).toBeNull();
    expect(() => keys.require()).toThrow(NoKeyError);
    expect(events).toEqual(['problem changed', 'key stored again', 'key changed', 'key changed']);
  });

  it('reports every answer of the wrapped calls, and passes values and errors through', async () => {
    const { keys } = session();
    await keys.load();
    const api = reportingTo(keys, {
      ok: async (n: number) => n * 2,
      refused: async () => {
        throw refusal(401, 'Unknown API key.');
      },
    });
    await expect(api.refused()).rejects.toSatisfy(isKeyRefusal);
    expect(keys.problem()).toEqual({ detail: 'Unknown API key.' });
    expect(await api.ok(21)).toBe(42);
    expect(keys.problem()).toBeNull();
  });
});
