/**
 * A team's people browsing as busy people do: a profile every few seconds (the panel's look-up,
 * `user` priority), a list page of look-ups at `list` priority (given up when the next page comes),
 * an append to one of their own conversations now and then; each from its own seeded schedule.
 */
import type { BackgroundService } from '../lib/background/service';
import { canonicalProfileUrl } from '../lib/pronet/canonical-url';
import { isShedError } from '../lib/api/rate-limiter';
import { must } from './node-service';
import { callKind } from './team-calls';
import type { TeamOptions } from './team-options';
import { sleep, streamOf, type Target, type Team } from './team-setup';

/** What one instance saw while it browsed. */
export interface InstanceFigures {
  profileMs: number[];
  profileViews: number;
  listLookups: number;
  listDone: number;
  listShed: number;
  actions: { conversationId: string; text: string }[];
}

const NOBODY = (i: number) => `https://www.pronet.example/in/not-a-lead-${i}/`;

/** Calls `step` every `periodMs` from a random offset until `endAt`, without waiting for it. */
async function every(periodMs: number, endAt: number, random: () => number, step: (n: number) => void): Promise<void> {
  await sleep(random() * periodMs);
  for (let n = 0; Date.now() < endAt; n++) {
    const next = Date.now() + periodMs;
    step(n);
    await sleep(next - Date.now());
  }
}

/** One busy person's browser until `endAt`. */
async function busyPerson(
  service: BackgroundService,
  target: Target,
  mine: { id: string; leadId: string }[],
  tag: string,
  endAt: number,
  opts: TeamOptions,
  random: (stream: string) => () => number,
  startDelayMs = 0,
): Promise<InstanceFigures> {
  const f: InstanceFigures = { profileMs: [], profileViews: 0, listLookups: 0, listDone: 0, listShed: 0, actions: [] };
  await sleep(startDelayMs);
  // One stream per use, so that the order in which timers fire does not change the picks.
  const picker = (r: () => number) => () => (r() < 0.2 ? NOBODY(Math.floor(r() * 1e6)) : target.urls[Math.floor(r() * target.urls.length)]!);
  const profileUrl = picker(random('profile'));
  const listUrl = picker(random('list'));
  let profile: Promise<void> = Promise.resolve();
  let page: AbortController | null = null;
  const lists: Promise<void>[] = [];

  await Promise.all([
    every(opts.profileEveryMs, endAt, random('profile-at'), () => {
      f.profileViews += 1;
      const started = Date.now();
      profile = callKind.run('profile', async () => {
        const url = profileUrl();
        await service.tabNavigated(1, url);
        const state = await service.panelState(1);
        // Shown: this profile's answer (not the next profile's, when this look-up was left for it).
        if ((state.kind === 'lead' || state.kind === 'no-lead') && state.profileUrl === canonicalProfileUrl(url)) f.profileMs.push(Date.now() - started);
      });
    }),
    every(opts.listEveryMs, endAt, random('list-at'), () => {
      page?.abort();
      page = new AbortController();
      const { signal } = page;
      for (let i = 0; i < opts.listSize; i++) {
        f.listLookups += 1;
        lists.push(
          callKind.run('list', () => service.api.searchLead({ pronetUrl: listUrl() }, { priority: 'list', signal })).then(
            () => void (f.listDone += 1),
            (error: unknown) => void (isShedError(error) && (f.listShed += 1)),
          ),
        );
      }
    }),
    every(opts.actionEveryMs, endAt, random('action-at'), (n) => {
      const c = mine[n % mine.length]!;
      const text = `${tag}-a${n}`;
      f.actions.push({ conversationId: c.id, text });
      void callKind.run('action', () => must(service, { type: 'save-note', conversationId: c.id, leadId: c.leadId, mode: 'append', text }));
    }),
  ]);
  // The last page is left when the person stops browsing.
  (page as AbortController | null)?.abort();
  await Promise.allSettled([profile, ...lists]);
  return f;
}

/** Every instance of every team browses until `endAt`, each starting within `startWithinMs`. */
export function browseTeams(teams: Team[], instances: number, endAt: number, run: number, opts: TeamOptions, tag: string, startWithinMs = 0): Promise<InstanceFigures[][]> {
  return Promise.all(
    teams.map((team) =>
      Promise.all(
        team.services.map(({ service }, k) => {
          const mine = team.target.conversations.filter((_, j) => j % instances === k).slice(0, 20);
          const delay = streamOf(opts.seed, k, `start-${tag}`)() * startWithinMs;
          return busyPerson(service, team.target, mine, `${team.kind}-r${run}-${tag}-i${k}`, endAt, opts, (stream) => streamOf(opts.seed, k, `${stream}-${tag}`), delay);
        }),
      ),
    ),
  );
}
