// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://pronet.localhost:8080/search/results/people/" }
/** A long list is read a few links at a time, each task within its budget, and its rows go out a screen's at a time. */
import { describe, expect, it } from 'vitest';
import type { ListRow } from './list-rows';
import { createSlicedReader, SCAN_SLICE, type ReadAhead } from './list-slices';

function reader(people: number, now: () => number, ahead?: ReadAhead) {
  document.body.innerHTML = `<ul>${Array.from({ length: people }, (_, i) => `<li><a href="/in/p${i}/">Person ${i}</a></li>`).join('')}</ul>`;
  const batches: { rows: ListRow[]; screen: boolean; task: number }[] = [];
  let timers: (() => void)[] = [];
  let task = 0;
  const sliced = createSlicedReader({
    window,
    ctx: { setTimeout: (f: () => void) => (timers.push(f), timers.length) },
    hosts: () => [],
    // As the badges do: a link read already is known.
    known: (a) => batches.some((b) => b.rows.some((r) => r.link === a)),
    enabled: () => true,
    rows: (rows, _t0, screen) => void batches.push({ rows, screen, task }),
    now,
    ...(ahead ? { ahead } : {}),
  });
  const runTasks = () => {
    while (timers.length > 0) {
      const run = timers;
      timers = [];
      task += 1;
      for (const f of run) f();
    }
  };
  return { sliced, batches, runTasks, tasks: () => task };
}

describe('createSlicedReader', () => {
  it('with time to spare, reads the screen now and goes on in batches of a screen, every row once, in page order', () => {
    const people = SCAN_SLICE * 2 + 50;
    const { sliced, batches, runTasks } = reader(people, () => 0);
    sliced.scan([document.body], { screen: true });
    runTasks();
    expect(batches.map((b) => [b.rows.length, b.screen])).toEqual([
      [SCAN_SLICE, true],
      [SCAN_SLICE, false],
      [50, false],
    ]);
    expect(batches[0]!.task).toBe(0);
    expect(batches[0]!.rows[0]!.name).toBe('Person 0');
    expect(batches.flatMap((b) => b.rows).map((r) => r.url)).toEqual(Array.from({ length: people }, (_, i) => `https://www.pronet.example/in/p${i}/`));
  });

  it('stops each task at its budget: the screen comes as one batch, read over several tasks', () => {
    // Each look at the clock finds 4 ms gone: a task of 6 ms reads two steps (of `SLICE_STEP` links).
    let clock = 0;
    const { sliced, batches, runTasks, tasks } = reader(SCAN_SLICE, () => (clock += 4));
    sliced.scan([document.body], { screen: true });
    expect(batches).toHaveLength(0);
    runTasks();
    expect(batches.map((b) => [b.rows.length, b.screen])).toEqual([[SCAN_SLICE, true]]);
    expect(tasks()).toBeGreaterThanOrEqual(2);
  });
});

/** A screen that shows no link beyond the first batch until `comeNear` is called for the one watched. */
function farScreen() {
  const watched: { link: Element; near: () => void }[] = [];
  const ahead: ReadAhead = { watch: (link, near) => void watched.push({ link, near }), clear: () => void (watched.length = 0) };
  return { ahead, watched, comeNear: () => watched.shift()!.near() };
}
const hrefOf = (e: Element) => e.getAttribute('href');

describe('createSlicedReader near the screen', () => {
  it('reads a scan\'s first batch at once, then waits at the next link until the user comes near it, a batch at a time', () => {
    const screen = farScreen();
    const { sliced, batches, runTasks } = reader(SCAN_SLICE * 3, () => 0, screen.ahead);
    sliced.scan([document.body], { screen: true });
    runTasks();
    expect(batches.map((b) => b.rows.length)).toEqual([SCAN_SLICE]);
    expect(screen.watched.map((w) => hrefOf(w.link))).toEqual([`/in/p${SCAN_SLICE}/`]);
    screen.comeNear();
    runTasks();
    expect(batches.map((b) => b.rows.length)).toEqual([SCAN_SLICE, SCAN_SLICE]);
    expect(batches[1]!.rows[0]!.url).toBe(`https://www.pronet.example/in/p${SCAN_SLICE}/`);
    expect(screen.watched.map((w) => hrefOf(w.link))).toEqual([`/in/p${SCAN_SLICE * 2}/`]);
  });

  it('while one part waits, rows the page adds are read; a waiting link the page takes away does not stop the rest', () => {
    const screen = farScreen();
    const { sliced, batches, runTasks } = reader(SCAN_SLICE + 2, () => 0, screen.ahead);
    sliced.scan([document.body], { screen: true });
    runTasks();
    const added = document.createElement('li');
    added.innerHTML = '<a href="/in/newcomer/">Newcomer</a>';
    document.querySelector('ul')!.append(added);
    sliced.scan([added]);
    runTasks();
    expect(batches.at(-1)!.rows.map((r) => r.url)).toEqual(['https://www.pronet.example/in/newcomer/']);
    // The link waited at leaves the page: the next scan goes on from the link after it.
    screen.watched[0]!.link.closest('li')!.remove();
    sliced.scan([]);
    runTasks();
    expect(screen.watched.map((w) => hrefOf(w.link))).toEqual([`/in/p${SCAN_SLICE}/`, `/in/p${SCAN_SLICE + 1}/`]);
  });
});
