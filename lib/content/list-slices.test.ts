// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://pronet.localhost:8080/search/results/people/" }
/** A long list is read in slices of links, the first rows now, the others a task each after. */
import { describe, expect, it } from 'vitest';
import type { ListRow } from './list-rows';
import { createSlicedReader, SCAN_SLICE } from './list-slices';

describe('createSlicedReader', () => {
  it('reads the first slice now and the rest in later tasks, every row once, in page order', async () => {
    const people = SCAN_SLICE * 2 + 50;
    document.body.innerHTML = `<ul>${Array.from({ length: people }, (_, i) => `<li><a href="/in/p${i}/">Person ${i}</a></li>`).join('')}</ul>`;
    const later: ListRow[][] = [];
    let timers: (() => void)[] = [];
    const reader = createSlicedReader({
      window,
      ctx: { setTimeout: (f: () => void) => (timers.push(f), timers.length) },
      hosts: () => [],
      known: () => false,
      enabled: () => true,
      later: (rows) => void later.push(rows),
    });
    const first = reader.scan([document.body]);
    expect(first).toHaveLength(SCAN_SLICE);
    expect(first[0]!.name).toBe('Person 0');
    while (timers.length > 0) {
      const run = timers;
      timers = [];
      for (const f of run) f();
    }
    expect(later.map((r) => r.length)).toEqual([SCAN_SLICE, 50]);
    expect([...first, ...later.flat()].map((r) => r.url)).toEqual(Array.from({ length: people }, (_, i) => `https://www.pronet.example/in/p${i}/`));
  });
});
