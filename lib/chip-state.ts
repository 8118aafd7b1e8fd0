/**
 * The chip's vocabulary and the rule that decides which chip state a content script shows.
 * Zod-free on purpose: the content script imports it (it must stay small), and `lib/messages.ts`
 * builds the `ChipState` schema from the same lists, so the two checks cannot drift apart.
 */
import { CONVERSATION_STATUSES } from './inbox/conversation-state';

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
