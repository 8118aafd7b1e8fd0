import { describe, expect, it } from 'vitest';
import { createConnectionGate } from './connections';
import { risingPriority } from './priority';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('connection gate', () => {
  it('keeps low calls to lowMax on the wire, leaving a connection to the user, and lets them on as others end', async () => {
    const gate = createConnectionGate({ lowMax: 2 });
    const leaves: (() => void)[] = [];
    const order: string[] = [];
    for (const name of ['a', 'b', 'c']) void gate.enter('list').then((leave) => (order.push(name), leaves.push(leave)));
    await flush();
    expect(order).toEqual(['a', 'b']);
    const user = await gate.enter('user');
    expect(gate.lowInFlight()).toBe(2);
    user();
    leaves[0]!();
    leaves[0]!();
    await flush();
    expect(order).toEqual(['a', 'b', 'c']);
    expect(gate.lowInFlight()).toBe(2);
  });

  it('lets a waiting badge go before a waiting idle call, and a raised call at once', async () => {
    const gate = createConnectionGate({ lowMax: 1 });
    const first = await gate.enter('list');
    const order: string[] = [];
    void gate.enter('idle').then(() => order.push('idle'));
    void gate.enter('list').then(() => order.push('list'));
    const rising = risingPriority('list');
    void gate.enter(rising).then(() => order.push('raised'));
    await flush();
    expect(order).toEqual([]);
    rising.raise('user');
    await flush();
    expect(order).toEqual(['raised']);
    first();
    await flush();
    expect(order).toEqual(['raised', 'list']);
  });

  it('lets a hastened list call go before the list calls waiting before it', async () => {
    const gate = createConnectionGate({ lowMax: 1 });
    const first = await gate.enter('list');
    const order: string[] = [];
    void gate.enter('list').then((leave) => (order.push('badge'), leave()));
    const hovered = risingPriority('list');
    void gate.enter(hovered).then((leave) => (order.push('hovered'), leave()));
    hovered.hasten();
    await flush();
    expect(order).toEqual([]);
    first();
    await flush();
    expect(order).toEqual(['hovered', 'badge']);
  });

  it('rejects a waiter whose signal aborts, and it holds nothing', async () => {
    const gate = createConnectionGate({ lowMax: 1 });
    const first = await gate.enter('list');
    const ctrl = new AbortController();
    const waiting = gate.enter('list', ctrl.signal);
    ctrl.abort(new Error('left'));
    await expect(waiting).rejects.toThrow('left');
    first();
    expect(gate.lowInFlight()).toBe(0);
    await expect(gate.enter('list', AbortSignal.abort())).rejects.toBeDefined();
  });
});
