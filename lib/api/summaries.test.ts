import { describe, expect, it } from 'vitest';
import en from '../../public/_locales/en/messages.json';
import fr from '../../public/_locales/fr/messages.json';
import { FAILURE_KINDS, SUMMARY_KINDS, callSummary, failureMessage } from './summaries';

describe('call summaries', () => {
  it('are data: a kind and counts, never the text of a note', () => {
    const notes = { statusCode: 200, data: { conversationId: 'c1', note: 'secret note text', noteLength: 16, truncated: true } };
    expect(callSummary('updateNote', notes)).toEqual({ kind: 'noteSaved', n: 16, flag: true });
    expect(JSON.stringify(callSummary('updateNote', notes))).not.toContain('secret');
    expect(callSummary('listMembers', [])).toEqual({ kind: 'members', n: 0 });
    expect(callSummary('sendEmail', { statusCode: 200 } as never)).toEqual({ kind: 'emailSent' });
  });

  it('word a failure through the catalogue, but for a refusal, which is the service\'s own text', () => {
    expect(failureMessage({ kind: 'timeout' })).toEqual({ key: 'callFailure_timeout', args: [] });
    expect(failureMessage({ kind: 'unexpectedResponse', path: 'data.0.id' })).toEqual({ key: 'callFailure_unexpectedResponse', args: ['data.0.id'] });
    expect(failureMessage({ kind: 'unexpectedResponse', path: '' })).toEqual({ key: 'callFailure_unexpectedBody', args: [] });
    expect(failureMessage({ kind: 'refused', message: 'Unknown API key.' })).toBeNull();
  });

  it('have words in both catalogues for every kind', () => {
    for (const kind of SUMMARY_KINDS) {
      expect(en, kind).toHaveProperty(`callSummary_${kind}`);
      expect(fr, kind).toHaveProperty(`callSummary_${kind}`);
      expect(`callSummary_${kind}_one` in en, kind).toBe(`callSummary_${kind}_one` in fr);
    }
  });

  it('have words in both catalogues for every failure worded', () => {
    const keys = FAILURE_KINDS.flatMap((kind) =>
      kind === 'unexpectedResponse' ? ['callFailure_unexpectedResponse', 'callFailure_unexpectedBody'] : kind === 'refused' ? [] : [`callFailure_${kind}`],
    );
    for (const key of keys) {
      expect(en, key).toHaveProperty(key);
      expect(fr, key).toHaveProperty(key);
    }
  });
});
