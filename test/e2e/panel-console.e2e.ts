import { test, expect, expectLeadShown } from './fixtures';

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

// Grace Hopper's last message carries `<img src=x onerror=alert(1)>`: sanitising it must not make the
// browser evaluate the attribute (a CSP error in the console), let alone run it.
test('the panel of a hostile message sanitises it without a console error', async ({ extension, openProfile, openPanelFor }) => {
  const errors: string[] = [];
  extension.context.on('console', (m) => {
    // The extension's pages only (the look-alike site has no favicon).
    if (m.type() === 'error' && m.page()?.url().startsWith(extension.origin)) errors.push(m.text());
  });
  extension.context.on('weberror', (e) => errors.push(String(e.error())));
  const page = await openProfile('grace-hopper');
  const panel = await openPanelFor(page);
  panel.on('pageerror', (e) => errors.push(String(e)));
  await expectLeadShown(panel, 'Grace Hopper');
  const hostile = panel.locator('.message-body').filter({ hasText: 'see you then!' });
  await expect(hostile).toBeVisible();
  await expect(hostile.locator('img')).toHaveCount(0);
  // Console messages arrive asynchronously: one more frame lets any due one arrive.
  await panel.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  expect(errors).toEqual([]);
});
