/** Whose turn, in words (issue 36): "Waiting for you, 6 days" / "Waiting for them, 2 days", from the rule in lib/inbox. */
import { whoseTurn, type TurnFacts } from '../../lib/inbox/whose-turn';
import { formatWaited } from '../format';
import { t } from '../i18n';

export function turnText(c: TurnFacts, now: number): string | null {
  const turn = whoseTurn(c);
  if (!turn) return null;
  return t(turn.who === 'you' ? 'whoseTurnYou' : 'whoseTurnThem', formatWaited(turn.since, now));
}

/** The pill's tone: your turn asks for attention, theirs does not. */
export function turnTone(c: TurnFacts): 'accent' | 'neutral' | null {
  const turn = whoseTurn(c);
  return turn === null ? null : turn.who === 'you' ? 'accent' : 'neutral';
}
