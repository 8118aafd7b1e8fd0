/**
 * `npx tsx bench/trace-fresh-page.ts [runs]` (dev tool, not part of `npm run bench`): the lone fresh
 * browser of issue 25 (the key tested, a profile's panel opened, then a results page of 10), with
 * every service call the emulator recorded printed against the page's DOMContentLoaded: which calls
 * the badges waited for, and when each went.
 */
import { startEmulator } from '../emulator/server';
import { readBadges } from '../test/e2e/chip';
import { calls, control, proWorkspace, resetDemo } from './emulator-control';
import { launchConfigured } from './extension';
import { panelThenNewPage } from './first-page';
import { STATUS_MARK } from '../lib/status-marks';

const emulator = await startEmulator({ port: 0, seed: 'demo', quiet: true });
const pronet = `http://pronet.localhost:${new URL(emulator.origin).port}`;
for (let run = 0; run < Number(process.argv[2] ?? 2); run++) {
  const pro = proWorkspace(await resetDemo(emulator.origin));
  await control(emulator.origin, 'faults', { latencyMs: 80 });
  const browser = await launchConfigured({ apiKey: pro.apiKey, baseUrl: emulator.baseUrl });
  try {
    const page = await panelThenNewPage(browser, pronet);
    const t0 = Date.now();
    await page.goto(`${pronet}/search/results/people/?page=${run + 2}`);
    while ((await readBadges(page)).length < 10) await page.waitForTimeout(20);
    const times = (await page.evaluate(`(() => { const nav = performance.getEntriesByType('navigation')[0]; const m = performance.getEntriesByName(${JSON.stringify(STATUS_MARK.listBadges)}, 'mark').pop(); return { origin: performance.timeOrigin, dcl: nav.domContentLoadedEventEnd, mark: m.startTime }; })()`)) as { origin: number; dcl: number; mark: number };
    const dclAt = times.origin + times.dcl;
    console.log(`run ${run}: badges ${Math.round(times.mark - times.dcl)} ms after DCL; goto started ${Math.round(t0 - dclAt)} ms rel DCL`);
    for (const c of await calls(emulator.origin)) console.log(`  ${String(Math.round(c.at - dclAt)).padStart(7)} ${c.status} ${c.method} ${c.endpoint} ${c.path.slice(0, 60)}`);
  } finally {
    await control(emulator.origin, 'faults', {}).catch(() => undefined);
    await browser.close();
  }
}
await emulator.close();
process.exit(0);
