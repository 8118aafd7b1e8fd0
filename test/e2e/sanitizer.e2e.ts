import { chromium, expect, test } from '@playwright/test';
import { chromiumPath } from './browser';
import { MUTATION_XSS_PAYLOADS } from '../fixtures/mutation-xss';
import { PROOF_PAYLOADS, startProofServer, type Prove } from '../sanitizer-proof';

// Real Chromium's parser, not happy-dom's: DOMPurify's corpus and the mutation-XSS cases, sanitised
// and mounted in a page without CSP (test/sanitizer-proof.ts says what is checked).
test('the message sanitiser in Chromium: DOMPurify\'s corpus and mutation XSS leave nothing that runs, loads, styles or clobbers', async () => {
  const server = await startProofServer();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    const report = await page.evaluate((payloads) => (window as unknown as { prove: Prove }).prove(payloads), PROOF_PAYLOADS);
    expect(report.problems).toEqual([]);
    expect(report.ran).toEqual([]);
    expect(report.mounted).toBe(PROOF_PAYLOADS.length);
    expect(report.elements).toBeGreaterThan(100);
    expect(server.strayRequests()).toEqual([]);

    // The control: the same checks on the mutation cases mounted as they came do fail.
    const naive = await browser.newPage();
    await naive.goto(server.url);
    const control = await naive.evaluate((payloads) => (window as unknown as { prove: Prove }).prove(payloads, true), MUTATION_XSS_PAYLOADS);
    expect(control.ran.length).toBeGreaterThan(0);
    expect(control.problems.length).toBeGreaterThan(0);
  } finally {
    await browser.close();
    await server.close();
  }
});
