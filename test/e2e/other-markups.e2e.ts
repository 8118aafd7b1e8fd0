// Pages the extension was not written against (issue 24): the look-alike serves a profile and a
// lead page in other markups; the panel reads them by meaning. A profile in the card layout:
// Find by name and Make this profile a lead are filled with the same reading, company included
// (no company link on that page), and nothing is sent before the press. A lead page whose public
// profile link sits in an overflow menu, beside colleagues' "View profile" links: it resolves
// through that link. A page that shows no name: the address's slug, without its id suffix, is the
// last resort, and the forms say which field they could not find.
import type { PronetProfile } from '../../emulator/model';
import { leadPagePath } from '../../emulator/site/sales-pages';
import { test, expect, chipLabel, expectLeadShown, type EmulatorCall } from './fixtures';

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});
// Each test opens a site page, a panel, and waits on both: generous on a shared, loaded machine.
test.describe.configure({ timeout: 150_000 });

const nameSearches = (calls: EmulatorCall[]) => calls.filter((c) => c.endpoint === 'searchLeads' && /[?&](firstname|lastname|companyName)=/.test(c.path));

test('a profile in the card layout: both forms take the same reading, company included; Find by name finds the lead on the press', async ({
  extension,
  emulator,
  openPanelFor,
  emulatorCalls,
}) => {
  const page = await extension.context.newPage();
  await page.goto(`${emulator.pronetOrigin}/in/joan-clarke/?markup=cards`);
  await expect(page.getByRole('heading', { level: 1, name: 'Joan Clarke' })).toBeVisible();
  const panel = await openPanelFor(page);
  await expect(panel.getByText('Not a lead yet')).toBeVisible();
  const find = panel.getByRole('region', { name: 'Find by name' });
  await expect(find.getByLabel('Company')).toHaveValue('Hut Eight Analytics', { timeout: 30_000 });
  await expect(find.getByLabel('First name')).toHaveValue('Joan');
  await expect(find.getByLabel('Last name')).toHaveValue('Clarke');
  const add = panel.getByRole('region', { name: 'Make this profile a lead' });
  await expect(add.getByLabel('First name')).toHaveValue('Joan');
  await expect(add.getByLabel('Last name')).toHaveValue('Clarke');
  await expect(add.getByLabel('Company')).toHaveValue('Hut Eight Analytics');
  await expect(add.getByLabel('Job title')).toHaveValue('Cryptanalyst');
  await expect(panel.getByText('Not found on this page: type it.')).toHaveCount(0);
  expect(nameSearches(await emulatorCalls())).toEqual([]);

  await find.getByRole('button', { name: 'Find by name' }).click();
  const match = find.getByRole('list', { name: 'Possible matches' }).getByRole('listitem');
  await expect(match).toContainText('Joan Clarke · Hut Eight Analytics');
  const searches = nameSearches(await emulatorCalls());
  expect(searches).toHaveLength(1);
  expect(new URL(searches[0]!.path, 'http://x').searchParams.get('companyName')).toBe('Hut Eight Analytics');
});

test('a lead page whose profile link is in an overflow menu, beside colleagues’ links: resolves through the person’s own link', async ({
  extension,
  emulator,
  openPanelFor,
}) => {
  const page = await extension.context.newPage();
  await page.goto(`${emulator.pronetOrigin}${leadPagePath({ slug: 'ada-lovelace' } as PronetProfile)}?markup=menu`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View profile', exact: true })).toHaveCount(2);
  await expect.poll(() => chipLabel(page), { timeout: 30_000 }).toMatch(/Ada Lovelace/);
  const panel = await openPanelFor(page);
  await expectLeadShown(panel, 'Ada Lovelace');
  await expect(panel.getByText('Resolved through the public profile link shown on this page.')).toBeVisible();
});

test('a profile page that shows no name: the slug without its id suffix is the last resort; the missing company is asked for', async ({
  extension,
  emulator,
  openPanelFor,
  emulatorCalls,
}) => {
  const page = await extension.context.newPage();
  await page.route(`${emulator.pronetOrigin}/in/eva-keller-2bd4ef/`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><head><title>pronet</title></head><body><main><p>Loading…</p></main></body></html>' }),
  );
  await page.goto(`${emulator.pronetOrigin}/in/eva-keller-2bd4ef/`);
  const panel = await openPanelFor(page);
  await expect(panel.getByText('Not a lead yet')).toBeVisible();
  const add = panel.getByRole('region', { name: 'Make this profile a lead' });
  await expect(add.getByLabel('First name')).toHaveValue('Eva');
  await expect(add.getByLabel('Last name')).toHaveValue('Keller');
  const find = panel.getByRole('region', { name: 'Find by name' });
  await expect(find.getByLabel('First name')).toHaveValue('Eva');
  await expect(find.getByLabel('Last name')).toHaveValue('Keller');
  // The company was nowhere: the form says so; Find by name waits for it.
  await expect(find.getByLabel('Company')).toHaveAccessibleDescription('Not found on this page: type it.');
  const button = find.getByRole('button', { name: 'Find by name' });
  await expect(button).toBeDisabled();
  await find.getByLabel('Company').fill('Hyrule Labs');
  await expect(button).toBeEnabled();
  expect(nameSearches(await emulatorCalls())).toEqual([]);
});
