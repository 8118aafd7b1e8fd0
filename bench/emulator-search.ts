/**
 * Benchmark 5, the emulator's conversation search at scale: an emulator of its own with the `bulk`
 * workspace of 100,000 leads, `GET /flow/conversations/search` timed over loopback HTTP (what a
 * client sees: routing, validation, search, serialisation) for the filters people use most, each
 * after a few warm-up calls. The service's rate limit is lifted for the run (it would stop the
 * measurement after 50 calls, not the search).
 */
import { startEmulator } from '../emulator/server';
import { control } from './emulator-control';
import { round, summarize, type Summary } from './stats';

export interface SearchOptions {
  leads: number;
  runs: number;
  warmup: number;
  log?: (line: string) => void;
}

export const DEFAULT_SEARCH: SearchOptions = { leads: 100_000, runs: 60, warmup: 5 };

export interface SearchCase {
  name: string;
  query: string;
  /** Conversations the filter matches (the first page's `total`; null on later pages). */
  total: number | null;
  ms: Summary;
}

export interface SearchResult {
  leads: number;
  conversations: number | null;
  /** Time to build the world and listen (seed of `leads` leads). */
  startS: number;
  heapMb: number;
  cases: SearchCase[];
}

interface Page {
  data: { id: string; leadId: string; identityId: string }[];
  total: number | null;
  nextToken: string | null;
}

export async function emulatorSearch(options: Partial<SearchOptions> = {}): Promise<SearchResult> {
  const opts = { ...DEFAULT_SEARCH, ...options };
  const log = opts.log ?? (() => undefined);
  log(`emulator search: seeding ${opts.leads.toLocaleString('en')} leads`);
  const began = Date.now();
  const emulator = await startEmulator({ port: 0, seed: 'demo', leads: opts.leads, quiet: true });
  const startS = (Date.now() - began) / 1000;
  try {
    const bulk = emulator.workspaces.find((w) => w.name === 'bulk');
    if (!bulk) throw new Error('the emulator has no bulk workspace');
    await control(emulator.origin, 'faults', { rateLimit: { calls: 1_000_000, windowMs: 1_000 } });
    const get = async <T>(path: string): Promise<T> => {
      const r = await fetch(`${emulator.baseUrl}${path}`, { headers: { authorization: `Bearer ${bulk.apiKey}` } });
      if (!r.ok) throw new Error(`GET ${path}: HTTP ${r.status} ${(await r.text()).slice(0, 200)}`);
      return (await r.json()) as T;
    };

    // Real values for the filters that need them, read through the API itself.
    const all = await get<Page>('/conversations/search?limit=100');
    const first = all.data[0];
    if (!first) throw new Error('the bulk workspace has no conversation');
    const leadIds = [...new Set(all.data.map((c) => c.leadId))].slice(0, 10);
    const { lead } = await get<{ lead: { firstname: string | null; lastname: string | null } }>(`/leads/search?leadId=${encodeURIComponent(first.leadId)}`);
    const open = await get<Page>('/conversations/search?status=OPEN');
    const monthAgo = Date.now() - 30 * 24 * 3_600_000;

    const cases: { name: string; query: string }[] = [
      { name: 'status OPEN', query: 'status=OPEN' },
      { name: 'waiting for a reply (OPEN, RECEIVED, leadReplied)', query: 'status=OPEN&lastMessageStatus=RECEIVED&leadReplied=true' },
      { name: 'untouched for 30 days (OPEN, lastMessageAtTo)', query: `status=OPEN&lastMessageAtTo=${monthAgo}` },
      { name: 'one identity (identityIds)', query: `identityIds=${encodeURIComponent(first.identityId)}` },
      { name: 'ten leads (leadIds)', query: `leadIds=${leadIds.map(encodeURIComponent).join(',')}` },
      { name: 'free text (q, a last name)', query: `q=${encodeURIComponent(lead.lastname ?? lead.firstname ?? 'a')}` },
      { name: 'status OPEN, page 2 (searchAfter)', query: `status=OPEN&searchAfter=${encodeURIComponent(open.nextToken ?? '')}` },
    ];
    const results: SearchCase[] = [];
    for (const c of cases) {
      let total: number | null = null;
      const times: number[] = [];
      for (let i = 0; i < opts.warmup + opts.runs; i++) {
        const t0 = performance.now();
        const page = await get<Page>(`/conversations/search?${c.query}`);
        const ms = performance.now() - t0;
        if (i >= opts.warmup) times.push(ms);
        total = page.total;
      }
      const ms = summarize(times);
      results.push({ name: c.name, query: c.query.replace(/searchAfter=[^&]+/, 'searchAfter=<nextToken>'), total, ms: { ...ms, p50: round(ms.p50, 2), p95: round(ms.p95, 2), max: round(ms.max, 2), mean: round(ms.mean, 2) } });
      log(`  ${c.name}: p50 ${round(ms.p50, 2)} ms, p95 ${round(ms.p95, 2)} ms`);
    }
    const unfiltered = await get<Page>('/conversations/search');
    return {
      leads: opts.leads,
      conversations: unfiltered.total,
      startS: round(startS, 1)!,
      heapMb: Math.round(process.memoryUsage().heapUsed / 1_048_576),
      cases: results,
    };
  } finally {
    await emulator.close();
  }
}
