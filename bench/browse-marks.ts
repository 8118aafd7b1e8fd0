/** The browse trace's hands and eyes in the page: a click to a profile as a user's, and the wait for a surface's status mark. */
import type { Page } from '@playwright/test';
import type { StatusMarkName } from '../lib/status-marks';

const MARK_POLL_MS = 15;

/**
 * The waiting code run in the page, as source: tsx would wrap the inner functions of a serialised
 * function in a helper the page does not have.
 */
const WAIT_FOR_MARK = `({ name, profileUrl, since, timeoutMs, pollMs }) => new Promise((resolve) => {
  function found() {
    const marks = performance.getEntriesByName(name, 'mark');
    const m = marks[marks.length - 1];
    if (!m || !m.detail || m.detail.profileUrl !== profileUrl) return null;
    const at = performance.timeOrigin + m.startTime;
    return at >= since ? at : null;
  }
  const already = found();
  if (already !== null) return resolve(already);
  let observer = null, poll = 0, timer = 0;
  function finish(at) {
    if (observer) observer.disconnect();
    clearInterval(poll);
    clearTimeout(timer);
    resolve(at);
  }
  function check() {
    const at = found();
    if (at !== null) finish(at);
  }
  observer = new PerformanceObserver(check);
  observer.observe({ type: 'mark' });
  poll = setInterval(check, pollMs);
  timer = setTimeout(() => finish(found()), timeoutMs);
})`;

/**
 * Waits for mark `name` for `profileUrl` made at or after `since` (epoch ms); its epoch time, or null
 * after `timeoutMs`. The figure is the mark's own time, not when the wait sees it. A content script
 * marks from its isolated world, which the page's PerformanceObserver is not told of: a light check
 * every few milliseconds covers that case, the observer the panel's own marks.
 */
export async function markAfter(page: Page, name: StatusMarkName, profileUrl: string, since: number, timeoutMs: number): Promise<number | null> {
  const args = JSON.stringify({ name, profileUrl, since, timeoutMs, pollMs: MARK_POLL_MS });
  try {
    return (await page.evaluate(`(${WAIT_FOR_MARK})(${args})`)) as number | null;
  } catch {
    return null;
  }
}

/** In-page navigation as a user's click does it; the epoch time of the URL change. */
export function clickTo(page: Page, slug: string): Promise<number> {
  return page.evaluate((slug) => {
    const a = document.createElement('a');
    a.href = `/in/${slug}/`;
    a.textContent = slug;
    document.body.append(a);
    // The site's click handler pushes the new URL synchronously: this instant is the URL change.
    const at = performance.timeOrigin + performance.now();
    a.click();
    a.remove();
    return at;
  }, slug);
}
