/**
 * The toolbar badge of a tab, from its panel state: a glance at the status without opening the panel.
 * Pure; the entrypoint applies it with `action.setBadgeText` / `setBadgeBackgroundColor` / `setTitle`.
 *
 * One meaning per badge, said by its tooltip: a number is only ever the count of conversations
 * waiting for a reply (`countBadge`, shown where a tab has no status of its own: text ''); a tab's
 * own badge is letters or a sign (OPEN, ZZ, ARCH, LEAD, PICK, +, !, ?, …, KEY), never a number.
 */
import { describeError, type PanelState } from '../views';

export interface Badge {
  /** At most 4 characters; '' hides the badge. */
  text: string;
  color: string;
  /** The action's tooltip. */
  title: string;
}

const GREY = '#6b7280';
const RED = '#b91c1c';
const GREEN = '#15803d';
const AMBER = '#b45309';
const BLUE = '#1d4ed8';

const APP = 'Outreach companion';

export function badgeFor(state: PanelState): Badge {
  switch (state.kind) {
    case 'no-key':
      return { text: 'KEY', color: GREY, title: `${APP}: set your API key in the options` };
    case 'bad-key':
      return { text: '!', color: RED, title: `${APP}: the service refused the key${state.detail ? ` (${state.detail})` : ''}` };
    case 'not-profile':
      return { text: '', color: GREY, title: APP };
    case 'loading':
      return { text: '…', color: GREY, title: `${APP}: looking up this profile` };
    case 'no-lead':
      if (state.failed.length > 0) return { text: '!', color: RED, title: `${APP}: an action failed` };
      return { text: '+', color: BLUE, title: `${APP}: not a lead yet` };
    case 'error':
      return { text: '?', color: AMBER, title: `${APP}: ${describeError(state)}` };
    case 'pick-lead':
      return { text: 'PICK', color: BLUE, title: `${APP}: ${state.candidates.length} leads have this profile; pick one in the panel` };
    case 'lead': {
      if (state.failed.length > 0) return { text: '!', color: RED, title: `${APP}: an action failed` };
      const selected = state.conversations.find((c) => c.id === state.selectedConversationId);
      if (!selected) return { text: 'LEAD', color: GREY, title: `${APP}: ${state.lead.name} is a lead, with no conversation yet` };
      const title = `${APP}: ${state.lead.name}, ${selected.status.toLowerCase()}`;
      switch (selected.status) {
        case 'OPEN':
          return { text: 'OPEN', color: GREEN, title };
        case 'SNOOZED':
          return { text: 'ZZ', color: AMBER, title };
        case 'ARCHIVED':
          return { text: 'ARCH', color: GREY, title };
      }
    }
  }
}

/** The global badge: how many conversations wait for a reply (null: not known; 0 shows nothing). */
export function countBadge(count: number | null): { text: string; title: string } {
  if (count === null) return { text: '', title: APP };
  if (count === 0) return { text: '', title: `${APP}: no conversation waits for your reply` };
  const text = count > 999 ? '999+' : String(count);
  return { text, title: `${APP}: ${count} ${count === 1 ? 'conversation waits' : 'conversations wait'} for your reply` };
}
