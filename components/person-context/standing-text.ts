/**
 * The lead's campaign item in words ("Email: sent 3 times, opened 3 times, clicked once"): only the
 * counts that happened, in the UI's language, so a glance says what to do next.
 */
import type { CrmMatchWay, CrmNameView, LeadStandingView, LeadTodo } from '../../lib/views';
import { t, tn, type MessageKey } from '../i18n';

const TODO_KEY: Record<LeadTodo, MessageKey> = { TO_CALL: 'standingTodoCall', TO_QUALIFY: 'standingTodoQualify', TO_REVIEW: 'standingTodoReview' };

/** "Call, qualify": what the campaign asks of the user, null when nothing. */
export function todoText(todo: readonly LeadTodo[]): string | null {
  if (todo.length === 0) return null;
  const words = todo.map((k) => t(TODO_KEY[k]));
  const first = words[0] ?? '';
  return [first.charAt(0).toUpperCase() + first.slice(1), ...words.slice(1)].join(', ');
}

function counts(parts: [key: MessageKey, n: number][]): string | null {
  const said = parts.filter(([, n]) => n > 0).map(([key, n]) => tn(key, n, n));
  return said.length === 0 ? null : said.join(', ');
}

/** "sent 2 times, opened twice, replied once", null when no email went out. */
export function emailText(email: LeadStandingView['email']): string | null {
  return counts([
    ['standingEmailSent', email.sent],
    ['standingEmailOpened', email.opened],
    ['standingEmailClicked', email.clicked],
    ['standingEmailReplied', email.replied],
  ]);
}

/** "profile visited once, 2 messages, replied once", null when nothing happened on the network. */
export function pronetText(pronet: LeadStandingView['pronet']): string | null {
  return counts([
    ['standingPronetVisits', pronet.visits],
    ['standingPronetMessages', pronet.messages],
    ['standingPronetVoice', pronet.voice],
    ['standingPronetReplied', pronet.replied],
  ]);
}

export const crmLabel = (crm: CrmNameView): string => t(crm === 'crmA' ? 'crmNameA' : 'crmNameB');

const MATCH_KEY: Record<CrmMatchWay, MessageKey> = { address: 'crmMatchedByAddress', email: 'crmMatchedByEmail', name: 'crmMatchedByName' };
export const crmMatchText = (way: CrmMatchWay): string => t(MATCH_KEY[way]);
