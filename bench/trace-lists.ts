/**
 * One traced run of a cold results page (dev tool, not part of `npm run bench`): the emulator's call
 * history and the page's badge marks, on one time line from DOMContentLoaded.
 * `npx tsx bench/trace-lists.ts [page]`
 */
import { startEmulator } from '../emulator/server';
import { STATUS_MARK } from '../lib/status-marks';
import { calls, control, proWorkspace, resetDemo } from './emulator-control';
import { launchConfigured, send } from './extension';

const pageNo = Number(process.argv[2] ?? 2);
const emulator = await startEmulator({ port: 0, seed: 'demo', quiet: true });
const pro = proWorkspace(await resetDemo(emulator.origin));
const pronet = `http://pronet.localhost:${new URL(emulator.origin).port}`;
const browser = await launchConfigured({ apiKey: pro.apiKey, baseUrl: emulator.baseUrl });
try {
  await control(emulator.origin, 'faults', { latencyMs: 80 });
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
  if (process.argv[3] === 'prefetch') {
    await send(browser.extensionPage, { type: 'settings-set', patch: { listBadges: false } });
    for (const p of [pageNo, pageNo + 1, pageNo + 2]) {
      await page.goto(`${pronet}/search/results/people/?page=${p}`);
      const link = page.locator('ul.results a.person-name').first();
      const t0 = Date.now();
      const before = (await calls(emulator.origin)).length;
      await link.hover();
      await page.waitForTimeout(600);
      const tClick = Date.now();
      await link.click();
      await page.waitForTimeout(1000);
      console.log(`\n== prefetch page ${p}: hover at 0, click at ${tClick - t0}`);
      for (const c of (await calls(emulator.origin)).slice(before)) console.log(`${String(c.at - t0).padStart(6)} ms  answered ${c.endpoint} ${decodeURIComponent(c.path).slice(0, 110)}`);
    }
  }
  for (const [i, p] of (process.argv[3] === 'prefetch' ? [] : [1, pageNo, pageNo]).entries()) {
    await page.waitForTimeout(i === 0 ? 0 : 10_500);
    const before = (await calls(emulator.origin)).length;
    await page.goto(`${pronet}/search/results/people/?page=${p}`);
    await page.waitForTimeout(1500);
    const dcl = (await page.evaluate('performance.timeOrigin + performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd')) as number;
    const marks = (await page.evaluate('window.__marks')) as number[];
    const dbg = (await page.evaluate('performance.getEntriesByType("mark").filter((m) => m.name.startsWith("dbg:")).map((m) => [m.name, performance.timeOrigin + m.startTime])')) as [string, number][];
    const spent = (await calls(emulator.origin)).slice(before);
    console.log(`\n== page ${p} (${i === 0 ? 'warm-up' : i === 1 ? 'cold' : 'warm'}) DCL=0`);
    const rows = [
      ...marks.map((t) => ({ t: t - dcl, what: 'badges shown' })),
      ...dbg.map(([n, t]) => ({ t: t - dcl, what: n })),
      ...spent.map((c) => ({ t: c.at - dcl, what: `answered ${c.endpoint} ${decodeURIComponent(c.path).slice(0, 110)}` })),
    ].sort((a, b) => a.t - b.t);
    for (const r of rows) console.log(`${r.t.toFixed(0).padStart(6)} ms  ${r.what}`);
  }
} finally {
  await browser.close();
  await emulator.close();
  process.exit(0);
}
