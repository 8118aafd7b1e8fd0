/**
 * Reads a profile page, or a sales tool's lead page, by meaning: the main heading of the main
 * content, the line under it, a company link, the work-history section named by its heading's
 * words, links that say they view the profile. No class name or id of any site: the real network
 * changes its markup often, and our look-alike is only one markup among those the tests feed it
 * (test/fixtures/pages/). Pure: a DOM in, plain values out; what the page says stays a suggestion
 * (the user sees it, edits it, and sends it, or not).
 *
 * Order of the sources, each justified by a fixture of the table test (page-reader.test.ts):
 * - company: the first entry of the experience section (a headline may be stale or a slogan), then
 *   a link to a company in the top card, then the headline's "Title at Company", then its bar form;
 * - job title: the first entry of the experience section, then the headline's forms.
 */
import { accessibleName, accessibleText, collapse, textLines } from './page-text';
import {
  COMPANY_LABEL,
  EXPERIENCE_HEADING,
  OTHER_LABEL,
  TITLE_LABEL,
  VIEW_PROFILE,
  cleanPersonName,
  companyOfLine,
  headlineWords,
  isDecoration,
  isPeriod,
  isPronouns,
} from './profile-words';

export interface PageReading {
  /** The person's name, cleaned; absent when the main content has no main heading. */
  name?: string;
  /** The line under the name, as shown. */
  headline?: string;
  jobTitle?: string;
  company?: string;
  /**
   * On a lead page: the hrefs (absolute) of the links this person's public profile may be, as read:
   * the links of the main content that say they view the profile, else the top card's profile links.
   * The caller resolves the profile only when they all name one and the same profile.
   */
  profileLinks: string[];
}

/** Regions that are not the page's main content, by tag and by role. */
const NOT_MAIN_TAGS = new Set(['ASIDE', 'NAV', 'FOOTER', 'DIALOG', 'SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'SVG']);
const NOT_MAIN_ROLES = new Set(['complementary', 'navigation', 'contentinfo', 'banner', 'dialog', 'search']);
const SECTIONING = new Set(['ARTICLE', 'ASIDE', 'MAIN', 'NAV', 'SECTION']);
const LISTS = new Set(['UL', 'OL']);
const HEADINGS = new Set(['H1', 'H2', 'H3']);
const PROFILE_PATH = /^\/in\/[^/?#]+/;
/** Lines read under the name, at most, before giving up on a headline. */
const HEADLINE_LINES = 6;
/** Elements visited by the scan of the main content, at most (a page can be as large as it likes). */
const SCAN_MAX = 20_000;

/** The page's main content: its `main` landmark, or the body (its banner and side regions are skipped). */
function mainOf(doc: Document): Element | null {
  return doc.querySelector('main, [role="main"]') ?? doc.body;
}

function pathOf(a: Element): string {
  const path = (a as HTMLAnchorElement).pathname;
  if (typeof path === 'string' && path !== '') return path;
  try {
    return new URL(a.getAttribute('href') ?? '', a.ownerDocument?.baseURI ?? 'https://x.invalid/').pathname;
  } catch {
    return '';
  }
}

function absoluteHref(a: Element): string {
  const href = (a as HTMLAnchorElement).href;
  if (typeof href === 'string' && href !== '') return href;
  try {
    return new URL(a.getAttribute('href') ?? '', a.ownerDocument?.baseURI ?? undefined).href;
  } catch {
    return a.getAttribute('href') ?? '';
  }
}

/** Cheap first: an address that does not even contain "/in/" is no profile link (no URL parsed). */
const mayBeProfile = (a: Element): boolean => (a.getAttribute('href') ?? '').includes('/in/');
const isProfileLink = (a: Element): boolean => mayBeProfile(a) && PROFILE_PATH.test(pathOf(a));

/** A list of people: its links name two profiles or more (read lazily: a feed's list stops at its second row). */
function isPeopleList(list: Element): boolean {
  if (list.getAttribute('role') === 'menu') return false;
  const links = list.getElementsByTagName('a');
  let first: string | null = null;
  for (let i = 0; i < links.length; i++) {
    if (!mayBeProfile(links[i]!)) continue;
    const path = pathOf(links[i]!);
    if (!PROFILE_PATH.test(path)) continue;
    const key = path.replace(/\/+$/, '').toLowerCase();
    if (first === null) first = key;
    else if (key !== first) return true;
  }
  return false;
}

interface Scan {
  /** Headings outside lists, in document order. */
  headings: Element[];
  /** Links that may be to a profile, outside lists of people (when asked for), in document order. */
  links: Element[];
}

/**
 * One walk over the main content's skeleton: regions that are not main content (side bars,
 * navigation, a page-level banner) are skipped, lists of people too, and headings are not looked
 * for inside lists (a feed's rows), so a 2,000-row feed costs a few elements, not its rows.
 */
function scan(main: Element, withLinks: boolean): Scan {
  const out: Scan = { headings: [], links: [] };
  const stack: [Element, boolean, boolean][] = [[main, main.tagName === 'MAIN' || main.getAttribute('role') === 'main', false]];
  let visited = 0;
  while (stack.length > 0 && visited++ < SCAN_MAX) {
    const [el, sectioned, inList] = stack.pop()!;
    const tag = el.tagName.toUpperCase();
    const role = el.getAttribute('role');
    if (el !== main && (NOT_MAIN_TAGS.has(tag) || (role !== null && NOT_MAIN_ROLES.has(role)) || (tag === 'HEADER' && !sectioned))) continue;
    const list = LISTS.has(tag) || role === 'list' || role === 'menu' || role === 'feed';
    if (list && !withLinks && !inList) {
      // Nothing but headings is looked for, and none inside lists.
      continue;
    }
    if (list && isPeopleList(el)) continue;
    if (!inList && !list && (HEADINGS.has(tag) || role === 'heading')) out.headings.push(el);
    if (withLinks && tag === 'A' && mayBeProfile(el)) out.links.push(el);
    const children = el.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, sectioned || SECTIONING.has(tag), inList || list]);
  }
  return out;
}

/** The main heading: the first level-one heading with text. */
function mainHeading(headings: readonly Element[]): Element | null {
  for (const h of headings) {
    const level = h.tagName.toUpperCase() === 'H1' || (h.getAttribute('role') === 'heading' && h.getAttribute('aria-level') === '1');
    if (level && accessibleText(h)) return h;
  }
  return null;
}

/** The card the heading stands in: its nearest section, article or header inside the main content. */
function topCardOf(heading: Element, main: Element): Element {
  let card: Element = heading;
  for (let e = heading.parentElement; e && e !== main; e = e.parentElement) {
    card = e;
    if (e.tagName === 'SECTION' || e.tagName === 'ARTICLE' || e.tagName === 'HEADER') return e;
  }
  return card;
}

/** The headline: the first line under the name that says more than pronouns, a degree or a separator. */
function headlineOf(card: Element, heading: Element, name: string): string | undefined {
  for (const line of textLines(card, { after: heading, maxLines: HEADLINE_LINES })) {
    if (isPronouns(line) || isDecoration(line) || cleanPersonName(line) === name) continue;
    return line;
  }
  return undefined;
}

/** The top card's company: the text of its first link to a company page. */
function cardCompany(card: Element): string | undefined {
  for (const a of card.querySelectorAll('a[href]')) {
    if (!/^\/company\/[^/]+/.test(pathOf(a))) continue;
    const text = companyOfLine(accessibleText(a));
    if (text) return text;
  }
  return undefined;
}

/** The experience section's heading, found by its words. */
function experienceHeading(headings: readonly Element[], name: Element): Element | null {
  for (const h of headings) if (h !== name && EXPERIENCE_HEADING.test(accessibleText(h))) return h;
  return null;
}

/** The first entry of the list that follows the heading in its section. */
function firstEntry(heading: Element, main: Element): Element | null {
  for (let scope = heading.parentElement; scope && scope !== main.parentElement; scope = scope.parentElement) {
    const item = scope.querySelector('li, [role="listitem"]');
    if (item && heading.compareDocumentPosition(item) & 4 /* FOLLOWING */) return item;
    if (scope.tagName === 'SECTION' || scope === main) break;
  }
  return null;
}

/**
 * An experience entry's title and company. Its lines, periods dropped, say "title, company" in
 * that order; a labelled entry says which is which; an entry that groups several positions at one
 * company (a nested list) names the company first and the newest position in its list.
 */
function entryWords(entry: Element): { jobTitle?: string; company?: string } {
  const nested = entry.querySelector('ul li, ol li, [role="list"] [role="listitem"]');
  if (nested) {
    const head = textLines(entry, { maxLines: 4 }).filter((l) => !isPeriod(l) && !OTHER_LABEL.test(l) && !COMPANY_LABEL.test(l));
    const inner = entryWords(nested);
    const company = head[0] !== undefined ? companyOfLine(head[0]) : undefined;
    if (company && inner.jobTitle && company !== inner.jobTitle) return { jobTitle: inner.jobTitle, company };
  }
  const lines = textLines(entry, { maxLines: 12 });
  let jobTitle: string | undefined;
  let company: string | undefined;
  const plain: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (COMPANY_LABEL.test(line) && lines[i + 1]) company ??= companyOfLine(lines[++i]!);
    else if (TITLE_LABEL.test(line) && lines[i + 1]) jobTitle ??= collapse(lines[++i]!);
    else if (OTHER_LABEL.test(line)) i++;
    else if (!isPeriod(line)) plain.push(line);
  }
  jobTitle ??= plain.shift();
  company ??= plain[0] !== undefined ? companyOfLine(plain[0]) : undefined;
  return { ...(jobTitle ? { jobTitle } : {}), ...(company ? { company } : {}) };
}

/** The lead page's candidate profile links (see `PageReading.profileLinks`). */
function profileLinksOf(links: readonly Element[], card: Element | null): string[] {
  const profiles = links.filter(isProfileLink);
  const viewing = profiles.filter((a) => VIEW_PROFILE.test(accessibleName(a)));
  const inCard = card ? viewing.filter((a) => card.contains(a)) : [];
  const chosen = inCard.length > 0 ? inCard : viewing.length > 0 ? viewing : card ? profiles.filter((a) => card.contains(a)) : [];
  return chosen.slice(0, 20).map(absoluteHref);
}

export interface ReadOptions {
  /** Look for the person's profile links (a lead page only: on a profile page the URL decides alone). */
  links?: boolean;
}

/** What the page says about the person it shows. */
export function readPage(doc: Document, options: ReadOptions = {}): PageReading {
  const links = options.links ?? true;
  const main = mainOf(doc);
  if (!main) return { profileLinks: [] };
  const found = scan(main, links);
  const heading = mainHeading(found.headings);
  if (!heading) return { profileLinks: links ? profileLinksOf(found.links, null) : [] };
  const name = cleanPersonName(accessibleText(heading));
  const card = topCardOf(heading, main);
  const headline = headlineOf(card, heading, name);
  const said = headline ? headlineWords(headline) : {};
  const expHeading = experienceHeading(found.headings, heading);
  const entry = expHeading ? firstEntry(expHeading, main) : null;
  const fromEntry = entry ? entryWords(entry) : {};
  const company = fromEntry.company ?? cardCompany(card) ?? said.company;
  const jobTitle = fromEntry.jobTitle ?? said.jobTitle;
  return {
    ...(name ? { name } : {}),
    ...(headline ? { headline } : {}),
    ...(jobTitle ? { jobTitle } : {}),
    ...(company ? { company } : {}),
    profileLinks: links ? profileLinksOf(found.links, card) : [],
  };
}
