import { describe, expect, it } from 'vitest';
import type { StartupResult } from '../../../bench/startup';
import { injectionFigures, documentFigures } from '../../../bench/startup-pages';
import { pBefore, startupMarkdown, startupSummaryRows, withBefore, type StartupBefore } from '../../../bench/startup-report';
import { summarize } from '../../../bench/stats';

const s = (...values: number[]) => summarize(values);
const doc = (v: number) => ({ domContentLoadedMs: s(v), firstContentfulPaintMs: s(v + 10), statusMs: s(v + 20), missing: 0 });
const pages = (v: number) => ({ fromInjectionMs: s(v), fromNavigationMs: s(v + 100), markFromInjectionMs: s(v + 5), missing: 0 });

function result(v: number, full = true): StartupResult {
  return {
    runs: 1,
    worker: { firstAnswerMs: s(v), statusMs: s(v + 1), warmAnswerMs: s(v + 2) },
    popup: { warm: doc(v), coldWorker: doc(v + 50) },
    ...(full ? { load: [1, 2] as [number, number], pages: { profile: pages(v), results: pages(v + 30) }, sidePanel: { warm: doc(v + 1), coldWorker: doc(v + 51) } } : {}),
  };
}

const before: StartupBefore = { commit: '629460a', date: '2026-12-06T23:50:00.000Z', load: [3, 4], figures: result(200) };

describe('start-up figures with the build before in brackets', () => {
  it('writes the before in brackets only when there is one', () => {
    expect(withBefore('5 ms', undefined)).toBe('5 ms');
    expect(withBefore('5 ms', '9 ms')).toBe('5 ms (9 ms)');
    expect(pBefore(s(10, 20), s(30, 40))).toBe('10 ms / 20 ms (30 ms / 40 ms)');
    expect(pBefore(s(10), undefined)).toBe('10 ms / 10 ms');
  });

  it('names the headline figures, each now (before)', () => {
    const rows = startupSummaryRows(result(10), before);
    expect(rows.map((r) => r.measured)).toEqual([
      '10 ms / 10 ms (200 ms / 200 ms)',
      '10 ms / 10 ms (200 ms / 200 ms)',
      '40 ms / 40 ms (230 ms / 230 ms)',
      '21 ms / 21 ms (211 ms / 211 ms); 71 ms / 71 ms (261 ms / 261 ms)',
      '30 ms / 30 ms (220 ms / 220 ms); 80 ms / 80 ms (270 ms / 270 ms)',
    ]);
    expect(rows[1]!.figure).toContain('injection → first chip');
    expect(rows.every((r) => r.figure.includes('before: 629460a'))).toBe(true);
  });

  it('reads results measured before the pages and the side panel were: their rows left out, no brackets without a before', () => {
    const rows = startupSummaryRows(result(10, false));
    expect(rows.map((r) => r.measured)).toEqual(['10 ms / 10 ms', '30 ms / 30 ms; 80 ms / 80 ms']);
    const md = startupMarkdown(result(10, false)).join('\n');
    expect(md).not.toContain('| Profile page');
    expect(md).toContain('| Popup, worker stopped: status shown | 80 ms / 80 ms | 80 ms |');
  });

  it('tells in the table which loads saw nothing, now and before', () => {
    const now = result(10);
    now.pages!.results.missing = 2;
    const md = startupMarkdown(now, before).join('\n');
    expect(md).toContain('| Results page: navigation start → first badge | 140 ms / 140 ms (330 ms / 330 ms) | 140 ms (330 ms) |');
    expect(md).toContain('Not seen within 15 s: badge 2 (0).');
    expect(md).toContain('commit 629460a');
  });
});

describe("a page's samples", () => {
  it('times the host from the injection and from the start; a load without one counts as missing', () => {
    const f = injectionFigures([
      { dcl: 100, host: 130, mark: 150 },
      { dcl: 90, host: null, mark: null },
    ]);
    expect(f.fromInjectionMs.p50).toBe(30);
    expect(f.fromNavigationMs.p50).toBe(130);
    expect(f.markFromInjectionMs.n).toBe(1);
    expect(f.missing).toBe(1);
  });

  it('counts a panel document whose status never showed', () => {
    const f = documentFigures([{ dcl: 10, fcp: 20, status: 30 }, { dcl: 12, fcp: null, status: null }]);
    expect([f.domContentLoadedMs.n, f.firstContentfulPaintMs.n, f.statusMs.n, f.missing]).toEqual([2, 1, 1, 1]);
  });
});
