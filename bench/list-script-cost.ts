/**
 * The content script's cost on a page of the look-alike's origin: 100 new links appended at once
 * (main-thread time of the batch, its measure, and long tasks meanwhile), and a feed grown to 2,000
 * rows as it is scrolled (long tasks, frames over 50 ms, the longest frame, the script per load).
 */
import type { Page } from '@playwright/test';
import { LIST_SCAN_MEASURE } from '../lib/status-marks';
import { round, roundSummary, summarize, type Summary } from './stats';

export interface ScanCost {
  batchMs: Summary;
  longTasks: number;
  batches: number;
}

export interface FeedGrowth {
  rows: number;
  longTasks: number;
  slowFrames: number;
  frames: number;
  longestFrameMs: number;
  loadMs: Summary;
}

/** `runs` batches of 100 new links on an empty list page (routed at `${pronet}/bench-list/`, where the content script runs). */
export async function scanCost(page: Page, pronet: string, runs: number): Promise<ScanCost> {
  const batchMs: number[] = [];
  let longTasks = 0;
  await page.route(`${pronet}/bench-list/`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>list</title><ul id="l"></ul>' }),
  );
  await page.goto(`${pronet}/bench-list/`);
  await page.evaluate(`window.__long = 0; new PerformanceObserver((l) => { window.__long += l.getEntries().length; }).observe({ type: 'longtask' });`);
  for (let run = 0; run < runs; run++) {
    const ms = (await page.evaluate(`(async ({ run, name }) => {
      performance.clearMeasures(name);
      const ul = document.getElementById('l');
      const rows = [];
      for (let i = 0; i < 100; i++) {
        const li = document.createElement('li');
        li.innerHTML = '<a href="/in/bench-' + run + '-' + i + '/"><span>Person ' + run + '-' + i + '</span></a> <a href="/in/bench-' + run + '-' + i + '/?trk=x">photo</a>';
        rows.push(li);
      }
      ul.append(...rows);
      for (let i = 0; i < 300; i++) {
        const m = performance.getEntriesByName(name, 'measure').pop();
        if (m) return m.duration;
        await new Promise((r) => setTimeout(r, 10));
      }
      return null;
    })(${JSON.stringify({ run, name: LIST_SCAN_MEASURE })})`)) as number | null;
    if (ms !== null) batchMs.push(ms);
  }
  longTasks = (await page.evaluate('window.__long')) as number;
  return { batchMs: roundSummary(summarize(batchMs)), longTasks, batches: batchMs.length };
}

/** The same page grown as a feed is, 100 rows a load and scrolled to its end after each. */
export async function feedGrowth(page: Page, pronet: string): Promise<FeedGrowth> {
  const FEED_ROWS = 2000;
  await page.goto(`${pronet}/bench-list/`);
  const feed = (await page.evaluate(`(async ({ rows, batch, name }) => {
    let long = 0;
    new PerformanceObserver((l) => { long += l.getEntries().length; }).observe({ type: 'longtask' });
    let running = true, last = performance.now(), frames = 0, slow = 0, longest = 0;
    const tick = (t) => {
      const gap = t - last;
      last = t;
      frames += 1;
      if (gap > 50) slow += 1;
      if (gap > longest) longest = gap;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame((t) => { last = t; requestAnimationFrame(tick); });
    const ul = document.getElementById('l');
    const loads = [];
    for (let n = 0; n < rows; n += batch) {
      performance.clearMeasures(name);
      const items = [];
      for (let i = n; i < n + batch; i++) {
        const li = document.createElement('li');
        li.style.cssText = 'padding:8px 0;border-bottom:1px solid #ddd';
        li.innerHTML = '<article><a href="/in/feed-' + i + '/"><span>Author ' + i + '</span></a> <a href="/in/feed-' + i + '/?trk=feed">photo</a>' +
          '<p>Post ' + i + ': a few words of what they shared, and a comment by <a href="/in/feed-' + ((i * 7) % rows) + '/">someone</a>.</p></article>';
        items.push(li);
      }
      ul.append(...items);
      window.scrollTo(0, document.body.scrollHeight);
      for (let i = 0; i < 60; i++) {
        const m = performance.getEntriesByName(name, 'measure').pop();
        if (m) { loads.push(m.duration); break; }
        await new Promise((r) => setTimeout(r, 10));
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    running = false;
    return { rows: ul.children.length, long, slow, frames, longest, loads };
  })(${JSON.stringify({ rows: FEED_ROWS, batch: 100, name: LIST_SCAN_MEASURE })})`)) as { rows: number; long: number; slow: number; frames: number; longest: number; loads: number[] };
  return { rows: feed.rows, longTasks: feed.long, slowFrames: feed.slow, frames: feed.frames, longestFrameMs: round(feed.longest) ?? 0, loadMs: roundSummary(summarize(feed.loads)) };
}
