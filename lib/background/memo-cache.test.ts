import { describe, expect, it } from 'vitest';
import { createMemoCache } from './memo-cache';

function setup(opts: { ttlMs?: number; max?: number; enabled?: () => boolean } = {}) {
  let now = 1_000;
  const clock = { now: () => now };
  const cache = createMemoCache<string>({ ttlMs: opts.ttlMs ?? 60_000, clock, ...(opts.max ? { max: opts.max } : {}), ...(opts.enabled ? { enabled: opts.enabled } : {}) });
  let loads = 0;
  const deferred: ((v: string) => void)[] = [];
  const load = (value: string) => () => {
    loads += 1;
    return Promise.resolve(value);
  };
  const held = () => () => {
    loads += 1;
    return new Promise<string>((resolve) => deferred.push(resolve));
  };
  return { cache, load, held, deferred, loads: () => loads, advance: (ms: number) => (now += ms) };
}

describe('memo cache', () => {
  it('answers from memory while fresh, loads again once the time is up', async () => {
    const t = setup({ ttlMs: 1_000 });
    expect(await t.cache.get('k', t.load('a'))).toBe('a');
    t.advance(999);
    expect(await t.cache.get('k', t.load('b'))).toBe('a');
    t.advance(1);
    expect(await t.cache.get('k', t.load('c'))).toBe('c');
    expect(t.loads()).toBe(2);
  });

  it('shares one load among identical requests in flight', async () => {
    const t = setup();
    const a = t.cache.get('k', t.held());
    const b = t.cache.get('k', t.held());
    t.deferred[0]!('v');
    expect(await Promise.all([a, b])).toEqual(['v', 'v']);
    expect(t.loads()).toBe(1);
  });

  it("loads again for a caller that joined a load its starter gave up (aborted), and shares other failures", async () => {
    const t = setup();
    let give: (e: unknown) => void = () => undefined;
    const started = t.cache.get('k', () => new Promise<string>((_, reject) => (give = reject)));
    const joined = t.cache.get('k', t.load('mine'));
    give(new DOMException('left the screen', 'AbortError'));
    await expect(started).rejects.toThrow('left the screen');
    expect(await joined).toBe('mine');
    const failing = t.cache.get('f', () => Promise.reject(new Error('down')));
    await expect(t.cache.get('f', t.load('x'))).rejects.toThrow('down');
    await expect(failing).rejects.toThrow('down');
  });

  it('keeps no failure: the next request loads again', async () => {
    const t = setup();
    await expect(t.cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await t.cache.get('k', t.load('ok'))).toBe('ok');
  });

  it('never stores the answer of a load that began before a drop of its key', async () => {
    const t = setup();
    const early = t.cache.get('k', t.held());
    t.cache.drop((key) => key.startsWith('k'));
    const late = t.cache.get('k', t.held());
    expect(t.loads()).toBe(2);
    t.deferred[0]!('outdated');
    t.deferred[1]!('current');
    expect(await early).toBe('outdated');
    expect(await late).toBe('current');
    expect(t.cache.peek('k')).toBe('current');
    expect(await t.cache.get('k', t.load('x'))).toBe('current');
  });

  it('drops one key, a set of keys, or everything', async () => {
    const t = setup();
    for (const k of ['c1:0', 'c1:1', 'c2:0', 'audiences']) await t.cache.get(k, t.load(k));
    t.cache.drop('audiences');
    expect(t.cache.peek('audiences')).toBeUndefined();
    t.cache.drop((key) => key.startsWith('c1:'));
    expect([t.cache.peek('c1:0'), t.cache.peek('c1:1'), t.cache.peek('c2:0')]).toEqual([undefined, undefined, 'c2:0']);
    t.cache.drop();
    expect(t.cache.peek('c2:0')).toBeUndefined();
  });

  it('renews the values a fresher answer confirmed: fresh for a whole ttl from then, the others not', async () => {
    const t = setup({ ttlMs: 1_000 });
    await t.cache.get('c1:0', t.load('a'));
    await t.cache.get('c2:0', t.load('b'));
    t.advance(900);
    t.cache.renew((key) => key.startsWith('c1:'));
    t.advance(900);
    expect(await t.cache.get('c1:0', t.load('x'))).toBe('a');
    expect(await t.cache.get('c2:0', t.load('y'))).toBe('y');
    t.advance(100);
    expect(await t.cache.get('c1:0', t.load('z'))).toBe('z');
  });

  it('keeps at most `max` values, dropping the oldest stored', async () => {
    const t = setup({ max: 2 });
    for (const k of ['a', 'b', 'c']) await t.cache.get(k, t.load(k));
    expect([t.cache.peek('a'), t.cache.peek('b'), t.cache.peek('c')]).toEqual([undefined, 'b', 'c']);
  });

  it('switched off, loads every time and shares nothing', async () => {
    const t = setup({ enabled: () => false });
    const a = t.cache.get('k', t.held());
    const b = t.cache.get('k', t.held());
    t.deferred.forEach((resolve) => resolve('v'));
    await Promise.all([a, b]);
    await t.cache.get('k', t.load('v'));
    expect(t.loads()).toBe(3);
    expect(t.cache.peek('k')).toBeUndefined();
  });
});
