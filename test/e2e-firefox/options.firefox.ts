import { test, expect, byRole, textOf } from './fixtures';

// The bug Firefox showed first: it answers permissions.contains for `http://127.0.0.1:<port>/*` with
// false although `http://127.0.0.1/*` is granted, so the key could never be saved. Now checked with
// the port-less pattern (lib/host-permission.ts).
test('options: the key is saved against the emulator on its own port, and Test key counts the members', async ({ configure }) => {
  const options = await configure();
  expect(await textOf(options, '[data-testid="key-outcome"]')).toMatch(/The key works: \d+ members/);
  await expect.poll(() => options.evaluate(() => document.body.innerText)).toContain('Key saved');
  await (await byRole(options, 'button', 'Test key')).click();
  await expect.poll(() => textOf(options, '[data-testid="key-outcome"]'), { timeout: 30_000 }).toMatch(/members/);
});
