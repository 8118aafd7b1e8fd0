/**
 * Whose turn it is in a conversation (issue 36), the one rule the chip, the list badge, the panel and
 * the queue read: the lead wrote last ("RECEIVED"): yours, since that message; you wrote last (sent,
 * sending, or a send that failed and is yours to retry): theirs for a sent one, yours for a failed
 * one; nothing written yet, or only the service's notes (INFO): unknown, shown as nothing. "Replied"
 * stays the campaign's reply status (the lead answered the campaign at all), not this.
 */
export type Turn = { who: 'you' | 'them'; since: number };

export interface TurnFacts {
  lastMessageStatus: string | null;
  lastMessageAt: number | null;
}

export function whoseTurn(c: TurnFacts): Turn | null {
  if (c.lastMessageAt === null) return null;
  switch (c.lastMessageStatus) {
    case 'RECEIVED':
    case 'SEND_FAILED':
      return { who: 'you', since: c.lastMessageAt };
    case 'SENT':
    case 'SENDING':
      return { who: 'them', since: c.lastMessageAt };
    default:
      return null;
  }
}
