/**
 * The rows of a list page (search results, a company's people, the feed, connections), read by
 * meaning: each row's primary person (the one the row is about), the name as the row shows it (read
 * once: the eye's copy of a doubled line, or the words a screen reader hears without "View …’s
 * profile", presence or degree), its title line, and the row's secondary people (mutual connections,
 * commenters, reposters), who are looked up only when the user points at them. One reader for the
 * badges and for "This page" (issue 35). No class name or id: rows are list items and articles,
 * people are links to profiles, secondary people are known by the words around them or by sitting
 * in a row nested inside the row (a comment).
 */
import { isMemberToken, profileSlug } from '../pronet/canonical-url';
import { ROW_SELECTOR } from './badge-room';
import { LINK_NAME_MAX, listedProfile } from './list-links-core';
import { accessibleText, collapse, textLines } from './page-text';
import { isDecoration, jobTitleAtCompany, viewProfileName } from './profile-words';

export interface ListRow {
  /** Canonical profile URL of the row's primary person (canonicalProfileUrl). */
  url: string;
  /** The person's name as the row shows it, read once ("Madeleine N." kept). */
  name?: string;
  /** The row's title line, if the row shows one. */
  title?: string;
  /** The row's company, if it can be read (from the title line's "Title at Company"). */
  company?: string;
  /** The primary profile link (where the badge goes). */
  link: Element;
  /**
   * Mutual connections, commenters, reposters: looked up only when pointed at. `link` shows the name
   * (where a badge goes); `links`, every link of that person in the row (a picture's too).
   */
  secondary: { url: string; link: Element; name?: string; links?: Element[] }[];
}

/** Words that make a link's person secondary to the row: activity on someone else's post, mutual connections. */
const SECONDARY_WORDS =
  /\b(reposted this|commented on this|replied to|likes this|liked this|loves this|celebrates this|supports this|finds this (insightful|funny)|mutual connections?|a republié ceci|a commenté ceci|aime ceci|relations? en commun|hat dies reposted|hat dies kommentiert|gefällt das|gemeinsame[rn]? kontakte?|ha compartido esto|ha comentado esto|contactos? en común)\b/i;
/** Labels a markup puts before a row's parts for screen readers ("Member’s name"). */
const PART_LABEL = /^(member[’']s (name|occupation)|nom du membre|profession du membre|name des mitglieds)$/i;
/** Links that may lead to a profile: "/in/" in any case (a path's case is the site's to choose; `/IN/SLUG/` canonicalises). */
const PROFILE_LINKS = 'a[href*="/in/" i]';
const IN_PATH = /\/in\//i;
/** Ancestors looked at for the words around a link, at most (a line is near its link). */
const WORDS_DEPTH = 4;

const isLine = (line: string) => !isDecoration(line) && !PART_LABEL.test(line);
const bounded = (text: string | undefined) => (text ? collapse(text).slice(0, LINK_NAME_MAX) || undefined : undefined);

/** The row a link belongs to: the outermost list item or article around it (a comment's row is its post's). */
function rowOf(link: Element): Element {
  let row = link.closest(ROW_SELECTOR);
  if (!row) return link.parentElement ?? link;
  for (let outer = row.parentElement?.closest(ROW_SELECTOR); outer; outer = outer.parentElement?.closest(ROW_SELECTOR)) row = outer;
  return row;
}

/** The person's name as a link shows it: the eye's copy of a doubled line, else its words without labels. */
function textName(link: Element): string | undefined {
  // A link hidden from screen readers is a duplicate (a picture's, with initials): it names nobody.
  if (link.getAttribute('aria-hidden') === 'true') return undefined;
  for (const copy of link.querySelectorAll('[aria-hidden="true"]')) {
    const text = collapse(copy.textContent ?? '');
    if (text && isLine(text)) return bounded(text);
  }
  for (const line of textLines(link, { maxLines: 6, maxNodes: 200 })) {
    if (!isLine(line)) continue;
    // "View Madeleine N.’s profile": the screen reader's copy names the person inside a sentence.
    return bounded(viewProfileName(line) ?? line);
  }
  return undefined;
}

/** A picture link's label names the person ("View: Madeleine N. • 2nd Head of Growth"): its first part. */
function labelName(link: Element): string | undefined {
  const label = collapse(link.getAttribute('aria-label') ?? '').replace(/^(view|voir|ansehen|ver)\s*:\s*/i, '');
  return bounded(label.split(/\s[•·|]\s/)[0]);
}

/** The name the row shows for the person among their links: a link's words first, a picture's label last. */
function nameAmong(links: readonly Element[]): { link: Element; name?: string } | undefined {
  for (const link of links) {
    const name = textName(link);
    if (name) return { link, name };
  }
  for (const link of links) {
    const name = labelName(link);
    if (name) return { link, name };
  }
  return links[0] ? { link: links[0] } : undefined;
}

/** Phrasing elements: a link's words go on in its block (the line it sits in). */
const INLINE = new Set(['A', 'SPAN', 'STRONG', 'EM', 'B', 'I', 'SMALL', 'BDI', 'LABEL']);

/**
 * The words of a line around a link, without the blocks inside it that hold someone else's link (a
 * row whose name line also holds "Alan Turing is a mutual connection" is not Alan's line).
 */
function wordsAround(el: Element, link: Element, isOther: (a: Element) => boolean, seen: RowReading): string {
  const parts: string[] = [];
  for (const node of el.childNodes) {
    if (node.nodeType === 3) parts.push(node.textContent ?? '');
    if (node.nodeType !== 1) continue;
    const child = node as Element;
    const theirs = !child.contains(link) && !INLINE.has(child.tagName.toUpperCase()) && (isOther(child) || seen.linksIn(child).some(isOther));
    if (!theirs) parts.push(seen.textOf(child));
  }
  return collapse(parts.join(' '));
}

/**
 * What one row's reading learnt of its blocks, asked again for each of its links: a block's words and
 * its profile links. A feed's post names many people, and each asked for the same blocks' words
 * (issue 42: most of a long page's reading time, and of its garbage).
 */
interface RowReading {
  textOf(el: Element): string;
  linksIn(el: Element): readonly Element[];
}

function rowReading(): RowReading {
  const texts = new Map<Element, string>();
  const links = new Map<Element, Element[]>();
  return {
    textOf(el) {
      let text = texts.get(el);
      if (text === undefined) texts.set(el, (text = accessibleText(el)));
      return text;
    },
    linksIn(el) {
      let found = links.get(el);
      if (found === undefined) links.set(el, (found = [...el.querySelectorAll(PROFILE_LINKS)]));
      return found;
    },
  };
}

/** Whether the line the link sits in (its nearest block with words, within the row) says it is secondary. */
function saysSecondary(link: Element, row: Element, isOther: (a: Element) => boolean, seen: RowReading): boolean {
  let el = link.parentElement;
  for (let depth = 0; el && depth < WORDS_DEPTH && el !== row.parentElement; depth++, el = el.parentElement) {
    if (INLINE.has(el.tagName.toUpperCase())) continue;
    const text = wordsAround(el, link, isOther, seen);
    if (text) return SECONDARY_WORDS.test(text);
  }
  return SECONDARY_WORDS.test(seen.textOf(link));
}

interface Found {
  link: Element;
  url: string;
  secondary: boolean;
}

/** The row's title line: the link's own line after the name, else the row's first line after the link. */
function titleOf(link: Element, row: Element, name: string | undefined): string | undefined {
  const own = textLines(link, { maxLines: 6, maxNodes: 200 }).filter(isLine);
  const inLink = own.filter((l) => l !== name && viewProfileName(l) === undefined);
  if (inLink.length > 0 && own.length > 1) return bounded(inLink[inLink.length - 1]);
  for (const line of textLines(row, { after: link, maxLines: 6, maxNodes: 600 })) if (isLine(line) && line !== name) return bounded(line);
  return undefined;
}

function readRow(row: Element, pageHref: string, hosts: readonly string[] | undefined): ListRow | null {
  const people: { link: Element; url: string }[] = [];
  for (const a of row.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href')!;
    if (!IN_PATH.test(href)) continue;
    const url = listedProfile(href, pageHref, hosts);
    if (url !== null) people.push({ link: a, url });
  }
  const urlOf = new Map(people.map((p) => [p.link, p.url]));
  const seen = rowReading();
  const found: Found[] = people.map(({ link, url }) => {
    const nested = link.closest(ROW_SELECTOR);
    const isOther = (a: Element) => (urlOf.get(a) ?? url) !== url;
    return { link, url, secondary: (nested !== null && nested !== row && row.contains(nested)) || saysSecondary(link, row, isOther, seen) };
  });
  const primary = found.find((f) => !f.secondary);
  if (!primary) return null;
  // The badge goes beside the link that shows the person's name (an avatar's link shows none).
  const named = nameAmong(found.filter((f) => f.url === primary.url).map((f) => f.link));
  const link = named?.link ?? primary.link;
  const name = named?.name;
  const title = titleOf(link, row, name);
  // The row's title line is the person's headline: a company only where it clearly says "<title> at <company>".
  const company = title ? jobTitleAtCompany(title)?.company : undefined;
  const others = new Map<string, Element[]>();
  for (const f of found) if (f.url !== primary.url) others.set(f.url, [...(others.get(f.url) ?? []), f.link]);
  const secondary = [...others].map(([url, links]) => {
    const one = nameAmong(links)!;
    return { url, link: one.link, ...(one.name ? { name: one.name } : {}), links };
  });
  return { url: primary.url, ...(name ? { name } : {}), ...(title ? { title } : {}), ...(company ? { company } : {}), link, secondary };
}

/**
 * The rows of these links, in their order: every row that holds a link to a listed profile (the
 * page's own profile excluded), read whole even when only part of it is among the links (comments
 * loaded into a post). Rows in `read` are skipped, and the rows read are added to it (a long page is
 * read in slices). A row whose people are all secondary (a company's post someone commented on) gives none.
 */
export function rowsOfLinks(links: Iterable<Element>, pageHref: string, hosts?: readonly string[], read = new Set<Element>()): ListRow[] {
  const out: ListRow[] = [];
  for (const a of links) {
    const href = a.getAttribute('href');
    if (!href || !IN_PATH.test(href)) continue;
    // A row read already costs nothing more (most links of a page share their row with others).
    const row = rowOf(a);
    if (read.has(row) || listedProfile(href, pageHref, hosts) === null) continue;
    read.add(row);
    const found = readRow(row, pageHref, hosts);
    if (found) out.push(found);
  }
  return out;
}

/** The links under `root` (itself included) that may lead to a profile, in page order. */
export function profileLinksUnder(root: ParentNode): Element[] {
  const links: Element[] = (root as Element).matches?.(PROFILE_LINKS) ? [root as Element] : [];
  for (const a of root.querySelectorAll(PROFILE_LINKS)) links.push(a);
  return links;
}

/**
 * The same links, found as they are asked for: a page of 1.5 MB holds thousands of links, and finding
 * them all at once (`querySelectorAll`) cost 40 ms at 4x CPU in one task (issue 42). The tag's live
 * collection is walked from where the last caller stopped; links added meanwhile come in their turn.
 */
export function* profileLinksOf(root: Element): Generator<Element, void, undefined> {
  if (root.tagName.toUpperCase() === 'A' && IN_PATH.test(root.getAttribute('href') ?? '')) yield root;
  const all = root.getElementsByTagName('a');
  for (let i = 0; i < all.length; i++) {
    const a = all[i]!;
    if (IN_PATH.test(a.getAttribute('href') ?? '')) yield a;
  }
}

/** The rows under `root`, in page order (see `rowsOfLinks`). */
export function readListRows(root: ParentNode, pageHref: string, hosts?: readonly string[]): ListRow[] {
  return rowsOfLinks(profileLinksUnder(root), pageHref, hosts);
}

/** Whether a profile URL names its person by member token (`/in/ACoAA…`): the service stores public addresses. */
export function isTokenProfile(url: string): boolean {
  const slug = profileSlug(url);
  return slug !== null && isMemberToken(slug);
}
