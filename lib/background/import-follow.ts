/**
 * How an import's audience is followed (issue 43): the service imports in the background, a page of
 * results at a time, so its size is read (GET /audiences/{id}/detail, list priority) as it grows. Each
 * read without growth doubles the wait (2 s to 30 s); a growth holds it. The following stops once the
 * audience holds the count the page stated, once it has stopped growing for a few reads, or at a cap:
 * a search that never starts (nothing after 10 minutes), or 2 hours in all.
 */
export const FOLLOW_FIRST_MS = 2_000;
export const FOLLOW_MAX_DELAY_MS = 30_000;
/** Reads in a row without growth, after a growth, that say the import is over. */
export const FOLLOW_STILL_READS = 3;
/** Nothing imported after this long: the import is taken as over (nothing to import, or all excluded). */
export const FOLLOW_NO_START_MS = 10 * 60_000;
export const FOLLOW_MAX_MS = 2 * 3_600_000;

export interface FollowState {
  /** The size last read (before the first read: the audience's size when pressed). */
  size: number;
  /** The wait before the next read. */
  delayMs: number;
  /** Reads in a row that found no growth. */
  still: number;
  /** Whether it has grown at all. */
  grown: boolean;
  startedAt: number;
}

export interface FollowStep {
  state: FollowState;
  grew: boolean;
  /** Over: no more reads. */
  done: boolean;
}

export function startFollow(sizeBefore: number, now: number): FollowState {
  return { size: sizeBefore, delayMs: FOLLOW_FIRST_MS, still: 0, grown: false, startedAt: now };
}

/** After a read of `size` at `now`; `target`: the size that means every stated result is in (null: unknown). */
export function followRead(state: FollowState, size: number, now: number, target: number | null): FollowStep {
  const grew = size > state.size;
  const still = grew ? 0 : state.still + 1;
  const next: FollowState = {
    size: Math.max(size, state.size),
    delayMs: grew ? state.delayMs : Math.min(state.delayMs * 2, FOLLOW_MAX_DELAY_MS),
    still,
    grown: state.grown || grew,
    startedAt: state.startedAt,
  };
  const elapsed = now - state.startedAt;
  const done =
    (target !== null && next.size >= target) ||
    (next.grown && still >= FOLLOW_STILL_READS) ||
    (!next.grown && elapsed >= FOLLOW_NO_START_MS) ||
    elapsed >= FOLLOW_MAX_MS;
  return { state: next, grew, done };
}
