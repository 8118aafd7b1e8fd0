/**
 * The worker's clock and timers on the emulator's clock, for a run whose waits are the service's own
 * (a search imported 5 s a page, a key's 50 calls per 10 s): real time, plus the jumps the bench
 * makes whenever the worker is idle (nothing on the wire, nothing stirring) with a timer set for
 * later. Both clocks jump together (`POST /_emulator/clock {advanceMs}`), so the emulator's import
 * steps and rate windows pass as the worker's timers do: 500 s of import take seconds of the machine.
 */
import type { Timers } from '../lib/timers';
import { steppedTimers } from '../test/contract/stepped-timers';
import { control } from './emulator-control';

export interface SteppedTime {
  clock: { now(): number };
  timers: Timers;
  /** The worker's fetch: counted while on the wire (idle means none is). */
  fetch: typeof fetch;
  /** Jumps both clocks over every idle stretch until `check` holds (`realLimitMs`: of the machine's time). */
  until(check: () => Promise<boolean>, what: string, realLimitMs?: number): Promise<void>;
  /** Jumps taken so far, and the time they skipped. */
  jumps(): { count: number; skippedMs: number };
}

/** How long nothing must stir (no call on the wire, none started or ended, no timer set) before a jump. */
const QUIET_MS = 20;

export async function steppedTime(origin: string): Promise<SteppedTime> {
  // The emulator's clock is real time plus its offset (0 after a reset): the worker's starts equal to it.
  const { now: emulatorNow } = await (await fetch(`${origin}/_emulator/clock`)).json() as { now: number };
  let offset = emulatorNow - Date.now();
  let inFlight = 0;
  let activity = 0;
  let jumps = 0;
  let skippedMs = 0;
  const clock = { now: () => Date.now() + offset };
  const stepped = steppedTimers(clock, () => (activity += 1));
  const counted: typeof fetch = async (input, init) => {
    inFlight += 1;
    activity += 1;
    try {
      return await fetch(input, init);
    } finally {
      inFlight -= 1;
      activity += 1;
    }
  };
  async function jumpTo(at: number) {
    const by = Math.ceil(at - clock.now());
    if (by > 0) {
      await control(origin, 'clock', { advanceMs: by });
      offset += by;
      jumps += 1;
      skippedMs += by;
    }
    stepped.runDue();
  }
  return {
    clock,
    timers: stepped.timers,
    fetch: counted,
    async until(check, what, realLimitMs = 300_000) {
      const deadline = Date.now() + realLimitMs;
      for (;;) {
        if (await check()) return;
        if (Date.now() > deadline) throw new Error(`${what}: not reached in ${realLimitMs / 1000} s of the machine's time`);
        const seen = activity;
        await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
        if (inFlight > 0 || activity !== seen) continue;
        const next = stepped.nextAt();
        if (next !== null && next > clock.now()) await jumpTo(next);
      }
    },
    jumps: () => ({ count: jumps, skippedMs }),
  };
}
