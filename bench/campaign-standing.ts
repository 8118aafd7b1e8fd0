/**
 * Issue 44: statsleads calls per profile view to show one lead's campaign item, for campaigns of
 * 25, 250 and 2,500 leads, the per-campaign index (lib/inbox/campaign-lead-index) beside the naive
 * way (page from the start until found, every view). Counts calls only, so the pages are served in
 * memory with the emulator's paging rule (25 a page, cursor after a lead); views come one every
 * 30 s in a seeded random order, the index fresh for 15 minutes and at most 20 pages per view
 * (the list share is 60% of 50 calls per 10 s: 30).
 */
import { findLeadItem, STANDING_FRESH_MS, STANDING_MAX_PAGES, type CampaignLeadIndex, type Lookup } from '../lib/inbox/campaign-lead-index';

const PAGE = 25;
const VIEWS = 100;
const VIEW_EVERY_MS = 30_000;
const LIST_SHARE = 30;

export interface StandingRow {
  leads: number;
  views: number;
  indexMean: number;
  indexMax: number;
  indexUnknown: number;
  naiveMean: number;
  naiveMax: number;
}

function shuffled(n: number, seed: number): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  let s = seed;
  for (let i = n - 1; i > 0; i--) {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j] as number, out[i] as number];
  }
  return out;
}

async function run(leads: number): Promise<StandingRow> {
  const all = Array.from({ length: leads }, (_, i) => ({ id: `L${i}` }));
  const readPage = async (after: string | null) => {
    const start = after === null ? 0 : all.findIndex((l) => l.id === after) + 1;
    return { leads: all.slice(start, start + PAGE), hasMore: start + PAGE < all.length };
  };
  const order = shuffled(leads, 44);
  let index: CampaignLeadIndex<{ id: string }> | null = null;
  const calls: number[] = [];
  const naive: number[] = [];
  let unknown = 0;
  for (let v = 0; v < VIEWS; v++) {
    const at = order[v % leads] as number;
    const out: Lookup<{ id: string }> = await findLeadItem(index, `L${at}`, readPage, v * VIEW_EVERY_MS, STANDING_FRESH_MS, STANDING_MAX_PAGES);
    index = out.index;
    calls.push(out.calls);
    if (out.item === null) unknown++;
    naive.push(Math.floor(at / PAGE) + 1);
  }
  const mean = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100;
  return { leads, views: VIEWS, indexMean: mean(calls), indexMax: Math.max(...calls), indexUnknown: unknown, naiveMean: mean(naive), naiveMax: Math.max(...naive) };
}

export async function campaignStandingBench(opts: { log: (line: string) => void }): Promise<StandingRow[]> {
  const rows: StandingRow[] = [];
  for (const n of [25, 250, 2_500]) {
    const row = await run(n);
    opts.log(`standing: ${n} leads, index ${row.indexMean} calls/view (max ${row.indexMax}), naive ${row.naiveMean} (max ${row.naiveMax})`);
    rows.push(row);
  }
  return rows;
}

export function campaignStandingMarkdown(rows: readonly StandingRow[], table: (head: string[], rows: (string | number)[][]) => string[]): string[] {
  return [
    '',
    '## 10. A lead in its campaign (issue 44)',
    '',
    `statsleads calls per profile view, ${VIEWS} views one every ${VIEW_EVERY_MS / 1000} s in a random order, the per-campaign index fresh for ${STANDING_FRESH_MS / 60_000} min and at most ${STANDING_MAX_PAGES} pages a view (list share ${LIST_SHARE} calls per 10 s); the naive way pages from the start until found, every view. Both add one \`GET /campaigns/{id}\` (its status) per campaign per ${STANDING_FRESH_MS / 60_000} min. Calls are counted on the index the panel uses (\`findLeadItem\`, lib/inbox/campaign-lead-index.ts, as \`handlers/campaign-standing.ts\` calls it), pages served in memory with the emulator's paging rule; no view spends more than ${STANDING_MAX_PAGES} of the list's ${LIST_SHARE} calls per 10 s.`,
    '',
    ...table(
      ['Leads in the campaign', 'Index: calls/view', 'Index: max in a view', 'Views left unknown (resumed next view)', 'Naive: calls/view', 'Naive: max', 'Naive / index'],
      rows.map((r) => [r.leads.toLocaleString('en'), r.indexMean, r.indexMax, r.indexUnknown, r.naiveMean, r.naiveMax, r.indexMean > 0 ? `${Math.round((r.naiveMean / r.indexMean) * 10) / 10}×` : '-']),
    ),
  ];
}

/** The summary's row: calls per view at 2,500 leads beside the naive way, and the most one view spent. */
export function campaignStandingSummaryRows(rows: readonly StandingRow[]): { part: string; figure: string; measured: string; target: string; ok: boolean | null }[] {
  const big = rows[rows.length - 1];
  if (!big) return [];
  const most = Math.max(...rows.map((r) => r.indexMax));
  return [
    {
      part: '10',
      figure: `A lead's campaign item (statsleads), campaigns of ${rows.map((r) => r.leads.toLocaleString('en')).join(' / ')} leads: calls per profile view, index (naive); the most one view spent`,
      measured: `${rows.map((r) => `${r.indexMean} (${r.naiveMean})`).join(' / ')}; ${most}`,
      target: `≤ ${STANDING_MAX_PAGES} a view (list share ${LIST_SHARE})`,
      ok: most <= STANDING_MAX_PAGES,
    },
  ];
}
