/**
 * What the list finder decides, fed with plain values (hrefs, the page's URL, what is on screen, what
 * the background answers): which links are listed profiles, which of them to resolve now (the cap per
 * page), and which badge each shows. No DOM: `list-badges.ts` reads the page and carries it out.
 *
 * A link is a listed profile when its address is a profile by `lib/pronet`'s canonicalisation of
 * the href (never by class names, so a markup change of the site cannot break it), and is not the
 * page's own profile (that one keeps its chip). Zod-free: it runs in every page of a profile host.
 */
import { CONVERSATION_STATUSES } from '../inbox/conversation-state';
import { canonicalProfileUrl } from '../pronet/canonical-url';
import type { ListBadge } from '../views';

/** Distinct profiles resolved per page (a page load or an in-page navigation) at most. */
export const LIST_PROFILE_CAP = 60;
/** Longest link text kept for a badge's accessible name (page text: shown locally, never sent). */
export const LINK_NAME_MAX = 80;
/** Pointer resting on a link this long prefetches its profile. */
export const PREFETCH_HOVER_MS = 100;

const NO_HOSTS: readonly string[] = [];
/** Hrefs kept with their profile at most: past it the memo starts again (a page of 1.5 MB holds about 5,000 links). */
const LISTED_MEMO_MAX = 10_000;
/** Each href's profile for the page and hosts it was read with: a row's links are read twice, the same person's several times. */
let listedMemo: { pageHref: string; hosts: readonly string[]; byHref: Map<string, string | null> } | null = null;

/**
 * The canonical profile a link points to, or null (not a profile, or the page's own profile).
 * Remembered per href: parsing URLs was a share of a long page's reading, and their garbage a share of
 * the collector's pauses in its tasks (issue 42).
 */
export function listedProfile(href: string | null | undefined, pageHref: string, hosts: readonly string[] = NO_HOSTS): string | null {
  if (!href) return null;
  if (listedMemo?.pageHref !== pageHref || listedMemo.hosts !== hosts || listedMemo.byHref.size >= LISTED_MEMO_MAX) {
    listedMemo = { pageHref, hosts, byHref: new Map() };
  }
  const known = listedMemo.byHref.get(href);
  if (known !== undefined) return known;
  const profile = readListedProfile(href, pageHref, hosts);
  listedMemo.byHref.set(href, profile);
  return profile;
}

function readListedProfile(href: string, pageHref: string, hosts: readonly string[]): string | null {
  let absolute: string;
  try {
    absolute = new URL(href, pageHref).href;
  } catch {
    return null;
  }
  const profile = canonicalProfileUrl(absolute, hosts);
  if (profile === null) return null;
  return profile === pageProfile(pageHref, hosts) ? null : profile;
}

/** The page's own profile, kept for the page (a list of thousands of links asks for it each time). */
let ownPage: { href: string; hosts: readonly string[]; profile: string | null } | null = null;
function pageProfile(href: string, hosts: readonly string[]): string | null {
  if (ownPage?.href !== href || ownPage.hosts !== hosts) ownPage = { href, hosts, profile: canonicalProfileUrl(href, hosts) };
  return ownPage.profile;
}

/** The badge's distance from the end of its link (px). */
export const BADGE_GAP_PX = 6;

/** How a badge shows beside its link: all its words, its status dot alone, or not at all. */
export type BadgeFit = 'full' | 'compact' | 'hidden';

/**
 * Room for a badge after its link: from the link's end (its last line box) to the nearest edge on
 * that side that bounds or clips it (the row's content box, a clipping ancestor, the viewport), less
 * the gap the badge keeps from the link. Never negative. Left to right, the end is the line box's
 * right and the edges are right edges; right to left (`rtl`), the badge goes on the left: the end is
 * the line box's left and the edges are left edges.
 */
export function badgeRoom(linkEnd: number, edges: readonly number[], gap: number, rtl = false): number {
  return Math.max(0, rtl ? linkEnd - Math.max(...edges) - gap : Math.min(...edges) - linkEnd - gap);
}

/** Px a gap between a link and the text after it must have to hold a badge (a compact one and its gap). */
export const BADGE_MIN_ROOM_PX = 16;

/** A stretch of a line (px, left to right). */
export interface LineSpan {
  left: number;
  right: number;
}

/**
 * Where a badge goes on its link's line, and its room there (left to right: the caller mirrors a
 * right-to-left line). The badge takes no room, so text that follows the link closely on its line
 * (a real result row's "• 2nd" after the name) would lie under it: the badge moves past that text,
 * `shift` px from the link's end, up to the next text farther off (`followers`: the line's text boxes
 * after the link) or the nearest edge.
 */
export function badgeSpot(
  linkEnd: number,
  followers: readonly LineSpan[],
  edges: readonly number[],
  gap: number,
): { shift: number; room: number } {
  let end = linkEnd;
  for (const span of [...followers].sort((a, b) => a.left - b.left)) {
    if (span.right <= end) continue;
    if (span.left - end - 2 * gap >= BADGE_MIN_ROOM_PX) return { shift: end - linkEnd, room: badgeRoom(end, [...edges, span.left - gap], gap) };
    end = Math.max(end, span.right);
  }
  return { shift: end - linkEnd, room: badgeRoom(end, edges, gap) };
}

/**
 * Whether a badge of `fullWidth` fits in `room` px; if not, its dot alone (`compactWidth`); if not even
 * that, nothing (the badge takes no room, so it must not cover what lies beyond the row).
 */
export function badgeFit(room: number, fullWidth: number, compactWidth: number): BadgeFit {
  if (fullWidth <= room) return 'full';
  return compactWidth <= room ? 'compact' : 'hidden';
}

/** Checks a badge from the background by hand (the content script stays free of zod). */
export function parseListBadge(raw: unknown): ListBadge | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const str = (v: unknown, max: number) => typeof v === 'string' && v.length <= max;
  const int = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v);
  if (!str(r.profileUrl, 4096) || (r.kind !== 'lead' && r.kind !== 'no-lead')) return null;
  if (!int(r.leads) || (r.leads as number) < 1 || !int(r.more) || (r.more as number) < 0) return null;
  const badge: ListBadge = { profileUrl: r.profileUrl as string, kind: r.kind, leads: r.leads as number, more: r.more as number };
  if (r.name !== undefined) {
    if (!str(r.name, 300)) return null;
    badge.name = r.name as string;
  }
  if (r.status !== undefined) {
    if (!(CONVERSATION_STATUSES as readonly unknown[]).includes(r.status)) return null;
    badge.status = r.status as ListBadge['status'];
  }
  if (r.replied !== undefined) {
    if (typeof r.replied !== 'boolean') return null;
    badge.replied = r.replied;
  }
  for (const k of ['snoozeUntil', 'lastMessageAt'] as const) {
    if (r[k] === undefined) continue;
    if (!int(r[k])) return null;
    badge[k] = r[k] as number;
  }
  if (r.campaign !== undefined) {
    if (!str(r.campaign, 300)) return null;
    badge.campaign = r.campaign as string;
  }
  // Whose turn (issue 36): the last message's status.
  if (r.lastMessageStatus !== undefined) {
    if (!str(r.lastMessageStatus, 20)) return null;
    badge.lastMessageStatus = r.lastMessageStatus as string;
  }
  return badge;
}

/** The badges in a reply to `list-badges` or a `list-badges` push; anything malformed is dropped. */
export function badgesOf(raw: unknown, reply: boolean): ListBadge[] {
  const r = raw as { ok?: unknown; value?: unknown; type?: unknown; badges?: unknown } | null | undefined;
  const list = reply ? (r?.ok === true ? r.value : null) : r?.type === 'list-badges' ? r.badges : null;
  return Array.isArray(list) ? list.flatMap((b) => parseListBadge(b) ?? []) : [];
}

/**
 * The page's list state: which profiles may still be resolved (the cap), which have their badge, and
 * which were prefetched. A new page (load or in-page navigation) starts afresh.
 */
export interface ListCore {
  /** The page moved to `href`: the cap counts again from zero. */
  navigated(href: string): void;
  /**
   * The profiles on screen now → what to ask the background for: those without a badge yet, within
   * the cap (profiles asked for before on this page always count). Null when nothing changed.
   */
  wanted(onScreen: Iterable<string>): string[] | null;
  /** A badge arrived: the profile needs no more asking. */
  known(profile: string): void;
  /** Whether the pointer resting on this profile's link should prefetch it (once a page). */
  prefetch(profile: string): boolean;
  readonly asked: number;
}

export function createListCore(cap = LIST_PROFILE_CAP): ListCore {
  let asked = new Set<string>();
  /** Per profile across pages: a badge shown stays up to date through the background's pushes. */
  const badged = new Set<string>();
  let prefetched = new Set<string>();
  let last = '';
  let href: string | null = null;
  return {
    navigated(next) {
      if (next === href) return;
      href = next;
      asked = new Set();
      prefetched = new Set();
      last = '';
    },
    wanted(onScreen) {
      const out: string[] = [];
      for (const p of new Set(onScreen)) {
        if (badged.has(p)) continue;
        if (!asked.has(p)) {
          if (asked.size >= cap) continue;
          asked.add(p);
        }
        out.push(p);
      }
      const key = out.join('\n');
      if (key === last) return null;
      last = key;
      return out;
    },
    known(profile) {
      badged.add(profile);
    },
    prefetch(profile) {
      // A badge shown may be stale by now: the background's freshness rules decide, once a page.
      if (prefetched.has(profile)) return false;
      prefetched.add(profile);
      return true;
    },
    get asked() {
      return asked.size;
    },
  };
}
