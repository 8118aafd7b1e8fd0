/**
 * "This page" (issue 35): tells the worker which people the list page shows, in page order, with what
 * each row says (`readListRows`), as the page grows (more results, infinite scroll), and when it moves
 * to another page (Next by pushState). Like the badges' links, it sends profile addresses and the
 * row's words only; it never sees the key. A profile page lists nobody (its own "also viewed" side
 * region is no list of the page): it sends an empty list, so the panel does not show the list left.
 */
import { canonicalProfileUrl, isProfileHost } from '../pronet/canonical-url';
import { importSource, statedResultCount } from '../pronet/search-address';
import { profileHostsOf, SETTINGS_STORAGE_KEY } from '../store/profile-hosts';
import { pagePeopleWanted } from '../messages/push';
import { isRecord } from '../messages/fields';
import { profileLinksOf, rowsOfLinks } from './list-rows';
import { SLICE_BUDGET_MS, SLICE_STEP } from './list-slices';
import { isContextInvalidated, type ContentContext, type Listeners } from './profile-page';

export interface PagePeopleDeps {
  window: Window & typeof globalThis;
  ctx: ContentContext;
  sendMessage(message: unknown): Promise<unknown>;
  storage: { get(key: string): Promise<Record<string, unknown>> };
  /** Messages from the worker: whether a "This page" view wants the page's people. */
  onMessage: Listeners<(message: unknown) => void>;
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

type PagePerson = { url: string; name?: string; title?: string; company?: string };

/**
 * The page's people, read a few links at a time (`SLICE_STEP`): the generator yields once a slice has
 * spent its budget (`SLICE_BUDGET_MS`, by `now`), so a caller can give the page its turn, and stops
 * once it has the most one message carries.
 */
function* readPeople(root: ParentNode, pageHref: string, hosts: readonly string[], now: () => number): Generator<void, PagePerson[]> {
  if (canonicalProfileUrl(pageHref, hosts) !== null) return [];
  const links = profileLinksOf('documentElement' in root ? (root as Document).documentElement : (root as Element));
  const read = new Set<Element>();
  const seen = new Set<string>();
  const people: PagePerson[] = [];
  let deadline = now() + SLICE_BUDGET_MS;
  const nextStep = (): Element[] => {
    const step: Element[] = [];
    for (let next = links.next(); !next.done; next = links.next()) if (step.push(next.value) === SLICE_STEP) break;
    return step;
  };
  for (let step = nextStep(); step.length > 0 && people.length < PEOPLE_MAX; step = nextStep()) {
    if (now() > deadline) {
      yield;
      deadline = now() + SLICE_BUDGET_MS;
    }
    for (const r of rowsOfLinks(step, pageHref, hosts, read)) {
      // The page's list, not its side regions ("People also viewed", ads): those keep their badges only.
      // A person listed in two rows is one person of the page.
      if (r.link.closest('aside, [role="complementary"]') !== null || seen.has(r.url)) continue;
      seen.add(r.url);
      people.push({ url: r.url, ...(r.name ? { name: r.name } : {}), ...(r.title ? { title: r.title } : {}), ...(r.company ? { company: r.company } : {}) });
      if (people.length === PEOPLE_MAX) break;
    }
  }
  return people;
}

/**
 * A search page's result count as its text states it (issue 43: "Import all N results"), read by
 * meaning from its main content; undefined on any other page (no text read there).
 */
function statedCount(root: ParentNode, pageHref: string): number | null | undefined {
  if (importSource(pageHref)?.kind !== 'search') return undefined;
  const main = root.querySelector('main, [role="main"]') ?? ('body' in root ? (root as Document).body : root);
  return main ? statedResultCount(leadingText(main)) : null;
}

/** Text nodes read for the count: it sits above the results, and a whole 1.5 MB page's text is a long task. */
const COUNT_TEXT_NODES = 400;

function leadingText(root: Node): string {
  const walker = (root.ownerDocument ?? (root as Document)).createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node !== null && parts.length < COUNT_TEXT_NODES; node = walker.nextNode()) parts.push(node.nodeValue ?? '');
  return parts.join(' ');
}

const message = (pageUrl: string, people: PagePerson[], count: number | null | undefined) => ({
  type: 'page-people' as const,
  pageUrl,
  people,
  ...(count !== undefined ? { statedCount: count } : {}),
});

/** What one message says of the page (pure, for tests): its people as the protocol carries them. */
export function pagePeopleMessage(root: ParentNode, pageHref: string, hosts: readonly string[]) {
  const reading = readPeople(root, pageHref, hosts, () => 0);
  for (;;) {
    const step = reading.next();
    if (step.done) return message(pageHref, step.value, statedCount(root, pageHref));
  }
}

/**
 * Reads the page's people only while a "This page" view shows them (the worker says when: issue 42,
 * a feed of thousands of rows read on every scroll for a view nobody opened was most of the content
 * script's time), in slices that yield to the page, and tells the worker when they changed.
 */
export async function startPagePeople(deps: PagePeopleDeps): Promise<void> {
  const { window, ctx } = deps;
  const pageHost = window.location.hostname;
  let hosts: string[] = isProfileHost(pageHost) ? [] : [pageHost];
  let last = '';
  let timer: number | undefined;
  const now = deps.now ?? (() => window.performance.now());
  let lastCost = 0;
  let lastEnd = -Infinity;
  let wanted = false;
  let reading = false;
  /** The page changed while it was being read: read again once done. */
  let dirty = false;

  const send = (value: unknown) =>
    deps.sendMessage(value).catch((error: unknown) => {
      if (isContextInvalidated(error) && !ctx.isInvalid) ctx.abort('extension context invalidated');
      return undefined;
    });

  const report = () => {
    timer = undefined;
    if (ctx.isInvalid || !wanted) return;
    if (reading) {
      dirty = true;
      return;
    }
    reading = true;
    dirty = false;
    const href = window.location.href;
    const steps = readPeople(window.document, href, hosts, now);
    lastCost = 0;
    const step = () => {
      const started = now();
      const next = steps.next();
      lastEnd = now();
      lastCost += lastEnd - started;
      if (ctx.isInvalid || !wanted) {
        reading = false;
        return;
      }
      if (!next.done) {
        ctx.setTimeout(step, 0);
        return;
      }
      reading = false;
      const said = message(href, next.value, statedCount(window.document, href));
      const json = JSON.stringify(said);
      if (json !== last) {
        last = json;
        void send(said);
      }
      if (dirty) soon();
    };
    step();
  };
  const soon = () => {
    if (timer === undefined && wanted && !ctx.isInvalid) timer = ctx.setTimeout(report, scanDelay(lastCost, now() - lastEnd));
  };

  const mutations = new window.MutationObserver(soon);
  const want = (next: boolean) => {
    if (next === wanted || ctx.isInvalid) return;
    wanted = next;
    if (wanted) {
      mutations.observe(window.document.body, { childList: true, subtree: true });
      // The worker may have forgotten what it was told (a new view, a restarted worker).
      last = '';
      report();
    } else mutations.disconnect();
  };
  ctx.onInvalidated(() => mutations.disconnect());
  const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
  if (navigation) {
    navigation.addEventListener('currententrychange', soon);
    ctx.onInvalidated(() => navigation.removeEventListener('currententrychange', soon));
  }
  ctx.addEventListener(window, 'popstate', soon);
  ctx.addEventListener(window, 'wxt:locationchange', soon);
  const onMessage = (raw: unknown) => {
    const told = pagePeopleWanted(raw);
    if (told !== undefined) want(told);
  };
  deps.onMessage.addListener(onMessage);
  ctx.onInvalidated(() => deps.onMessage.removeListener(onMessage));

  const [stored, asked] = await Promise.all([
    deps.storage.get(SETTINGS_STORAGE_KEY).catch(() => null),
    send({ type: 'page-people-wanted' }),
  ]);
  if (ctx.isInvalid) return;
  if (stored) hosts = profileHostsOf(stored[SETTINGS_STORAGE_KEY]);
  if (isRecord(asked) && asked.ok === true && asked.value === true) want(true);
}
