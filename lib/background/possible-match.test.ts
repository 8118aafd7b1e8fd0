import { describe, expect, it } from 'vitest';
import { lead } from '../../test/unit/background/fakes';
import { matchDifferences, possibleMatch, sameWords } from './possible-match';

const JOAN_URL = 'https://www.pronet.example/in/joan-clarke/';
const query = { firstname: 'Joan', lastname: 'Clarke', companyName: 'Hut Eight Analytics' };
const joan = (extra = {}) => lead('lead_j', 'joan-clarke', { firstname: 'Joan', lastname: 'Clarke', companyName: 'Hut Eight Analytics', ...extra });

describe('sameWords', () => {
  it.each([
    ['José  Núñez', 'jose nunez', true],
    [' Hut Eight ', 'hut eight', true],
    ['Hut Eight', 'Hut 8', false],
    [null, '', true],
    [null, 'x', false],
  ])('%j ~ %j → %s', (a, b, same) => expect(sameWords(a, b)).toBe(same));
});

describe('matchDifferences', () => {
  it.each([
    ['nothing: same words, the profile’s own URL', joan(), JOAN_URL, []],
    ['no URL on the lead', joan({ pronetUrl: null }), JOAN_URL, ['no-url']],
    ['another profile’s URL', joan({ pronetUrl: 'https://www.pronet.example/in/joan-clarke-2/' }), JOAN_URL, ['url']],
    ['the same profile at another address', joan({ pronetUrl: 'http://pronet.localhost:8787/in/Joan-Clarke/' }), JOAN_URL, []],
    ['a lead page (no profile on screen)', joan(), null, ['url']],
    ['another company', joan({ companyName: 'Hut Eight Ltd', pronetUrl: null }), JOAN_URL, ['company', 'no-url']],
    ['another name', joan({ firstname: 'Joanne' }), JOAN_URL, ['name']],
    ['accents and case are no difference', joan({ firstname: 'JÓAN', companyName: 'hut  eight analytics' }), JOAN_URL, []],
  ])('%s', (_what, l, profileUrl, differs) => {
    expect(matchDifferences(l, query, profileUrl)).toEqual(differs);
  });

  it('a possible match names the lead (its id when it has no name)', () => {
    expect(possibleMatch(joan({ pronetUrl: null }), query, JOAN_URL)).toMatchObject({ id: 'lead_j', name: 'Joan Clarke', company: 'Hut Eight Analytics', pronetUrl: null, differs: ['no-url'] });
    expect(possibleMatch(joan({ firstname: null, lastname: ' ' }), query, JOAN_URL).name).toBe('lead_j');
  });
});
