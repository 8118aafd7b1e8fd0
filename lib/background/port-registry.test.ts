import { describe, expect, it } from 'vitest';
import { OUTBOX_PORT, PANEL_PORT } from '../messages';
import { bufferPort } from './port-buffer';
import { createPortRegistry, type PagePort } from './port-registry';

function fakePort(name: string) {
  const messageListeners: ((m: unknown) => void)[] = [];
  const disconnectListeners: (() => void)[] = [];
  const posted: unknown[] = [];
  let disconnected = false;
  const port: PagePort & Parameters<typeof bufferPort>[0] = {
    name,
    postMessage: (m) => void posted.push(m),
    disconnect: () => void (disconnected = true),
    onMessage: { addListener: (l) => void messageListeners.push(l) },
    onDisconnect: { addListener: (l) => void disconnectListeners.push(l) },
  };
  return {
    port,
    posted,
    isDisconnected: () => disconnected,
    send: (m: unknown) => messageListeners.forEach((l) => l(m)),
    close: () => disconnectListeners.forEach((l) => l()),
  };
}

const answers = (subscribed: number[] = []) => ({
  subscribed: (tabId: number) => void subscribed.push(tabId),
  outboxItems: async () => [],
});

describe('port registry', () => {
  it("pushes a tab's state to the panels subscribed to it, and stops after they close", () => {
    const registry = createPortRegistry();
    const one = fakePort(PANEL_PORT);
    const other = fakePort(PANEL_PORT);
    const subscribed: number[] = [];
    registry.accept(one.port, bufferPort(one.port), answers(subscribed));
    registry.accept(other.port, bufferPort(other.port), answers(subscribed));
    one.send({ subscribe: 1 });
    other.send({ subscribe: 2 });
    one.send({ subscribe: 'not a tab' });
    expect(subscribed).toEqual([1, 2]);

    registry.panel(1, { kind: 'not-profile' });
    expect(one.posted).toEqual([{ type: 'panel-state', tabId: 1, state: { kind: 'not-profile' } }]);
    expect(other.posted).toEqual([]);

    one.close();
    registry.panel(1, { kind: 'no-key' });
    expect(one.posted).toHaveLength(1);
  });

  it('keeps a subscription that came before the registry listened (a port that woke the worker)', () => {
    const registry = createPortRegistry();
    const panel = fakePort(PANEL_PORT);
    const buffered = bufferPort(panel.port);
    panel.send({ subscribe: 5 });
    const subscribed: number[] = [];
    registry.accept(panel.port, buffered, answers(subscribed));
    expect(subscribed).toEqual([5]);
  });

  it('sends the outbox to a new options page at once, then every change; closes unknown ports', async () => {
    const registry = createPortRegistry();
    const page = fakePort(OUTBOX_PORT);
    registry.accept(page.port, bufferPort(page.port), answers());
    await Promise.resolve();
    expect(page.posted).toEqual([{ type: 'outbox', items: [] }]);
    registry.outbox([]);
    expect(page.posted).toHaveLength(2);
    page.close();
    registry.outbox([]);
    expect(page.posted).toHaveLength(2);

    const stranger = fakePort('something-else');
    registry.accept(stranger.port, bufferPort(stranger.port), answers());
    expect(stranger.isDisconnected()).toBe(true);
  });
});
