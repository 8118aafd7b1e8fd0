/** The summary table: every section's headline figures against their targets (printed, and atop results.md). */
import { kb, ms, num, table, verdict } from './figure-format';
import type { Results } from './run-results';
import { SIZE_GOALS, sizeKey } from './sizes';
import type { Summary } from './stats';
import { longTasksSummaryRows } from './long-tasks';
import { startupBefore, startupSummaryRows } from './startup-report';
import { campaignStandingSummaryRows } from './campaign-standing';
import { importSummaryRows } from './search-import-report';
import { teamSummaryRows } from './team-report';
import type { AudienceBenchResult } from './this-page';

export interface SummaryRow {
  part: string;
  figure: string;
  measured: string;
  target: string;
  ok: boolean | null;
}

function summaryRows(r: Results): SummaryRow[] {
  const out: SummaryRow[] = [];
  const b = r.browse;
  if (b) {
    const c = b.cached;
    const n = b.naive;
    out.push(
      { part: '1', figure: 'First visit: URL change → status shown (chip and panel), p95', measured: ms(c.first.statusMs.p95), target: '≤ 220 ms', ok: (c.first.statusMs.p95 ?? Infinity) <= 220 },
      { part: '1', figure: 'First visit: calls for the status, max (mean)', measured: `${c.first.statusCalls.max ?? '-'} (${num(c.first.statusCalls.mean)})`, target: '≤ 2', ok: (c.first.statusCalls.max ?? 0) <= 2 },
      { part: '1', figure: 'First visit: calls of the open panel beside it (recent messages; audiences and credits), mean', measured: num(c.first.panelCalls.mean), target: '-', ok: null },
      { part: '1', figure: 'Revisit: URL change → status shown, p95', measured: ms(c.revisit.statusMs.p95), target: '≤ 50 ms', ok: (c.revisit.statusMs.p95 ?? Infinity) <= 50 },
      { part: '1', figure: `Revisit within the cache's freshness (${c.revisitFresh.views} of ${c.revisit.views}): calls, max`, measured: `${c.revisitFresh.calls.max ?? '-'}`, target: '0', ok: (c.revisitFresh.calls.max ?? 0) === 0 },
      { part: '1', figure: `Revisit past it (${c.revisitStale.views}): calls, mean (revalidation after the status shows)`, measured: num(c.revisitStale.calls.mean), target: '-', ok: null },
      { part: '1', figure: '429s over the trace (shipped / naive)', measured: `${c.rateLimited} / ${n.rateLimited}`, target: '0', ok: c.rateLimited === 0 },
      { part: '1', figure: 'Naive ÷ shipped: status p95 first visit / revisit; calls per view', measured: `${num(b.ratios.firstP95Ms, 1)}× / ${num(b.ratios.revisitP95Ms, 1)}×; ${num(b.ratios.callsPerView, 1)}×`, target: '-', ok: null },
    );
  }
  const l = r.limiter;
  if (l) {
    out.push(
      { part: '2', figure: `${l.throughput.actions} queued calls at ${l.throughput.limit} / ${l.throughput.windowMs / 1000} s, client and limiter: achieved ÷ allowed rate`, measured: `${num(l.throughput.ratio, 3)} (${num(l.throughput.achievedPerS)}/s)`, target: '≥ 0.95', ok: l.throughput.ratio >= 0.95 },
      { part: '2', figure: '… 429s', measured: `${l.throughput.rateLimited}`, target: '0', ok: l.throughput.rateLimited === 0 },
      { part: '2', figure: `The same ${l.outbox.actions} actions through the outbox (Node, fake IndexedDB): achieved ÷ allowed rate; 429s`, measured: `${num(l.outbox.ratio, 3)} (${num(l.outbox.achievedPerS)}/s); ${l.outbox.rateLimited}`, target: '≥ 0.95; 0', ok: l.outbox.ratio >= 0.95 && l.outbox.rateLimited === 0 },
      { part: '2', figure: `Two instances, one key: actions delivered, 429s absorbed`, measured: `${l.sharedKey.delivered} of ${l.sharedKey.instances * l.sharedKey.actionsPerInstance}${l.sharedKey.allApplied ? ', all applied' : ', NOT all applied'}; ${l.sharedKey.rateLimited} × 429, ${l.sharedKey.failed} failed`, target: 'all delivered', ok: l.sharedKey.allApplied && l.sharedKey.failed === 0 && l.sharedKey.delivered === l.sharedKey.instances * l.sharedKey.actionsPerInstance },
    );
  }
  const s = r.sizes;
  if (s) {
    for (const e of s.entrypoints) {
      const goal = SIZE_GOALS[sizeKey(e.name)];
      if (goal !== undefined) out.push({ part: '3', figure: `${e.name[0]!.toUpperCase()}${e.name.slice(1)}, gzip`, measured: kb(e.gzip), target: `≤ ${kb(goal)}`, ok: e.gzip <= goal });
    }
    const zipGoal = SIZE_GOALS['zip']!;
    out.push({ part: '3', figure: 'Store zip (Chrome)', measured: kb(s.zip.bytes), target: `≤ ${kb(zipGoal)}`, ok: s.zip.bytes <= zipGoal });
  }
  if (r.startup) out.push(...startupSummaryRows(r.startup, startupBefore()));
  const se = r.search;
  if (se) {
    const worst = [...se.cases].sort((a, b2) => (b2.ms.p95 ?? 0) - (a.ms.p95 ?? 0))[0];
    if (worst) out.push({ part: '5', figure: `Conversation search at ${se.leads.toLocaleString('en')} leads, worst p95 (${worst.name})`, measured: ms(worst.ms.p95), target: '≤ 10 ms', ok: (worst.ms.p95 ?? Infinity) <= 10 });
  }
  const q = r.inbox;
  if (q) {
    // One round trip for the page, one for the rows' look-ups in parallel, plus 100 ms.
    const coldTarget = 2 * q.latencyMs + 100;
    const coldCalls = Object.entries(q.cold.callsPerOpen).map(([k, v]) => `${k} ${v}`).join(', ');
    out.push(
      { part: 'inbox', figure: `Queue opened → first page shown, rows on screen named, cold (${q.latencyMs} ms latency), p95`, measured: ms(q.cold.firstPageMs.p95), target: `≤ ${coldTarget} ms`, ok: (q.cold.firstPageMs.p95 ?? Infinity) <= coldTarget },
      { part: 'inbox', figure: 'Cold open: rows in the DOM (before the names), p95; calls per open', measured: `${ms(q.cold.rowsMs.p95)}; ${coldCalls}`, target: '-', ok: null },
      ...(q.h2
        ? [
            { part: 'inbox', figure: `… over HTTPS/2: first page shown, rows on screen named, cold, p50 / p95`, measured: `${ms(q.h2.firstPageMs.p50)} / ${ms(q.h2.firstPageMs.p95)}`, target: `≤ ${coldTarget} ms`, ok: (q.h2.firstPageMs.p95 ?? Infinity) <= coldTarget },
          ]
        : []),
      { part: 'inbox', figure: 'Queue reopened within freshness, p95; calls per open', measured: `${ms(q.warm.firstPageMs.p95)}; ${q.warm.callsPerOpen}`, target: '≤ 50 ms; 0', ok: (q.warm.firstPageMs.p95 ?? Infinity) <= 50 && q.warm.callsPerOpen === 0 },
      { part: 'inbox', figure: 'Archive from the queue → row gone (optimistic), p95', measured: ms(q.archive.rowGoneMs.p95), target: '≤ 50 ms', ok: (q.archive.rowGoneMs.p95 ?? Infinity) <= 50 },
      { part: 'inbox', figure: 'Archive → landed on the service, p95', measured: ms(q.archive.landedMs.p95), target: `≤ row gone + 1 round trip`, ok: null },
    );
  }
  const re = r.reply;
  if (re) {
    // One round trip (the naive way's send, measured in the same run) plus 50 ms.
    const target = (re.naiveMs.p95 ?? re.latencyMs) + 50;
    out.push(
      { part: 'reply', figure: `Send → Sent shown, undo window 0 (${re.latencyMs} ms latency), p50 / p95; calls per reply`, measured: `${ms(re.sentMs.p50)} / ${ms(re.sentMs.p95)}; ${re.callsPerReply}`, target: `≤ ${Math.round(target)} ms`, ok: (re.sentMs.p95 ?? Infinity) <= target },
      { part: 'reply', figure: 'Naive way: the send posted straight to the service (one round trip), p95; ratio p95', measured: `${ms(re.naiveMs.p95)}; ${num(re.ratioP95)}×`, target: '-', ok: null },
    );
    const f = re.faults;
    if (f) {
      out.push(
        { part: 'reply', figure: `Fault run, ${f.replies} replies: once / missing / doubled (read-backs, of which already landed)`, measured: `${f.once} / ${f.missing} / ${f.doubled} (${f.readBacks}, ${f.readBackHits})`, target: `${f.replies} / 0 / 0`, ok: f.once === f.replies && f.missing === 0 && f.doubled === 0 },
        { part: 'reply', figure: 'Naive client under the same faults: doubled messages (extra copies), attempts', measured: `${f.naiveDoubled} (${f.naiveExtraCopies}), ${f.naiveAttempts}`, target: '-', ok: null },
      );
    }
  }
  const li = r.lists;
  if (li) {
    const rt = 2 * li.latencyMs + 100;
    out.push(
      { part: 'L', figure: `Results page of 10, cold (${li.latencyMs} ms latency, HTTP/1.1): all badges shown, p95`, measured: ms(li.cold.allShownMs.p95), target: `≤ ${rt} ms`, ok: (li.cold.allShownMs.p95 ?? Infinity) <= rt },
      { part: 'L', figure: 'Results page of 10, cold: calls, max (conversation searches, max)', measured: `${li.cold.calls.max ?? '-'} (${li.cold.conversationSearches.max ?? '-'})`, target: '≤ 11 (1)', ok: (li.cold.calls.max ?? 0) <= 11 },
      ...(li.cold.revalidationCalls ? [{ part: 'L', figure: '… and the sidebar\'s stale badges revalidated meanwhile (idle work): calls, mean / max', measured: `${num(li.cold.revalidationCalls.mean)} / ${li.cold.revalidationCalls.max ?? '-'}`, target: '-', ok: null }] : []),
      { part: 'L', figure: 'Same 10, background only: batched / one by one, p95 (calls)', measured: `${ms(li.background.batchedMs.p95)} (${li.background.batchedCalls}) / ${ms(li.background.oneByOneMs.p95)} (${li.background.oneByOneCalls})`, target: '-', ok: null },
      { part: 'L', figure: 'Results page of 10, warm: all badges shown, p95 (calls, max)', measured: `${ms(li.warm.allShownMs.p95)} (${li.warm.calls.max ?? '-'})`, target: '≤ 50 ms (0)', ok: (li.warm.allShownMs.p95 ?? Infinity) <= 50 && (li.warm.calls.max ?? 0) === 0 },
      // The same pages over HTTPS with HTTP/2 (the rows above: HTTP/1.1, 6 connections per host).
      ...(li.h2
        ? [
            { part: 'L', figure: `… over HTTPS/2: results page of 10, cold: all badges shown, p50 / p95`, measured: `${ms(li.h2.cold.allShownMs.p50)} / ${ms(li.h2.cold.allShownMs.p95)}`, target: `≤ ${rt} ms`, ok: (li.h2.cold.allShownMs.p95 ?? Infinity) <= rt },
            { part: 'L', figure: '… over HTTPS/2: cold calls, max (conversation searches, max)', measured: `${li.h2.cold.calls.max ?? '-'} (${li.h2.cold.conversationSearches.max ?? '-'})`, target: '≤ 11 (1)', ok: (li.h2.cold.calls.max ?? 0) <= 11 },
            { part: 'L', figure: '… over HTTPS/2: warm, all badges shown, p95 (calls, max)', measured: `${ms(li.h2.warm.allShownMs.p95)} (${li.h2.warm.calls.max ?? '-'})`, target: '≤ 50 ms (0)', ok: (li.h2.warm.allShownMs.p95 ?? Infinity) <= 50 && (li.h2.warm.calls.max ?? 0) === 0 },
          ]
        : []),
      { part: 'L', figure: 'Profile opened after pointing at its link: URL change → status, p95 (calls at open, max)', measured: `${ms(li.prefetch.statusMs.p95)} (${li.prefetch.callsAtOpen.max ?? '-'})`, target: '≤ 50 ms (0)', ok: (li.prefetch.statusMs.p95 ?? Infinity) <= 50 && (li.prefetch.callsAtOpen.max ?? 0) === 0 },
      { part: 'L', figure: 'Archive while a page of 10 resolves: sent, p95', measured: ms(li.archiveWhileResolving.sentMs.p95), target: `≤ ${li.latencyMs + 50} ms`, ok: (li.archiveWhileResolving.sentMs.p95 ?? Infinity) <= li.latencyMs + 50 },
      { part: 'L', figure: `Content script, 100 new links: main-thread time per batch, p95 (long tasks)`, measured: `${ms(li.contentScript.batchMs.p95)} (${li.contentScript.longTasks})`, target: '(0)', ok: li.contentScript.longTasks === 0 },
      ...(li.feed
        ? [{ part: 'L', figure: `Feed grown to ${li.feed.rows} rows while scrolled: long tasks; frames over 50 ms (of ${li.feed.frames}), longest; script per load of 100, p95`, measured: `${li.feed.longTasks}; ${li.feed.slowFrames}, ${ms(li.feed.longestFrameMs)}; ${ms(li.feed.loadMs.p95)}`, target: '0; -', ok: li.feed.longTasks === 0 }]
        : []),
    );
  }
  const rd = r.reader;
  if (rd) {
    const pair = (x: { reader: Summary; selectors: Summary }) => `${ms(x.reader.p50)} / ${ms(x.reader.p95)} (selectors ${ms(x.selectors.p50)} / ${ms(x.selectors.p95)})`;
    out.push(
      { part: 'R', figure: `Page read by meaning, profile page beside a ${rd.rows}-row feed: main-thread time, p50 / p95 (the former selectors, same run)`, measured: pair(rd.profile), target: '≤ 2 ms (p50)', ok: (rd.profile.reader.p50 ?? Infinity) <= 2 },
      { part: 'R', figure: `… lead page (its profile links too), same document, p50 / p95`, measured: pair(rd.lead), target: '≤ 2 ms (p50)', ok: (rd.lead.reader.p50 ?? Infinity) <= 2 },
      { part: 'R', figure: `… a ${rd.rows}-row feed that shows nobody, p50 / p95 (load ${rd.load[0]} → ${rd.load[1]})`, measured: pair(rd.feed), target: '≤ 2 ms (p50)', ok: (rd.feed.reader.p50 ?? Infinity) <= 2 },
    );
  }
  if (r.team) out.push(...teamSummaryRows(r.team));
  if (r.audience) out.push(...audienceSummaryRows(r.audience));
  if (r.tasks) out.push(...longTasksSummaryRows(r.tasks));
  if (r.standing) out.push(...campaignStandingSummaryRows(r.standing));
  if (r.import) out.push(...importSummaryRows(r.import));
  return out;
}

export function summaryTable(r: Results): string[] {
  return table(['#', 'Figure', 'Measured', 'Target', ''], summaryRows(r).map((x) => [x.part, x.figure, x.measured, x.target, verdict(x.ok)]));
}

/** "This page" (issue 35): 25 people of one page, and the fault run, beside the naive way. */
function audienceSummaryRows(a: AudienceBenchResult): SummaryRow[] {
  const o = a.ours;
  const rows: SummaryRow[] = [
    { part: 'P', figure: `This page, ${a.people} people added (${a.latencyMs} ms latency, 50 calls / 10 s): press → last landed (earliest the list share allows); calls (adds), 429s`, measured: `${ms(o.pressToLastMs)} (${ms(o.minimumMs)}); ${o.calls} (${o.adds}), ${o.rateLimited}`, target: `${a.people} adds, list work ≤ ${o.listCap} / 10 s`, ok: o.adds === a.people && o.busiestListWindow <= o.listCap },
    { part: 'P', figure: 'Naive way (one add after another, no outbox): press → last landed; calls (adds), 429s', measured: `${ms(a.naive.pressToLastMs)}; ${a.naive.calls} (${a.naive.adds}), ${a.naive.rateLimited}`, target: '-', ok: null },
  ];
  const f = a.faults;
  if (f) {
    rows.push(
      { part: 'P', figure: `Fault run, ${f.adds} adds and a killed worker: in the audience / duplicates / missing (read-backs, of which landed)`, measured: `${f.inAudience} / ${f.duplicates} / ${f.missing} (${f.readBacks}, ${f.readBackHits})`, target: `${f.adds} / 0 / 0`, ok: f.inAudience === f.adds && f.duplicates === 0 && f.missing === 0 },
      { part: 'P', figure: 'Naive client under the same faults: duplicates; adds it calls "already there" (its Undo would leave them); attempts', measured: `${f.naiveDuplicates}; ${f.naiveWrongResults}; ${f.naiveAttempts}`, target: '-', ok: null },
    );
  }
  return rows;
}
