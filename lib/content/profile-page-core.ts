/**
 * What the profile content script decides, fed with plain values: what the page shows (its URL,
 * heading, canonical link), what the background answers or pushes, the configured hosts. Each event
 * returns what to do: a message to send, the chip view to render, a time-to-status mark to set. No
 * DOM, no browser: `profile-page.ts` reads the page, listens, and carries the effects out.
 *
 * Zod-free, like everything the content script imports: it runs in every profile page.
 */
import { createChipTracker, parseChipState } from '../chip-state';
import type { RequestOf } from '../messages';
import { canonicalProfileUrl, salesLeadToken } from '../pronet/canonical-url';
import { STATUS_MARK, type StatusMarkName } from '../status-marks';
import { profileHostsOf, SETTINGS_STORAGE_KEY } from '../store/profile-hosts';
import type { ChipState, ChipView } from '../views';

/** What the page shows at the time of an event, as the adapter read it. */
export interface PageSnapshot {
  href: string;
  /** The text of the profile's heading, as found (untrimmed); absent when there is none. */
  heading?: string | null;
  /** The absolute href of `link[rel=canonical]`, when the page has one. */
  canonicalLink?: string | null;
  /** The text of the profile's current company and job title, as found (untrimmed), when shown. */
  company?: string | null;
  jobTitle?: string | null;
  /**
   * On a lead page: the absolute hrefs of the links that may be the person's public profile, as the
   * page reader found them (`PageReading.profileLinks`).
   */
  profileLinks?: readonly string[];
  /** The page says the profile is not there ("This page doesn’t exist"): it shows no profile. */
  notFound?: boolean;
}

/**
 * The profile a lead page (`/sales/lead/<token>,...`) shows: its public profile link as the page
 * reader found it, when exactly one distinct profile is linked there. Anything else (none, two
 * people) resolves nothing, so a page cannot slip another profile in beside the person's own.
 */
export function leadPageProfile(page: PageSnapshot, hosts: readonly string[]): string | null {
  if (salesLeadToken(page.href, hosts) === null) return null;
  const found = new Set((page.profileLinks ?? []).map((href) => canonicalProfileUrl(href, hosts)).filter((u): u is string => u !== null));
  return found.size === 1 ? [...found][0]! : null;
}

export type ProfilePageEffect =
  | { type: 'send'; request: RequestOf<'profile-viewed'> }
  /** null hides the chip (not a profile page). */
  | { type: 'render'; view: ChipView | null }
  | { type: 'mark'; name: StatusMarkName; profileUrl: string };

/** A `storage.onChanged` change, as far as the core reads it. */
export type StorageChanges = Record<string, { newValue?: unknown } | undefined>;

export interface ProfilePageCore {
  /** The canonical profile the page shows, or null. */
  readonly profile: string | null;
  /** What `href` is, for the configured hosts: a profile page, a lead page, or neither (nothing to read). */
  pageKind(href: string): 'profile' | 'lead' | null;
  /** The URL may have changed (load, in-page navigation): reports it, unless it was reported already. */
  visit(page: PageSnapshot): ProfilePageEffect[];
  /** Reports the URL even if it was reported already (back from the back/forward cache: the lead may have changed). */
  revisit(page: PageSnapshot): ProfilePageEffect[];
  /** The document changed: once the new profile's heading shows, the background learns its name. */
  contentChanged(page: PageSnapshot): ProfilePageEffect[];
  /** The background's reply to "profile viewed". */
  reply(raw: unknown): ProfilePageEffect[];
  /** A message the background sent to the tab (a new chip state when the lead's state changes). */
  push(raw: unknown): ProfilePageEffect[];
  /** `storage.onChanged`: a profile host added or removed may make this page a profile, or stop it being one. */
  storageChanged(changes: StorageChanges, area: string, page: PageSnapshot): ProfilePageEffect[];
}

/** Longest name, company or job title sent for a profile (the page's text is only a suggestion). */
export const PAGE_TEXT_MAX = 200;

/** A text the page shows, whitespace collapsed and bounded; undefined when it shows none. */
export function pageText(text: string | null | undefined): string | undefined {
  const value = text?.replace(/\s+/g, ' ').trim();
  return value ? value.slice(0, PAGE_TEXT_MAX) : undefined;
}

/** What the page suggests about the person: the background shows it, the user sends it (or not). */
type Suggestion = Pick<RequestOf<'profile-viewed'>, 'name' | 'company' | 'jobTitle'>;

/**
 * The company and job title go with the name, and only with it: the name tells that the page shows
 * the profile on screen, not the one before an in-page navigation.
 */
function suggestionOf(page: PageSnapshot, name: string | undefined): Suggestion {
  if (!name) return {};
  const company = pageText(page.company);
  const jobTitle = pageText(page.jobTitle);
  return { name, ...(company ? { company } : {}), ...(jobTitle ? { jobTitle } : {}) };
}

const sameSuggestion = (a: Suggestion, b: Suggestion) => a.name === b.name && a.company === b.company && a.jobTitle === b.jobTitle;

function hostnameOf(href: string): string {
  try {
    return new URL(href).hostname;
  } catch {
    return '';
  }
}

/** `settings`: the stored settings value (`storage.local`), for the extra profile hosts. */
export function createProfilePageCore(settings?: unknown): ProfilePageCore {
  /** The profile on screen and the newest state the background sent for it. */
  const tracker = createChipTracker<ChipState>();
  let hosts: readonly string[] = profileHostsOf(settings);
  let reportedHref: string | null = null;
  /** The heading when the URL changed: an in-page navigation changes the URL before the content. */
  let headingAtNavigation: string | undefined;
  let sent: Suggestion = {};
  /** The profile whose first settled state was marked (time to status, see lib/status-marks). */
  let statusMarked: string | null = null;

  // Until the background answers for the profile on screen, the chip says it is looking it up.
  const render = (): ProfilePageEffect => ({ type: 'render', view: tracker.profile === null ? null : (tracker.shown ?? { kind: 'loading' }) });
  const send = (page: PageSnapshot, suggestion: Suggestion): ProfilePageEffect => {
    const link = leadPageProfile(page, hosts);
    return { type: 'send', request: { type: 'profile-viewed', url: page.href, ...suggestion, ...(link ? { profileLink: link } : {}) } };
  };
  /** The profile the page shows: its URL's, or on a lead page the one its header links to. */
  const profileOf = (page: PageSnapshot) => (page.notFound ? null : (canonicalProfileUrl(page.href, hosts) ?? leadPageProfile(page, hosts)));
  const isLeadPage = (page: PageSnapshot) => salesLeadToken(page.href, hosts) !== null;

  /**
   * The page's name for the current profile, once the page shows it: after an in-page navigation
   * the old heading lingers until the new content arrives, and a canonical link, when the page has
   * one, must point at the same profile.
   */
  const currentName = (page: PageSnapshot): string | undefined => {
    const name = pageText(page.heading);
    const profile = tracker.profile;
    const leadPage = isLeadPage(page);
    if (!name || (!profile && !leadPage)) return undefined;
    // A lead page's canonical link is the lead page itself, not the profile.
    if (page.canonicalLink && !leadPage) return canonicalProfileUrl(page.canonicalLink, [...hosts, hostnameOf(page.href)]) === profile ? name : undefined;
    return name !== headingAtNavigation ? name : undefined;
  };

  /** A state from the background is shown if it is still the newest for the profile on screen. */
  const offer = (raw: unknown): ProfilePageEffect[] => {
    const state = parseChipState(raw);
    if (!state || !tracker.offer(state)) return [];
    const effects = [render()];
    if (state.kind !== 'loading' && tracker.profile !== null && statusMarked !== tracker.profile) {
      statusMarked = tracker.profile;
      effects.push({ type: 'mark', name: STATUS_MARK.chip, profileUrl: tracker.profile });
    }
    return effects;
  };

  const visit = (page: PageSnapshot): ProfilePageEffect[] => {
    if (page.href === reportedHref) return [];
    const effects: ProfilePageEffect[] = [];
    const initial = reportedHref === null;
    reportedHref = page.href;
    if (tracker.navigate(profileOf(page))) {
      statusMarked = null;
      if (tracker.profile !== null) effects.push({ type: 'mark', name: STATUS_MARK.urlChange, profileUrl: tracker.profile });
      headingAtNavigation = initial ? undefined : pageText(page.heading);
      effects.push(render());
    }
    sent = suggestionOf(page, currentName(page));
    // A page that shows nobody says so, and only that: the worker, which follows the tab's URL, would
    // look that URL up, and the panel show it as a profile.
    effects.push(page.notFound ? { type: 'send', request: { type: 'profile-viewed', url: page.href, notFound: true } } : send(page, sent));
    return effects;
  };

  const revisit = (page: PageSnapshot) => {
    reportedHref = null;
    return visit(page);
  };

  return {
    get profile() {
      return tracker.profile;
    },
    pageKind: (href) => (canonicalProfileUrl(href, hosts) !== null ? 'profile' : salesLeadToken(href, hosts) !== null ? 'lead' : null),
    visit,
    revisit,
    contentChanged(page) {
      // A lead page whose profile link came (or changed) after the URL: it is another profile now.
      if ((isLeadPage(page) || page.notFound) && profileOf(page) !== tracker.profile) return revisit(page);
      const suggestion = suggestionOf(page, currentName(page));
      if (!suggestion.name || sameSuggestion(suggestion, sent)) return [];
      sent = suggestion;
      return [send(page, suggestion)];
    },
    reply(raw) {
      const reply = raw as { ok?: unknown; value?: unknown } | null | undefined;
      return reply?.ok === true ? offer(reply.value) : [];
    },
    push(raw) {
      const message = raw as { type?: unknown; state?: unknown } | null | undefined;
      return message?.type === 'chip-state' ? offer(message.state) : [];
    },
    storageChanged(changes, area, page) {
      if (area !== 'local' || !(SETTINGS_STORAGE_KEY in changes)) return [];
      hosts = profileHostsOf(changes[SETTINGS_STORAGE_KEY]?.newValue);
      return revisit(page);
    },
  };
}
