import { test, expect, chipLabel, conversationStatus, expectLeadShown } from './fixtures';

test('in-page navigation feed → profile → other profile shows the right lead each time (chip and panel)', async ({
  configureExtension,
  extension,
  emulator,
  openPanelFor,
}) => {
  await (await configureExtension()).close();
  const page = await extension.context.newPage();
  await page.goto(`${emulator.pronetOrigin}/feed/`);
  const panel = await openPanelFor(page);
  await expect(panel.getByRole('heading', { name: 'Open a profile' })).toBeVisible();
  await expect.poll(() => chipLabel(page)).toBeNull();

  // A marker on the window proves that no full page load happens below: the site swaps its content.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const sameDocument = () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

  await page.getByRole('link', { name: 'Ada Lovelace', exact: true }).first().click();
  await expect(page).toHaveURL(/\/in\/ada-lovelace\/$/);
  await expect.poll(() => chipLabel(page)).toMatch(/^Open · Ada Lovelace/);
  await expectLeadShown(panel, 'Ada Lovelace');
  await expect(conversationStatus(panel)).toHaveText('Open');
  expect(await sameDocument()).toBe(true);

  await page.getByRole('link', { name: 'Katherine Johnson', exact: true }).first().click();
  await expect(page).toHaveURL(/\/in\/katherine-johnson\/$/);
  await expect.poll(() => chipLabel(page)).toMatch(/^Archived · Katherine Johnson/);
  await expectLeadShown(panel, 'Katherine Johnson');
  await expect(conversationStatus(panel)).toHaveText('Archived');

  await page.getByRole('link', { name: 'Margaret Hamilton', exact: true }).first().click();
  await expect(page).toHaveURL(/\/in\/margaret-hamilton\/$/);
  await expect.poll(() => chipLabel(page)).toMatch(/^Not a lead yet/);
  await expect(panel.getByRole('button', { name: 'Add to audience' })).toBeVisible();
  expect(await sameDocument()).toBe(true);

  // Back in history: the previous profile again.
  await page.goBack();
  await expect(page).toHaveURL(/\/in\/katherine-johnson\/$/);
  await expect.poll(() => chipLabel(page)).toMatch(/^Archived · Katherine Johnson/);
  await expectLeadShown(panel, 'Katherine Johnson');
  expect(await sameDocument()).toBe(true);
});
