/**
 * The content script's context with timers that leave nothing behind. WXT's `ctx.setTimeout` adds
 * an abort listener to the context's signal for every timer and never takes it off: a long page's
 * thousands of reading slices piled thousands of listeners up, each new one slower to add (the
 * browser compares it with every listener already there) and all of them kept alive (issue 42: up to
 * 8 ms of a slice at 4x CPU went to adding the next timer's listener). Here one listener clears the
 * timers still pending when the context ends.
 */
import type { ContentContext } from './profile-page';

type TimerWindow = Pick<Window, 'setTimeout' | 'clearTimeout'>;

export function withOwnTimers(ctx: ContentContext, window: TimerWindow): ContentContext {
  const pending = new Set<number>();
  ctx.onInvalidated(() => {
    for (const id of pending) window.clearTimeout(id);
    pending.clear();
  });
  return {
    get isInvalid() {
      return ctx.isInvalid;
    },
    abort: (reason) => ctx.abort(reason),
    onInvalidated: (cb) => ctx.onInvalidated(cb),
    addEventListener: (target, type, handler) => ctx.addEventListener(target, type, handler),
    setTimeout(handler, timeout) {
      const id = window.setTimeout(() => {
        pending.delete(id);
        if (!ctx.isInvalid) handler();
      }, timeout);
      pending.add(id);
      return id;
    },
  };
}
