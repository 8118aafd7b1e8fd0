/** Whose turn in the panel's conversation (issue 36): "Waiting for you, 6 days", or nothing when unknown. */
import type { TurnFacts } from '../../lib/inbox/whose-turn';
import { Pill } from '../ui/Pill';
import { turnText, turnTone } from './turn-text';

export function WhoseTurn({ conversation, now }: { conversation: TurnFacts; now: number }) {
  const text = turnText(conversation, now);
  const tone = turnTone(conversation);
  if (text === null || tone === null) return null;
  return (
    <span class="status" data-testid="whose-turn">
      <Pill tone={tone}>{text}</Pill>
    </span>
  );
}
