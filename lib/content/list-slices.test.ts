// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://pronet.localhost:8080/search/results/people/" }
/** A long list is read a few links at a time, each task within its budget, and its rows go out a screen's at a time. */
import { describe, expect, it } from 'vitest';
import type { ListRow } from './list-rows';
import { createSlicedReader, SCAN_SLICE } from './list-slices';

function reader(people: number, now: () => number) {
  document.body.innerHTML = `<ul>${Array.from({ length: people }, (_, i) => `<li><a href="/in/p${i}/">Person ${i}</a></li>`).join('')}</ul>`;
  const batches: { rows: ListRow[]; screen: boolean; task: number }[] = [];
  let timers: (() => void)[] = [];
  let task = 0;
  const sliced = createSlicedReader({
    window,
    ctx: { setTimeout: (f: () => void) => (timers.push(f), timers.length) },
    hosts: () => [],
    known: () => false,
    enabled: () => true,
    rows: (rows, _t0, screen) => void batches.push({ rows, screen, task }),
    now,
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
    // Each look at the clock finds 4 ms gone: a task of 6 ms reads two steps of ten links.
    let clock = 0;
    const { sliced, batches, runTasks, tasks } = reader(SCAN_SLICE, () => (clock += 4));
    sliced.scan([document.body], { screen: true });
    expect(batches).toHaveLength(0);
    runTasks();
    expect(batches.map((b) => [b.rows.length, b.screen])).toEqual([[SCAN_SLICE, true]]);
    expect(tasks()).toBeGreaterThanOrEqual(2);
  });
});
