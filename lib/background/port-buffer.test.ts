import { describe, expect, it } from 'vitest';
import { bufferPort, type PortEvents } from './port-buffer';

/** A port whose events fire only for the listeners attached at that moment, as the browser's do. */
function fakePort() {
  const messageListeners: ((m: unknown) => void)[] = [];
  const disconnectListeners: (() => void)[] = [];
  const port: PortEvents = {
    onMessage: { addListener: (l) => messageListeners.push(l) },
    onDisconnect: { addListener: (l) => disconnectListeners.push(l) },
  };
  return {
    port,
    deliver: (m: unknown) => [...messageListeners].forEach((l) => l(m)),
    disconnect: () => [...disconnectListeners].forEach((l) => l()),
  };
}

describe('bufferPort', () => {
  it('keeps the subscription a panel sent while the worker was starting, and hands it on in order', () => {
    const { port, deliver } = fakePort();
    const buffered = bufferPort(port);
    deliver({ subscribe: 7 });
    deliver({ subscribe: 9 });
    const seen: unknown[] = [];
    buffered.listen((m) => seen.push(m));
    deliver({ subscribe: 11 });
    expect(seen).toEqual([{ subscribe: 7 }, { subscribe: 9 }, { subscribe: 11 }]);
  });

  it('reports a disconnection that came before the listeners, after the messages', () => {
    const { port, deliver, disconnect } = fakePort();
    const buffered = bufferPort(port);
    deliver({ subscribe: 7 });
    disconnect();
    const events: string[] = [];
    buffered.listen(
      (m) => events.push(`message ${JSON.stringify(m)}`),
      () => events.push('disconnected'),
    );
    expect(events).toEqual(['message {"subscribe":7}', 'disconnected']);
  });

  it('passes a later disconnection on as it happens', () => {
    const { port, disconnect } = fakePort();
    const buffered = bufferPort(port);
    let disconnected = 0;
    buffered.listen(
      () => undefined,
      () => (disconnected += 1),
    );
    expect(disconnected).toBe(0);
    disconnect();
    expect(disconnected).toBe(1);
  });
});
