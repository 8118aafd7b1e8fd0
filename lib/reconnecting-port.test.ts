import { describe, expect, it } from 'vitest';
import { openReconnectingPort, RECONNECT_FIRST_DELAY_MS, RECONNECT_MAX_DELAY_MS, type PortLike } from './reconnecting-port';
import type { Timers } from './timers';

/** A port the test plays the background's side of. */
class FakePort implements PortLike {
  posted: unknown[] = [];
  disconnected = false;
  private messageListeners: ((message: unknown) => void)[] = [];
  private disconnectListeners: (() => void)[] = [];
  constructor(readonly name: string) {}
  onMessage = { addListener: (cb: (message: unknown) => void) => void this.messageListeners.push(cb) };
  onDisconnect = { addListener: (cb: () => void) => void this.disconnectListeners.push(cb) };
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The background sends a message. */
  push(message: unknown) {
    for (const cb of this.messageListeners) cb(message);
  }
  /** The background goes away (worker stopped). */
  drop() {
    for (const cb of this.disconnectListeners) cb();
  }
}

/** Timers the test runs by hand, recording each delay asked for. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  const delays: number[] = [];
  let next = 0;
  const timers: Timers = {
    setTimeout: (run, ms) => {
      delays.push(ms);
      pending.set(++next, run);
      return next;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  const fire = () => {
    const [id, run] = [...pending][0]!;
    pending.delete(id);
    run();
  };
  return { timers, delays, pending, fire };
}

function setup(opts: { failConnects?: number } = {}) {
  const clock = manualTimers();
  const ports: FakePort[] = [];
  const pushes: number[] = [];
  let failures = opts.failConnects ?? 0;
  const close = openReconnectingPort<number>({
    connect: ({ name }) => {
      if (failures > 0) {
        failures--;
        throw new Error('Could not establish connection.');
      }
      const port = new FakePort(name);
      ports.push(port);
      return port;
    },
    name: 'panel',
    parse: (raw) => (typeof raw === 'object' && raw !== null && typeof (raw as { n?: unknown }).n === 'number' ? (raw as { n: number }).n : undefined),
    onPush: (n) => pushes.push(n),
    hello: { subscribe: 7 },
    timers: clock.timers,
  });
  return { ...clock, ports, pushes, close, last: () => ports.at(-1)! };
}

describe('openReconnectingPort', () => {
  it('connects by name, says hello, and hands on the pushes that parse', () => {
    const t = setup();
    expect(t.ports.map((p) => p.name)).toEqual(['panel']);
    expect(t.last().posted).toEqual([{ subscribe: 7 }]);
    t.last().push({ n: 1 });
    t.last().push({ type: 'forged' });
    t.last().push(null);
    t.last().push({ n: 2 });
    expect(t.pushes).toEqual([1, 2]);
  });

  it('reconnects after a disconnect with a growing delay, capped, saying hello again each time', () => {
    const t = setup();
    for (let i = 0; i < 8; i++) {
      t.last().drop();
      t.fire();
    }
    expect(t.delays).toEqual([200, 400, 800, 1600, 3200, 5000, 5000, 5000]);
    expect(t.delays[0]).toBe(RECONNECT_FIRST_DELAY_MS);
    expect(Math.max(...t.delays)).toBe(RECONNECT_MAX_DELAY_MS);
    expect(t.ports).toHaveLength(9);
    for (const port of t.ports) expect(port.posted).toEqual([{ subscribe: 7 }]);
  });

  it('starts over from the first delay after a good message, not after a message it ignores', () => {
    const t = setup();
    t.last().drop();
    t.fire();
    t.last().drop();
    t.fire();
    t.last().push({ bad: true });
    t.last().drop();
    t.fire();
    t.last().push({ n: 1 });
    t.last().drop();
    expect(t.delays).toEqual([200, 400, 800, 200]);
  });

  it('keeps trying, with the same backoff, when connect throws', () => {
    const t = setup({ failConnects: 3 });
    expect(t.ports).toHaveLength(0);
    t.fire();
    t.fire();
    t.fire();
    expect(t.delays).toEqual([200, 400, 800]);
    expect(t.ports).toHaveLength(1);
    expect(t.last().posted).toEqual([{ subscribe: 7 }]);
    expect(t.pending.size).toBe(0);
  });

  it('closing disconnects the port and stops reconnecting', () => {
    const t = setup();
    const port = t.last();
    t.close();
    expect(port.disconnected).toBe(true);
    port.drop();
    port.push({ n: 1 });
    expect(t.pending.size).toBe(0);
    expect(t.pushes).toEqual([]);
    expect(t.ports).toHaveLength(1);
  });

  it('closing while a reconnect is waiting cancels it', () => {
    const t = setup();
    t.last().drop();
    expect(t.pending.size).toBe(1);
    t.close();
    expect(t.pending.size).toBe(0);
    expect(t.ports).toHaveLength(1);
  });
});
