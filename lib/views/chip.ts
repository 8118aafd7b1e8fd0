/** What the content script's chip shows. */
import { z } from 'zod/mini';
import { CHIP_KINDS, CHIP_NAME_MAX, CHIP_PROFILE_URL_MAX, CHIP_STATUS_MAX, CHIP_STATUSES } from '../chip-state';

/**
 * What the content script's chip shows, and for which profile. Nothing secret: no key, no note, no
 * ids. The kinds and statuses come from `lib/chip-state.ts`, which the content script's own check
 * uses too. Kind 'off': the user turned the chip off in the options (show nothing); the other kinds
 * mirror PanelState's.
 */
export const ChipState = z.object({
  kind: z.enum(CHIP_KINDS),
  /** The lead's display name (kind 'lead'). */
  name: z.optional(z.string().check(z.maxLength(CHIP_NAME_MAX))),
  /** Status of the selected conversation (kind 'lead' with at least one conversation). */
  status: z.optional(z.enum(CHIP_STATUSES)),
  /** Number of conversations (kind 'lead'). */
  conversations: z.optional(z.number().check(z.int(), z.nonnegative())),
  /** Number of leads the profile resolves to, when more than one (duplicates). */
  leads: z.optional(z.number().check(z.int(), z.nonnegative())),
  /** The selected conversation's last message: whose turn it is (issue 36). */
  lastMessageStatus: z.optional(z.string().check(z.maxLength(CHIP_STATUS_MAX))),
  lastMessageAt: z.optional(z.number().check(z.int())),
  /**
   * The canonical profile URL this state describes (not secret: the page shows it); null when the
   * tab shows no profile. The content script drops a state for a profile the user has left.
   */
  profileUrl: z.nullable(z.string().check(z.maxLength(CHIP_PROFILE_URL_MAX))),
  /**
   * Grows with every state the background computes, replies and pushes alike: of two states for the
   * same profile, the content script shows the one with the higher `rev` (see `createChipTracker`).
   */
  rev: z.number().check(z.int(), z.nonnegative()),
});
export type ChipState = z.infer<typeof ChipState>;
/** What the chip shows, without its placing (`profileUrl`, `rev`). */
export type ChipView = Omit<ChipState, 'profileUrl' | 'rev'>;
