import { vi } from 'vitest';
import type { ContentContext } from '../../../lib/content/profile-page';

/** WXT's content script context as far as the adapters use it: listeners end when it is invalidated. */
export function fakeContext() {
  const controller = new AbortController();
  const invalidated: (() => void)[] = [];
  const ctx = {
    get isInvalid() {
      return controller.signal.aborted;
    },
    abort: vi.fn((reason?: unknown) => {
      controller.abort(reason);
      for (const cb of invalidated) cb();
    }),
    onInvalidated: (cb: () => void) => invalidated.push(cb),
    // As WXT's: a timer of an invalidated context never runs (it may outlive the test's page).
    setTimeout: (handler: () => void, timeout?: number) =>
      window.setTimeout(() => {
        if (!controller.signal.aborted) handler();
      }, timeout) as unknown as number,
    addEventListener: (target: Window, type: string, handler: (event: Event) => void) => target.addEventListener(type, handler, { signal: controller.signal }),
  } satisfies ContentContext;
  return ctx;
}
