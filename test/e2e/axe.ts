import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe-core violations of a page, in the light theme then the dark one, as
 * "theme rule: target" lines (empty is good).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    found.push(
      ...violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => `${theme} ${v.id}: ${n.target.join(' ')}`)),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}
