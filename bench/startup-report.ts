/**
 * Section 4's table and summary rows, each figure beside the build before issue 42 in brackets
 * (`bench/startup-before.json`: the same section run against that build with `BENCH_EXTENSION_DIR`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ms, p, table } from './figure-format';
import type { StartupResult } from './startup';
import type { Summary } from './stats';

/** A row of the summary table (`summary.ts`'s shape: a section does not import it). */
interface SummaryRow {
  part: string;
  figure: string;
  measured: string;
  target: string;
  ok: boolean | null;
}

/** The figures of the build the issue measured, with its commit, the date and the machine's load. */
export interface StartupBefore {
  commit: string;
  date: string;
  load: [number, number];
  figures: StartupResult;
}

export function startupBefore(file = resolve('bench/startup-before.json')): StartupBefore | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StartupBefore) : undefined;
}

/** `now`, and `before` in brackets when there is one. */
export function withBefore(now: string, before: string | undefined): string {
  return before === undefined ? now : `${now} (${before})`;
}

/** p50 / p95 of `now`, and of `before` in brackets. */
export function pBefore(now: Summary, before: Summary | undefined): string {
  return withBefore(p(now), before && p(before));
}

type Pick = (r: StartupResult) => Summary | undefined;

const documentRows = (name: string, of: (r: StartupResult) => StartupResult['popup'] | undefined): [string, Pick][] =>
  (['warm', 'coldWorker'] as const).flatMap((way): [string, Pick][] => {
    const label = `${name}, worker ${way === 'warm' ? 'running' : 'stopped'}`;
    return [
      [`${label}: DOMContentLoaded`, (r) => of(r)?.[way].domContentLoadedMs],
      [`${label}: first contentful paint`, (r) => of(r)?.[way].firstContentfulPaintMs],
      [`${label}: status shown`, (r) => of(r)?.[way].statusMs],
    ];
  });

const ROWS: [string, Pick][] = [
  ['Running worker: message → answer (settings-get)', (r) => r.worker.warmAnswerMs],
  ['Stopped worker: message → first answer (settings-get)', (r) => r.worker.firstAnswerMs],
  ['Stopped worker: panel-state → the cached status', (r) => r.worker.statusMs],
  ["Profile page: injection (DOMContentLoaded's end) → first chip", (r) => r.pages?.profile.fromInjectionMs],
  ['Profile page: navigation start → first chip', (r) => r.pages?.profile.fromNavigationMs],
  ["Profile page: injection → the chip's settled status (the build's mark)", (r) => r.pages?.profile.markFromInjectionMs],
  ["Results page: injection (DOMContentLoaded's end) → first badge", (r) => r.pages?.results.fromInjectionMs],
  ['Results page: navigation start → first badge', (r) => r.pages?.results.fromNavigationMs],
  ["Results page: injection → first badges shown (the build's mark)", (r) => r.pages?.results.markFromInjectionMs],
  ...documentRows('Popup', (r) => r.popup),
  ...documentRows('Side panel', (r) => r.sidePanel),
];

/** Loads and opens where the thing waited for never came, now (before). */
function missingNote(r: StartupResult, b: StartupResult | undefined): string {
  const parts: [string, (x: StartupResult) => number | undefined][] = [
    ['chip', (x) => x.pages?.profile.missing],
    ['badge', (x) => x.pages?.results.missing],
    ['popup status', (x) => x.popup.warm.missing + x.popup.coldWorker.missing],
    ['side panel status', (x) => (x.sidePanel ? x.sidePanel.warm.missing + x.sidePanel.coldWorker.missing : undefined)],
  ];
  const said = parts
    .map(([name, f]) => ({ name, now: f(r), was: b && f(b) }))
    .filter((x) => (x.now ?? 0) > 0 || (x.was ?? 0) > 0)
    .map((x) => `${x.name} ${withBefore(String(x.now ?? '-'), x.was === undefined ? undefined : String(x.was))}`);
  return said.length ? ` Not seen within 15 s: ${said.join(', ')}.` : '';
}

export function startupMarkdown(r: StartupResult, before?: StartupBefore): string[] {
  const b = before?.figures;
  const rows = ROWS.flatMap(([label, pick]) => {
    const now = pick(r);
    if (!now) return [];
    const was = b && pick(b);
    return [[label, pBefore(now, was), withBefore(ms(now.max), was && ms(was.max))]];
  });
  return [
    '',
    '## 4. Start-up',
    '',
    ...table(['Measure', 'p50 / p95', 'max'], rows),
    '',
    `${r.runs} runs each${r.load ? `, load ${r.load[0]} → ${r.load[1]}` : ''}.${before ? ` In brackets: the build the issue measured (commit ${before.commit}, ${before.date.slice(0, 10)}, load ${before.load[0]} → ${before.load[1]}), by this same section.` : ''} Worker figures from the message sent to its answer, in an extension document. Pages: each loaded once before the runs (its status then cached), worker running; "injection" is the end of the navigation's DOMContentLoaded (Chromium runs the \`document_end\` content script right after it), the first chip / badge is its host element appearing in the DOM, seen by a MutationObserver of the page's (both draw in closed shadow roots: the chip's host comes once the settings are read, maybe still "loading"; a badge's once its profile's state is known). Popup and side panel: opened as fresh documents (\`?tab=\` the profile's tab), times from the document's start.${missingNote(r, b)}`,
  ];
}

/** The section's headline figures, each "now (before)". */
export function startupSummaryRows(r: StartupResult, before?: StartupBefore): SummaryRow[] {
  const b = before?.figures;
  const row = (figure: string, measured: string): SummaryRow => ({ part: '4', figure: `${figure}, p50 / p95${b ? ` (before: ${before.commit})` : ''}`, measured, target: '-', ok: null });
  const out = [row('Stopped worker wake: message → first answer', pBefore(r.worker.firstAnswerMs, b?.worker.firstAnswerMs))];
  if (r.pages) {
    out.push(
      row('Content script: injection → first chip (profile page)', pBefore(r.pages.profile.fromInjectionMs, b?.pages?.profile.fromInjectionMs)),
      row('Content script: injection → first badge (results page)', pBefore(r.pages.results.fromInjectionMs, b?.pages?.results.fromInjectionMs)),
    );
  }
  if (r.sidePanel) {
    const s = r.sidePanel;
    out.push(row('Side panel open → first paint (worker running; stopped)', `${pBefore(s.warm.firstContentfulPaintMs, b?.sidePanel?.warm.firstContentfulPaintMs)}; ${pBefore(s.coldWorker.firstContentfulPaintMs, b?.sidePanel?.coldWorker.firstContentfulPaintMs)}`));
  }
  out.push(row('Popup open → status shown (worker running; stopped)', `${pBefore(r.popup.warm.statusMs, b?.popup.warm.statusMs)}; ${pBefore(r.popup.coldWorker.statusMs, b?.popup.coldWorker.statusMs)}`));
  return out;
}
