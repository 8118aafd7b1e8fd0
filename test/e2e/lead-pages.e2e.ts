// Sales-Navigator-style pages (issue 13, part 3), on the look-alike: a lead list whose rows link to
// lead pages (`/sales/lead/<token>,NAME_SEARCH,...`); list badges on the rows' public profile links;
// a lead page resolves through the one public profile link of its header (a member-token address
// keeps its case); a lead page without one says why and offers Find by name.
import { readBadges } from './chip';
import { seriousViolations } from './axe';
import { test, expect, chipLabel, expectLeadShown, type EmulatorCall } from './fixtures';

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

const HEDY = 'ACoAABq7XkZmP2wQ';
const nameSearches = (calls: EmulatorCall[]) => calls.filter((c) => c.endpoint === 'searchLeads' && /[?&]firstname=/.test(c.path));

test('lead list → lead page: badges on the public profile links; the lead page resolves through its header’s public link', async ({
  extension,
  emulator,
  openPanelFor,
  emulatorCalls,
}) => {
  const page = await extension.context.newPage();
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto(`${emulator.pronetOrigin}/sales/lists/people/`);
  // Badges go beside the links that name a profile: the rows' public profile links (a lead page's
  // token is nothing the service stores). Hedy's member-token address keeps its case.
  await expect
    .poll(async () => (await readBadges(page)).map((b) => b.href).filter((h) => h !== null && h.startsWith('/in/')).sort())
    .toEqual(expect.arrayContaining(['/in/ada-lovelace/', `/in/${HEDY}/`]));
  const badges = await readBadges(page);
  expect(badges.find((b) => b.href === `/in/${HEDY}/`)?.label ?? '').toMatch(/Hedy Lamarr/);
  expect(badges.filter((b) => b.href?.startsWith('/sales/lead/'))).toEqual([]);

  await page.getByRole('link', { name: 'Ada Lovelace', exact: true }).first().click();
  await expect(page).toHaveURL(/\/sales\/lead\/ACwAA[A-Za-z0-9_-]+,NAME_SEARCH,/);
  await expect.poll(() => chipLabel(page)).toMatch(/Ada Lovelace/);
  const panel = await openPanelFor(page);
  await expectLeadShown(panel, 'Ada Lovelace');
  await expect(panel.getByText('Resolved through the public profile link shown on this page.')).toBeVisible();
  expect(await seriousViolations(panel)).toEqual([]);

  // A member-token address: looked up with its case, found.
  await page.goto(`${emulator.pronetOrigin}/sales/lists/people/`);
  await page.getByRole('link', { name: 'Hedy Lamarr', exact: true }).first().click();
  await expect.poll(() => chipLabel(page)).toMatch(/Hedy Lamarr/);
  await expectLeadShown(panel, 'Hedy Lamarr');
  const asked = (await emulatorCalls()).filter((c) => c.endpoint === 'searchLeads').map((c) => new URL(c.path, 'http://x').searchParams.get('pronetUrl'));
  expect(asked).toContain(`https://www.pronet.example/in/${HEDY}/`);
  expect(asked).not.toContain(`https://www.pronet.example/in/${HEDY.toLowerCase()}/`);
});

test('a lead page without a public profile link: the panel says why and offers Find by name (nothing sent before the press)', async ({
  extension,
  emulator,
  openPanelFor,
  emulatorCalls,
}) => {
  const page = await extension.context.newPage();
  await page.goto(`${emulator.pronetOrigin}/sales/lists/people/`);
  await page.getByRole('link', { name: 'Joan Clarke', exact: true }).first().click();
  await expect(page).toHaveURL(/\/sales\/lead\//);
  const panel = await openPanelFor(page);
  await expect(panel.getByRole('heading', { name: 'This lead page shows no public profile link' })).toBeVisible();
  const find = panel.getByRole('region', { name: 'Find by name' });
  await expect(find.getByLabel('First name')).toHaveValue('Joan');
  await expect(find.getByLabel('Company')).toHaveValue('Hut Eight Analytics');
  // The list's badges looked profiles up by URL; nothing asked by name yet.
  expect(nameSearches(await emulatorCalls())).toEqual([]);
  expect(await seriousViolations(panel)).toEqual([]);

  await find.getByRole('button', { name: 'Find by name' }).click();
  const match = find.getByRole('list', { name: 'Possible matches' }).getByRole('listitem');
  await expect(match).toContainText('Joan Clarke · Hut Eight Analytics');
  // Nothing to link from here: the page names no profile.
  await expect(match.getByRole('button')).toHaveCount(0);
  expect(nameSearches(await emulatorCalls())).toHaveLength(1);
});
