import { queueFilters } from '../../lib/inbox/queue';
import { canonicalProfileUrl } from '../../lib/pronet/canonical-url';
import { test, expect, badges, byRole, chipLabel, conversationStatus, leadHeading, textOf } from './fixtures';

test.beforeEach(async ({ configure }) => {
  await (await configure()).close();
});

test('in-page navigation feed → Ada → Katherine → Margaret → back: chip and panel follow, no page load', async ({ open, openPanelFor, emulator }) => {
  const page = await open(`${emulator.pronetOrigin}/feed/`);
  const panel = await openPanelFor(page);
  await byRole(panel, 'heading', 'Open a profile', 30_000);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const sameDocument = () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
  const follow = async (name: string) => {
    await page.bringToFront();
    await (await byRole(page, 'link', name)).click();
  };

  await follow('Ada Lovelace');
  await expect.poll(() => page.url()).toMatch(/\/in\/ada-lovelace\/$/);
  await expect.poll(() => chipLabel(page), { timeout: 30_000 }).toMatch(/^Open · Ada Lovelace/);
  await expect.poll(() => leadHeading(panel), { timeout: 30_000 }).toBe('Ada Lovelace');
  expect(await sameDocument()).toBe(true);

  await follow('Katherine Johnson');
  await expect.poll(() => chipLabel(page), { timeout: 30_000 }).toMatch(/^Archived · Katherine Johnson/);
  await expect.poll(() => leadHeading(panel), { timeout: 30_000 }).toBe('Katherine Johnson');
  await expect.poll(() => conversationStatus(panel)).toBe('Archived');

  await follow('Margaret Hamilton');
  await expect.poll(() => chipLabel(page), { timeout: 30_000 }).toMatch(/^Not a lead yet/);
  await byRole(panel, 'button', 'Add to audience', 30_000);
  expect(await sameDocument()).toBe(true);

  await page.goBack();
  await expect.poll(() => page.url()).toMatch(/\/in\/katherine-johnson\/$/);
  await expect.poll(() => chipLabel(page), { timeout: 30_000 }).toMatch(/^Archived · Katherine Johnson/);
  await expect.poll(() => leadHeading(panel), { timeout: 30_000 }).toBe('Katherine Johnson');
  expect(await sameDocument()).toBe(true);
});

test('search results: every listed person gets a badge naming the service\'s state', async ({ open, emulator, leadByUrl }) => {
  const page = await open(`${emulator.pronetOrigin}/search/results/people/`, { width: 1280, height: 1600 });
  const rows = await page.$$eval('ul.results a.person-name', (as) => [...new Set(as.map((a) => (a as HTMLAnchorElement).href))]);
  const profiles = rows.map((h) => canonicalProfileUrl(h)!);
  expect(profiles).toHaveLength(10);
  const profileOf = (href: string | null) => canonicalProfileUrl(new URL(href ?? '', page.url()).href);
  let shown = new Map<string, string>();
  await expect
    .poll(
      async () => {
        shown = new Map((await badges(page)).map((b) => [profileOf(b.linkHref)!, b.label ?? '']));
        return profiles.filter((p) => !shown.has(p));
      },
      { timeout: 45_000 },
    )
    .toEqual([]);
  let leads = 0;
  for (const profile of profiles) {
    const label = shown.get(profile)!;
    const lead = await leadByUrl(new URL(profile).pathname.split('/')[2]!);
    if (!lead) {
      expect(label).toMatch(/^Not a lead: \S/);
      continue;
    }
    leads += 1;
    expect(label).toMatch(/^(Open|Waiting for (you|them)|Snoozed|Archived|No conversation)/);
    expect(label).toContain(`: ${[lead.firstname, lead.lastname].filter(Boolean).join(' ')}`);
  }
  expect(leads).toBeGreaterThan(0);
});

test('the inbox queue lists the emulator\'s waiting conversations, in its order', async ({ open, openPanelFor, emulator, proKey }) => {
  const r = await fetch(`${emulator.baseUrl}/conversations/search?${new URLSearchParams(queueParams())}`, { headers: { authorization: `Bearer ${proKey}` } });
  const first = (await r.json()) as { data: { id: string }[]; total: number | null };
  const panel = await openPanelFor(await open(`${emulator.pronetOrigin}/in/ada-lovelace/`));
  await (await byRole(panel, 'tab', 'Inbox', 30_000)).click();
  await expect.poll(() => textOf(panel, '[data-testid="inbox-total"]'), { timeout: 30_000 }).toBe(`${first.total} conversations`);
  await expect
    .poll(() => panel.$$eval('[aria-label="Waiting for reply"] li', (items) => items.map((li) => li.getAttribute('data-conversation'))), { timeout: 45_000 })
    .toEqual(first.data.map((c) => c.id));
});

function queueParams(): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(queueFilters({ view: 'waiting' }, Date.now()))) params[name] = Array.isArray(value) ? value.join(',') : String(value);
  return params;
}
