/**
 * A team's instances started and stopped: each the background service over its own fake IndexedDB,
 * on the team's key, with its limiter (adaptive, the one before issue 25, or fixed) seeded per
 * instance so that two limiters are compared on the same browsing.
 */
import { buildSeed } from '../emulator/seed/index';
import type { AimdOptions } from '../lib/api/aimd';
import type { BackgroundService } from '../lib/background/service';
import { openCompanionDb, type CompanionDb } from '../lib/store/db';
import type { Workspace } from './emulator-control';
import { must, nodeService } from './node-service';
import { rng } from './stats';
import { tracingFetch, type Answer } from './team-calls';
import { TODAY_AIMD, type LimiterKind, type TeamOptions } from './team-options';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The workspace's profiles (its leads') and conversations, what its people browse and act on. */
export interface Target {
  urls: string[];
  conversations: { id: string; leadId: string }[];
}

function targetsOf(workspaceName: string): Target {
  const ws = buildSeed('demo', { now: Date.now(), leads: 200 }).workspaces.find((w) => w.name === workspaceName);
  if (!ws) throw new Error(`the demo seed has no ${workspaceName} workspace`);
  return {
    urls: ws.leads.flatMap((l) => (l.pronetUrl ? [l.pronetUrl] : [])),
    conversations: ws.conversations.map((c) => ({ id: c.id, leadId: c.leadId })),
  };
}

export interface Team {
  kind: LimiterKind;
  ws: Workspace;
  target: Target;
  services: { service: BackgroundService; db: CompanionDb; name: string }[];
  /** Every answer the team's instances got: when, for what, its status. */
  answers: Answer[];
}

/** Instance `k`'s PRNG for `stream`, from the run's seed. */
export function streamOf(seed: number, k: number, stream: string): () => number {
  let h = Math.imul(seed, 0x9e3779b1) ^ Math.imul(k + 1, 0x85ebca6b);
  for (const ch of stream) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return rng(h);
}

function aimdOf(kind: LimiterKind, opts: TeamOptions, k: number): AimdOptions | false {
  if (kind === 'fixed') return false;
  // A variant (`aimd`) is the adaptive limiter's; 'today' stays the limiter before issue 25.
  return { ...(kind === 'today' ? TODAY_AIMD : opts.aimd), random: streamOf(opts.seed, k, 'aimd') };
}

/**
 * Starts a team's instances. `dbNames`: their databases (a morning reopens yesterday's, where the key
 * and the limiter's state are stored); absent: fresh ones, and the key set as a new user does.
 */
export async function startTeam(kind: LimiterKind, ws: Workspace, instances: number, baseUrl: string, run: number, opts: TeamOptions, dbNames?: string[], answers: Answer[] = []): Promise<Team> {
  const services: Team['services'] = [];
  const fetch = tracingFetch(answers);
  for (let k = 0; k < instances; k++) {
    const db = await openCompanionDb(dbNames?.[k] ?? `bench-team-${run}-${kind}-${k}-${Date.now()}`);
    const service = nodeService(db, baseUrl, { fetch, rateLimit: { adaptive: aimdOf(kind, opts, k) } });
    await service.start();
    if (!dbNames) await must(service, { type: 'key-set', key: ws.apiKey, sessionOnly: false });
    services.push({ service, db, name: db.name });
  }
  return { kind, ws, target: targetsOf(ws.name), services, answers };
}

export async function drainOutboxes(teams: Team[], drainMs: number): Promise<void> {
  const drainUntil = Date.now() + drainMs;
  for (const team of teams) {
    for (const { service } of team.services) {
      while ((await service.outbox.list()).length > 0 && Date.now() < drainUntil) await sleep(500);
    }
  }
}

export function stopTeams(teams: Team[]): void {
  for (const team of teams) {
    for (const { service, db } of team.services) {
      service.stop();
      db.close();
    }
  }
}
