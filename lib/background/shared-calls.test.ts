import { describe, expect, it } from 'vitest';
import { createSharedCalls, sharedCall } from './shared-calls';

/** A call that settles when the test says; `signal` is the call's own. */
function pending<V>() {
  let resolve!: (v: V) => void;
  let reject!: (e: unknown) => void;
  let signal!: AbortSignal;
  const call = (s: AbortSignal) => {
    signal = s;
    return new Promise<V>((res, rej) => ((resolve = res), (reject = rej)));
  };
  return { call, resolve: (v: V) => resolve(v), reject: (e: unknown) => reject(e), signal: () => signal };
}

describe('shared calls', () => {
  it('runs one call per key for every asker, and answers each', async () => {
    const calls = createSharedCalls<string>();
    const p = pending<string>();
    let started = 0;
    const start = (s: AbortSignal) => {
      started += 1;
      return p.call(s);
    };
    const a = calls.run('k', new AbortController().signal, start);
    const b = calls.run('k', undefined, start);
    p.resolve('v');
    expect(await Promise.all([a, b])).toEqual(['v', 'v']);
    expect(started).toBe(1);
  });

  it('an asker that leaves is rejected at once; the call goes on while another waits, and aborts when the last leaves', async () => {
    const calls = createSharedCalls<string>();
    const p = pending<string>();
    const first = new AbortController();
    const second = new AbortController();
    const a = calls.run('k', first.signal, p.call);
    const b = calls.run('k', second.signal, p.call);
    first.abort(new Error('first left'));
    await expect(a).rejects.toThrow('first left');
    expect(p.signal().aborted).toBe(false);
    second.abort(new Error('second left'));
    await expect(b).rejects.toThrow('second left');
    expect(p.signal().aborted).toBe(true);
    // Abandoned and dropped (it was still queued): a later asker starts a call of its own.
    const q = pending<string>();
    const c = calls.run('k', undefined, q.call);
    p.reject(new DOMException('dropped', 'AbortError'));
    await Promise.resolve();
    q.resolve('again');
    expect(await c).toBe('again');
  });

  it('a call left by all its askers but on the wire answers a later asker: no second call; one that fails is asked again', async () => {
    const calls = createSharedCalls<string>();
    const p = pending<string>();
    const first = new AbortController();
    const a = calls.run('k', first.signal, p.call);
    first.abort(new Error('scrolled away'));
    await expect(a).rejects.toThrow('scrolled away');
    let started = 0;
    const again = (s: AbortSignal) => {
      started += 1;
      return pending<string>().call(s);
    };
    // Back on screen while the first call is on the wire: its answer serves.
    const b = calls.run('k', new AbortController().signal, again);
    const c = calls.run('k', undefined, again);
    p.resolve('answered');
    expect(await Promise.all([b, c])).toEqual(['answered', 'answered']);
    expect(started).toBe(0);

    // Left again, and this time the call fails: the later asker's call is made, once for both askers.
    const q = pending<string>();
    const leaving = new AbortController();
    const d = calls.run('k', leaving.signal, q.call);
    leaving.abort();
    await expect(d).rejects.toThrow();
    const r = pending<string>();
    let made = 0;
    const retry = (s: AbortSignal) => ((made += 1), r.call(s));
    const e = calls.run('k', undefined, retry);
    const f = calls.run('k', undefined, retry);
    q.reject(new Error('socket hang up'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    r.resolve('fresh');
    expect(await Promise.all([e, f])).toEqual(['fresh', 'fresh']);
    expect(made).toBe(1);
  });

  it('an asker waiting for a left call leaves at once when its signal aborts, and no call is made for it', async () => {
    const calls = createSharedCalls<string>();
    const p = pending<string>();
    const first = new AbortController();
    void calls.run('k', first.signal, p.call).catch(() => undefined);
    first.abort();
    const later = new AbortController();
    let made = 0;
    const b = calls.run('k', later.signal, (s) => ((made += 1), pending<string>().call(s)));
    later.abort(new Error('gone too'));
    await expect(b).rejects.toThrow('gone too');
    p.reject(new Error('dropped'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(made).toBe(0);
  });

  it('an asker without a signal never leaves; a forgotten call is not joined but still answers its askers', async () => {
    const calls = createSharedCalls<string>();
    const p = pending<string>();
    const left = new AbortController();
    const kept = calls.run('k', undefined, p.call);
    const gone = calls.run('k', left.signal, p.call);
    left.abort();
    await expect(gone).rejects.toThrow();
    expect(p.signal().aborted).toBe(false);
    calls.forget('k');
    expect(calls.get('k')).toBeUndefined();
    p.resolve('v');
    expect(await kept).toBe('v');
  });

  it('joining with a signal already aborted leaves at once (a call nobody else asked for is aborted)', async () => {
    const controller = new AbortController();
    const shared = sharedCall(controller, new Promise<string>(() => undefined));
    await expect(shared.join(AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(controller.signal.aborted).toBe(true);
  });
});
