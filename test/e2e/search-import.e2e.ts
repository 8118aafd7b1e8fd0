/**
 * "Import all N results" (issue 43) on the look-alike's people search: This page offers the whole
 * search, its form names it, and Confirm makes ONE POST /audiences; the panel follows the audience to
 * the search's size (the emulator's clock moved on rather than waited for) and the page's badges turn.
 * Under a fault that loses the import's answer after it was applied, the product reads back and does
 * not import twice.
 */
import type { Page } from '@playwright/test';
import { canonicalProfileUrl } from '../../lib/pronet/canonical-url';
import { readBadges } from './chip';
import { test, expect, type EmulatorCall, type EmulatorHandle } from './fixtures';
import { RequestRecorder, WorkerStopper } from './hardening/support';
import { openThisPage } from './this-page-support';

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

/** The emulator imports a page of results per 5 s of its clock. */
const IMPORT_STEP_MS = 5_000;

const imports = (calls: EmulatorCall[]) => calls.filter((c) => c.endpoint === 'importAudience');

/** The count and pages the search page states ("About 47 results · page 1 of 5"). */
async function stated(page: Page): Promise<{ count: number; pages: number }> {
  const text = (await page.getByText(/About \d+ results/).textContent()) ?? '';
  const m = /About (\d+) results · page \d+ of (\d+)/.exec(text);
  return { count: Number(m?.[1]), pages: Number(m?.[2]) };
}

/** The search results whose badge on the page says "Not a lead" (the side regions' people are no results). */
async function notLeadsShown(page: Page): Promise<string[]> {
  const results = new Set((await page.locator('ul.results a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))).map((h) => canonicalProfileUrl(h) ?? ''));
  return (await readBadges(page))
    .filter((b) => /^Not a lead/.test(b.label ?? ''))
    .map((b) => canonicalProfileUrl(new URL(b.href ?? '', page.url()).href) ?? '')
    .filter((u) => results.has(u));
}

async function audienceNamed(emulator: EmulatorHandle, key: string, name: string) {
  const r = await fetch(`${emulator.baseUrl}/audiences`, { headers: { authorization: `Bearer ${key}` } });
  const body = (await r.json()) as { audiences: { id: string; name: string; size: number; sourceUrl: string | null }[] };
  return body.audiences.filter((a) => a.name === name);
}

/** Opens the form and confirms an import of the whole search into a new audience named `name`. */
async function confirmImport(panel: Page, count: number, name: string) {
  await panel.getByRole('button', { name: `Import all ${count} results` }).click();
  const form = panel.getByRole('form', { name: 'Import the whole search' });
  await expect(form.getByTestId('import-count')).toHaveText(String(count));
  await expect(form.getByLabel('Identity')).not.toHaveValue('');
  // Every result, contacted or not: the audience then reaches the search's size.
  await form.getByLabel('Skip people already contacted').uncheck();
  await form.getByLabel('Name of the new audience').fill(name);
  await form.getByRole('button', { name: 'Import', exact: true }).click();
}

test('imports the whole search in ONE call; the panel follows the audience to its size; the badges turn', async ({ extension, emulator, demo, openPanelFor, emulatorControl, emulatorCalls }) => {
  const { page, panel } = await openThisPage(extension.context, openPanelFor, `${emulator.pronetOrigin}/search/results/people/`);
  const { count, pages } = await stated(page);
  expect(count).toBeGreaterThan(40);
  const notLeads = await notLeadsShown(page);
  expect(notLeads.length).toBeGreaterThan(0);

  await confirmImport(panel, count, 'Whole demo search');
  await expect.poll(async () => imports(await emulatorCalls()).length).toBe(1);
  // The service's pace, on its own clock: two pages of results in, then every page.
  await emulatorControl('clock', { advanceMs: IMPORT_STEP_MS * 2 });
  await expect(panel.getByTestId('import-progress')).toHaveText(`Importing… 20 of about ${count}`, { timeout: 60_000 });
  await emulatorControl('clock', { advanceMs: IMPORT_STEP_MS * pages });

  await expect(panel.getByTestId('import-progress')).toHaveText(`${count} imported`, { timeout: 60_000 });
  const [audience, ...others] = await audienceNamed(emulator, demo.proKey, 'Whole demo search');
  expect(others).toEqual([]);
  expect(audience?.size).toBe(count);
  expect(imports(await emulatorCalls())).toHaveLength(1);
  // The people the page showed as no leads are leads now: their badges turned.
  await expect.poll(async () => (await notLeadsShown(page)).filter((u) => notLeads.includes(u)).length, { timeout: 30_000 }).toBe(0);
});

for (const { lost, faults, dropped } of [
  // Every mutation is applied, then answered 502 (a gateway that lost the service's answer).
  { lost: 'answered 502 after it was applied', faults: { applyThenFailRate: 1 }, dropped: false },
  // The connection drops with no answer; the service applies it a moment later.
  { lost: 'its connection dropped, applied late', faults: { dropRate: 1, lateApplyMs: 1_500 }, dropped: true },
]) test(`the import's answer lost (${lost}): read back, the worker never sends it twice`, async ({ extension, emulator, demo, openPanelFor, emulatorControl, emulatorCalls }) => {
  const requests = new RequestRecorder(extension.context);
  const { page, panel } = await openThisPage(extension.context, openPanelFor, `${emulator.pronetOrigin}/search/results/people/`);
  const { count, pages } = await stated(page);
  await emulatorControl('faults', faults);
  await confirmImport(panel, count, 'Lost answer import');
  // Applied (a dropped one is in the history once applied late), and its answer lost.
  await expect.poll(async () => imports(await emulatorCalls()).length).toBeGreaterThan(0);
  expect(imports(await emulatorCalls())[0]?.ok).toBe(false);
  // From here a resend would be answered: only the read-back keeps it from being a second import.
  await emulatorControl('faults', {});
  await expect.poll(async () => (await audienceNamed(emulator, demo.proKey, 'Lost answer import')).length).toBe(1);
  await emulatorControl('clock', { advanceMs: IMPORT_STEP_MS * (pages + 1) });

  // A dropped send is read back once the service can no longer apply it (the client's timeout after it).
  await expect(panel.getByTestId('import-progress')).toHaveText(`${count} imported`, { timeout: 60_000 });
  const calls = await emulatorCalls();
  // The worker sent it once, and after the read-back never again.
  expect(requests.all.filter((r) => r.fromWorker && r.method === 'POST' && /\/flow\/audiences$/.test(r.url))).toHaveLength(1);
  expect(calls.filter((c) => c.endpoint === 'listAudiences').length).toBeGreaterThan(0);
  const audiences = await audienceNamed(emulator, demo.proKey, 'Lost answer import');
  expect(audiences).toHaveLength(1);
  expect(audiences[0]?.size).toBe(count);
  if (!dropped) expect(imports(calls)).toHaveLength(1);
  else {
    // A copy can only come from the browser itself: Chromium resends a request whose reused keep-alive
    // connection closed before any answer (docs/e2e.md, "Replies and the browser's resend"), which no
    // page or extension can stop; the worker's own resend never came (above).
    const extra = imports(calls).length - 1;
    if (extra > 0) test.info().annotations.push({ type: 'browser-resend', description: `${extra} copies from Chromium's own resend over a reused connection` });
  }
});

test('the worker stopped while the import is on the wire: the next worker finishes it, one import in all', async ({ extension, emulator, demo, openPanelFor, emulatorControl, emulatorCalls }) => {
  const requests = new RequestRecorder(extension.context);
  const { page, panel } = await openThisPage(extension.context, openPanelFor, `${emulator.pronetOrigin}/search/results/people/`);
  const { count, pages } = await stated(page);
  // A slow answer: the import is on the wire when the worker stops.
  await emulatorControl('faults', { latencyMs: 2_000 });
  await confirmImport(panel, count, 'Stopped worker import');
  const fromWorker = () => requests.all.filter((r) => r.fromWorker && r.method === 'POST' && /\/flow\/audiences$/.test(r.url));
  await expect.poll(() => fromWorker().length).toBe(1);
  await new WorkerStopper(panel).stop();
  await emulatorControl('faults', {});
  // The panel's next read wakes a new worker, which takes over the outbox: the import's outcome is
  // unknown, so it is read back (once it can no longer land late) before it may be sent again.
  await expect.poll(async () => (await audienceNamed(emulator, demo.proKey, 'Stopped worker import')).length, { timeout: 45_000 }).toBe(1);
  await emulatorControl('clock', { advanceMs: IMPORT_STEP_MS * (pages + 1) });

  await expect(panel.getByTestId('import-progress')).toHaveText(`${count} imported`, { timeout: 60_000 });
  // One import reached the service, whichever send it was. The emulator applies nothing of a send cut by
  // a stopped worker, so this case proves the take-over, not the read-back (the fault cases above do).
  const applied = imports(await emulatorCalls()).filter((c) => c.ok);
  expect(applied).toHaveLength(1);
  expect(fromWorker().length).toBeLessThanOrEqual(2);
  const audiences = await audienceNamed(emulator, demo.proKey, 'Stopped worker import');
  expect(audiences.map((a) => a.size)).toEqual([count]);
});
