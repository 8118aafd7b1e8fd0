/** The team on one key's options: the cases run, the browsing of each person, the limiters compared. */
import type { AimdOptions } from '../lib/api/aimd';

export type LimiterKind = 'adaptive' | 'today' | 'fixed';

export interface TeamOptions {
  runs: TeamRun[];
  profileEveryMs: number;
  listEveryMs: number;
  listSize: number;
  actionEveryMs: number;
  /** After the browsing: how long the outboxes may take to send what is left. */
  drainMs: number;
  /** Seeds every instance's PRNGs (schedule, picks, AIMD jitter). */
  seed: number;
  /** The limiters run side by side (default both). */
  limiters: LimiterKind[];
  /** A variant of the adaptive limiter's AIMD options (`random` is the instance's seeded one). */
  aimd?: Omit<AimdOptions, 'random'>;
  log?: (line: string) => void;
}

export interface TeamRun {
  instances: number;
  durationMs: number;
  /**
   * A team's morning: the instances first browse `yesterdayMs` on the key (fresh installs), stop, and
   * start again on their stored state, each within `startWithinMs`; the figures are the morning's.
   */
  morning?: { yesterdayMs: number; startWithinMs: number };
}

/** What a run is, for the tables. */
export const caseOf = (r: Pick<TeamRun, 'instances' | 'morning'>): string =>
  r.morning ? `team's morning (${r.instances}, stored state)` : r.instances > 10 ? `${r.instances} busy teammates` : `${r.instances} fresh installs in one second`;

/** The limiter before issue 25, as AIMD options: lists counted against every call while fresh, a floor of 2, nothing shed. */
export const TODAY_AIMD: Omit<AimdOptions, 'random'> = { minRate: 2, shedAfterMs: Infinity, freshCountsEveryCall: true, paceUsersAfterPushbacks: Infinity };

export const DEFAULT_TEAM: TeamOptions = {
  // Each case side by side with the limiter before issue 25, near 12 minutes in all.
  runs: [
    { instances: 10, durationMs: 150_000, morning: { yesterdayMs: 60_000, startWithinMs: 60_000 } },
    { instances: 10, durationMs: 120_000 },
    { instances: 20, durationMs: 90_000 },
  ],
  profileEveryMs: 5_000,
  listEveryMs: 30_000,
  listSize: 10,
  actionEveryMs: 20_000,
  drainMs: 90_000,
  seed: 1,
  limiters: ['adaptive', 'today'],
};
