/**
 * The list finder's adapter: finds profile links as the page grows (one batched MutationObserver:
 * infinite scroll, "show more", pagination by pushState, rows replaced in place), asks the background
 * for the profiles whose rows are on screen (IntersectionObserver), shows their badges, and starts the
 * prefetch of the profile the pointer rests on (`list-prefetch.ts`). What it decides is `list-links-core.ts`; the badge itself comes in
 * as a parameter (`components/list-badge`). It sends canonical profile URLs only: the link's text is
 * used here, for the badge's accessible name, and never leaves the page.
 */
import { markStatus, STATUS_MARK } from '../status-marks';
import type { ListBadge } from '../views';
import { profileHostsOf, SETTINGS_STORAGE_KEY } from '../store/profile-hosts';
import { isProfileHost } from '../pronet/canonical-url';
import { badgesOf, createListCore, listedProfile } from './list-links-core';
import { startListPrefetch } from './list-prefetch';
import { readBadgePlace } from './badge-room';
import { onPointedLink } from './list-pointing';
import { isTokenProfile, type ListRow } from './list-rows';
import { createSlicedReader, measureTask, SLICE_BUDGET_MS } from './list-slices';
import { isContextInvalidated, type ContentContext, type Listeners } from './profile-page';
import type { StorageChanges } from './profile-page-core';

/** One badge as the adapter drives it (`components/list-badge`'s handle). */
export interface BadgeSurface {
  readonly host: HTMLElement;
  /**
   * `room`: px free after the link's end (read before any write of the batch); too little shows a
   * compact badge. `rtl`: the link's line runs right to left, so its end (and the badge) is on its left.
   */
  update(badge: ListBadge | null, linkText: string | undefined, room?: number, rtl?: boolean, shift?: number): void;
}

export interface ListBadgesDeps {
  window: Window & typeof globalThis;
  ctx: ContentContext;
  sendMessage(message: unknown): Promise<unknown>;
  storage: { get(key: string): Promise<Record<string, unknown>> };
  onStorageChanged: Listeners<(changes: StorageChanges, area: string) => void>;
  onMessage: Listeners<(message: unknown) => void>;
  /** Builds one badge; `onOpen` runs on its click (a user gesture). */
  createBadge(onOpen: () => void): BadgeSurface;
  /** Distinct profiles resolved per page at most (default `LIST_PROFILE_CAP`). */
  cap?: number;
}

/** Mutations come in bursts: the new links are read once the burst is over. */
export const SCAN_DELAY_MS = 50;
/** Rows entering and leaving the screen are reported together (the observer's callbacks of one frame). */
export const VISIBLE_DELAY_MS = 0;
/** A resize is a burst of events: the badges fit again once it settles. */
const RESIZE_DELAY_MS = 150;
/** Badges placed between two looks at the clock (a badge's first build and fit cost about 1 ms, 4 at 4x CPU). */
const BADGE_STEP = 4;
/** Links of the page's first scan whose place on screen is read at once (the rest wait for the observer). */
const FIRST_GEOMETRY_MAX = 200;

interface Placed {
  profile: string;
  text: string | undefined;
  /** Built when the link first comes on screen: a feed of thousands of rows pays only for those seen. */
  badge: BadgeSurface | null;
  link: HTMLAnchorElement;
  /** As last read (`BadgePlace`): px free for its badge (Infinity until read), its line's direction, the shift. */
  room: number;
  rtl: boolean;
  shift: number;
}

function settingOn(stored: unknown, name: 'listBadges' | 'prefetchOnHover'): boolean {
  return typeof stored !== 'object' || stored === null || (stored as Record<string, unknown>)[name] !== false;
}

/** Runs the list finder on the page until its context is invalidated. */
export async function startListBadges(deps: ListBadgesDeps): Promise<void> {
  const { window, ctx } = deps;
  const document = window.document;
  // The settings are read while the page's first rows are asked for, not before: until they come,
  // the page's own host counts as a profile host (this script runs on profile hosts only), badges
  // and prefetch are on (their defaults), and the background, which knows the settings, resolves
  // nothing while badges are off.
  const stored = deps.storage.get(SETTINGS_STORAGE_KEY).then(
    (read) => ({ settings: read[SETTINGS_STORAGE_KEY] }),
    // Unreadable settings: the defaults; an extension gone away: nothing more to do.
    (error: unknown) => (isContextInvalidated(error) ? null : { settings: undefined }),
  );
  const pageHost = window.location.hostname;
  let hosts = isProfileHost(pageHost) ? [] : [pageHost];
  let badgesOn = true;
  let prefetchOn = true;

  const core = createListCore(deps.cap);
  core.navigated(window.location.href);
  /** Every listed link found, by the link (watched for the screen); and the badges built, by their host. */
  const placed = new Map<Element, Placed>();
  const byLink = new Map<Element, Placed>();
  const byProfile = new Map<string, Set<Placed>>();
  const badges = new Map<string, ListBadge>();
  const onScreen = new Set<Element>();
  const seenLinks = new WeakSet<Element>();
  /** A row's secondary people (mutuals, reposters, commenters) by link: listed once pointed at. */
  const secondary = new WeakMap<Element, { profile: string; text: string | undefined; link: Element }>();
  /** What a badge may say: leads are stored by public address, so "no lead" by member token is unknown. */
  const said = (profile: string): ListBadge | null => {
    const badge = badges.get(profile);
    return badge && !(badge.kind === 'no-lead' && isTokenProfile(profile)) ? badge : null;
  };

  /** Reads the room after a link (`badge-room.ts`); a link with no box keeps what was last read. */
  const readRoom = (p: Placed) => {
    const place = readBadgePlace(window, p.link);
    if (place) Object.assign(p, place);
  };

  const send = (message: unknown) =>
    deps.sendMessage(message).catch((error: unknown) => {
      if (isContextInvalidated(error) && !ctx.isInvalid) ctx.abort('extension context invalidated');
      return undefined;
    });

  /** Badges waiting to be placed (an answer of many is placed a few at a time: issue 42). */
  const toPlace: Placed[] = [];
  let placing = false;
  const placeSome = () => {
    const deadline = window.performance.now() + SLICE_BUDGET_MS;
    while (toPlace.length > 0 && (!placing || window.performance.now() < deadline)) {
      placing = true;
      const chunk = toPlace.splice(0, BADGE_STEP).filter((p) => p.link.isConnected);
      // Every room read before any badge changes: a read after a write would lay the page out again.
      if (badgesOn) for (const p of chunk) readRoom(p);
      for (const p of chunk) {
        if (p.badge) p.badge.update(badgesOn ? said(p.profile) : null, p.text, p.room, p.rtl, p.shift);
        else if (badgesOn) build(p);
      }
    }
    placing = false;
    if (toPlace.length > 0) ctx.setTimeout(placeSome, 0);
    // For the benchmark: when the newest badges showed (one entry, replaced each time).
    else markStatus(STATUS_MARK.listBadges, window.location.href, window.performance);
  };
  const show = (list: ListBadge[]) => {
    const idle = toPlace.length === 0;
    for (const badge of list) {
      badges.set(badge.profileUrl, badge);
      core.known(badge.profileUrl);
      // Its links on screen: those with a badge, and those whose badge waited for this answer.
      for (const p of byProfile.get(badge.profileUrl) ?? []) if ((p.badge || onScreen.has(p.link)) && p.link.isConnected) toPlace.push(p);
    }
    // Placed now while a task's budget lasts; the rest in the next tasks (already under way: they take these too).
    if (list.length > 0 && idle) placeSome();
  };

  // ---- what is on screen → what the background is asked for
  let visibleTimer: number | undefined;
  /** Asks the background for the profiles on screen now (those not asked for yet, within the cap). */
  const askVisible = () => {
    if (!badgesOn) return;
    const profiles: string[] = [];
    for (const link of onScreen) {
      const p = byLink.get(link);
      if (p?.link.isConnected) profiles.push(p.profile);
    }
    const wanted = core.wanted(profiles);
    if (wanted === null) return;
    void send({ type: 'list-badges', urls: wanted }).then((reply) => {
      if (!ctx.isInvalid) show(badgesOf(reply, true));
    });
  };
  const reportVisible = () => {
    if (visibleTimer !== undefined || !badgesOn) return;
    visibleTimer = ctx.setTimeout(() => {
      visibleTimer = undefined;
      askVisible();
    }, VISIBLE_DELAY_MS);
  };
  /**
   * Builds the link's badge (once), beside it: it takes no room, so the page does not move. Only
   * once its status is known: an unknown badge shows nothing, so a link never resolved (past the
   * cap, or left before its answer) leaves nothing in the page. (Measured side by side, building the
   * hosts ahead of the answer or with it costs a warm page the same time.)
   */
  const build = (entry: Placed) => {
    if (entry.badge || !entry.link.isConnected) return;
    const badge = deps.createBadge(() => {
      // Sent from the click itself: the side panel opens only within the user gesture.
      void send({ type: 'open-panel', profileUrl: entry.profile });
    });
    entry.badge = badge;
    entry.link.after(badge.host);
    placed.set(badge.host, entry);
    badge.update(badgesOn ? said(entry.profile) : null, entry.text, entry.room, entry.rtl, entry.shift);
  };

  const visibility = new window.IntersectionObserver((entries) => {
    const coming: Placed[] = [];
    for (const entry of entries) {
      if (entry.isIntersecting) {
        onScreen.add(entry.target);
        const p = byLink.get(entry.target);
        if (p && !p.badge && p.link.isConnected) coming.push(p);
      } else onScreen.delete(entry.target);
    }
    // Rooms of the known ones first, then their badges go in (reads before writes); the others wait
    // for their answer (`show`).
    const known = coming.filter((p) => badges.has(p.profile));
    for (const p of known) readRoom(p);
    for (const p of known) build(p);
    reportVisible();
  });

  const place = (link: HTMLAnchorElement, profile: string, text: string | undefined): Placed => {
    const entry: Placed = { profile, text, badge: null, link, room: Infinity, rtl: false, shift: 0 };
    byLink.set(link, entry);
    let set = byProfile.get(profile);
    if (!set) byProfile.set(profile, (set = new Set()));
    set.add(entry);
    visibility.observe(link);
    return entry;
  };

  /**
   * The rows read (`list-rows.ts`, the reader "This page" shares, in slices: `list-slices.ts`): a badge
   * for each row's person, beside the link that shows their name and named as the row shows it; the
   * row's secondary people wait to be pointed at. Returns the badges placed.
   */
  const placeRows = (rows: readonly ListRow[]): Placed[] => {
    const fresh: Placed[] = [];
    for (const row of rows) {
      const link = row.link as HTMLAnchorElement;
      if (!seenLinks.has(link)) {
        seenLinks.add(link);
        fresh.push(place(link, row.url, row.name));
      }
      for (const s of row.secondary) {
        if (seenLinks.has(s.link)) continue;
        seenLinks.add(s.link);
        // Pointing at any of the person's links (the picture too) lists them, the badge by the name.
        for (const link of s.links ?? [s.link]) secondary.set(link, { profile: s.url, text: s.name, link: s.link });
      }
    }
    return fresh;
  };
  const reader = createSlicedReader({
    window,
    ctx,
    hosts: () => hosts,
    known: (a) => seenLinks.has(a),
    enabled: () => badgesOn,
    rows: (rows, t0, screen) => {
      const placed = placeRows(rows);
      // The first rows of the page (or of badges turned on): their screen's asked for at once.
      if (screen) seeOnScreenNow(placed);
      measureScan(t0);
    },
  });
  const scan = (roots: Iterable<Node>, screen = false) => reader.scan(roots, { screen });

  // A secondary person pointed at (pointer or keyboard) is listed from then on.
  onPointedLink(window, ctx, (pointedAt) => {
    const s = secondary.get(pointedAt);
    const link = s?.link;
    if (!badgesOn || !s || !link || byLink.has(link) || !link.isConnected) return;
    secondary.delete(pointedAt);
    place(link as HTMLAnchorElement, s.profile, s.text);
    // Pointed at, so on screen: asked for now, not at the observer's next report.
    onScreen.add(link);
    reportVisible();
  });

  /**
   * The page's first links already on screen: asked for at once rather than at the observer's first
   * callback, a rendered frame later (tens of ms on a busy machine). Bounded: a long page pays for
   * the geometry of its first rows only; the observer reports the rest.
   */
  const seeOnScreenNow = (found: readonly Placed[]) => {
    const height = window.innerHeight;
    const width = window.innerWidth;
    // Every place read before any badge goes in: a read after a write would lay the page out again.
    const seen = found.slice(0, FIRST_GEOMETRY_MAX).filter((f) => {
      const r = f.link.getBoundingClientRect();
      return r.bottom > 0 && r.top < height && r.right > 0 && r.left < width && (r.width > 0 || r.height > 0);
    });
    for (const f of seen) {
      onScreen.add(f.link);
      const p = byLink.get(f.link);
      if (p && badges.has(p.profile)) readRoom(p);
    }
    // Asked for at once, not after a timer (a timer waits behind the page's next frame, tens of ms on
    // a busy machine); the badges already known (settings turned them back on) go in meanwhile.
    askVisible();
    for (const f of seen) {
      const p = byLink.get(f.link);
      if (p && badges.has(p.profile)) build(p);
    }
  };

  const measureScan = (start: number) => measureTask(window.performance, start);

  /** Badges whose link left the page go too. */
  const sweep = () => {
    for (const p of byLink.values()) {
      if (p.link.isConnected && (!p.badge || p.badge.host.isConnected)) continue;
      forget(p);
    }
  };

  function forget(p: Placed) {
    if (p.badge) {
      p.badge.host.remove();
      placed.delete(p.badge.host);
    }
    visibility.unobserve(p.link);
    onScreen.delete(p.link);
    byLink.delete(p.link);
    byProfile.get(p.profile)?.delete(p);
  }

  // ---- the page grows: one observer, its records handled once a burst is over
  let pending: Node[] = [];
  let scanTimer: number | undefined;
  const mutations = new window.MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (!placed.has(n as Element)) pending.push(n);
    if (scanTimer !== undefined) return;
    scanTimer = ctx.setTimeout(() => {
      scanTimer = undefined;
      const roots = pending;
      pending = [];
      if (!badgesOn) return;
      const t0 = window.performance.now();
      sweep();
      scan(roots);
      measureScan(t0);
    }, SCAN_DELAY_MS);
  });
  mutations.observe(document.body, { childList: true, subtree: true });
  ctx.onInvalidated(() => {
    mutations.disconnect();
    visibility.disconnect();
  });

  // ---- in-page navigation: a new page, whose own profile gets no badge
  const navigated = () => {
    if (ctx.isInvalid) return;
    const href = window.location.href;
    core.navigated(href);
    for (const p of byLink.values()) {
      if (listedProfile(p.link.getAttribute('href'), href, hosts) === null) forget(p);
    }
    reportVisible();
  };
  const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
  if (navigation) {
    navigation.addEventListener('currententrychange', navigated);
    ctx.onInvalidated(() => navigation.removeEventListener('currententrychange', navigated));
  }
  ctx.addEventListener(window, 'popstate', navigated);
  ctx.addEventListener(window, 'wxt:locationchange', navigated);

  // ---- pushes from the background: badges resolved or changed
  const onMessage = (raw: unknown) => {
    if (!ctx.isInvalid) show(badgesOf(raw, false));
  };
  deps.onMessage.addListener(onMessage);
  ctx.onInvalidated(() => deps.onMessage.removeListener(onMessage));

  // ---- settings: badges and prefetch on or off
  const applySettings = (next: unknown) => {
    const hostsWere = hosts.join('\n');
    hosts = profileHostsOf(next);
    prefetchOn = settingOn(next, 'prefetchOnHover');
    const wasOn = badgesOn;
    badgesOn = settingOn(next, 'listBadges');
    if (badgesOn !== wasOn) for (const p of byLink.values()) p.badge?.update(badgesOn ? said(p.profile) : null, p.text, p.room, p.rtl, p.shift);
    if (badgesOn && (!wasOn || hosts.join('\n') !== hostsWere)) scan([document.body], true);
  };
  const onStorage = (changes: StorageChanges, area: string) => {
    if (area !== 'local' || !(SETTINGS_STORAGE_KEY in changes)) return;
    applySettings(changes[SETTINGS_STORAGE_KEY]?.newValue);
  };
  deps.onStorageChanged.addListener(onStorage);
  ctx.onInvalidated(() => deps.onStorageChanged.removeListener(onStorage));

  // ---- the window resized: the badges on screen fit again (every room read, then every badge set)
  let resizeTimer: number | undefined;
  const refit = () => {
    resizeTimer = undefined;
    if (ctx.isInvalid || !badgesOn) return;
    const shown = [...onScreen].flatMap((link) => {
      const p = byLink.get(link);
      return p?.badge && p.link.isConnected && badges.has(p.profile) ? [p] : [];
    });
    for (const p of shown) readRoom(p);
    for (const p of shown) p.badge?.update(said(p.profile), p.text, p.room, p.rtl, p.shift);
  };
  const onResize = () => {
    if (resizeTimer === undefined) resizeTimer = ctx.setTimeout(refit, RESIZE_DELAY_MS);
  };
  window.addEventListener('resize', onResize, { passive: true });
  ctx.onInvalidated(() => window.removeEventListener('resize', onResize));

  // ---- prefetch: the pointer resting on a profile link, or pressing it
  startListPrefetch({
    window,
    ctx,
    core,
    hosts: () => hosts,
    enabled: () => prefetchOn,
    prefetch: (url) => void send({ type: 'list-prefetch', url }),
  });

  scan([document.body], true);
  const read = await stored;
  if (read === null) {
    if (!ctx.isInvalid) ctx.abort('extension context invalidated');
    return;
  }
  if (!ctx.isInvalid) applySettings(read.settings);
}
