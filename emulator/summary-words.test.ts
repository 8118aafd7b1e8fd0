import { describe, expect, it } from 'vitest';
import { callSummary } from '../lib/api/summaries';
import { englishSummary } from './summary-words';

describe("the emulator's call summaries", () => {
  it('read in English from the catalogue, singular and plural', () => {
    expect(englishSummary(callSummary('listMembers', [{ id: 'mem_1', name: 'Sam', label: 'Owner' }]))).toBe('1 member');
    expect(englishSummary({ kind: 'identities', n: 5 })).toBe('5 identities');
    expect(englishSummary({ kind: 'leadsFound', n: 0, flag: true })).toBe('0 leads found, more matched');
    expect(englishSummary({ kind: 'campaigns', n: 3, of: 12 })).toBe('3 campaigns of 12');
    expect(englishSummary({ kind: 'emailSent' })).toBe('email sent');
  });
});
