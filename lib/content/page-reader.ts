/**
 * Reads a profile page, or a sales tool's lead page, by meaning: the main heading of the main
 * content, the line under it, a company link, the work-history section named by its heading's
 * words, links that say they view the profile. No class name or id of any site: the real network
 * changes its markup often, and our look-alike is only one markup among those the tests feed it
 * (test/fixtures/pages/). Pure: a DOM in, plain values out; what the page says stays a suggestion
 * (the user sees it, edits it, and sends it, or not).
 *
 * Order of the sources, each justified by a fixture of the table tests (page-reader.test.ts, and
 * the corpus of real structures, corpus-pages.test.ts):
 * - company: the top card's current position (its "Current company: …" control, else its link to a
 *   company page), then the most recent current entry of the experience section (a grouped
 *   company's name, not its first role; a headline may be stale or a slogan), then the headline's
 *   "Title at Company", then its bar form;
 * - job title: that experience entry (its position's own lines: a description or a duration is
 *   never a title), then the headline's forms.
 */
import { currentEntry } from './experience-entry';
import { accessibleName, accessibleText, collapse, contentText, textLines } from './page-text';
import {
  CURRENT_COMPANY_LABEL,
  EXPERIENCE_HEADING,
  NOT_FOUND,
  VIEW_PROFILE,
  cleanPersonName,
  companyOfLine,
  jobTitleAtCompany,
  isDecoration,
  isPronouns,
} from './profile-words';

export interface PageReading {
  /** The person's name, cleaned; absent when the main content has no main heading. */
  name?: string;
  /** The line under the name, as shown. */
  headline?: string;
  jobTitle?: string;
  company?: string;
  /** The page says the profile is not there ("This page doesn’t exist"): it shows nobody. */
  notFound?: true;
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
const mayBeProfile = (a: Element): boolean => /\/in\//i.test(a.getAttribute('href') ?? '');
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

/**
 * The top card's current position: the control whose accessible name says "Current company: …"
 * (its own text is the company, each line read once), else its first link to a company page.
 */
function cardCompany(card: Element): string | undefined {
  for (const control of card.querySelectorAll('button[aria-label], a[aria-label]')) {
    const label = collapse(control.getAttribute('aria-label') ?? '');
    const said = CURRENT_COMPANY_LABEL.exec(label);
    if (!said) continue;
    const text = contentText(control);
    const rest = label.slice(said[0].length);
    // The text shown, when the label names it; else the label's own words up to its sentence's end.
    const company = text && rest.startsWith(text) ? text : rest.split(/\.\s/)[0];
    if (company) return companyOfLine(company);
  }
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

/** The entries of the list that follows the heading in its section (its top-level items). */
function entriesAfter(heading: Element, main: Element): Element[] {
  for (let scope = heading.parentElement; scope && scope !== main.parentElement; scope = scope.parentElement) {
    const item = scope.querySelector('li, [role="listitem"]');
    if (item && heading.compareDocumentPosition(item) & 4 /* FOLLOWING */) {
      const list = item.parentElement;
      return list ? [...list.children].filter((c) => c.tagName === 'LI' || c.getAttribute('role') === 'listitem') : [item];
    }
    if (scope.tagName === 'SECTION' || scope === main) break;
  }
  return [];
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
  const title = accessibleText(heading);
  // The network's page for a profile that is not there: no person to read.
  if (NOT_FOUND.test(title)) return { notFound: true, profileLinks: [] };
  const name = cleanPersonName(title);
  const card = topCardOf(heading, main);
  const headline = headlineOf(card, heading, name);
  // What the headline says only where it clearly says "<job title> at <company>": the bar form's parts
  // are as often a slogan and a tagline ("Founder | Building X" says no job title, no company).
  const said = headline ? jobTitleAtCompany(headline) : null;
  const expHeading = experienceHeading(found.headings, heading);
  const fromCard = cardCompany(card);
  const fromEntry = (expHeading ? currentEntry(entriesAfter(expHeading, main), fromCard) : undefined) ?? {};
  // The headline's company only where no entry was read (an entry without a company is
  // self-employed), unless it says "<the entry's position> at <company>".
  const headlineAgrees = !fromEntry.jobTitle || fromEntry.jobTitle.toLowerCase() === said?.jobTitle.toLowerCase();
  const company = fromCard ?? fromEntry.company ?? (headlineAgrees ? said?.company : undefined);
  const jobTitle = fromEntry.jobTitle ?? said?.jobTitle;
  return {
    ...(name ? { name } : {}),
    ...(headline ? { headline } : {}),
    ...(jobTitle ? { jobTitle } : {}),
    ...(company ? { company } : {}),
    profileLinks: links ? profileLinksOf(found.links, card) : [],
  };
}
