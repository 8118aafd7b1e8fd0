/**
 * The one-by-one way beside the batched way, background side: the same people resolved through the
 * real client at the emulator's added latency, `resolveMany` (a lead search each, ONE conversation
 * search) against one `resolve` per profile (a lead search and a conversation list each).
 */
import { createClient } from '../lib/api/client';
import { createBackgroundApi } from '../lib/background/api';
import { createResolver } from '../lib/background/resolver';
import type { ProfileCache } from '../lib/store/cache';
import type { CacheEntry } from '../lib/store/db';
import { calls, control } from './emulator-control';
import { listCalls } from './list-pages';
import { roundSummary, summarize, type Summary } from './stats';

export interface ResolveWays {
  batchedMs: Summary;
  batchedCalls: number;
  oneByOneMs: Summary;
  oneByOneCalls: number;
}

/** A cache in memory, for the background-side comparison. */
function memoryCache(): ProfileCache {
  const m = new Map<string, CacheEntry>();
  return {
    get: async (u) => m.get(u),
    put: async (e) => void m.set(e.profileUrl, e),
    delete: async (u) => void m.delete(u),
    byLead: async (id) => [...m.values()].filter((e) => e.leadId === id),
    byLeads: async (ids) => new Map(ids.map((id) => [id, [...m.values()].filter((e) => e.leadId === id)])),
    profileOfLead: async (id) => [...m.values()].find((e) => e.leadId === id)?.profileUrl ?? null,
    patchConversation: async () => [],
    prune: async () => undefined,
  };
}

/** Each way `runs` times, on `pages[1..]` (the results pages' people, fresh to the resolvers' caches). */
export async function resolveWays(emulator: { origin: string; baseUrl: string }, apiKey: string, pages: string[][], runs: number): Promise<ResolveWays> {
  const since = async (n: number) => listCalls((await calls(emulator.origin)).slice(n));
  const client = createClient({ baseUrl: emulator.baseUrl, apiKey, retry: { maxAttempts: 1 } });
  const api = createBackgroundApi(client.call);
  const { leadsConversations: _batched, ...oneByOneApi } = api;
  const batchedMs: number[] = [];
  const oneByOneMs: number[] = [];
  let batchedCalls = 0;
  let oneByOneCalls = 0;
  const clock = { now: () => Date.now() };
  for (let run = 0; run < runs; run++) {
    const people = pages[(run % runs) + 1]!;
    // A fresh rate window for each way (the emulator's clock moves on; the key's budget is shared).
    await control(emulator.origin, 'clock', { advanceMs: 10_000 });
    const batched = createResolver({ api, cache: memoryCache(), clock });
    let before = (await calls(emulator.origin)).length;
    let t0 = performance.now();
    await Promise.all(batched.resolveMany(people.map((profileUrl) => ({ profileUrl })), { priority: 'list' }));
    batchedMs.push(performance.now() - t0);
    batchedCalls = (await since(before)).length;
    await control(emulator.origin, 'clock', { advanceMs: 10_000 });
    const oneByOne = createResolver({ api: oneByOneApi, cache: memoryCache(), clock });
    before = (await calls(emulator.origin)).length;
    t0 = performance.now();
    await Promise.all(people.map((p) => oneByOne.resolve(p, { priority: 'list' })));
    oneByOneMs.push(performance.now() - t0);
    oneByOneCalls = (await since(before)).length;
  }
  return { batchedMs: roundSummary(summarize(batchedMs)), batchedCalls, oneByOneMs: roundSummary(summarize(oneByOneMs)), oneByOneCalls };
}
