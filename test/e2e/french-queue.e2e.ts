/**
 * The queue in French keeps its names whole (issue 34: "Ada Love…" beside "Attend depuis 1 min"): the
 * wait goes to a line of its own when the name and it do not fit side by side (the side panel at its
 * narrowest, 320 px: on the old queue seven of the demo's names were cut, to 55-70 px of their 93-108).
 */
import { catalogueMessage, configure, optionLabels } from '../../scripts/extension-session';
import { launchWithExtension } from './browser';
import { expect, test as base, useLaunched } from './fixtures';

const test = base.extend({
  extension: async ({ demo: _demo }, use) => {
    await useLaunched(await launchWithExtension({ locale: 'fr-FR', uiLanguage: 'fr' }), use);
  },
});

test('in French, no name of the waiting queue is cut beside its wait', async ({ extension, emulator, demo, openProfile, openPanelFor }) => {
  const options = await extension.context.newPage();
  await configure(options, extension.origin, demo.proKey, emulator.baseUrl, optionLabels('fr'));
  await options.close();
  const profile = await openProfile('ada-lovelace');
  const panel = await openPanelFor(profile);
  // The side panel at its narrowest (Chrome's 320 px), where the names were cut.
  await panel.setViewportSize({ width: 320, height: 860 });
  await panel.getByRole('tab', { name: catalogueMessage('fr', 'sectionInbox') }).click();
  const rows = panel.getByRole('list', { name: catalogueMessage('fr', 'inboxViewWaiting') }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByTestId('inbox-waited')).toContainText('En attente de vous');
  const cut = await rows.evaluateAll((items) =>
    items.flatMap((item) => {
      const name = item.querySelector<HTMLElement>('.inbox-name');
      const head = name?.parentElement;
      // A name longer than the whole row may be cut; one beside anything else may not.
      if (!name || !head || name.scrollWidth <= name.clientWidth || name.clientWidth >= head.clientWidth - 1) return [];
      return [`${name.textContent} (${name.clientWidth} of ${name.scrollWidth} px)`];
    }),
  );
  expect(cut).toEqual([]);
});
