/** The French catalogue says one word per notion (issue 34: "outreach"/"prospection", "prospect"/"lead" were mixed). */
import { describe, expect, it } from 'vitest';
import fr from '../public/_locales/fr/messages.json';

/** Each notion's word, and the words that must not stand beside it. */
const TERMS: { notion: string; word: RegExp; not: RegExp }[] = [
  { notion: 'outreach', word: /\bprospection\b/i, not: /\boutreach\b/i },
  // "lead" is the product's word in English, and the one the panel already says in French.
  { notion: 'lead', word: /\bleads?\b/i, not: /\bprospects?\b/i },
];

describe('the French catalogue, one term each', () => {
  const messages = Object.entries(fr as Record<string, { message: string }>);
  for (const { notion, word, not } of TERMS) {
    it(`${notion}: says ${word.source}, never ${not.source}`, () => {
      expect(messages.filter(([, m]) => word.test(m.message)).length).toBeGreaterThan(0);
      expect(messages.filter(([, m]) => not.test(m.message)).map(([key, m]) => `${key}: ${m.message}`)).toEqual([]);
    });
  }
});
