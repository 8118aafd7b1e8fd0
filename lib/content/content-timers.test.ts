/** The content script's timers: one listener on the context however many timers, none left to run once it ends. */
import { describe, expect, it, vi } from 'vitest';
import { withOwnTimers } from './content-timers';
import type { ContentContext } from './profile-page';

/** The test's clock (fake timers patch the global ones). */
const clock = {
  setTimeout: (f: () => void, ms?: number) => setTimeout(f, ms) as unknown as number,
  clearTimeout: (id?: number) => clearTimeout(id),
} as Pick<Window, 'setTimeout' | 'clearTimeout'>;

function fakeContext() {
  const listeners: (() => void)[] = [];
  let invalid = false;
  const ctx: ContentContext = {
    get isInvalid() {
      return invalid;
    },
    abort: () => {
      invalid = true;
      for (const cb of listeners) cb();
    },
    onInvalidated: (cb) => listeners.push(cb),
    setTimeout: () => {
      throw new Error("WXT's timer is not used");
    },
    addEventListener: () => undefined,
  };
  return { ctx, listeners };
}

describe('withOwnTimers', () => {
  it('runs each timer once, with one listener on the context for a thousand of them', () => {
    vi.useFakeTimers();
    try {
      const { ctx, listeners } = fakeContext();
      const timers = withOwnTimers(ctx, clock);
      let ran = 0;
      for (let i = 0; i < 1000; i++) timers.setTimeout(() => ran++, 0);
      vi.runAllTimers();
      expect(ran).toBe(1000);
      expect(listeners).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs nothing once the context has ended, pending or due', () => {
    vi.useFakeTimers();
    try {
      const { ctx } = fakeContext();
      const timers = withOwnTimers(ctx, clock);
      let ran = 0;
      timers.setTimeout(() => ran++, 10);
      timers.setTimeout(() => ran++, 1000);
      ctx.abort();
      vi.runAllTimers();
      expect(ran).toBe(0);
      expect(timers.isInvalid).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
