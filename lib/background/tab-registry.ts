/**
 * The tabs the background knows: which URL each shows, the profile that URL is, the conversation
 * chosen in its panel, and what was last pushed to it. Profile tabs are kept in `storage.session`, so
 * a restarted worker knows them again (and keeps the chosen conversation: the panel and the
 * shortcuts must not switch to another one under the user).
 */
import { canonicalProfileUrl, isProfileHost, salesLeadToken } from '../pronet/canonical-url';
import type { SessionArea } from '../store/key-store';
import type { PanelError } from './panel-state';

export interface TabInfo {
  url: string | null;
  profileUrl: string | null;
  /** The person's name as the page shows it, when known. */
  name?: string;
  /** The current company and job title the page shows, when known (suggestions for the user). */
  company?: string;
  jobTitle?: string;
  /**
   * A lead page (`/sales/lead/...`): `lead-page` when the profile came from the one public profile
   * link it shows; `leadPageWithoutLink` when it shows none (the panel says why).
   */
  via?: 'lead-page';
  leadPageWithoutLink?: boolean;
  /** The public profile link the lead page showed (kept for a restarted worker). */
  profileLink?: string;
  selected: string | null;
  /** The resolution running for this tab, for cancellation when the user leaves the profile. */
  controller: AbortController | null;
  /** When the tab came to its profile: with caching off, older cache entries are not shown. */
  since: number;
  revalidating: boolean;
  error: PanelError | null;
  /**
   * The profile was chosen from a list on the page (a badge's click), not by the URL: it stays while
   * the tab moves within the profile host's lists, and gives way to the next profile page.
   */
  chosen?: boolean;
  /** The URL whose page said it does not exist (the tab shows no profile while it stays there). */
  notFoundUrl?: string;
  /** What was last pushed, to push only changes; `rev`: the revision of the newest state pushed. */
  pushed: { rev?: number; panel?: string; chip?: string; badge?: string };
}

export interface TabRegistryOptions {
  session: SessionArea;
  clock: { now(): number };
  /** The configured extra profile hosts. */
  hosts(): readonly string[];
  /** The URL a tab shows, when the background has not seen it navigate (after a worker restart). */
  getTabUrl?(tabId: number): Promise<string | undefined>;
}

export interface TabRegistry {
  get(tabId: number): TabInfo | undefined;
  /** The tab's entry, made when missing. */
  info(tabId: number): TabInfo;
  /** The tab's entry; after a worker restart, the browser is asked what the tab shows. */
  known(tabId: number): Promise<TabInfo>;
  ids(): number[];
  /** The tabs showing a profile. */
  showing(profileUrl: string): number[];
  /** The tab shows `url` now; leaving a profile cancels what was being fetched for it. */
  navigate(tabId: number, url: string, name?: string, about?: PageAbout): TabInfo;
  select(tabId: number, conversationId: string): void;
  /** The tab's panel shows `profileUrl` (canonical), chosen on a list the tab shows. */
  show(tabId: number, profileUrl: string): TabInfo;
  close(tabId: number): void;
  /** The profile hosts changed: every tab's URL is read again. */
  rehost(): void;
  /** Cancels every resolution (the worker stops). */
  abortAll(): void;
  restore(): Promise<void>;
}

/** What the page says about the person besides the name. */
export interface PageAbout {
  company?: string;
  jobTitle?: string;
  /** On a lead page: the public profile link it shows. */
  profileLink?: string;
  /** The page says it does not exist ("This page doesn't exist"): its URL shows nobody. */
  notFound?: boolean;
}

/**
 * The profile a tab's URL shows: the URL's own, or on a lead page (whose token the service does not
 * store) the public profile link the page shows, which the content script found (exactly one, in
 * the page's header). Null with `leadPage` when a lead page shows none.
 */
export function tabProfile(url: string, profileLink: string | undefined, hosts: readonly string[]): { profileUrl: string | null; via?: 'lead-page'; leadPage?: boolean } {
  const own = canonicalProfileUrl(url, hosts);
  if (own !== null || salesLeadToken(url, hosts) === null) return { profileUrl: own };
  const linked = profileLink === undefined ? null : canonicalProfileUrl(profileLink, hosts);
  return linked === null ? { profileUrl: null, leadPage: true } : { profileUrl: linked, via: 'lead-page' };
}

const TABS_SESSION = 'tabs';

type SavedTab = { url: string | null; name?: string; selected?: string; chosen?: string } & PageAbout;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

export function createTabRegistry(opts: TabRegistryOptions): TabRegistry {
  const tabs = new Map<number, TabInfo>();

  function info(tabId: number): TabInfo {
    let tab = tabs.get(tabId);
    if (!tab) {
      tab = { url: null, profileUrl: null, selected: null, controller: null, since: 0, revalidating: false, error: null, pushed: {} };
      tabs.set(tabId, tab);
    }
    return tab;
  }

  function save() {
    const map: Record<string, SavedTab> = {};
    // Only profile tabs: the background has no business remembering other pages.
    for (const [id, t] of tabs) {
      if (t.profileUrl !== null) {
        map[id] = {
          url: t.url,
          ...(t.name ? { name: t.name } : {}),
          ...(t.company ? { company: t.company } : {}),
          ...(t.jobTitle ? { jobTitle: t.jobTitle } : {}),
          ...(t.profileLink ? { profileLink: t.profileLink } : {}),
          ...(t.selected ? { selected: t.selected } : {}), ...(t.chosen ? { chosen: t.profileUrl } : {}) };
      }
    }
    void opts.session.set({ [TABS_SESSION]: map }).catch(() => undefined);
  }

  function setUrl(tabId: number, url: string, name?: string, page?: PageAbout): TabInfo {
    const about = page ?? {};
    const tab = info(tabId);
    // A restarted worker reads the URL again without the page's words: the lead page's link stays.
    const link = about.profileLink ?? (url === tab.url ? tab.profileLink : undefined);
    // A page that said it does not exist stays no profile while the tab shows its URL: the tab's own
    // events for that URL (loaded, title) come after the page's word and must not look it up.
    // (`page`: the content script's report, which alone says whether the page shows somebody.)
    if (about.notFound) tab.notFoundUrl = url;
    else if (url !== tab.notFoundUrl || page !== undefined) tab.notFoundUrl = undefined;
    const found = tab.notFoundUrl === url ? { profileUrl: null } : tabProfile(url, link, opts.hosts());
    let profileUrl = found.profileUrl;
    tab.url = url;
    if (profileUrl === null && !found.leadPage && tab.chosen && isProfileHost(hostnameOf(url), opts.hosts())) profileUrl = tab.profileUrl;
    else tab.chosen = false;
    if (profileUrl !== tab.profileUrl) {
      setProfile(tab, profileUrl);
    }
    tab.via = found.via;
    tab.leadPageWithoutLink = found.leadPage;
    tab.profileLink = found.via ? link : undefined;
    if (name !== undefined && (profileUrl !== null || found.leadPage)) {
      tab.name = name;
      tab.company = about.company;
      tab.jobTitle = about.jobTitle;
    }
    return tab;
  }

  function setProfile(tab: TabInfo, profileUrl: string | null) {
    {
      // The user left the profile: whatever was being fetched for it is no longer wanted here.
      tab.controller?.abort();
      tab.controller = null;
      tab.revalidating = false;
      tab.error = null;
      tab.selected = null;
      tab.profileUrl = profileUrl;
      tab.since = opts.clock.now();
      tab.name = undefined;
      tab.company = undefined;
      tab.jobTitle = undefined;
    }
  }

  return {
    get: (tabId) => tabs.get(tabId),
    info,
    async known(tabId) {
      if (!tabs.has(tabId) && opts.getTabUrl) {
        const url = await opts.getTabUrl(tabId).catch(() => undefined);
        if (url !== undefined) setUrl(tabId, url);
      }
      return info(tabId);
    },
    ids: () => [...tabs.keys()],
    showing: (profileUrl) => [...tabs].flatMap(([id, t]) => (t.profileUrl === profileUrl ? [id] : [])),
    navigate(tabId, url, name, about) {
      const tab = setUrl(tabId, url, name, about);
      save();
      return tab;
    },
    show(tabId, profileUrl) {
      const tab = info(tabId);
      if (tab.profileUrl !== profileUrl) setProfile(tab, profileUrl);
      tab.chosen = true;
      save();
      return tab;
    },
    select(tabId, conversationId) {
      info(tabId).selected = conversationId;
      save();
    },
    close(tabId) {
      tabs.get(tabId)?.controller?.abort();
      tabs.delete(tabId);
      save();
    },
    rehost() {
      for (const [tabId, tab] of tabs) if (tab.url) setUrl(tabId, tab.url);
    },
    abortAll() {
      for (const tab of tabs.values()) tab.controller?.abort();
    },
    async restore() {
      const saved = (await opts.session.get(TABS_SESSION).catch((): Record<string, unknown> => ({})))[TABS_SESSION];
      if (!saved || typeof saved !== 'object') return;
      for (const [id, t] of Object.entries(saved as Record<string, { url?: unknown; name?: unknown; company?: unknown; jobTitle?: unknown; profileLink?: unknown; selected?: unknown; chosen?: unknown }>)) {
        if (typeof t.url !== 'string') continue;
        const chosen = typeof t.chosen === 'string' ? canonicalProfileUrl(t.chosen, opts.hosts()) : null;
        if (chosen) {
          info(Number(id)).chosen = true;
          info(Number(id)).profileUrl = chosen;
        }
        const tab = setUrl(Number(id), t.url, text(t.name), { company: text(t.company), jobTitle: text(t.jobTitle), profileLink: text(t.profileLink) });
        if (typeof t.selected === 'string') tab.selected = t.selected;
      }
    },
  };
}
