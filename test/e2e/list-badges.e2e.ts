/**
 * Badges on lists, on the look-alike site: search results (Next by pushState), the feed (more posts
 * on scroll), the side panel opened from a badge, prefetch on hover, and a page of 500 fake profile
 * links. The truth is the emulator's: its state for each person, and its call history for the cost.
 */
import type { Page } from '@playwright/test';
import { DEFAULT_NO_LEAD_FRESH_MS } from '../../lib/background/resolver';
import { canonicalProfileUrl } from '../../lib/pronet/canonical-url';
import { badgeBox, readBadges, type BadgeReading } from './chip';
import { test, expect, chipLabel, conversationStatus, type ApiConversation, type EmulatorCall } from './fixtures';

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

/** Tall enough that a results page of 10 is on screen at once (one batch). */
const TALL = { width: 1280, height: 1600 };

const profileOf = (b: BadgeReading, page: Page) => canonicalProfileUrl(new URL(b.href ?? '', page.url()).href);

/** Distinct listed profiles of the page's rows (every row shows one person). */
async function rowProfiles(page: Page): Promise<string[]> {
  const hrefs = await page.locator('ul.results a.person-name').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  return [...new Set(hrefs.map((h) => canonicalProfileUrl(h)!))];
}

/** Waits until every given profile shows its badge; returns the badges by profile. */
async function badgesFor(page: Page, profiles: string[]): Promise<Map<string, BadgeReading>> {
  let byProfile = new Map<string, BadgeReading>();
  await expect
    .poll(async () => {
      byProfile = new Map((await readBadges(page)).map((b) => [profileOf(b, page)!, b]));
      return profiles.filter((p) => !byProfile.has(p));
    })
    .toEqual([]);
  return byProfile;
}

const lookups = (calls: EmulatorCall[]) => calls.filter((c) => c.endpoint === 'searchLeads');
/**
 * The lists' conversation searches (by `leadIds`). The toolbar count's own search (an alarm 30 s
 * after the worker starts, then every 5 minutes) is not the list's: on a busy machine it lands inside a test.
 */
const searches = (calls: EmulatorCall[]) => calls.filter((c) => c.endpoint === 'searchConversations' && new URL(c.path, 'http://x').searchParams.has('leadIds'));
/** Every call but the toolbar count's. */
const listCalls = (calls: EmulatorCall[]) => calls.filter((c) => c.endpoint !== 'searchConversations' || new URL(c.path, 'http://x').searchParams.has('leadIds'));
const perLead = (calls: EmulatorCall[]) => calls.filter((c) => c.endpoint === 'listLeadConversations');
/** The profile each lead search asked for. */
const lookedUp = (calls: EmulatorCall[]) => lookups(calls).map((c) => new URL(c.path, 'http://x').searchParams.get('pronetUrl'));

/** The state word the panel uses for the conversation it shows first (the latest message). */
function expectedWords(conversations: ApiConversation[], now: number): string[] {
  if (conversations.length === 0) return ['No conversation'];
  const at = (c: ApiConversation) => (c.lastMessageAt as number | null) ?? 0;
  const latest = Math.max(...conversations.map(at));
  const more = conversations.length > 1 ? ` +${conversations.length - 1}` : '';
  return conversations
    .filter((c) => at(c) === latest)
    .map((c) => {
      if (c.status === 'ARCHIVED') return `Archived${more}`;
      if (c.status === 'SNOOZED' && (c.snoozeUntil ?? 0) > now) return `Snoozed until`;
      // Whose turn (issue 36) when the last message says it.
      const status = (c as unknown as { lastMessageStatus: string | null }).lastMessageStatus;
      if (status === 'RECEIVED' || status === 'SEND_FAILED') return 'Waiting for you, ';
      if (status === 'SENT' || status === 'SENDING') return 'Waiting for them, ';
      return `${c.leadReplied ? 'Open, replied' : 'Open'}${more}`;
    });
}

test('search results: each badge says what the service holds, Next adds badges for the new rows only, a revisit costs nothing', async ({
  extension,
  emulator,
  leadByUrl,
  leadConversations,
  emulatorCalls,
}) => {
  const page = await extension.context.newPage();
  await page.setViewportSize(TALL);
  await page.goto(`${emulator.pronetOrigin}/search/results/people/`);
  const first = await rowProfiles(page);
  expect(first).toHaveLength(10);
  const badges = await badgesFor(page, first);
  // The page lists more people than its results ("People also viewed"): they have badges too.
  const listed = new Set((await readBadges(page)).map((b) => profileOf(b, page)));
  await expect.poll(async () => searches(await emulatorCalls()).length).toBe(1);

  // Cost: one lead search per distinct profile at most, ONE conversation search for the page.
  const afterFirst = await emulatorCalls();
  expect(lookups(afterFirst).length).toBeLessThanOrEqual(listed.size);
  expect(searches(afterFirst)).toHaveLength(1);
  expect(perLead(afterFirst)).toHaveLength(0);

  // Next (pushState): the new rows get badges; nobody is looked up twice.
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.locator('nav.pager')).toContainText('Page 2 of');
  const second = await rowProfiles(page);
  expect(second.filter((p) => first.includes(p))).toEqual([]);
  await badgesFor(page, second);
  await expect.poll(async () => searches(await emulatorCalls()).length).toBe(2);
  const afterSecond = await emulatorCalls();
  const asked = lookedUp(afterSecond);
  expect(new Set(asked).size).toBe(asked.length);
  expect(asked.length).toBeLessThanOrEqual(listed.size + second.length);
  expect(perLead(afterSecond)).toHaveLength(0);

  // Back to page 1 within freshness: every badge again, no call.
  await page.getByRole('link', { name: 'Previous' }).click();
  await expect(page.locator('nav.pager')).toContainText('Page 1 of');
  const again = await badgesFor(page, first);
  expect(listCalls(await emulatorCalls()).length).toBe(listCalls(afterSecond).length);

  // The page loaded again within freshness (its first rows asked for at once, from the cache): every
  // badge again, and neither its results nor their leads' conversations asked for.
  await page.reload();
  await badgesFor(page, first);
  const afterReload = await emulatorCalls();
  const leadIdsOf = (calls: EmulatorCall[]) => searches(calls).flatMap((c) => new URL(c.path, 'http://x').searchParams.get('leadIds')?.split(',') ?? []);
  const firstLeads = new Set(leadIdsOf(afterFirst));
  const aboutFirst = (calls: EmulatorCall[]) => [lookedUp(calls).filter((p) => first.includes(p ?? '')).length, leadIdsOf(calls).filter((id) => firstLeads.has(id)).length];
  expect(aboutFirst(afterReload)).toEqual(aboutFirst(afterSecond));
  expect(perLead(afterReload)).toHaveLength(0);

  // Every badge names the state of the person's conversation on the service, then the person.
  let leads = 0;
  for (const profile of first) {
    const label = again.get(profile)!.label ?? '';
    expect(label).toBe(badges.get(profile)!.label);
    const lead = await leadByUrl(profile);
    if (!lead) {
      expect(label).toMatch(/^Not a lead: \S/);
      continue;
    }
    leads += 1;
    const words = expectedWords(await leadConversations(lead.id), Date.now());
    expect(words.some((w) => label.startsWith(w)), `${label} starts with one of ${words.join(' | ')}`).toBe(true);
    expect(label).toContain(`: ${[lead.firstname, lead.lastname].filter(Boolean).join(' ')}`);
  }
  expect(leads).toBeGreaterThan(0);
  expect(leads).toBeLessThan(10);
});

test("a fresh browser: the key tested, a panel opened, then a results page at once: every badge comes", async ({
  extension,
  emulator,
  openPanelFor,
  emulatorCalls,
}) => {
  test.slow();
  // The key was saved and tested (beforeEach); the user opens a profile and its panel.
  const profile = await extension.context.newPage();
  await profile.goto(`${emulator.pronetOrigin}/in/ada-lovelace/`);
  const panel = await openPanelFor(profile);
  await expect(panel.getByRole('heading', { level: 1 })).toHaveText('Ada Lovelace', { timeout: 30_000 });
  // Then a results page at once. A fresh browser's learned rate (5 per 10 s) used to count the
  // user's own calls: the page's look-ups waited ~8 s for them to leave the window. How fast the
  // badges come is the lists bench's to measure (this machine's load varies); here, that they come.
  const page = await extension.context.newPage();
  await page.setViewportSize(TALL);
  await page.goto(`${emulator.pronetOrigin}/search/results/people/`);
  const rows = await rowProfiles(page);
  expect(rows).toHaveLength(10);
  await expect
    .poll(async () => {
      const shown = new Set((await readBadges(page)).map((b) => profileOf(b, page)));
      return rows.filter((p) => !shown.has(p));
    }, { timeout: 30_000 })
    .toEqual([]);
  // Each row's person was asked about (the panel's person may come from the cache).
  const asked = new Set(lookedUp(await emulatorCalls()));
  expect(rows.filter((p) => !asked.has(p)).length).toBeLessThanOrEqual(1);
});

test('a badge in a narrow card shows its dot alone, inside the card; one with room shows its words; none moves the page', async ({ extension, emulator }) => {
  const page = await extension.context.newPage();
  await page.setViewportSize(TALL);
  await page.goto(`${emulator.pronetOrigin}/search/results/people/`);
  // Where the names sit before any badge: a badge takes no room, so they must not move.
  const names = page.locator('a.person-name');
  const before = await names.evaluateAll((as) => as.map((a) => JSON.stringify(a.getBoundingClientRect())));
  const profiles = await rowProfiles(page);
  await badgesFor(page, profiles);
  const side = page.locator('[data-section="people-also-viewed"]');
  const sideProfiles = await side.locator('a.person-name').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  await badgesFor(page, sideProfiles.map((h) => canonicalProfileUrl(h)!));

  const badges = await readBadges(page);
  const card = (await side.boundingBox())!;
  const placed = await Promise.all(badges.map(async (b) => ({ b, box: await badgeBox(page, b) })));
  const inSide = placed.filter(({ box }) => box.x >= card.x);
  expect(inSide.length).toBe(sideProfiles.length);
  // The side card is narrow: some of its badges have no room for their words…
  expect(inSide.some(({ b }) => b.compact)).toBe(true);
  for (const { b, box } of inSide) {
    const row = (await side.locator(`li:has(a.person-name[href="${b.href}"])`).boundingBox())!;
    // …and every badge, compact or not, stays inside its row, hence its card.
    expect(box.x + box.width, `${b.label}`).toBeLessThanOrEqual(row.x + row.width);
    expect(box.x).toBeGreaterThanOrEqual(row.x);
    expect(box.y).toBeGreaterThanOrEqual(row.y);
    expect(box.y + box.height).toBeLessThanOrEqual(row.y + row.height);
    expect(b.label).toMatch(/^(Open|Waiting for (you|them)|Snoozed|Archived|No conversation|Not a lead)/);
    if (b.compact) {
      // A compact badge is its dot alone, with the same accessible name; its words are in its card.
      expect(box.width).toBeLessThan(24);
      expect(b.tip.startsWith(b.text)).toBe(true);
    }
  }
  // The results' wide rows have room: their badges show their words.
  const inResults = placed.filter(({ box }) => box.x < card.x);
  expect(inResults.length).toBeGreaterThanOrEqual(profiles.length);
  expect(inResults.every(({ b }) => !b.compact)).toBe(true);
  expect(await names.evaluateAll((as) => as.map((a) => JSON.stringify(a.getBoundingClientRect())))).toEqual(before);
});

test('right to left: each badge sits on its link\'s left, inside its row; a narrow card shows dots alone', async ({ extension, emulator }) => {
  const page = await extension.context.newPage();
  await page.setViewportSize(TALL);
  // A page of the profile host in a right-to-left language: wide rows, and a narrow card beside them.
  const row = (slug: string, name: string) => `<li><a class="person-name" href="/in/${slug}/">${name}</a><p>مهندس برمجيات</p></li>`;
  await page.route(`${emulator.pronetOrigin}/rtl-people/`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html dir="rtl" lang="ar"><meta charset="utf-8"><title>أشخاص</title>
        <body style="font: 16px sans-serif; display: flex; gap: 24px; margin: 24px">
        <ul class="results" style="flex: 1; list-style: none; padding: 0">${row('ada-lovelace', 'آدا لوفليس')}${row('grace-hopper', 'غريس هوبر')}${row('alan-turing', 'آلان تورينغ')}</ul>
        <aside style="width: 150px"><ul class="card" style="list-style: none; padding: 8px; border: 1px solid #ccc">${row('edsger-dijkstra', 'إدسخر ديكسترا المهندس')}${row('margaret-hamilton', 'مارغريت هاميلتون المهندسة')}</ul></aside>
        </body></html>`,
    }),
  );
  await page.goto(`${emulator.pronetOrigin}/rtl-people/`);
  const names = page.locator('a.person-name');
  const before = await names.evaluateAll((as) => as.map((a) => JSON.stringify(a.getBoundingClientRect())));
  const slugs = ['ada-lovelace', 'grace-hopper', 'alan-turing', 'edsger-dijkstra', 'margaret-hamilton'];
  await badgesFor(page, slugs.map((slug) => canonicalProfileUrl(`https://www.pronet.example/in/${slug}/`)!));

  const placed = await Promise.all((await readBadges(page)).map(async (b) => ({ b, box: await badgeBox(page, b) })));
  expect(placed).toHaveLength(slugs.length);
  for (const { b, box } of placed) {
    const link = page.locator(`a.person-name[href="${b.href}"]`);
    // The link's last line box (a name may wrap in the narrow card): the badge follows its end.
    const lastLine = await link.evaluate((a) => {
      const rects = a.getClientRects();
      const r = rects[rects.length - 1]!;
      return { left: r.left, top: r.top, bottom: r.bottom };
    });
    const rowBox = (await page.locator(`li:has(a.person-name[href="${b.href}"])`).boundingBox())!;
    // On the left of the line's end (a right-to-left line ends on the left), never over its words, inside its row.
    expect(box.x + box.width, b.label ?? '').toBeLessThanOrEqual(lastLine.left);
    expect(box.y + box.height / 2).toBeGreaterThan(lastLine.top);
    expect(box.y + box.height / 2).toBeLessThan(lastLine.bottom);
    expect(box.x, b.label ?? '').toBeGreaterThanOrEqual(rowBox.x);
    expect(box.y + box.height).toBeLessThanOrEqual(rowBox.y + rowBox.height);
  }
  const inCard = placed.filter(({ b }) => /edsger|margaret/.test(b.href ?? ''));
  expect(inCard.some(({ b }) => b.compact)).toBe(true);
  expect(placed.filter(({ b }) => !/edsger|margaret/.test(b.href ?? '')).every(({ b }) => !b.compact)).toBe(true);
  // A badge takes no room: nothing of the page moved.
  expect(await names.evaluateAll((as) => as.map((a) => JSON.stringify(a.getBoundingClientRect())))).toEqual(before);
});

test('feed: posts loaded on scroll get badges for their new people only', async ({ extension, emulator, emulatorCalls }) => {
  const page = await extension.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${emulator.pronetOrigin}/feed/`);
  await expect.poll(async () => (await readBadges(page)).length).toBeGreaterThan(3);
  const posts = page.locator('article.post');
  const before = await posts.count();
  const badgedBefore = new Set((await readBadges(page)).map((b) => profileOf(b, page)));

  await page.locator('.feed-posts article.post').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => posts.count()).toBeGreaterThan(before);
  const newPost = posts.nth(before);
  await newPost.scrollIntoViewIfNeeded();
  const author = canonicalProfileUrl(await newPost.locator('a.person-name').first().evaluate((a) => (a as HTMLAnchorElement).href))!;
  await expect.poll(async () => (await readBadges(page)).map((b) => profileOf(b, page))).toContain(author);
  expect(badgedBefore.size).toBeGreaterThan(0);

  // Nobody was looked up twice while the first answer was fresh, and every conversation search served a batch.
  const calls = await emulatorCalls();
  const asked = lookedUp(calls);
  // A "not a lead" answer is fresh DEFAULT_NO_LEAD_FRESH_MS; a badge listed again after that is revalidated,
  // as it should be: on a loaded machine this test outlasts it (clean-clone runs saw the feed's first
  // non-lead, Theo Nowak, asked again 15 s after). Named, so that a failure says which person.
  const times = new Map<string, number[]>();
  for (const c of lookups(calls)) {
    const url = new URL(c.path, 'http://x').searchParams.get('pronetUrl') ?? '';
    times.set(url, [...(times.get(url) ?? []), c.at]);
  }
  const askedWhileFresh = [...times].filter(([, at]) => at.sort((a, b) => a - b).some((t, i) => i > 0 && t - at[i - 1]! < DEFAULT_NO_LEAD_FRESH_MS));
  expect(askedWhileFresh.map(([url]) => url)).toEqual([]);
  expect(searches(calls).length).toBeLessThanOrEqual(asked.length);
  expect(perLead(calls)).toHaveLength(0);
});

test('a badge opens the panel on its person; an archive there updates the badge in the list', async ({
  extension,
  emulator,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
}) => {
  const page = await extension.context.newPage();
  await page.setViewportSize(TALL);
  await page.goto(`${emulator.pronetOrigin}/search/results/people/`);
  const ada = canonicalProfileUrl('pronet.example/in/ada-lovelace')!;
  const badges = await badgesFor(page, [ada]);
  expect(badges.get(ada)!.label).toMatch(/^(Open|Waiting for (you|them)).*: Ada Lovelace$/);
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);

  // A click on the badge: the panel shows Ada, and the list stays where it is.
  // The badge takes no room in the layout: it is drawn just right of the name link.
  const box = (await page.locator('ul.results a.person-name').filter({ hasText: 'Ada Lovelace' }).boundingBox())!;
  await page.mouse.click(box.x + box.width + 16, box.y + box.height / 2);
  expect(page.url()).toContain('/search/results/people/');
  const panel = await openPanelFor(page);
  await expect(panel.getByRole('heading', { level: 1 })).toHaveText('Ada Lovelace');
  await expect(conversationStatus(panel)).toHaveText('Open');

  await panel.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).status).toBe('ARCHIVED');
  await expect.poll(async () => (await badgesFor(page, [ada])).get(ada)!.label).toMatch(/^Archived.*: Ada Lovelace$/);
});

test('pointing at a profile link resolves it, so that the profile opens with its status and no call', async ({
  extension,
  emulator,
  configureExtension,
  emulatorCalls,
}) => {
  // Badges off: only the prefetch resolves anything.
  const options = await configureExtension();
  await options.getByRole('checkbox', { name: /Badges on lists/ }).uncheck();
  await options.close();

  const page = await extension.context.newPage();
  await page.setViewportSize(TALL);
  await page.goto(`${emulator.pronetOrigin}/search/results/people/`);
  const link = page.locator('ul.results a.person-name').filter({ hasText: 'Grace Hopper' });
  await link.hover();
  await expect.poll(async () => lookedUp(await emulatorCalls())).toContain(canonicalProfileUrl('pronet.example/in/grace-hopper'));
  await expect.poll(async () => perLead(await emulatorCalls()).length + searches(await emulatorCalls()).length).toBe(1);
  expect(await readBadges(page)).toEqual([]);
  const before = listCalls(await emulatorCalls()).length;

  await link.click();
  await expect(page).toHaveURL(/\/in\/grace-hopper/);
  await expect.poll(() => chipLabel(page)).toMatch(/Grace Hopper/);
  expect(listCalls(await emulatorCalls()).length).toBe(before);
});

test('a page of 500 fake profile links resolves at most the cap', async ({ extension, emulator, emulatorCalls }) => {
  const page = await extension.context.newPage();
  await page.setViewportSize(TALL);
  const links = Array.from({ length: 500 }, (_, i) => `<li><a href="/in/fake-person-${i}/">Fake ${i}</a></li>`).join('');
  await page.route(`${emulator.pronetOrigin}/fake-list/`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Fakes</title><style>ul{columns:10;font:9px sans-serif;margin:0}li{height:11px}</style><ul>${links}</ul>`,
    }),
  );
  await page.goto(`${emulator.pronetOrigin}/fake-list/`);
  // List work may use 60% of the key's rate (30 calls in 10 s): 60 lookups take about 20 s.
  await expect.poll(async () => (await readBadges(page)).length, { timeout: 60_000 }).toBe(60);
  const calls = await emulatorCalls();
  expect(lookups(calls).length).toBe(60);
  expect((await readBadges(page)).every((b) => b.mode === 'closed' && (b.label ?? '').startsWith('Not a lead: Fake'))).toBe(true);
  // Scrolling through the rest asks for nobody more.
  await page.mouse.wheel(0, 5000);
  await page.waitForLoadState('networkidle');
  expect(lookups(await emulatorCalls()).length).toBe(60);
});

test('a badge\'s hover card stays inside the window, left to right and right to left, at the edges and the bottom', async ({ extension, emulator }) => {
  const page = await extension.context.newPage();
  const view = { width: 900, height: 600 };
  await page.setViewportSize(view);
  // Names that end near the window's far edge (its right, or its left right to left), and one on the last line.
  const row = (slug: string, name: string, dir: 'ltr' | 'rtl') =>
    `<li style="padding-${dir === 'ltr' ? 'left' : 'right'}: 640px; height: 40px"><a class="person-name" href="/in/${slug}/">${name}</a></li>`;
  const people = [['ada-lovelace', 'Ada Lovelace'], ['grace-hopper', 'Grace Hopper'], ['alan-turing', 'Alan Turing']] as const;
  for (const dir of ['ltr', 'rtl'] as const) {
    const path = `/edge-people-${dir}/`;
    await page.route(`${emulator.pronetOrigin}${path}`, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html dir="${dir}" lang="en"><meta charset="utf-8"><title>People</title>
          <body style="font: 16px sans-serif; margin: 0"><ul class="results" style="list-style: none; margin: 0; padding: 0">
          ${people.map(([slug, name]) => row(slug, name, dir)).join('')}</ul>
          <div style="height: ${view.height - 3 * 40 - 40}px"></div>
          <ul style="list-style: none; margin: 0; padding: 0">${row('edsger-dijkstra', 'Edsger Dijkstra', dir)}</ul></body></html>`,
      }),
    );
    await page.goto(`${emulator.pronetOrigin}${path}`);
    const slugs = [...people.map(([slug]) => slug), 'edsger-dijkstra'];
    const badges = await badgesFor(page, slugs.map((slug) => canonicalProfileUrl(`https://www.pronet.example/in/${slug}/`)!));
    let cards = 0;
    for (const b of badges.values()) {
      if (b.tip === '') continue;
      cards += 1;
      const box = await badgeBox(page, b);
      // Away first: the card shown before may cover this badge until the pointer moves.
      await page.mouse.move(view.width / 2, 2);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      // Each card read while it shows (the pointer on its badge): inside the window, whole.
      await expect
        .poll(async () => {
          // No box while it is not drawn yet (the hover style not applied).
          const card = await badgeBox(page, { node: b.tipNode }).catch(() => null);
          return card !== null && card.width > 0 && card.x >= 0 && card.y >= 0 && card.x + card.width <= view.width && card.y + card.height <= view.height;
        }, { message: `${dir} ${b.label}` })
        .toBe(true);
    }
    expect(cards, dir).toBeGreaterThanOrEqual(2);
  }
});
