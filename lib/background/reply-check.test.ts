import { describe, expect, it } from 'vitest';
import type { Message } from '../api/schemas';
import { textToEmailHtml } from '../inbox/reply-rules';
import { replyLanded, type ReplyProbe } from './reply-check';

const T0 = Date.UTC(2026, 0, 5, 9, 0);
const probe: ReplyProbe = { channel: 'PRONET', identityId: 'id_1', text: 'Hi Ann,\n\nTuesday works.', after: T0 };

function msg(over: Partial<Message & { identityId: string }>): Message & { identityId?: string } {
  return { id: 'm', conversationId: 'c', direction: 'SENT', channel: 'PRONET', status: 'SENT', content: 'Hi Ann,\n\nTuesday works.', createdAt: T0 + 500, ...over };
}

describe('replyLanded', () => {
  it.each<[string, Partial<Message & { identityId: string }>, Partial<ReplyProbe>, boolean]>([
    ['the same text, after the send started', {}, {}, true],
    ['the same words spaced otherwise', { content: '  Hi Ann,  Tuesday   works.\n' }, {}, true],
    ['exactly at the start', { createdAt: T0 }, {}, true],
    ['an earlier message with the same words', { createdAt: T0 - 1 }, {}, false],
    ['another identity', { identityId: 'id_2' }, {}, false],
    ['the same identity, said by the service', { identityId: 'id_1' }, {}, true],
    ['a received message with the same words', { direction: 'RECEIVED' }, {}, false],
    ['another channel', { channel: 'EMAIL' }, {}, false],
    ['a pronet text with what looks like markup, kept as typed', { content: 'See <you> & "soon"' }, { text: 'See <you> & "soon"' }, true],
    ['other words', { content: 'Hi Ann, Monday works.' }, {}, false],
    ['a case difference', { content: 'hi ann, tuesday works.' }, {}, false],
    ['an email kept as the HTML made of the text', { channel: 'EMAIL', content: textToEmailHtml('Hi <Ann> & co') }, { channel: 'EMAIL', text: 'Hi <Ann> & co' }, true],
    ['an email whose HTML says other words', { channel: 'EMAIL', content: '<p>Hi Bob</p>' }, { channel: 'EMAIL', text: 'Hi Ann' }, false],
  ])('%s → %s', (_what, message, probeOver, found) => {
    expect(replyLanded([msg(message)], { ...probe, ...probeOver }) !== null).toBe(found);
  });

  it('finds ours among others', () => {
    const ours = msg({ id: 'ours', createdAt: T0 + 2000 });
    expect(replyLanded([msg({ id: 'old', createdAt: T0 - 60_000 }), msg({ id: 'x', content: 'other' }), ours], probe)?.id).toBe('ours');
  });
});
