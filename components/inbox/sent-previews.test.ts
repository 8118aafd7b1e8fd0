import { describe, expect, it } from 'vitest';
import { actionPatch, type ActionPatch } from '../../lib/inbox/queue';
import type { OutboxItemView } from '../../lib/views';
import { withSentPreviews } from './sent-previews';

const lead = { conversationId: 'c1', firstLine: 'Can we talk?', at: 1 };
const replied = new Map<string, ActionPatch>([['c1', actionPatch('reply', undefined, 5)!]]);
const queued = { id: '1', kind: 'reply', state: 'pending', conversationId: 'c1', reply: { channel: 'EMAIL', text: '\nTuesday works.\nBest', holdUntil: 5 } } as unknown as OutboxItemView;

describe('withSentPreviews (issue 41)', () => {
  it('a replied row shows the reply (its first line) while it waits in the outbox, then what the composer sent', () => {
    expect(withSentPreviews(new Map([['c1', lead]]), replied, [queued], new Map()).get('c1')).toEqual({ conversationId: 'c1', firstLine: 'Tuesday works.', at: 5, mine: true });
    expect(withSentPreviews(new Map([['c1', lead]]), replied, [], new Map([['c1', 'Sent from the queue']])).get('c1')).toMatchObject({ firstLine: 'Sent from the queue', mine: true });
  });
  it('a row no reply turned, or a reply not known here, keeps the lead’s message', () => {
    expect(withSentPreviews(new Map([['c1', lead]]), new Map([['c1', actionPatch('archive')!]]), [queued], new Map()).get('c1')).toEqual(lead);
    expect(withSentPreviews(new Map([['c1', lead]]), replied, [], new Map()).get('c1')).toEqual(lead);
  });
});
