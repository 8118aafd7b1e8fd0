import { describe, expect, it } from 'vitest';
import { createSharedCalls, sharedCall } from './shared-calls';

/** A call that settles when the test says; `signal` is the call's own. */
function pending<V>() {
  let resolve!: (v: V) => void;
  let signal!: AbortSignal;
  const call = (s: AbortSignal) => {
    signal = s;
    return new Promise<V>((r) => (resolve = r));
  };
  return { call, resolve: (v: V) => resolve(v), signal: () => signal };
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
    // Abandoned: a later asker starts a call of its own.
    const q = pending<string>();
    const c = calls.run('k', undefined, q.call);
    q.resolve('again');
    expect(await c).toBe('again');
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
