import { test, expect, expectLeadShown } from './fixtures';

// In the built extension, a hostile email arrives as safe markup (`sanitize.ts`: parsed in an inert
// document, rebuilt from the allowlist), never as raw HTML nor as escaped tags.
test('an HTML message body is shown as sanitised markup', async ({
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorControl,
}) => {
  const options = await configureExtension();
  await options.close();
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  await emulatorControl('inbound', {
    conversationId: conversation!.id,
    channel: 'EMAIL',
    subject: 'Re: hello',
    content:
      '<p>Glad to <b>connect</b><img src="x" onerror="document.title=1"><script>document.title=2</script> <a href="javascript:document.title=3">here</a> <a href="https://ok.example/">ok link</a></p>',
  });

  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await expectLeadShown(panel, 'Ada Lovelace');
  const body = panel.locator('.message-html').filter({ hasText: 'Glad to' });
  await expect(body.locator('b')).toHaveText('connect');
  await expect(body.locator('a', { hasText: 'ok link' })).toHaveAttribute('href', 'https://ok.example/');
  await expect(body.locator('a', { hasText: 'here' })).not.toHaveAttribute('href', /./);
  await expect(body.locator('img, script')).toHaveCount(0);
  await expect(body).not.toContainText('<b>');
  expect(await panel.title()).not.toMatch(/^[123]$/);

  // Mounted as nodes, under Trusted Types: the page's CSP refuses any string at an HTML sink.
  const sink = await panel.evaluate(() => {
    try {
      document.body.insertAdjacentHTML('beforeend', '<b>raw</b>');
      return 'accepted';
    } catch (error) {
      return (error as Error).name;
    }
  });
  expect(sink).toBe('TypeError');
});

test('a message too long to show says to open it on the service', async ({ configureExtension, openProfile, openPanelFor, leadByUrl, leadConversations, emulatorControl }) => {
  await (await configureExtension()).close();
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  await emulatorControl('inbound', {
    conversationId: conversation!.id,
    channel: 'EMAIL',
    subject: 'Re: the long one',
    content: `<p>${'A long newsletter. '.repeat(12_000)}</p>`,
  });
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await expectLeadShown(panel, 'Ada Lovelace');
  await expect(panel.getByText('Message too long to show here: open it on the service.')).toBeVisible();
});
