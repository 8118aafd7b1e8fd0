/**
 * The one alarm that wakes a stopped worker, shared by the parts that wait for a time (the outbox's
 * retries, the enrichments followed): each says when it next needs to run, the earliest time wins.
 */
export type WakeAlarmSet = (at: number | null) => void;

export function createWakeAlarm<Part extends string>(set: WakeAlarmSet | undefined) {
  const wakes = new Map<Part, number>();
  return {
    /** The part's `onNextWake`; none when no alarm is wired (unit tests without one). */
    for(part: Part): { onNextWake?: WakeAlarmSet } {
      if (!set) return {};
      return {
        onNextWake(at) {
          if (at === null) wakes.delete(part);
          else wakes.set(part, at);
          set(wakes.size > 0 ? Math.min(...wakes.values()) : null);
        },
      };
    },
  };
}
