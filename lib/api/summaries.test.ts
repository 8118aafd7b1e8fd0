import { describe, expect, it } from 'vitest';
import en from '../../public/_locales/en/messages.json';
import fr from '../../public/_locales/fr/messages.json';
import { SUMMARY_KINDS, callSummary, readSummary, summarizeResponse } from './summaries';

describe('call summaries', () => {
  it('are data, stored as a token that reads back to the same data', () => {
    const notes = { statusCode: 200, data: { conversationId: 'c1', note: 'secret note text', noteLength: 16, truncated: true } };
    expect(callSummary('updateNote', notes)).toEqual({ kind: 'noteSaved', n: 16, flag: true });
    const token = summarizeResponse('updateNote', notes);
    expect(token).not.toContain('secret');
    expect(readSummary(token)).toEqual({ kind: 'noteSaved', n: 16, flag: true });
    expect(readSummary(summarizeResponse('listMembers', []))).toEqual({ kind: 'members', n: 0 });
    expect(readSummary(summarizeResponse('sendEmail', { statusCode: 200 } as never))).toEqual({ kind: 'emailSent' });
  });

  it('leave any other text alone: a service message, an older English row, an unknown kind', () => {
    expect(readSummary('401 Unknown API key.')).toBeNull();
    expect(readSummary('5 identities')).toBeNull();
    expect(readSummary('@noSuchKind n3')).toBeNull();
  });

  it('have words in both catalogues for every kind', () => {
    for (const kind of SUMMARY_KINDS) {
      expect(en, kind).toHaveProperty(`callSummary_${kind}`);
      expect(fr, kind).toHaveProperty(`callSummary_${kind}`);
      expect(`callSummary_${kind}_one` in en, kind).toBe(`callSummary_${kind}_one` in fr);
    }
  });
});
