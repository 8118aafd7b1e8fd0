// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://pronet.localhost:8080/search/results/people/" }
/**
 * Issue 42: the content script reads the page's people only while a "This page" view wants them (the
 * worker says so at start and by message), and reads a long page in slices that yield to it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeContext } from '../../test/unit/content/fake-context';
import { startPagePeople } from './page-people';
import { SCAN_SLICE } from './list-slices';

const rows = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `<li><a href="/in/person-${from + i}/">Person ${from + i}</a><div>Engineer at Acme</div></li>`).join('');

function setUp(wantedAtStart: boolean, now?: () => number) {
  const ctx = fakeContext();
  const sent: { type: string; people?: unknown[] }[] = [];
  let tell: (message: unknown) => void = () => undefined;
  const started = startPagePeople({
    window,
    ctx,
    storage: { get: async () => ({}) },
    ...(now ? { now } : {}),
    onMessage: { addListener: (cb) => (tell = cb), removeListener: () => undefined },
    sendMessage: async (message) => {
      sent.push(message as { type: string });
      return { ok: true, value: (message as { type: string }).type === 'page-people-wanted' ? wantedAtStart : null };
    },
  });
  const people = () => sent.filter((m) => m.type === 'page-people');
  return { ctx, started, people, tell: (m: unknown) => tell(m) };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the page people, read only while a view wants them', () => {
  it('reads nothing while no "This page" view shows, however the page grows; reads at once when one opens, and stops when it closes', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<main><ul id="l">${rows(0, 10)}</ul></main>`;
    const { ctx, started, people, tell } = setUp(false);
    await started;
    document.getElementById('l')!.insertAdjacentHTML('beforeend', rows(10, 10));
    await vi.runAllTimersAsync();
    expect(people()).toHaveLength(0);

    tell({ type: 'page-people-wanted', wanted: true });
    await vi.runAllTimersAsync();
    expect(people()).toHaveLength(1);
    expect(people()[0]!.people).toHaveLength(20);

    tell({ type: 'page-people-wanted', wanted: false });
    document.getElementById('l')!.insertAdjacentHTML('beforeend', rows(20, 10));
    await vi.runAllTimersAsync();
    expect(people()).toHaveLength(1);
    ctx.abort();
  });

  it('a view already open when the page loads: the worker says so, and the page is read', async () => {
    document.body.innerHTML = `<main><ul>${rows(0, 3)}</ul></main>`;
    const { ctx, started, people } = setUp(true);
    await started;
    await vi.waitFor(() => expect(people()).toHaveLength(1));
    ctx.abort();
  });

  it('a long page is read in slices of a few ms each, the page given its turn between them', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<main><ul>${rows(0, SCAN_SLICE * 3)}</ul></main>`;
    // Each look at the clock finds 4 ms gone: a slice holds two steps of links.
    let clock = 0;
    const { ctx, started, people } = setUp(true, () => (clock += 4));
    await started;
    // The first slice is read now; the next ones wait for their own tasks.
    expect(people()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    await vi.runAllTimersAsync();
    expect(people()).toHaveLength(1);
    expect(people()[0]!.people).toHaveLength(SCAN_SLICE * 3);
    ctx.abort();
  });
});
