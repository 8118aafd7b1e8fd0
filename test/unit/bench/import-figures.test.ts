import { describe, expect, it } from 'vitest';
import { countByEndpoint, importMarkdown, importMet, importSummaryRows, parseSelectionFaultRun, selectionMet, times, type ImportRow } from '../../../bench/search-import-report';

const LINE =
  'this-page selection exactly-once: adds=100 pages=10 inAudience=100 duplicates=0 missing=0 resultsTrue=100 addCalls=106 readBacks=27 readBackHits=17 durationMs=17675 | naive: attempts=425 inAudience=100 duplicates=0 wrongResults=14';

const way = (calls: number, presses: number, ms: number, inAudience: number) => ({ calls, byEndpoint: { searchLeads: calls }, rateLimited: 0, presses, pressToLastMs: ms, inAudience });
const row = (over: Partial<ImportRow> = {}): ImportRow => ({
  results: 200,
  pages: 20,
  import: { ...way(37, 1, 101_200, 200), serviceDoneMs: 100_100, sizeReads: 14 },
  naive: way(401, 20, 130_900, 200),
  ...over,
});

describe('Import all N results bench figures', () => {
  it('reads the selection fault run line; a missing figure is an error', () => {
    expect(parseSelectionFaultRun(LINE)).toEqual({
      adds: 100, pages: 10, inAudience: 100, duplicates: 0, missing: 0, resultsTrue: 100, addCalls: 106, readBacks: 27, readBackHits: 17, durationMs: 17675,
      naiveAttempts: 425, naiveInAudience: 100, naiveDuplicates: 0, naiveWrongResults: 14,
    });
    expect(parseSelectionFaultRun('this-page selection exactly-once: adds=100')).toBeNull();
    expect(() => parseSelectionFaultRun('adds=100 pages=10 | naive: attempts=1')).toThrow(/no inAudience/);
  });

  it('counts calls by endpoint, an unknown route as other', () => {
    expect(countByEndpoint([{ endpoint: 'getAudience' }, { endpoint: null }, { endpoint: 'getAudience' }])).toEqual({ getAudience: 2, other: 1 });
  });

  it('a search meets its goal with one press, all N in, fewer calls; the selection with each once and each result true', () => {
    expect(importMet(row())).toBe(true);
    expect(importMet(row({ import: { ...row().import, inAudience: 195 } }))).toBe(false);
    expect(importMet(row({ import: { ...row().import, calls: 401 } }))).toBe(false);
    // Slower than page by page is said, not a miss: the service's pace is its own.
    expect(importMet(row({ import: { ...row().import, pressToLastMs: 200_000 } }))).toBe(true);
    const f = parseSelectionFaultRun(LINE)!;
    expect(selectionMet(f)).toBe(true);
    expect(selectionMet({ ...f, resultsTrue: 99 })).toBe(false);
    expect(selectionMet({ ...f, duplicates: 1 })).toBe(false);
  });

  it('writes ratios and the summary rows', () => {
    expect(times(401, 37)).toBe('10.8×');
    expect(times(1, 0)).toBe('-');
    const rows = importSummaryRows({ latencyMs: 50, rows: [row()], faults: parseSelectionFaultRun(LINE) });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ measured: '1 (20); 37 (401); 101.2 s (130.9 s)', ok: true });
    expect(rows[1]).toMatchObject({ measured: '100 / 0 / 0 / 100 (0; 14)', target: '100 / 0 / 0 / 100', ok: true });
    const md = importMarkdown({ latencyMs: 50, rows: [row()], faults: null }).join('\n');
    expect(md).toContain('| 200 | 10.8× | 1.3× | 1 vs 20 |');
  });
});
