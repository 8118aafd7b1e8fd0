/**
 * The calls made for the rows of a list on screen (the inbox queue's look-ups and previews): they
 * belong to the screen that asked for them. When the rows leave the screen (another view, a new
 * first page, the panel closed), their calls still waiting for a slot are dropped through their
 * AbortSignal, so that nothing the user no longer sees goes before what they asked for next.
 */

/** The screens of a list: each asker names its screen; leaving one aborts its signal. */
export interface Screens {
  /** The signal of `screen`'s work (undefined: no screen named, the work is never cancelled). */
  signal(screen: string | undefined): AbortSignal | undefined;
  /** The rows of `screen` left the screen: its calls still queued are dropped. */
  leave(screen: string): void;
  /** Nobody shows the list any more (every panel closed). */
  leaveAll(): void;
}

/** Why a screen's work was dropped (the reason its queued calls reject with). */
export class LeftScreenError extends Error {
  override readonly name = 'AbortError';
  constructor() {
    super('the rows left the screen');
  }
}

/**
 * `max`: screens kept at once (a panel that never said it left one: the oldest is left). Screens
 * left are remembered (as many), so a request that arrives after its screen was left is not started.
 */
export function createScreens(max = 8): Screens {
  const live = new Map<string, AbortController>();
  const left = new Set<string>();
  const leave = (screen: string) => {
    live.get(screen)?.abort(new LeftScreenError());
    live.delete(screen);
    left.add(screen);
    if (left.size > max) left.delete(left.values().next().value as string);
  };
  return {
    signal(screen) {
      if (screen === undefined) return undefined;
      if (left.has(screen)) return AbortSignal.abort(new LeftScreenError());
      let ctrl = live.get(screen);
      if (!ctrl) {
        live.set(screen, (ctrl = new AbortController()));
        if (live.size > max) leave(live.keys().next().value as string);
      }
      return ctrl.signal;
    },
    leave,
    leaveAll() {
      for (const screen of [...live.keys()]) leave(screen);
    },
  };
}
