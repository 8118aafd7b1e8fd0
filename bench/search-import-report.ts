/**
 * Issue 43's bench section (`search-import.ts`): its figures' shapes, the fault run's line read, the
 * summary rows and the section's tables in `bench/results.md`. Pure: the unit tests read it alone.
 */
import { faultLineFigures } from './fault-line';
import { table, verdict } from './figure-format';
import { parseAudienceFaultRun, type AudienceFaultFigures } from './this-page';

export interface WayFigures {
  /** Calls from the first results page shown to the last lead in (its badges' look-ups included). */
  calls: number;
  byEndpoint: Record<string, number>;
  rateLimited: number;
  /** The user's presses. */
  presses: number;
  /** The (first) press → the last lead in the audience, as the product shows it (ms of the emulator's clock). */
  pressToLastMs: number;
  /** People of the search in the audience at the end. */
  inAudience: number;
}

export interface ImportRow {
  results: number;
  pages: number;
  import: WayFigures & {
    /** The press → the service's last import step (its own pace: a page of 10 every 5 s). */
    serviceDoneMs: number;
    /** Reads of the audience's size (its detail, and the list once while its id was unknown). */
    sizeReads: number;
  };
  naive: WayFigures;
}

/** The selection's fault run: This page's fault figures, and the pages it spans and the results read true. */
export type SelectionFaultFigures = AudienceFaultFigures & {
  pages: number;
  /** People whose shown result is "added" and who are in the audience. */
  resultsTrue: number;
};

export interface ImportBenchResult {
  latencyMs: number;
  rows: ImportRow[];
  faults: SelectionFaultFigures | null;
}

interface CallRecordLike {
  endpoint: string | null;
}

export function countByEndpoint(history: readonly CallRecordLike[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of history) {
    const k = c.endpoint ?? 'other';
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

/** Parses the selection fault run's line: This page's figures, and `pages` and `resultsTrue`. */
export function parseSelectionFaultRun(line: string): SelectionFaultFigures | null {
  const base = parseAudienceFaultRun(line);
  const f = faultLineFigures(line);
  if (!base || !f) return null;
  return { ...base, pages: f.ours('pages'), resultsTrue: f.ours('resultsTrue') };
}

/** `a ÷ b` to one decimal, as `2.5×`. */
export function times(a: number, b: number): string {
  return b > 0 ? `${Math.round((a / b) * 10) / 10}×` : '-';
}

const s = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const n = (count: number) => count.toLocaleString('en');

/** One search's goal: one press brings all N, for fewer calls than page by page. */
export function importMet(r: ImportRow): boolean {
  return r.import.presses === 1 && r.import.inAudience === r.results && r.naive.inAudience === r.results && r.import.calls < r.naive.calls;
}

export function selectionMet(f: SelectionFaultFigures): boolean {
  return f.inAudience === f.adds && f.duplicates === 0 && f.missing === 0 && f.resultsTrue === f.adds;
}

export function importSummaryRows(r: ImportBenchResult): { part: string; figure: string; measured: string; target: string; ok: boolean | null }[] {
  const rows = r.rows.map((x) => ({
    part: '11',
    figure: `Import all ${x.results.toLocaleString('en')} results: presses; calls; press → last lead (page by page: ${x.pages} presses)`,
    measured: `1 (${x.naive.presses}); ${n(x.import.calls)} (${n(x.naive.calls)}); ${s(x.import.pressToLastMs)} (${s(x.naive.pressToLastMs)})`,
    target: `1 press, all ${x.results.toLocaleString('en')} in, fewer calls`,
    ok: importMet(x),
  }));
  const f = r.faults;
  if (f) {
    rows.push({
      part: '11',
      figure: `A selection of ${f.adds} over ${f.pages} results pages, one batch under faults and a killed worker: in / duplicates / missing / results true (naive: duplicates; wrong results)`,
      measured: `${f.inAudience} / ${f.duplicates} / ${f.missing} / ${f.resultsTrue} (${f.naiveDuplicates}; ${f.naiveWrongResults})`,
      target: `${f.adds} / 0 / 0 / ${f.adds}`,
      ok: selectionMet(f),
    });
  }
  return rows;
}

const endpoints = (by: Record<string, number>) =>
  Object.entries(by)
    .sort((a, b) => b[1] - a[1])
    .map(([e, c]) => `${e} ${n(c)}`)
    .join(', ');

export function importMarkdown(r: ImportBenchResult): string[] {
  const lines = [
    '',
    '## 11. Import all N results (issue 43)',
    '',
    `A network search of N results (\`POST /_emulator/people\`: N people at one company, the search for its name) into an audience, the background service's code in Node over fake IndexedDB against the emulator at the key's real limit (50 calls per 10 s; list work 60% of it), ${r.latencyMs} ms added to every call. **Import**: the first results page shown (its 10 badges looked up), then ONE press: one \`POST /audiences\` through the outbox, the audience's size followed (\`GET /audiences/{id}/detail\`, list priority, 2 s doubling to 30 s while it does not grow) and the page's badges looked up again as it grows; the emulator imports a page of 10 every 5 s. **Page by page** (the naive way, This page without the import): for each results page, its 10 people shown and their badges looked up, then a press that adds them (one \`POST /leads\` each, the outbox, list priority); the user moves to the next page as soon as its badges show (no time counted between pages). Calls: every call from the first page shown to the last lead in. Times: from the (first) press to the last lead in the audience as the product shows it, in the emulator's time: the worker's clock and timers follow the emulator's, and both jump whenever the worker is idle with a timer set (\`bench/stepped-time.ts\`), so the 5 s a page and the rate windows are the service's own, not the machine's.`,
    '',
    ...table(
      ['Results', 'Way', 'Presses', 'Calls', 'Calls by endpoint', '429', 'Press → last lead', 'In the audience'],
      r.rows.flatMap((x) => [
        [x.results.toLocaleString('en'), 'import (1 POST)', 1, n(x.import.calls), endpoints(x.import.byEndpoint), x.import.rateLimited, `${s(x.import.pressToLastMs)} (service done at ${s(x.import.serviceDoneMs)})`, n(x.import.inAudience)],
        [x.results.toLocaleString('en'), 'page by page', x.naive.presses, n(x.naive.calls), endpoints(x.naive.byEndpoint), x.naive.rateLimited, s(x.naive.pressToLastMs), n(x.naive.inAudience)],
      ]),
    ),
    '',
    ...table(
      ['Results', 'Calls: page by page ÷ import', 'Time: page by page ÷ import', 'Presses', 'Goal', ''],
      r.rows.map((x) => [x.results.toLocaleString('en'), times(x.naive.calls, x.import.calls), times(x.naive.pressToLastMs, x.import.pressToLastMs), `1 vs ${x.naive.presses}`, 'one press, all in, fewer calls', verdict(importMet(x))]),
    ),
  ];
  const f = r.faults;
  if (f) {
    lines.push(
      '',
      `**A selection's adds under faults.** The contract test \`test/contract/this-page.test.ts › 100 people selected over 10 results pages…\`, run as it is: 10 results pages told to the worker in turn (10 people picked on each), then ONE \`this-page-add\` of the 100 under 10% dropped connections (applied late, up to 1.5 s), 10% applied then answered 502, 5% 503, the service at 50 calls a second; the worker killed after 20 adds landed, a new one over the same database; then each page shown again, each person's result read against the audience's members. Beside it the naive client (one \`POST /leads\` after another, sent again on any failure).`,
      '',
      ...table(
        ['Way', 'In the audience / duplicates / missing', 'Results shown "added" and true', 'Add calls (attempts)', 'Read-backs (found landed)', 'Wrong results', ''],
        [
          ['one batch (outbox)', `${f.inAudience} / ${f.duplicates} / ${f.missing}`, `${f.resultsTrue} of ${f.adds}`, f.addCalls, `${f.readBacks} (${f.readBackHits})`, f.adds - f.resultsTrue, verdict(selectionMet(f))],
          ['naive client', `${f.naiveInAudience} / ${f.naiveDuplicates} / ${f.adds - f.naiveInAudience}`, '-', f.naiveAttempts, '-', `${f.naiveWrongResults} "already there"`, ''],
        ],
      ),
    );
  }
  return lines;
}
