/**
 * The chip's vocabulary, the check of a chip state from the background, and the rule that decides
 * which chip state a content script shows. Zod-free on purpose: the content script imports it (it
 * must stay small), and `lib/views` builds the `ChipState` schema from the same lists, so the two
 * checks cannot drift apart.
 */
import { CONVERSATION_STATUSES, type ConversationStatus } from './inbox/conversation-state';

/**
 * What the chip can say. 'off': the user turned chips off; 'not-profile': the tab shows no profile
 * (both hide the chip); the others mirror PanelState's kinds.
 */
export const CHIP_KINDS = ['off', 'no-key', 'bad-key', 'not-profile', 'loading', 'no-lead', 'lead', 'error'] as const;
export type ChipKind = (typeof CHIP_KINDS)[number];

/** The status of the selected conversation, as the chip names it. */
export const CHIP_STATUSES = CONVERSATION_STATUSES;

/** Longest lead name a chip state may carry. */
export const CHIP_NAME_MAX = 300;
/** Longest profile URL a chip state may carry (the protocol's URL limit). */
export const CHIP_PROFILE_URL_MAX = 4096;
/** Longest last message status a chip state may carry (the service's are one word). */
export const CHIP_STATUS_MAX = 20;

/**
 * A chip state as the content script checks it. `lib/views` builds the `ChipState` schema from the
 * lists above; `chip-state.test.ts` proves the two types are the same (no import back: views import this).
 */
export interface ChipState {
  kind: ChipKind;
  name?: string;
  status?: ConversationStatus;
  conversations?: number;
  /** How many leads the profile resolves to, when more than one. */
  leads?: number;
  /** The selected conversation's last message, for whose turn it is (issue 36). */
  lastMessageStatus?: string;
  lastMessageAt?: number;
  profileUrl: string | null;
  rev: number;
}

const KINDS: ReadonlySet<string> = /* @__PURE__ */ new Set(CHIP_KINDS);
const STATUSES: ReadonlySet<string> = /* @__PURE__ */ new Set(CHIP_STATUSES);

/**
 * Checks a chip state coming from the background by hand, against the lists `ChipState` (zod) is
 * built from: the content script stays free of zod. Anything unexpected is refused (null).
 */
export function parseChipState(raw: unknown): ChipState | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.kind !== 'string' || !KINDS.has(r.kind)) return null;
  if (r.profileUrl !== null && (typeof r.profileUrl !== 'string' || r.profileUrl.length > CHIP_PROFILE_URL_MAX)) return null;
  if (typeof r.rev !== 'number' || !Number.isSafeInteger(r.rev) || r.rev < 0) return null;
  const out: ChipState = { kind: r.kind as ChipState['kind'], profileUrl: r.profileUrl, rev: r.rev };
  if (r.name !== undefined) {
    if (typeof r.name !== 'string' || r.name.length > CHIP_NAME_MAX) return null;
    out.name = r.name;
  }
  if (r.status !== undefined) {
    if (typeof r.status !== 'string' || !STATUSES.has(r.status)) return null;
    out.status = r.status as ChipState['status'];
  }
  if (r.conversations !== undefined) {
    if (typeof r.conversations !== 'number' || !Number.isInteger(r.conversations) || r.conversations < 0) return null;
    out.conversations = r.conversations;
  }
  if (r.leads !== undefined) {
    if (typeof r.leads !== 'number' || !Number.isInteger(r.leads) || r.leads < 0) return null;
    out.leads = r.leads;
  }
  if (r.lastMessageStatus !== undefined) {
    if (typeof r.lastMessageStatus !== 'string' || r.lastMessageStatus.length > CHIP_STATUS_MAX) return null;
    out.lastMessageStatus = r.lastMessageStatus;
  }
  if (r.lastMessageAt !== undefined) {
    if (typeof r.lastMessageAt !== 'number' || !Number.isSafeInteger(r.lastMessageAt)) return null;
    out.lastMessageAt = r.lastMessageAt;
  }
  return out;
}

/** The two fields that place a chip state: which profile it describes, and how recent it is. */
export interface ChipStamp {
  /** Canonical profile URL; null when the tab shows no profile. */
  profileUrl: string | null;
  /** Grows with every state the background computes (replies and pushes share one sequence). */
  rev: number;
}

/**
 * Which chip state a content script shows, whichever order replies and pushes arrive in.
 *
 * A reply to "profile viewed" and a push travel on different channels, so a state computed earlier
 * can arrive later. Every state names its profile and carries a revision: a state for another
 * profile is dropped, and so is one older than what is shown. The revision resets with the profile:
 * the background computes a fresh state for every report, so the last one for the current profile
 * always arrives with the highest revision, even after a worker restart restarted its counter.
 */
export interface ChipTracker<S extends ChipStamp> {
  /** The profile the page shows now (canonical), or null. */
  readonly profile: string | null;
  /** The state to show for `profile`; null while nothing has come for it yet (show "loading"). */
  readonly shown: S | null;
  /** The page now shows `profile`. Returns true when that changed what the chip should show. */
  navigate(profile: string | null): boolean;
  /** A state from the background (a reply or a push). Returns true when it is now the one shown. */
  offer(state: S): boolean;
}

export function createChipTracker<S extends ChipStamp>(): ChipTracker<S> {
  let profile: string | null = null;
  let shown: S | null = null;
  return {
    get profile() {
      return profile;
    },
    get shown() {
      return shown;
    },
    navigate(next) {
      if (next === profile) return false;
      profile = next;
      shown = null;
      return true;
    },
    offer(state) {
      if (profile === null || state.profileUrl !== profile) return false;
      if (shown !== null && state.rev <= shown.rev) return false;
      shown = state;
      return true;
    },
  };
}
