/**
 * "This page" (issue 35): tells the worker which people the list page shows, in page order, with what
 * each row says (`readListRows`), as the page grows (more results, infinite scroll), and when it moves
 * to another page (Next by pushState). Like the badges' links, it sends profile addresses and the
 * row's words only; it never sees the key. A profile page lists nobody (its own "also viewed" side
 * region is no list of the page): it sends an empty list, so the panel does not show the list left.
 */
import { canonicalProfileUrl, isProfileHost } from '../pronet/canonical-url';
import { profileHostsOf, SETTINGS_STORAGE_KEY } from '../store/profile-hosts';
import { readListRows } from './list-rows';
import { isContextInvalidated, type ContentContext } from './profile-page';

export interface PagePeopleDeps {
  window: Window & typeof globalThis;
  ctx: ContentContext;
  sendMessage(message: unknown): Promise<unknown>;
  storage: { get(key: string): Promise<Record<string, unknown>> };
  /** Milliseconds, monotonic (the page's `performance.now()` by default). */
  now?: () => number;
}

/** Mutations come in bursts (a page of results rendered row by row): read once the burst is over. */
export const PAGE_PEOPLE_DELAY_MS = 150;
/**
 * A reading of a whole page costs its size: on a saved feed of 1.5 MB grown by scrolling it took most
 * of the main thread (6.3 s of script at 4x CPU against 0.5 s for the badges alone, bench/real-pages.md).
 * The next reading waits at least this many times what the last one cost: a tenth of the thread at most.
 */
export const SCAN_COST_FACTOR = 10;

/** How long after a change to read the page again, `sinceLastMs` after the last reading that cost `lastCostMs`. */
export function scanDelay(lastCostMs: number, sinceLastMs: number): number {
  return Math.max(PAGE_PEOPLE_DELAY_MS, lastCostMs * SCAN_COST_FACTOR - sinceLastMs);
}
/** Most people one message lists (the protocol's limit). */
const PEOPLE_MAX = 200;

/** What one message says of the page (pure, for tests): its people as the protocol carries them. */
export function pagePeopleMessage(root: ParentNode, pageHref: string, hosts: readonly string[]) {
  const own = canonicalProfileUrl(pageHref, hosts) !== null;
  const people = own
    ? []
    : readListRows(root, pageHref, hosts)
        // The page's list, not its side regions ("People also viewed", ads): those keep their badges only.
        .filter((r) => r.link.closest('aside, [role="complementary"]') === null)
        // A person listed in two rows is one person of the page.
        .filter((r, i, all) => all.findIndex((o) => o.url === r.url) === i)
        .slice(0, PEOPLE_MAX)
        .map((r) => ({ url: r.url, ...(r.name ? { name: r.name } : {}), ...(r.title ? { title: r.title } : {}), ...(r.company ? { company: r.company } : {}) }));
  return { type: 'page-people' as const, pageUrl: pageHref, people };
}

export async function startPagePeople(deps: PagePeopleDeps): Promise<void> {
  const { window, ctx } = deps;
  const pageHost = window.location.hostname;
  let hosts: string[] = isProfileHost(pageHost) ? [] : [pageHost];
  let last = '';
  let timer: number | undefined;
  const now = deps.now ?? (() => window.performance.now());
  let lastCost = 0;
  let lastEnd = -Infinity;

  const report = () => {
    timer = undefined;
    if (ctx.isInvalid) return;
    const started = now();
    const message = pagePeopleMessage(window.document, window.location.href, hosts);
    lastEnd = now();
    lastCost = lastEnd - started;
    const json = JSON.stringify(message);
    if (json === last) return;
    last = json;
    deps.sendMessage(message).catch((error: unknown) => {
      if (isContextInvalidated(error) && !ctx.isInvalid) ctx.abort('extension context invalidated');
    });
  };
  const soon = () => {
    if (timer === undefined && !ctx.isInvalid) timer = ctx.setTimeout(report, scanDelay(lastCost, now() - lastEnd));
  };

  const mutations = new window.MutationObserver(soon);
  mutations.observe(window.document.body, { childList: true, subtree: true });
  ctx.onInvalidated(() => mutations.disconnect());
  const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
  if (navigation) {
    navigation.addEventListener('currententrychange', soon);
    ctx.onInvalidated(() => navigation.removeEventListener('currententrychange', soon));
  }
  ctx.addEventListener(window, 'popstate', soon);
  ctx.addEventListener(window, 'wxt:locationchange', soon);

  report();
  const stored = await deps.storage.get(SETTINGS_STORAGE_KEY).catch(() => null);
  if (stored && !ctx.isInvalid) {
    hosts = profileHostsOf(stored[SETTINGS_STORAGE_KEY]);
    report();
  }
}
