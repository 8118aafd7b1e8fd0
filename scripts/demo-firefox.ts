/**
 * `npm run demo -- --browser firefox`: the same demo in Firefox. The add-on (`.output/firefox-mv2`)
 * installed as a temporary add-on, configured through its options page as a user would, on Ada
 * Lovelace's profile; Firefox shows the lead panel in its sidebar (it has no side panel API).
 * Headless (no display), it writes screenshots of the profile and the panel and keeps running.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningEmulator } from '../emulator/server';
import { configureOptions, FIREFOX_DIR, launchFirefoxWithExtension, openExtensionPage, readShadowHosts } from '../test/e2e-firefox/firefox';
import { CHIP_HOST_PREFIX } from '../components/chip/chip';

export interface FirefoxDemoOptions {
  headless: boolean;
  emulator: Pick<RunningEmulator, 'baseUrl' | 'origin' | 'workspaces'>;
  pronet: string;
  apiKey: string;
  profileSlug: string;
  screenshotDir: string;
}

export async function firefoxDemo(opts: FirefoxDemoOptions): Promise<{ close(): Promise<void> }> {
  const firefox = await launchFirefoxWithExtension({ extensionDir: FIREFOX_DIR, headless: opts.headless });
  const options = await openExtensionPage(firefox, 'options.html', { width: 1000, height: 900 });
  const keyOutcome = await configureOptions(options, opts.apiKey, opts.emulator.baseUrl);
  const profile = await firefox.browser.newPage();
  await profile.goto(`${opts.pronet}/in/${opts.profileSlug}/`, { waitUntil: 'load' });
  const until = Date.now() + 20_000;
  let chip: string | null = null;
  while (!chip && Date.now() < until) {
    chip = (await readShadowHosts(profile, CHIP_HOST_PREFIX)).find((c) => !c.hidden && c.label && !/^Looking up/.test(c.label))?.label ?? null;
    if (!chip) await new Promise((done) => setTimeout(done, 200));
  }
  const tabId = await options.evaluate(async () => {
    const b = (globalThis as unknown as { browser: { tabs: { query(q: object): Promise<{ id?: number; active?: boolean }[]> } } }).browser;
    const tabs = await b.tabs.query({});
    return tabs.at(-1)?.id ?? null;
  });

  console.log('');
  console.log(`emulator     ${opts.emulator.baseUrl}   (API settings and call history: ${opts.emulator.origin}/)`);
  for (const w of opts.emulator.workspaces) console.log(`key          ${w.name} ${w.plan} ${w.apiKey}`);
  console.log(`profile      ${opts.pronet}/in/${opts.profileSlug}/   chip: ${chip ?? '(none yet)'}`);
  console.log(`options      ${firefox.origin}/options.html   (${keyOutcome})`);
  console.log(`sidebar      ${firefox.origin}/sidepanel.html${tabId !== null ? `?tab=${tabId}` : ''}`);

  if (opts.headless) {
    mkdirSync(opts.screenshotDir, { recursive: true });
    const panel = await openExtensionPage(firefox, `sidepanel.html${tabId !== null ? `?tab=${tabId}` : ''}`, { width: 400, height: 900 });
    await panel.waitForSelector('h1', { timeout: 20_000 }).catch(() => undefined);
    await new Promise((done) => setTimeout(done, 1500));
    const shots: [typeof panel, string][] = [
      [profile, 'firefox-profile-with-chip.png'],
      [panel, 'firefox-panel.png'],
      [options, 'firefox-options.png'],
    ];
    console.log('');
    for (const [page, name] of shots) {
      const path = join(opts.screenshotDir, name) as `${string}.png`;
      await page.screenshot({ path });
      console.log(`screenshot   ${path}`);
    }
  } else {
    await profile.bringToFront();
    console.log('');
    console.log('Firefox is open on the profile, the lead panel in its sidebar (click the chip to open it).');
  }
  return { close: () => firefox.close() };
}
