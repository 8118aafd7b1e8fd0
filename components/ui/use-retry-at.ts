import { useEffect, useRef } from 'preact/hooks';

/**
 * Calls `retry` once, when the service's pause (`retryAt`, epoch ms, from a 429's Retry-After) is
 * over: a "paused until 1:52 PM" that nothing retries stays on screen, stale (issue 34). Nothing
 * without a date; a new date (the retry paused again) schedules anew.
 */
export function useRetryAt(retryAt: number | undefined, retry: () => void, now: () => number = Date.now): void {
  const latest = useRef(retry);
  latest.current = retry;
  useEffect(() => {
    if (retryAt === undefined) return;
    const handle = setTimeout(() => latest.current(), Math.max(0, retryAt - now()));
    return () => clearTimeout(handle);
  }, [retryAt, now]);
}
