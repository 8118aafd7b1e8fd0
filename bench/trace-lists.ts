/**
 * One traced run of a cold results page (dev tool, not part of `npm run bench`): the emulator's call
 * history and the page's badge marks, on one time line from DOMContentLoaded.
 * `npx tsx bench/trace-lists.ts [page] [prefetch] [--h2]`: `--h2`, the emulator over TLS and HTTP/2
 * (the browser accepts its certificate); the protocol the extension's worker saw is printed.
 */
import { startEmulator } from '../emulator/server';
import { STATUS_MARK } from '../lib/status-marks';
import { calls, control, proWorkspace, resetDemo } from './emulator-control';
import { launchConfigured, send } from './extension';

const h2 = process.argv.includes('--h2');
const args = process.argv.slice(2).filter((a) => a !== '--h2');
const pageNo = Number(args[0] ?? 2);
const emulator = await startEmulator({ port: 0, seed: 'demo', quiet: true, tls: h2 });
// The control API from Node: over plain HTTP (Node does not trust the emulator's certificate).
const ctl = emulator.plainOrigin;
const pro = proWorkspace(await resetDemo(ctl));
const pronet = `${h2 ? 'https' : 'http'}://pronet.localhost:${new URL(emulator.origin).port}`;
const browser = await launchConfigured({ apiKey: pro.apiKey, baseUrl: emulator.baseUrl, tls: h2 });
try {
  await control(ctl, 'faults', { latencyMs: 80 });
  // The worker's own view of its calls (fetch called, request on its way, first byte, end), from an
  // observer of its own: the extension empties the Resource Timing buffer as it reads it
  // (lib/api/transport.ts). Fetch called → on its way is the browser's own time (a busy machine).
  await browser.serviceWorker.evaluate(() => {
    const g = globalThis as unknown as { __fetches: [string, number, number, number, string, number][] };
    g.__fetches = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceResourceTiming[]) {
        g.__fetches.push([e.name, performance.timeOrigin + e.startTime, performance.timeOrigin + e.responseStart, performance.timeOrigin + e.responseEnd, e.nextHopProtocol, performance.timeOrigin + e.requestStart]);
      }
    }).observe({ type: 'resource' });
  });
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 1600 });
  await page.addInitScript(`(() => {
    window.__marks = [];
    let last = -1;
    const poll = () => {
      const m = performance.getEntriesByName(${JSON.stringify(STATUS_MARK.listBadges)}, 'mark').pop();
      if (m && m.startTime !== last) { last = m.startTime; window.__marks.push(performance.timeOrigin + m.startTime); }
    };
    setInterval(poll, 2);
  })()`);
  if (args[1] === 'prefetch') {
    await send(browser.extensionPage, { type: 'settings-set', patch: { listBadges: false } });
    for (const p of [pageNo, pageNo + 1, pageNo + 2]) {
      await page.goto(`${pronet}/search/results/people/?page=${p}`);
      const link = page.locator('ul.results a.person-name').first();
      const t0 = Date.now();
      const before = (await calls(ctl)).length;
      await link.hover();
      await page.waitForTimeout(600);
      const tClick = Date.now();
      await link.click();
      await page.waitForTimeout(1000);
      console.log(`\n== prefetch page ${p}: hover at 0, click at ${tClick - t0}`);
      for (const c of (await calls(ctl)).slice(before)) console.log(`${String(c.at - t0).padStart(6)} ms  answered ${c.endpoint} ${decodeURIComponent(c.path).slice(0, 110)}`);
    }
  }
  for (const [i, p] of (args[1] === 'prefetch' ? [] : [1, pageNo, pageNo]).entries()) {
    await page.waitForTimeout(i === 0 ? 0 : 10_500);
    const before = (await calls(ctl)).length;
    await page.goto(`${pronet}/search/results/people/?page=${p}`);
    await page.waitForTimeout(1500);
    const dcl = (await page.evaluate('performance.timeOrigin + performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd')) as number;
    const marks = (await page.evaluate('window.__marks')) as number[];
    const dbg = (await page.evaluate('performance.getEntriesByType("mark").filter((m) => m.name.startsWith("dbg:")).map((m) => [m.name, performance.timeOrigin + m.startTime])')) as [string, number][];
    const spent = (await calls(ctl)).slice(before);
    const fetches = (await browser.serviceWorker.evaluate(() => (globalThis as unknown as { __fetches: [string, number, number, number, string, number][] }).__fetches.splice(0))).filter(
      ([, start]) => start >= dcl - 1000,
    );
    console.log(`\n== page ${p} (${i === 0 ? 'warm-up' : i === 1 ? 'cold' : 'warm'}) DCL=0`);
    const rows = [
      ...marks.map((t) => ({ t: t - dcl, what: 'badges shown' })),
      ...dbg.map(([n, t]) => ({ t: t - dcl, what: n })),
      ...spent.map((c) => ({ t: c.at - dcl, what: `answered ${c.endpoint} ${decodeURIComponent(c.path).slice(0, 110)}` })),
      ...fetches.map(([name, start, first, end, protocol, request]) => ({
        t: start - dcl,
        what: `worker sends (${protocol}) ${decodeURIComponent(new URL(name).pathname + new URL(name).search).slice(0, 60)}; on its way +${(request - start).toFixed(0)}, first byte +${(first - start).toFixed(0)}, end +${(end - start).toFixed(0)} ms`,
      })),
    ].sort((a, b) => a.t - b.t);
    for (const r of rows) console.log(`${r.t.toFixed(0).padStart(6)} ms  ${r.what}`);
  }
  const buffered = await browser.serviceWorker.evaluate(() => performance.getEntriesByType('resource').length);
  console.log(`\nResource Timing entries left in the worker's buffer: ${buffered}`);
} finally {
  await browser.close();
  await emulator.close();
  process.exit(0);
}
