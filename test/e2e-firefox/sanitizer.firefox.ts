import { PROOF_PAYLOADS, startProofServer, type Prove } from '../sanitizer-proof';
import { test, expect } from './fixtures';

// Firefox's own parser: DOMPurify's corpus and the mutation-XSS cases, sanitised and mounted in a
// page without CSP (test/sanitizer-proof.ts says what is checked).
test('the message sanitiser in Firefox: DOMPurify\'s corpus and mutation XSS leave nothing that runs, loads, styles or clobbers', async ({ open }) => {
  const server = await startProofServer();
  try {
    const page = await open(server.url);
    const report = await page.evaluate((payloads) => (window as unknown as { prove: Prove }).prove(payloads), PROOF_PAYLOADS);
    expect(report.problems).toEqual([]);
    expect(report.ran).toEqual([]);
    expect(report.mounted).toBe(PROOF_PAYLOADS.length);
    expect(report.elements).toBeGreaterThan(100);
    expect(server.strayRequests()).toEqual([]);

    // (The control run, markup mounted as it came, is the Chromium suite's: here it navigates the tab away.)
  } finally {
    await server.close();
  }
});
