/**
 * One call shared by its askers, aborted when the last one leaves: the inbox rows' look-ups and
 * previews (handlers/inbox.ts, whichever screens ask) and the resolver's profile resolutions (a
 * panel, a chip and a prefetch asking for the same profile) run one call per key while someone waits
 * for it. Each asker passes its own signal: when it aborts, that asker is rejected at once with its
 * reason and leaves; the call goes on while others wait, and its own signal aborts when none is left
 * (a call still queued is dropped; one sent is answered). An asker without a signal never leaves.
 *
 * A call whose askers all left may be on the wire still, and be answered: an asker coming for its key
 * before it settles waits for that answer, and asks again only if there is none (it was dropped while
 * queued, or failed). Without it a profile scrolled away and back while its look-up was on the wire
 * was looked up twice (resolver.test.ts).
 */

export interface SharedCall<V> {
  readonly promise: Promise<V>;
  /** Waits for the call as one more asker (see above). */
  join(signal: AbortSignal | undefined): Promise<V>;
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

const onAbort = listenerHub();

function reasonOf(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** The call `promise` made with `controller`'s signal, shared from now on. */
export function sharedCall<V>(controller: AbortController, promise: Promise<V>): SharedCall<V> {
  let askers = 0;
  const leave = (signal: AbortSignal) => {
    askers -= 1;
    if (askers === 0) controller.abort(reasonOf(signal));
  };
  return {
    promise,
    join(signal) {
      askers += 1;
      if (!signal) {
        askers = Infinity;
        return promise;
      }
      if (signal.aborted) {
        leave(signal);
        return Promise.reject(reasonOf(signal));
      }
      return new Promise<V>((resolve, reject) => {
        const stop = onAbort(signal, () => {
          leave(signal);
          reject(reasonOf(signal));
        });
        promise.then(
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

/** Shared calls by key: a call is found under its key until it settles or its last asker leaves. */
export interface SharedCalls<V, C extends SharedCall<V> = SharedCall<V>> {
  /** Joins the call on its way for `key`, else starts `call` with a signal of its own and joins it. */
  run(key: string, signal: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<V>): Promise<V>;
  get(key: string): C | undefined;
  /** Registers `promise`, a call made with `controller`'s signal; `make` adds what the caller keeps beside it. */
  add(key: string, controller: AbortController, promise: Promise<V>, make: (shared: SharedCall<V>) => C): C;
  /**
   * For an asker coming after every asker of `key`'s call left, while that call may still be answered:
   * its answer, else (no answer) `again()`; rejected at once when `signal` aborts. Undefined when no
   * such call is on its way.
   */
  afterLeft(key: string, signal: AbortSignal | undefined, again: () => Promise<V>): Promise<V> | undefined;
  /** The call for `key` is not joined any more (what it answers is out of date); it goes on for its askers. */
  forget(key: string): void;
}

/** `promise`, or its asker's abort reason as soon as `signal` aborts. */
function untilAborted<V>(promise: Promise<V>, signal: AbortSignal | undefined): Promise<V> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(reasonOf(signal));
  return new Promise<V>((resolve, reject) => {
    const stop = onAbort(signal, () => reject(reasonOf(signal)));
    promise.then(
      (value) => (stop(), resolve(value)),
      (error: unknown) => (stop(), reject(error)),
    );
  });
}

export function createSharedCalls<V, C extends SharedCall<V> = SharedCall<V>>(): SharedCalls<V, C> {
  const going = new Map<string, SharedCall<V>>();
  /** Calls whose askers all left, until they settle (see above). */
  const left = new Map<string, Promise<V>>();
  function add<K extends SharedCall<V>>(key: string, controller: AbortController, promise: Promise<V>, make: (shared: SharedCall<V>) => K): K {
    const created = make(sharedCall(controller, promise));
    going.set(key, created);
    const done = () => {
      if (going.get(key) === created) going.delete(key);
    };
    promise.then(done, done);
    // An abandoned call is not joined by a later asker, who waits for its answer instead (afterLeft).
    controller.signal.addEventListener(
      'abort',
      () => {
        if (going.get(key) !== created) return;
        going.delete(key);
        left.set(key, promise);
        const settled = () => {
          if (left.get(key) === promise) left.delete(key);
        };
        promise.then(settled, settled);
      },
      { once: true },
    );
    return created;
  }
  function afterLeft(key: string, signal: AbortSignal | undefined, again: () => Promise<V>): Promise<V> | undefined {
    const previous = left.get(key);
    if (!previous) return undefined;
    return untilAborted(
      previous.catch(() => again()),
      signal,
    );
  }
  const calls: SharedCalls<V, C> = {
    run(key, signal, call) {
      if (signal?.aborted) return Promise.reject(reasonOf(signal));
      let entry = going.get(key);
      if (!entry) {
        const waited = afterLeft(key, signal, () => calls.run(key, signal, call));
        if (waited) return waited;
        const controller = new AbortController();
        entry = add(key, controller, call(controller.signal), (shared) => shared);
      }
      return entry.join(signal);
    },
    get: (key) => going.get(key) as C | undefined,
    add,
    afterLeft,
    forget(key) {
      going.delete(key);
      left.delete(key);
    },
  };
  return calls;
}
