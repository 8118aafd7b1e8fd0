import { describe, expect, it } from 'vitest';
import { cleanPersonName, headlineWords, isDecoration, isPronouns, jobTitleAtCompany } from './profile-words';

describe('cleanPersonName: what the user would type', () => {
  it.each([
    ['Eva Keller', 'Eva Keller'],
    ['Dr. Amara Okafor, PhD, MBA 🚀✨ (she/her)', 'Amara Okafor'],
    ['Jean Dupont (il/lui)', 'Jean Dupont'],
    ['Eva Keller PhD', 'Eva Keller'],
    ['Prof. Dr. Jonas Weber', 'Jonas Weber'],
    ['Leo Martin | Sales coach', 'Leo Martin'],
    ['Noah Brooks – Hiring!', 'Noah Brooks'],
    ['🇫🇷 Camille Laurent ✔️', 'Camille Laurent'],
    ['Jean-Luc Picard', 'Jean-Luc Picard'],
    ['Lucía  Fernández', 'Lucía Fernández'],
    ['ليلى حداد', 'ليلى حداد'],
    ['   ', ''],
  ])('%s → %s', (raw, clean) => {
    expect(cleanPersonName(raw)).toBe(clean);
  });
});

describe('headlineWords: the common forms', () => {
  it.each([
    ['Head of Research at Hyrule Labs', 'Head of Research', 'Hyrule Labs'],
    ['Founder @ Brightside | Speaker', 'Founder', 'Brightside'],
    ['Founder @Brightside', 'Founder', 'Brightside'],
    ['Data Engineer | Acme Corp', 'Data Engineer', 'Acme Corp'],
    ['Responsable commerciale chez Lumière SA', 'Responsable commerciale', 'Lumière SA'],
    ['Leiterin Vertrieb bei Nordwind GmbH', 'Leiterin Vertrieb', 'Nordwind GmbH'],
    ['Ingeniera en Sistemas en Acme', 'Ingeniera en Sistemas', 'Acme'],
    ['Responsabile vendite presso Fiat', 'Responsabile vendite', 'Fiat'],
  ])('%s', (headline, jobTitle, company) => {
    expect(headlineWords(headline)).toMatchObject({ jobTitle, company });
  });
  it('a slogan, or taglines joined by a middle dot, say no company', () => {
    expect(headlineWords('Helping B2B teams ship faster')).toEqual({});
    expect(headlineWords('Rear Admiral · Compiler pioneer')).toEqual({});
    expect(headlineWords('')).toEqual({});
  });
});

describe('jobTitleAtCompany: a job title only where the headline clearly says one', () => {
  it.each([
    ['CTO at Acme | speaker', 'CTO', 'Acme'],
    ['Head of Sales at Hyrule Labs · Mentor', 'Head of Sales', 'Hyrule Labs'],
    ['Directrice commerciale chez Lumière SA', 'Directrice commerciale', 'Lumière SA'],
    ['Responsable grands comptes chez Acme | Conférencière', 'Responsable grands comptes', 'Acme'],
    ['Founder @ Brightside', 'Founder', 'Brightside'],
  ])('%s', (headline, jobTitle, company) => {
    expect(jobTitleAtCompany(headline)).toEqual({ jobTitle, company });
  });
  it.each([
    ['the bar form (its second part as often a tagline)', 'Founder | Building the future of sales'],
    ['a slogan', 'Helping B2B teams ship faster'],
    ['a French slogan', 'J’aide les équipes commerciales à vendre mieux'],
    ['taglines joined by a middle dot', 'CTO · speaker'],
    ['a connector with nothing before it', 'at Acme'],
    ['"chez" with nothing after it', 'Consultante chez'],
    ['a word holding the connector', 'Chatbot builder | Cheznous'],
    ['nothing', ''],
  ])('says none for %s', (_what, headline) => {
    expect(jobTitleAtCompany(headline)).toBeNull();
  });
});

describe('lines that are no headline', () => {
  it('pronouns and connection degrees', () => {
    expect(isPronouns('She/Her')).toBe(true);
    expect(isPronouns('(il/lui)')).toBe(true);
    expect(isPronouns('Head of Research')).toBe(false);
    expect(isDecoration('· 2nd')).toBe(true);
    expect(isDecoration('2nd degree connection')).toBe(true);
    expect(isDecoration('•')).toBe(true);
    expect(isDecoration('Head of Research')).toBe(false);
  });
});
