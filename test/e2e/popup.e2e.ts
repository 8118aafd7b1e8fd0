import type { Page } from '@playwright/test';
import { test, expect, expectLeadShown } from './fixtures';

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

/** The popup's declared width: Chrome sizes a popup to its content (at most 800 × 600). */
const POPUP_WIDTH = 380;

/** How far the document and any element run past the popup's right edge (0: nothing is clipped). */
async function overflow(popup: Page): Promise<{ declared: number; sideways: number; past: string[] }> {
  return popup.evaluate(() => {
    const root = document.documentElement;
    // The popup scrolls inside its app (its scrollbar within the declared width), never the page.
    const app = document.querySelector('.app-popup')!;
    const edge = Math.min(root.clientWidth, app.getBoundingClientRect().left + app.clientWidth);
    const past = [...app.querySelectorAll('*')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > edge + 0.5;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return {
      declared: Math.round(root.getBoundingClientRect().width),
      // How far the page, or the app inside it, scrolls sideways (0: not at all).
      sideways: Math.max(root.scrollWidth - root.clientWidth, app.scrollWidth - app.clientWidth),
      past,
    };
  });
}

for (const [slug, name] of [
  ['grace-hopper', 'Grace Hopper'],
  ['ada-lovelace', 'Ada Lovelace'],
] as const) {
  test(`the popup of ${slug} is laid out at its real width: nothing runs past the right edge`, async ({ openProfile, openPanelFor }) => {
    const page = await openProfile(slug);
    const popup = await openPanelFor(page, { surface: 'popup' });
    await expectLeadShown(popup, name);
    // Chrome gives the popup the document's own width: laid out in a room as wide as Chrome allows,
    // the document still asks for its declared width ...
    await popup.setViewportSize({ width: 800, height: 600 });
    expect((await overflow(popup)).declared).toBe(POPUP_WIDTH);
    // ... and at that width nothing is clipped.
    await popup.setViewportSize({ width: POPUP_WIDTH, height: 600 });
    const measured = await overflow(popup);
    expect(measured.sideways).toBe(0);
    expect(measured.past).toEqual([]);
  });
}

test('the status card and the popup show one line of the last message, sanitised, from the one messages call', async ({
  openProfile,
  openPanelFor,
  emulatorCalls,
}) => {
  const page = await openProfile('grace-hopper');
  for (const surface of ['sidepanel', 'popup'] as const) {
    const panel = await openPanelFor(page, { surface });
    await expectLeadShown(panel, 'Grace Hopper');
    // Her last message carries `<img src=x onerror=...>`: the preview is its text only.
    await expect(panel.getByTestId('last-message-preview')).toHaveText('Sure, here is my calendar: see you then!');
    await expect(panel.locator('.message-list')).toContainText('see you then!');
  }
  // Both surfaces and both places: one call for the conversation's messages.
  const calls = (await emulatorCalls()).filter((c) => c.endpoint === 'listConversationMessages');
  expect(calls).toHaveLength(1);
});
