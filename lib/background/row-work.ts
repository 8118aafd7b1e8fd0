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

/** One call per key while someone waits for it, whichever screens ask. */
export interface SharedCalls<V> {
  /**
   * The call for `key`: joins the one on its way, else starts `call` with a signal of its own that
   * aborts once every asker's signal has (an asker without a signal never leaves). An asker that
   * leaves is rejected at once with its signal's reason; the call goes on while others wait.
   */
  run(key: string, signal: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<V>): Promise<V>;
}

/**
 * One listener per signal, whatever the number of askers on it (a screen's signal serves every row
 * call of the screen); the returned function stops listening.
 */
function listenerHub() {
  const hub = new WeakMap<AbortSignal, Set<() => void>>();
  return (signal: AbortSignal, fn: () => void): (() => void) => {
    let fns = hub.get(signal);
    if (!fns) {
      const all = new Set<() => void>();
      hub.set(signal, (fns = all));
      signal.addEventListener('abort', () => all.forEach((f) => f()), { once: true });
    }
    fns.add(fn);
    return () => void fns.delete(fn);
  };
}

export function createSharedCalls<V>(): SharedCalls<V> {
  const onAbort = listenerHub();
  const going = new Map<string, { promise: Promise<V>; askers: number; ctrl: AbortController }>();
  return {
    run(key, signal, call) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      let entry = going.get(key);
      if (!entry) {
        const ctrl = new AbortController();
        const started = { promise: call(ctrl.signal), askers: 0, ctrl };
        going.set(key, started);
        const done = () => {
          if (going.get(key) === started) going.delete(key);
        };
        started.promise.then(done, done);
        entry = started;
      }
      const joined = entry;
      if (!signal) {
        joined.askers = Infinity;
        return joined.promise;
      }
      joined.askers += 1;
      return new Promise<V>((resolve, reject) => {
        const stop = onAbort(signal, () => {
          joined.askers -= 1;
          if (joined.askers === 0) {
            // Nobody waits for it any more: a call still queued is dropped (one sent is answered).
            if (going.get(key) === joined) going.delete(key);
            joined.ctrl.abort(signal.reason);
          }
          reject(signal.reason);
        });
        joined.promise.then(
          (value) => {
            stop();
            resolve(value);
          },
          (error: unknown) => {
            stop();
            reject(error);
          },
        );
      });
    },
  };
}
