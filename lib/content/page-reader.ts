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

/** Regions that are not the page's main content. */
const NOT_MAIN = 'aside, nav, footer, dialog, [role="complementary"], [role="navigation"], [role="contentinfo"], [role="banner"], [role="dialog"], [role="search"]';
const SECTIONING = new Set(['ARTICLE', 'ASIDE', 'MAIN', 'NAV', 'SECTION']);
const PROFILE_PATH = /^\/in\/[^/?#]+/;
/** Lines read under the name, at most, before giving up on a headline. */
const HEADLINE_LINES = 6;

/** A page-level `<header>` (not one inside a section or article) is the site's banner. */
function isBanner(el: Element): boolean {
  for (let e: Element | null = el; e; e = e.parentElement) {
    if (e.tagName === 'HEADER') {
      for (let p = e.parentElement; p; p = p.parentElement) if (SECTIONING.has(p.tagName)) return false;
      return true;
    }
  }
  return false;
}

const outsideMain = (el: Element): boolean => el.closest(NOT_MAIN) !== null || isBanner(el);

/** The page's main content: its `main` landmark, or the body without its banner and side regions. */
function mainOf(doc: Document): Element | null {
  return doc.querySelector('main, [role="main"]') ?? doc.body;
}

function mainHeading(main: Element): Element | null {
  for (const h of main.querySelectorAll('h1, [role="heading"][aria-level="1"]')) if (!outsideMain(h) && accessibleText(h)) return h;
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

function pathOf(a: HTMLAnchorElement | Element): string {
  const href = (a as HTMLAnchorElement).href || a.getAttribute('href') || '';
  try {
    return new URL(href, a.ownerDocument?.baseURI ?? 'https://x.invalid/').pathname;
  } catch {
    return '';
  }
}

function absoluteHref(a: Element): string {
  const href = a.getAttribute('href') ?? '';
  try {
    return new URL(href, a.ownerDocument?.baseURI ?? undefined).href;
  } catch {
    return href;
  }
}

const isProfileLink = (a: Element): boolean => PROFILE_PATH.test(pathOf(a));

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
function experienceHeading(main: Element, before: Element): Element | null {
  for (const h of main.querySelectorAll('h2, h3, [role="heading"]')) {
    if (h === before || outsideMain(h)) continue;
    if (EXPERIENCE_HEADING.test(accessibleText(h))) return h;
  }
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

/** Whether a link sits in a list of people: a list whose items link to two profiles or more. */
function inPeopleList(a: Element): boolean {
  const item = a.closest('li, [role="listitem"]');
  const list = item?.parentElement?.closest('ul, ol, [role="list"], [role="menu"]');
  if (!list || list.getAttribute('role') === 'menu') return false;
  const profiles = new Set<string>();
  for (const link of list.querySelectorAll('a[href]')) {
    const path = pathOf(link);
    if (PROFILE_PATH.test(path)) profiles.add(path.replace(/\/+$/, '').toLowerCase());
    if (profiles.size > 1) return true;
  }
  return false;
}

/** The lead page's candidate profile links (see `PageReading.profileLinks`). */
function profileLinksOf(main: Element, card: Element | null): string[] {
  const links = [...main.querySelectorAll('a[href]')].filter((a) => isProfileLink(a) && !outsideMain(a) && !inPeopleList(a));
  const viewing = links.filter((a) => VIEW_PROFILE.test(accessibleName(a)));
  const inCard = card ? viewing.filter((a) => card.contains(a)) : [];
  const chosen = inCard.length > 0 ? inCard : viewing.length > 0 ? viewing : card ? links.filter((a) => card.contains(a)) : [];
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
  const heading = mainHeading(main);
  if (!heading) return { profileLinks: links ? profileLinksOf(main, null) : [] };
  const name = cleanPersonName(accessibleText(heading));
  const card = topCardOf(heading, main);
  const headline = headlineOf(card, heading, name);
  const said = headline ? headlineWords(headline) : {};
  const expHeading = experienceHeading(main, heading);
  const entry = expHeading ? firstEntry(expHeading, main) : null;
  const fromEntry = entry ? entryWords(entry) : {};
  const company = fromEntry.company ?? cardCompany(card) ?? said.company;
  const jobTitle = fromEntry.jobTitle ?? said.jobTitle;
  return {
    ...(name ? { name } : {}),
    ...(headline ? { headline } : {}),
    ...(jobTitle ? { jobTitle } : {}),
    ...(company ? { company } : {}),
    profileLinks: links ? profileLinksOf(main, card) : [],
  };
}
