// Who is this person (issue 13, part 2): a profile no lead has by URL, a lead the service holds by
// name. Find by name (words from the page, sent only on the press) → Possible match → Link: the
// profile resolves to that lead on this browser, after a reload too; the options list the link and
// remove it; the linked lead's missing pronetUrl is set on the service.
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { test, expect, canonicalUrl, chipLabel, expectLeadShown, type EmulatorCall } from './fixtures';

test.beforeEach(async ({ configureExtension }) => {
  const options = await configureExtension();
  await options.close();
});

/** Lead searches by name (not by URL or id) in the emulator's call history. */
const nameSearches = (calls: EmulatorCall[]) => calls.filter((c) => c.endpoint === 'searchLeads' && /[?&](firstname|lastname|companyName)=/.test(c.path));

async function findAndLink(panel: Page) {
  const find = panel.getByRole('region', { name: 'Find by name' });
  await find.getByRole('button', { name: 'Find by name' }).click();
  const match = find.getByRole('list', { name: 'Possible matches' }).getByRole('listitem');
  await expect(match).toHaveCount(1);
  await expect(match).toContainText('Possible match');
  await expect(match).toContainText('Joan Clarke · Hut Eight Analytics');
  await expect(match.getByTestId('match-differs')).toHaveText('No profile URL on the lead');
  await match.getByRole('button', { name: 'Link Joan Clarke (Hut Eight Analytics)' }).click();
  await expectLeadShown(panel, 'Joan Clarke');
  await expect(panel.getByText('Linked by hand to this profile, on this browser.')).toBeVisible();
}

test('joan-clarke: Find by name → Possible match → Link; still linked after a reload; the options list and remove the link; the pronetUrl lands on the service', async ({
  extension,
  openProfile,
  openPanelFor,
  emulatorCalls,
  leadByUrl,
}) => {
  // Two panels, two reloads, an options page and four axe passes: over a minute on CI's loaded
  // two cores (it timed out there three runs of five while every step passed).
  test.slow();
  const page = await openProfile('joan-clarke');
  const panel = await openPanelFor(page);
  await expect(panel.getByText('Not a lead yet')).toBeVisible();
  const find = panel.getByRole('region', { name: 'Find by name' });
  // Prefilled from the page, editable; nothing sent yet.
  await expect(find.getByLabel('First name')).toHaveValue('Joan');
  await expect(find.getByLabel('Last name')).toHaveValue('Clarke');
  await expect(find.getByLabel('Company')).toHaveValue('Hut Eight Analytics');
  expect(nameSearches(await emulatorCalls())).toEqual([]);
  expect(await seriousViolations(panel)).toEqual([]);

  await findAndLink(panel);
  expect(nameSearches(await emulatorCalls())).toHaveLength(1);
  expect(await seriousViolations(panel)).toEqual([]);
  await expect.poll(() => chipLabel(page)).toMatch(/Joan Clarke/);

  // A reload (and a new panel): the link holds on this browser.
  await page.reload();
  await expect.poll(() => chipLabel(page)).toMatch(/Joan Clarke/);
  const again = await openPanelFor(page);
  await expectLeadShown(again, 'Joan Clarke');
  await expect(again.getByRole('button', { name: 'Set this profile’s URL on the lead' })).toBeVisible();

  // The options list the link; removing it sends the profile back to its URL (no lead).
  const options = await extension.context.newPage();
  await options.goto(`${extension.origin}/options.html`);
  const links = options.getByRole('list', { name: 'Linked profiles' });
  await expect(links.getByRole('listitem')).toHaveCount(1);
  await expect(links).toContainText('Joan Clarke');
  await expect(links).toContainText('joan-clarke');
  await options.getByRole('button', { name: 'Remove the link of Joan Clarke' }).click();
  await expect(options.getByText('No profile is linked by hand.')).toBeVisible();
  await expect(again.getByText('Not a lead yet')).toBeVisible();
  await expect.poll(() => chipLabel(page)).not.toMatch(/Joan Clarke/);

  // Linked again, the lead gets this profile's URL on the service (merge by leadId).
  await findAndLink(again);
  expect(await leadByUrl('joan-clarke')).toBeNull();
  await again.getByRole('button', { name: 'Set this profile’s URL on the lead' }).click();
  await expect(again.getByText('The profile URL is now set on the lead.')).toBeVisible();
  await expect.poll(async () => (await leadByUrl('joan-clarke'))?.pronetUrl ?? null).toBe(canonicalUrl('joan-clarke'));
  const lead = await leadByUrl('joan-clarke');
  expect(lead).toMatchObject({ firstname: 'Joan', lastname: 'Clarke', companyName: 'Hut Eight Analytics' });
  expect((await emulatorCalls()).filter((c) => c.endpoint === 'createLead').map((c) => c.status)).toEqual([200]);
});

test('a page’s words are only a suggestion: shown bounded, never sent to the service before the press', async ({ extension, emulator, openPanelFor, emulatorCalls }) => {
  const hostileName = `Joan <img src=x onerror=alert(1)> ${'Clarke'.repeat(60)}`;
  const hostileCompany = `"; DROP TABLE leads; -- ${'Evil Corp '.repeat(60)}`;
  const page = await extension.context.newPage();
  await page.route(`${emulator.pronetOrigin}/in/joan-clarke/`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><title>Joan</title></head><body><main><section class="top-card">
        <h1 class="profile-name">${hostileName.replace(/</g, '&lt;')}</h1>
        <a class="current-company" href="/company/evil/">${hostileCompany}</a>
      </section></main></body></html>`,
    }),
  );
  await page.goto(`${emulator.pronetOrigin}/in/joan-clarke/`);
  const panel = await openPanelFor(page);
  await expect(panel.getByText('Not a lead yet')).toBeVisible();
  const find = panel.getByRole('region', { name: 'Find by name' });
  await expect(find.getByLabel('Company')).toHaveValue(hostileCompany.replace(/\s+/g, ' ').trim().slice(0, 200));
  expect((await find.getByLabel('Last name').inputValue()).length).toBeLessThanOrEqual(200);
  // The panel is settled (the URL's lead search answered): still no search by name.
  const calls = await emulatorCalls();
  expect(calls.filter((c) => c.endpoint === 'searchLeads').length).toBeGreaterThan(0);
  expect(nameSearches(calls)).toEqual([]);
  expect(calls.some((c) => /DROP|Evil|onerror/i.test(decodeURIComponent(c.path)))).toBe(false);
});
