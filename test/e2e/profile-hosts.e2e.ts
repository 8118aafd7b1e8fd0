/**
 * A profile host added in Chrome (issue 34): Options → Add host asks the browser for patterns the
 * manifest offers (`https://…/*`, `http://…/*`; Chrome refused `*://host/*` with "Only permissions
 * specified in the manifest may be requested"), the background registers the profile content script
 * for the host (lib/background/profile-scripts.ts), and a profile page on that host gets its chip.
 */
import { grantHostPermissions, launchWithExtension } from './browser';
import { chipLabel, expect, test as base, useLaunched } from './fixtures';

const HOST = 'pronet.corp.example';
/** What the user's Allow at the prompt grants: the host and its subdomains, each scheme. */
const ALLOWED = [`https://${HOST}/*`, `https://*.${HOST}/*`, `http://${HOST}/*`, `http://*.${HOST}/*`];

const test = base.extend({
  // The browser's prompt cannot be clicked from a test: the profile has the host's permission already,
  // as after an earlier Allow, so that `permissions.request` answers at once (after its manifest check).
  extension: async ({ demo: _demo }, use) => {
    const first = await launchWithExtension();
    await first.context.close();
    grantHostPermissions(first.userDataDir, first.extensionId, ALLOWED);
    await useLaunched(await launchWithExtension({ userDataDir: first.userDataDir }), use);
  },
});

test('a profile host added in the options runs the content script on its pages', async ({ extension, emulator, configureExtension }) => {
  const options = await configureExtension();
  // A pasted URL on the host, as the issue tried.
  await options.getByLabel('Add a profile host').fill(`https://${HOST}/in/ada-lovelace/`);
  await options.getByRole('button', { name: 'Add host' }).click();
  await expect(options.getByRole('list', { name: 'Profile hosts' }).getByText(HOST, { exact: true })).toBeVisible();
  await expect(options.getByRole('alert')).toHaveCount(0);

  // The background registered the profile script for exactly the granted patterns.
  await expect
    .poll(() =>
      extension.serviceWorker.evaluate(async () => {
        const { chrome } = globalThis as unknown as {
          chrome: { scripting: { getRegisteredContentScripts(): Promise<{ matches?: string[] }[]> } };
        };
        return (await chrome.scripting.getRegisteredContentScripts()).flatMap((s) => s.matches ?? []).sort();
      }),
    )
    .toEqual([...ALLOWED].sort());

  // A profile page on the host (served by the look-alike) shows the chip of the emulator's lead.
  await extension.context.route(`http://${HOST}/**`, async (route) => {
    const url = new URL(route.request().url());
    // Node resolves no `*.localhost`: the emulator's own address, with the look-alike's Host.
    const response = await route.fetch({
      url: `${emulator.origin}${url.pathname}${url.search}`,
      headers: { ...route.request().headers(), host: new URL(emulator.pronetOrigin).host },
    });
    await route.fulfill({ response });
  });
  const page = await extension.context.newPage();
  await page.goto(`http://${HOST}/in/ada-lovelace/`);
  await expect.poll(() => chipLabel(page)).toMatch(/Ada Lovelace/);
});
