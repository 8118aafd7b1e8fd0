/**
 * Benchmark of "Import all N results" (issue 43, item 6): a whole network search of N = 40, 200 and
 * 1,000 results into an audience.
 * - Import: the worker's code in Node over fake IndexedDB (`node-service.ts`) against the emulator,
 *   the search's first page shown (its 10 badges looked up), then ONE press: one `POST /audiences`
 *   through the outbox, the audience's size followed (`GET /audiences/{id}/detail`, list priority,
 *   2 s doubling to 30 s while it does not grow) and the page's badges looked up again as it grows.
 *   The emulator imports a page of 10 every 5 s of its clock (`AUDIENCE_IMPORT_STEP_MS`), as the
 *   service walks the network's pages.
 * - Naive, page by page (how This page works without the import): for each results page, its people
 *   told to the worker and their badges looked up, then a press that adds the page's 10 (one
 *   `POST /leads` each through the outbox at list priority), then the next page; the user moves on
 *   as soon as a page's badges show.
 * Both under the key's real limit (50 per 10 s; list work 60% of it), 50 ms added to every call.
 * Times are of the emulator's clock, which the worker's clock and timers follow (`stepped-time.ts`):
 * whenever the worker is idle with a timer set for later, both jump to it, so the import's 5 s a
 * page and the rate windows pass without the machine waiting them out (real time runs too).
 * - A selection's adds under faults: the contract test `test/contract/this-page.test.ts › 100 people
 *   selected over 10 results pages…` run as it is (its line read): one batch of 100 under drops, 5xx
 *   after apply, late applies and a killed worker, beside the naive client.
 */
import type { RunningEmulator } from '../emulator/server';
import { AUDIENCE_IMPORT_PAGE, AUDIENCE_IMPORT_STEP_MS } from '../emulator/core';
import type { BackgroundService } from '../lib/background/service';
import { openCompanionDb } from '../lib/store/db';
import type { ThisPageView } from '../lib/views';
import { calls, control, proWorkspace, resetDemo, type EmulatorCall } from './emulator-control';
import { runFaultTest } from './fault-line';
import { countByEndpoint, parseSelectionFaultRun, type ImportBenchResult, type ImportRow, type WayFigures } from './search-import-report';
import { must, nodeService } from './node-service';
import { steppedTime, type SteppedTime } from './stepped-time';

export interface ImportBenchOptions {
  sizes: number[];
  latencyMs: number;
  /** False: the imports and the naive runs only (the fault run takes about a minute). */
  faultRun: boolean;
  log?: (line: string) => void;
}

export const DEFAULT_IMPORT_BENCH: ImportBenchOptions = { sizes: [40, 200, 1_000], latencyMs: 50, faultRun: true };

const TAB = 1;
const SEARCH = 'https://www.pronet.example/search/results/people/';
const PROFILE = (slug: string) => `https://www.pronet.example/in/${slug}/`;

interface Person {
  url: string;
  name: string;
  company: string;
}

/** A fresh demo world with a search of `n` results (the people of one company); its people in the search's order. */
async function searchOf(emulator: RunningEmulator, n: number) {
  const pro = proWorkspace(await resetDemo(emulator.origin));
  const company = `Bench Crowd ${n}x`;
  const { people } = await control<{ people: { slug: string; firstname: string; lastname: string; companyName: string }[] }>(emulator.origin, 'people', { company, count: n });
  const listed: Person[] = people.map((p) => ({ url: PROFILE(p.slug), name: `${p.firstname} ${p.lastname}`, company: p.companyName }));
  const pageUrl = (page: number) => `${SEARCH}?keywords=${encodeURIComponent(company)}${page > 1 ? `&page=${page}` : ''}`;
  return { pro, listed, pageUrl };
}

async function startWorker(emulator: RunningEmulator, apiKey: string, name: string) {
  const time = await steppedTime(emulator.origin);
  const db = await openCompanionDb(`bench-import-${name}-${Date.now()}`);
  const service = nodeService(db, emulator.baseUrl, { clock: time.clock, timers: time.timers, fetch: time.fetch });
  await service.start();
  await must(service, { type: 'key-set', key: apiKey, sessionOnly: false });
  return { time, db, service };
}

const view = async (service: BackgroundService) => (await must(service, { type: 'this-page', tabId: TAB })) as ThisPageView;

/** A results page shown: its people told to the worker, until their badges show. */
async function showPage(service: BackgroundService, time: SteppedTime, pageUrl: string, people: Person[], stated: number) {
  const told = await service.handle({ type: 'page-people', pageUrl, people, statedCount: stated }, { tabId: TAB });
  if (!told.ok) throw new Error(JSON.stringify(told.error));
  await time.until(async () => {
    const v = await view(service);
    return v.pageUrl === pageUrl && v.people.length === people.length && v.people.every((p) => p.badge !== undefined);
  }, 'the page\'s badges');
}

const lastId = (history: EmulatorCall[]) => Math.max(0, ...history.map((c) => c.id));


async function apiGet<T>(emulator: RunningEmulator, apiKey: string, path: string): Promise<T> {
  const r = await fetch(`${emulator.baseUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
  if (!r.ok) throw new Error(`GET ${path}: ${r.status}`);
  return (await r.json()) as T;
}

/** The audience's leads that are people of the search (pages of 100). */
async function membersOf(emulator: RunningEmulator, apiKey: string, audienceId: string, of: readonly Person[]): Promise<number> {
  const wanted = new Set(of.map((p) => p.url));
  const urls: string[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await apiGet<{ data: { pronetUrl: string | null }[]; total: number }>(emulator, apiKey, `/audiences/${audienceId}/leads?skip=${skip}&limit=100`);
    urls.push(...page.data.map((l) => l.pronetUrl ?? ''));
    if (urls.length >= page.total || page.data.length === 0) break;
  }
  return new Set(urls.filter((u) => wanted.has(u))).size;
}

async function importRun(emulator: RunningEmulator, n: number, latencyMs: number): Promise<ImportRow['import']> {
  const { pro, listed, pageUrl } = await searchOf(emulator, n);
  const identities = await apiGet<unknown>(emulator, pro.apiKey, '/identities');
  const identityList = (Array.isArray(identities) ? identities : ((identities as { identities?: unknown[]; data?: unknown[] }).identities ?? (identities as { data?: unknown[] }).data ?? [])) as { id: string }[];
  const identityId = identityList[0]?.id;
  if (!identityId) throw new Error('the Pro workspace has no identity');
  await control(emulator.origin, 'faults', { latencyMs });
  const mark = lastId(await calls(emulator.origin));
  const { time, db, service } = await startWorker(emulator, pro.apiKey, `import-${n}`);
  try {
    await showPage(service, time, pageUrl(1), listed.slice(0, 10), n);
    const pressAt = time.clock.now();
    await must(service, { type: 'this-page-import', tabId: TAB, audience: `Bench import ${n}`, identityId, excludeContactedLeads: false, autoImport: false });
    let audienceImported = 0;
    await time.until(async () => {
      const latest = (await view(service)).importAll?.latest;
      audienceImported = latest?.imported ?? 0;
      if (latest?.state === 'done' && audienceImported < n) throw new Error(`the import ended at ${audienceImported} of ${n}`);
      return audienceImported >= n;
    }, `the import of ${n}`);
    const pressToLastMs = time.clock.now() - pressAt;
    await time.until(async () => (await view(service)).importAll?.latest?.state === 'done', 'the following to end');
    // The page's badges turn as their people arrive: the look-ups the import asks again, landed.
    await time.until(async () => (await view(service)).people.every((p) => p.badge?.kind === 'lead'), 'the page\'s badges to turn');
    service.stop();
    const history = (await calls(emulator.origin)).filter((c) => c.id > mark);
    const posted = history.find((c) => c.endpoint === 'importAudience' && c.status === 200);
    if (!posted) throw new Error('no import landed');
    const audiences = await apiGet<{ audiences: { id: string; name: string }[] }>(emulator, pro.apiKey, '/audiences');
    const audience = audiences.audiences.find((a) => a.name === `Bench import ${n}`);
    const byEndpoint = countByEndpoint(history);
    return {
      calls: history.length,
      byEndpoint,
      rateLimited: history.filter((c) => c.status === 429).length,
      presses: 1,
      pressToLastMs: Math.round(pressToLastMs),
      inAudience: audience ? await membersOf(emulator, pro.apiKey, audience.id, listed) : 0,
      serviceDoneMs: Math.round(posted.at - pressAt + Math.ceil(n / AUDIENCE_IMPORT_PAGE) * AUDIENCE_IMPORT_STEP_MS),
      sizeReads: (byEndpoint['getAudience'] ?? 0) + (byEndpoint['listAudiences'] ?? 0),
    };
  } finally {
    service.stop();
    db.close();
    await control(emulator.origin, 'faults', {});
  }
}

async function naiveRun(emulator: RunningEmulator, n: number, latencyMs: number): Promise<WayFigures> {
  const { pro, listed, pageUrl } = await searchOf(emulator, n);
  const r = await fetch(`${emulator.baseUrl}/audiences/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${pro.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Bench naive ${n}` }),
  });
  const audience = ((await r.json()) as { audience: { id: string; name: string } }).audience;
  await control(emulator.origin, 'faults', { latencyMs });
  const mark = lastId(await calls(emulator.origin));
  const { time, db, service } = await startWorker(emulator, pro.apiKey, `naive-${n}`);
  try {
    const pages = Math.ceil(n / 10);
    let pressAt = 0;
    for (let k = 0; k < pages; k++) {
      const people = listed.slice(k * 10, k * 10 + 10);
      await showPage(service, time, pageUrl(k + 1), people, n);
      if (k === 0) pressAt = time.clock.now();
      await must(service, { type: 'this-page-add', tabId: TAB, audience: audience.name, audienceId: audience.id, people });
    }
    await time.until(async () => (await service.outbox.list()).length === 0 && (await view(service)).batch?.added === listed.length - (pages - 1) * 10, 'the last page\'s adds');
    const pressToLastMs = time.clock.now() - pressAt;
    service.stop();
    const history = (await calls(emulator.origin)).filter((c) => c.id > mark);
    return {
      calls: history.length,
      byEndpoint: countByEndpoint(history),
      rateLimited: history.filter((c) => c.status === 429).length,
      presses: pages,
      pressToLastMs: Math.round(pressToLastMs),
      inAudience: await membersOf(emulator, pro.apiKey, audience.id, listed),
    };
  } finally {
    service.stop();
    db.close();
    await control(emulator.origin, 'faults', {});
  }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export async function importBench(emulator: RunningEmulator, options: Partial<ImportBenchOptions> = {}): Promise<ImportBenchResult> {
  const opts = { ...DEFAULT_IMPORT_BENCH, ...options };
  const log = opts.log ?? (() => undefined);
  const rows: ImportRow[] = [];
  for (const n of opts.sizes) {
    const t0 = Date.now();
    const imp = await importRun(emulator, n, opts.latencyMs);
    log(`import: ${n} results, 1 press, ${imp.calls} calls (${imp.sizeReads} size reads), press → last lead shown ${seconds(imp.pressToLastMs)} (the service's last step ${seconds(imp.serviceDoneMs)}), ${imp.inAudience} in the audience [${seconds(Date.now() - t0)} real]`);
    const t1 = Date.now();
    const naive = await naiveRun(emulator, n, opts.latencyMs);
    log(`  naive: ${naive.presses} presses, ${naive.calls} calls, ${naive.rateLimited} × 429, press → last lead ${seconds(naive.pressToLastMs)}, ${naive.inAudience} in the audience [${seconds(Date.now() - t1)} real]`);
    rows.push({ results: n, pages: Math.ceil(n / 10), import: imp, naive });
  }
  let faults: ImportBenchResult['faults'] = null;
  if (opts.faultRun) faults = parseSelectionFaultRun(runFaultTest(['test/contract/this-page.test.ts', '-t', '100 people selected'], 'this-page selection exactly-once:', log));
  return { latencyMs: opts.latencyMs, rows, faults };
}

/** `npx tsx bench/search-import.ts [N…]`: the section alone, on an emulator of its own. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { startEmulator } = await import('../emulator/server');
  const emulator = await startEmulator({ port: 0, seed: 'demo', quiet: true });
  const sizes = process.argv.slice(2).map(Number).filter((x) => x > 0);
  try {
    const r = await importBench(emulator, { log: console.log, faultRun: false, ...(sizes.length ? { sizes } : {}) });
    console.log(JSON.stringify(r.rows.map((x) => ({ n: x.results, imp: x.import.byEndpoint, naive: x.naive.byEndpoint }))));
  } finally {
    await emulator.close();
  }
  process.exit(0);
}
