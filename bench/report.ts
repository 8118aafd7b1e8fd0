/**
 * The benchmark's report, `bench/results.md`: the machine, date and commit, the summary table
 * (`summary.ts`), then each section's tables (`bench/results.json` holds everything, per view).
 */
import type { GroupFigures, ModeResult } from './browse-summary';
import { kb, ms, num, p, table, verdict } from './figure-format';
import { firstScreenMarkdown } from './first-screen';
import { campaignStandingMarkdown } from './campaign-standing';
import { importMarkdown } from './search-import-report';
import { liveMarkdown } from './live';
import { longTasksBefore, longTasksMarkdown } from './long-tasks';
import type { Results } from './run-results';
import { SIZE_GOALS, SIZES_BEFORE, sizeKey } from './sizes';
import { startupBefore, startupMarkdown } from './startup-report';
import { summaryTable } from './summary';
import { teamMarkdown } from './team-report';

function browseRows(m: ModeResult): (string | number)[][] {
  const g = (name: string, x: GroupFigures): (string | number)[] => [
    `${m.mode}: ${name}`,
    x.views,
    p(x.chipMs),
    p(x.panelMs),
    `${num(x.statusCalls.mean)} / ${x.statusCalls.max ?? '-'}`,
    `${num(x.panelCalls.mean)} / ${x.panelCalls.max ?? '-'}`,
    x.rateLimited,
    x.missing,
  ];
  return [g('first visits', m.first), g('revisits, fresh', m.revisitFresh), g('revisits, stale', m.revisitStale), g('all', m.all)];
}

export function markdown(r: Results): string {
  const m = r.machine;
  const lines: string[] = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (`bench/run.ts`); every figure of this page and more, per view, in `bench/results.json` (not committed). Figures are as measured: on a machine shared with other work (see the load), times grow with the load, counts do not.',
    '',
    ...table(
      ['Date', 'Commit', 'Machine', 'Node', 'Chromium', 'Load (1 min) start → end', 'Run'],
      [[r.date, `\`${r.commit}\``, `${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}`, m.node, m.chromium, `${m.loadAtStart} → ${m.loadAtEnd}`, `${Math.round(r.durationS)} s`]],
    ),
    '',
    '## Summary',
    '',
    ...summaryTable(r),
  ];
  const b = r.browse;
  if (b) {
    lines.push(
      '',
      `## 1. Browse trace`,
      '',
      `${b.options.views} profile views over the pronet look-alike by in-page navigation, ${Math.round(b.options.revisitShare * 100)}% revisits (seeded, the same trace in both modes), ${b.options.latencyMs} ms added to every API call by the emulator, the side panel open beside the profile, ${b.options.dwellMs} ms on each profile once both show the status. Times: from the URL change to the chip's and the panel's first settled state for the profile (performance marks), p50 / p95. Calls: from the emulator's call history, put down to the view of the profile they ask about (mean / max). "Fresh": the profile's last lookup was within the cache's freshness (a lead 60 s, no lead 15 s). Naive: the same build with \`cacheEnabled: false\` (no cache, no coalescing).`,
      '',
      ...table(['Mode: views', 'n', 'Chip p50 / p95', 'Panel p50 / p95', 'Status calls', 'Panel calls', '429', 'Never shown'], [...browseRows(b.cached), ...browseRows(b.naive)]),
      '',
      `Trace duration: shipped ${Math.round(b.cached.durationMs / 1000)} s (load ${b.cached.load[0]} → ${b.cached.load[1]}), naive ${Math.round(b.naive.durationMs / 1000)} s (load ${b.naive.load[0]} → ${b.naive.load[1]}); calls in all: ${b.cached.totalCalls} and ${b.naive.totalCalls} (${num(b.ratios.totalCalls, 1)}×)${b.cached.listCalls !== undefined ? `, of which the list badges of the pages' "people also viewed" (not put down to a view): ${b.cached.listCalls} and ${b.naive.listCalls}` : ''}. The naive client is slower mostly because it needs more calls than the key's 50 per 10 s allow: its limiter makes it wait.`,
    );
  }
  const l = r.limiter;
  if (l) {
    const t = l.throughput;
    const s = l.sharedKey;
    lines.push(
      '',
      '## 2. Rate limiter',
      '',
      ...table(
        ['Run', 'Delivered', 'Span', 'Achieved', 'Allowed', 'Ratio', 'Busiest window', 'Slot turn (p50)', '429', 'All applied'],
        [
          ...[t, l.outbox].map((x) => [
            x.path === 'limiter'
              ? `${x.actions} note replacements asked for at once: client and limiter as the background builds them, ${x.limit} / ${x.windowMs} ms on both sides`
              : `the same through the background service's outbox (4 lanes), in Node over fake IndexedDB`,
            x.delivered,
            `${x.spanS} s`,
            `${x.achievedPerS}/s`,
            `${x.allowedPerS}/s`,
            x.ratio,
            `${x.busiestWindow} / ${x.limit}`,
            ms(x.slotTurnMs),
            x.rateLimited,
            x.allApplied === null ? '-' : x.allApplied ? 'yes' : 'no',
          ]),
          [`2 extensions in Chromium on one key, ${s.actionsPerInstance} actions each, the service's 50 / 10 s`, s.delivered, `${s.totalS} s`, `${s.achievedPerS}/s`, '5/s', '-', '-', '-', s.rateLimited, s.allApplied ? 'yes' : 'no'],
        ],
      ),
      '',
      'Achieved rate: accepted calls after the first window\'s burst over the time from the first to the last, (delivered − limit) ÷ span. Slot turn: how long after an accepted call its slot served another (the window, plus the answer\'s round trip the client waits for before counting the window).',
    );
  }
  const s = r.sizes;
  if (s) {
    lines.push(
      '',
      '## 3. Sizes',
      '',
      `Each file gzipped on its own (level 9); an entrypoint is its entry file and every chunk and stylesheet it loads. Store zip: \`${s.zip.file}\`, ${kb(s.zip.bytes)}.`,
      '',
      `Before: at commit ${SIZES_BEFORE.commit}, before the bundle diet of issue 15 (zod/mini in what ships, DOMPurify loaded with the first HTML message).`,
      '',
      ...table(
        ['Entrypoint', 'Files', 'Raw', 'Gzip', 'Before', 'Goal', ''],
        [
          ...s.entrypoints.map((e) => {
            const key = sizeKey(e.name);
            const goal = SIZE_GOALS[key];
            const before = SIZES_BEFORE.gzip[key];
            return [e.name, e.files.length, kb(e.bytes), kb(e.gzip), before === undefined ? '-' : kb(before), goal === undefined ? '-' : `≤ ${kb(goal)}`, goal === undefined ? '' : verdict(e.gzip <= goal)];
          }),
          ['store zip (Chrome)', 1, kb(s.zip.bytes), '-', kb(SIZES_BEFORE.zip), `≤ ${kb(SIZE_GOALS['zip']!)}`, verdict(s.zip.bytes <= SIZE_GOALS['zip']!)],
        ],
      ),
      '',
      `The largest bundle, \`${s.largest.file}\` (${kb(s.largest.bytes)} raw, ${kb(s.largest.gzip)} gzip), by source (from its source map):`,
      '',
      ...table(['Source', 'Bytes', 'Share'], s.largest.breakdown.slice(0, 12).map((x) => [x.source, kb(x.bytes), `${x.share}%`])),
      ...(s.sidePanel
        ? [
            '',
            `The side panel's first load, its ${s.sidePanel.files.length} scripts (${s.sidePanel.files.map((f) => `\`${f}\``).join(', ')}; ${kb(s.sidePanel.bytes)} raw), by source:`,
            '',
            ...table(['Source', 'Bytes', 'Share'], s.sidePanel.breakdown.slice(0, 12).map((x) => [x.source, kb(x.bytes), `${x.share}%`])),
          ]
        : []),
    );
  }
  if (r.startup) lines.push(...startupMarkdown(r.startup, startupBefore()));
  const se = r.search;
  if (se) {
    lines.push(
      '',
      '## 5. Emulator: conversation search',
      '',
      `${se.leads.toLocaleString('en')} leads, ${se.conversations?.toLocaleString('en') ?? '?'} conversations in the \`bulk\` workspace (seeded and listening in ${se.startS} s, heap ${se.heapMb} MB). \`GET /flow/conversations/search\` over loopback HTTP, ${se.cases[0]?.ms.n ?? 0} timed calls per filter after warm-up, page size 25.`,
      '',
      ...table(['Filter', 'Matches', 'p50', 'p95', 'max'], se.cases.map((c) => [c.name, c.total === null ? '(page 2)' : c.total.toLocaleString('en'), ms(c.ms.p50), ms(c.ms.p95), ms(c.ms.max)])),
    );
  }
  if (r.team) lines.push(...teamMarkdown(r.team, table));
  if (r.live) lines.push(...liveMarkdown(r.live, table));
  if (r.screen) lines.push(...firstScreenMarkdown(r.screen, table));
  if (r.tasks) lines.push(...longTasksMarkdown(r.tasks, longTasksBefore()));
  if (r.standing) lines.push(...campaignStandingMarkdown(r.standing, table));
  if (r.import) lines.push(...importMarkdown(r.import));
  lines.push('', '## Sections', '', ...table(['Section', 'Seconds', 'Load (1 min) after', 'Commit', 'Date'], r.sections.map((x) => [x.name, x.seconds, x.load, x.commit ?? r.commit, x.date ?? r.date])));
  return `${lines.join('\n')}\n`;
}
