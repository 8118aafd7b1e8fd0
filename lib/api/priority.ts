/**
 * The limiter's priority classes, shared by the limiter, the connection gate and the resolver: which
 * class a call is in, and a priority that may rise (or move ahead in its class) while its call waits.
 */
/**
 * Highest first. 'user': a user's action and the first look-up of the profile on screen; 'background':
 * refreshes of what is on screen; 'list': list badges, prefetch, rows of a queue; 'idle': counts and
 * anything nobody waits for. Lower classes shed first.
 */
export const LIMITER_PRIORITIES = ['user', 'background', 'list', 'idle'] as const;
export type LimiterPriority = (typeof LIMITER_PRIORITIES)[number];


/**
 * A priority that may rise while its call waits: list work (a badge, a prefetch) that the user then
 * waits for (they opened that profile) must not wait behind the list's share cap.
 */
export interface RisingPriority {
  readonly current: LimiterPriority;
  /** Raises the priority (never lowers it); waiting calls move to the new class at once. */
  raise(to: LimiterPriority): void;
  /**
   * True once hastened: its calls go before the calls of their class queued without it (after those
   * hastened earlier), never before a higher class, and still under the class's share and rate.
   */
  readonly ahead: boolean;
  /** Moves its waiting calls (and later ones) to the front of their class: the pointer rests on that profile. */
  hasten(): void;
  /** Called after each raise or hasten; returns the unsubscribe. */
  onRaise(listener: () => void): () => void;
}

export function risingPriority(initial: LimiterPriority): RisingPriority {
  let current = initial;
  let ahead = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of [...listeners]) l();
  };
  return {
    get current() {
      return current;
    },
    get ahead() {
      return ahead;
    },
    raise(to) {
      if (LIMITER_PRIORITIES.indexOf(to) >= LIMITER_PRIORITIES.indexOf(current)) return;
      current = to;
      notify();
    },
    hasten() {
      if (ahead) return;
      ahead = true;
      notify();
    },
    onRaise(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Whether a call goes before the calls of its class queued without `hasten`. */
export const isAhead = (p: LimiterPriority | RisingPriority | undefined): boolean => typeof p === 'object' && p.ahead;

/** The priority a call has now. */
export function priorityOf(p: LimiterPriority | RisingPriority | undefined): LimiterPriority | undefined {
  return typeof p === 'object' ? p.current : p;
}
