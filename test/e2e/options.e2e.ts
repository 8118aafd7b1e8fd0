import { test, expect } from './fixtures';

async function serviceAnswer(baseUrl: string, key: string): Promise<{ status: number; body: unknown }> {
  const r = await fetch(`${baseUrl}/members`, { headers: { authorization: `Bearer ${key}` } });
  return { status: r.status, body: await r.json() };
}

test('the key set on the options page is tested against the service: members on success, the service message on failure', async ({
  configureExtension,
  emulator,
  demo,
  emulatorCalls,
}) => {
  const options = await configureExtension(null, { apiKey: demo.proKey, baseUrl: emulator.baseUrl });
  // The key itself never comes back to the page: the field is emptied and only "saved" is shown.
  await expect(options.getByLabel('API key')).toHaveValue('');
  await expect(options.getByLabel('API key')).toHaveAttribute('type', 'password');
  await expect(options.getByText('Key saved', { exact: true })).toBeVisible();
  await expect(options.getByLabel('Base URL')).toHaveValue(emulator.baseUrl);

  const members = (await serviceAnswer(emulator.baseUrl, demo.proKey)).body as { name: string }[];
  expect(members.length).toBeGreaterThan(1);
  await options.getByRole('button', { name: 'Test key' }).click();
  const outcome = options.getByTestId('key-outcome');
  await expect(outcome).toContainText(`${members.length} members`);
  // The members themselves, by name: the demo seed's Pro workspace has Priya Natarajan.
  expect(members.map((m) => m.name)).toContain('Priya Natarajan');
  await expect(outcome.getByText('Priya Natarajan', { exact: true })).toBeVisible();
  // The emulator saw the stored key at work: a successful members call for the Pro workspace.
  const calls = await emulatorCalls();
  expect(calls.some((c) => c.endpoint === 'listMembers' && c.ok && c.workspaceName === 'demo-pro')).toBe(true);

  // A wrong key: the service's own sentence, and the emulator recorded the refusal.
  const wrong = 'key_not_a_real_key_0000000000000000';
  const refusal = await serviceAnswer(emulator.baseUrl, wrong);
  expect(refusal.status).toBe(401);
  await options.getByLabel('API key').fill(wrong);
  await options.getByRole('button', { name: 'Test key' }).click();
  await expect(outcome).toContainText((refusal.body as { message: string }).message);

  // A Starter workspace's key: the plan is refused (403), again in the service's words.
  const planRefusal = await serviceAnswer(emulator.baseUrl, demo.starterKey);
  expect(planRefusal.status).toBe(403);
  await options.getByLabel('API key').fill(demo.starterKey);
  await options.getByRole('button', { name: 'Test key' }).click();
  // The service's sentence, its plan named as the user knows it (STARTER → Starter).
  await expect(outcome).toContainText((planRefusal.body as { message: string }).message.replace('STARTER', 'Starter'));

  // The key is never shown back, neither on the page nor in the emulator's call history.
  await expect(options.locator('body')).not.toContainText(demo.proKey);
  const history = JSON.stringify(await emulatorCalls());
  expect(history).not.toContain(demo.proKey);
  expect(history).not.toContain(wrong);
});

test('Test key tests the typed address and names it when unreachable; Save keeps the old key when the service refuses the new one', async ({
  configureExtension,
  emulator,
  demo,
  emulatorCalls,
}) => {
  const options = await configureExtension(null, { apiKey: demo.proKey, baseUrl: emulator.baseUrl });
  const outcome = options.getByTestId('key-outcome');

  // Nothing listens on port 9: the sentence names the typed address, and the key is nowhere.
  const unreachable = 'http://127.0.0.1:9/flow';
  await options.getByLabel('Base URL').fill(unreachable);
  await options.getByRole('button', { name: 'Test key' }).click();
  await expect(outcome).toContainText(`The service at ${unreachable} can't be reached`);
  await expect(options.locator('body')).not.toContainText(demo.proKey);
  await options.getByLabel('Base URL').fill(emulator.baseUrl);

  // A refused key on Save: red only, nothing stored, the previous key still works.
  const wrong = 'key_not_a_real_key_1111111111111111';
  await options.getByLabel('API key').fill(wrong);
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(outcome).toContainText('Nothing was saved: your previous key is kept.');
  await expect(outcome.locator('.notice-ok')).toHaveCount(0);
  await expect(outcome).not.toContainText('Saved.');
  await options.getByLabel('API key').fill('');
  const before = (await emulatorCalls()).length;
  await options.getByRole('button', { name: 'Test key' }).click();
  await expect(outcome).toContainText('members');
  const after = (await emulatorCalls()).slice(before);
  expect(after.some((c) => c.endpoint === 'listMembers' && c.ok && c.workspaceName === 'demo-pro')).toBe(true);
  await expect(options.locator('body')).not.toContainText(wrong);
});

test('opening the options page lists the identities with one call at most: asks share it, a fresh list costs none', async ({
  configureExtension,
  extension,
  emulator,
  demo,
  emulatorCalls,
}) => {
  const identityCalls = async () => (await emulatorCalls()).filter((c) => c.endpoint === 'listIdentities');
  // Save: the key's own load, the "I send as" list and the key test ask together, and share one call.
  const options = await configureExtension(null, { apiKey: demo.proKey, baseUrl: emulator.baseUrl });
  const mine = options.getByRole('group', { name: 'I send as' });
  await expect(mine.getByRole('checkbox').first()).toBeVisible();
  const shown = await mine.getByRole('checkbox').count();
  expect(await identityCalls()).toHaveLength(1);

  // The page opened again while that list is fresh: the same identities, no call.
  const again = await extension.context.newPage();
  await again.goto(`${extension.origin}/options.html`);
  await expect(again.getByRole('group', { name: 'I send as' }).getByRole('checkbox')).toHaveCount(shown);
  await options.reload();
  await expect(options.getByRole('group', { name: 'I send as' }).getByRole('checkbox')).toHaveCount(shown);
  expect(await identityCalls()).toHaveLength(1);
});

test('a key replaced by another workspace\'s key lists that workspace\'s identities at once', async ({ configureExtension, emulator, demo }) => {
  const namesOf = async (key: string) => {
    const r = await fetch(`${emulator.baseUrl}/identities`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await r.json()) as { identities: { name: string }[] };
    return body.identities.map((i) => i.name).sort();
  };
  // Another workspace with API access (any plan but Starter).
  const other = demo.workspaces.find((w) => w.plan !== 'STARTER' && w.apiKey !== demo.proKey);
  if (!other) throw new Error(`the demo seed has one workspace with API access only: ${demo.workspaces.map((w) => w.name).join(', ')}`);
  const [proNames, otherNames] = [await namesOf(demo.proKey), await namesOf(other.apiKey)];
  expect(proNames.length).toBeGreaterThan(0);
  expect(otherNames).not.toEqual(proNames);

  const options = await configureExtension(null, { apiKey: demo.proKey, baseUrl: emulator.baseUrl });
  const mine = options.getByRole('group', { name: 'I send as' });
  const shown = async () => (await mine.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => b.closest('label')?.textContent?.trim() ?? ''))).sort();
  await expect.poll(shown).toEqual(proNames);

  // The same page, another workspace's key saved: the list is that workspace's, without a reload.
  await options.getByLabel('API key').fill(other.apiKey);
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(shown).toEqual(otherNames);
});

test('a fresh install opens the options page, and the popup says to add the key instead of "not counted yet"', async ({ extension, openProfile, openPanelFor }) => {
  const options = `${extension.origin}/options.html`;
  await expect.poll(() => extension.context.pages().some((p) => p.url() === options)).toBe(true);
  const popup = await openPanelFor(await openProfile('ada-lovelace'), { surface: 'popup' });
  await expect(popup.getByTestId('inbox-count')).toHaveText('Waiting for a reply: add your API key in the options to count');
});
