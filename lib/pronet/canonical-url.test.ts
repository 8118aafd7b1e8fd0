/**
 * Table of profile URLs, one rule per group, each example with what it becomes (in the manner of
 * refined-github's github-url-detection): adding a case is adding a row.
 */
import { describe, expect, it } from 'vitest';
import { profileAddress,
  PRONET_CANONICAL_ORIGIN,
  canonicalProfileUrl,
  isProfileHost,
  isProfileUrl,
  profileSlug,
  salesLeadToken,
  slugFromCanonical,
} from './canonical-url';

const ADA = 'https://www.pronet.example/in/ada-lovelace/';
const JOSE = 'https://www.pronet.example/in/jos%C3%A9-garc%C3%ADa/';
const TOKEN = 'https://www.pronet.example/in/ACoAABfRaNcEs-aLlEn_01/';

type Row = [input: string, canonical: string | null];

const rules: Record<string, Row[]> = {
  'the canonical form stays as it is': [
    [ADA, ADA],
    [JOSE, JOSE],
  ],
  'trailing slash or not, doubled slashes': [
    ['https://www.pronet.example/in/ada-lovelace', ADA],
    ['https://www.pronet.example/in/ada-lovelace//', ADA],
    ['https://www.pronet.example//in//ada-lovelace', ADA],
  ],
  'query and hash are dropped': [
    ['https://www.pronet.example/in/ada-lovelace/?trk=public_profile_browsemap', ADA],
    ['https://www.pronet.example/in/ada-lovelace#experience', ADA],
    ['https://www.pronet.example/in/ada-lovelace?originalSubdomain=fr#about', ADA],
    ['https://www.pronet.example/in/ada-lovelace/?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3AACoAA', ADA],
  ],
  'locale suffixes': [
    ['https://www.pronet.example/in/ada-lovelace/fr/', ADA],
    ['https://www.pronet.example/in/ada-lovelace/pt-br', ADA],
    ['https://fr.pronet.example/in/ada-lovelace/fr/?locale=fr_FR', ADA],
  ],
  'overlay and detail subpages are the same profile': [
    ['https://www.pronet.example/in/ada-lovelace/overlay/contact-info/', ADA],
    ['https://www.pronet.example/in/ada-lovelace/details/experience/', ADA],
    ['https://www.pronet.example/in/ada-lovelace/details/skills/?detailScreenTabIndex=0', ADA],
    ['https://www.pronet.example/in/ada-lovelace/recent-activity/all/', ADA],
  ],
  'bare, country and mobile hosts': [
    ['https://pronet.example/in/ada-lovelace/', ADA],
    ['https://fr.pronet.example/in/ada-lovelace/', ADA],
    ['https://uk.pronet.example/in/ada-lovelace', ADA],
    ['https://de.pronet.example/in/ada-lovelace/', ADA],
    ['https://m.pronet.example/in/ada-lovelace/', ADA],
    ['http://www.pronet.example/in/ada-lovelace/', ADA],
    ['https://www.pronet.example:443/in/ada-lovelace/', ADA],
    ['https://www.pronet.example./in/ada-lovelace/', ADA],
  ],
  'upper case in host, path prefix and slug': [
    ['https://WWW.PRONET.EXAMPLE/in/ada-lovelace/', ADA],
    ['https://www.pronet.example/in/Ada-Lovelace/', ADA],
    ['https://Fr.Pronet.Example/IN/ADA-LOVELACE', ADA],
  ],
  'percent-encoded and unicode slugs: decoded, NFC, lower-cased, re-encoded': [
    ['https://www.pronet.example/in/jos%C3%A9-garc%C3%ADa/', JOSE],
    ['https://www.pronet.example/in/josé-garcía/', JOSE],
    ['https://www.pronet.example/in/jos%c3%a9-garc%c3%ada', JOSE],
    ['https://www.pronet.example/in/JOS%C3%89-GARC%C3%8DA/', JOSE],
    ['https://www.pronet.example/in/JOSÉ-García/', JOSE],
    ['https://www.pronet.example/in/jose\u0301-garci\u0301a/', JOSE], // decomposed accents (NFD)
    ['https://www.pronet.example/in/ada%2Dlovelace/', ADA],
    ['https://www.pronet.example/in/%E5%BC%A0%E4%BC%9F/', 'https://www.pronet.example/in/%E5%BC%A0%E4%BC%9F/'],
    ['https://www.pronet.example/in/张伟', 'https://www.pronet.example/in/%E5%BC%A0%E4%BC%9F/'],
    ['https://www.pronet.example/in/ada-lovelace-1a2b3c4d/', 'https://www.pronet.example/in/ada-lovelace-1a2b3c4d/'],
  ],
  'the demo look-alike host, any port and scheme': [
    ['http://pronet.localhost:8787/in/ada-lovelace/', ADA],
    ['http://pronet.localhost:41234/in/ada-lovelace', ADA],
    ['https://pronet.localhost/in/ada-lovelace/', ADA],
    ['http://pronet.localhost:3000/in/grace-hopper/details/experience/', 'https://www.pronet.example/in/grace-hopper/'],
  ],
  'member tokens keep their case (two cases are two members); slugs around them do not': [
    [TOKEN, TOKEN],
    ['https://www.pronet.example/in/ACoAABfRaNcEs-aLlEn_01', TOKEN],
    ['http://pronet.localhost:8787/in/ACoAABfRaNcEs-aLlEn_01/details/experience/', TOKEN],
    ['https://FR.PRONET.EXAMPLE/IN/ACoAABfRaNcEs-aLlEn_01/?trk=x#about', TOKEN],
    ['https://www.pronet.example/in/ACoAAbFrAnCeS-AlLeN_01/', 'https://www.pronet.example/in/ACoAAbFrAnCeS-AlLeN_01/'],
    ['https://www.pronet.example/in/ACwAABfRaNcEs-aLlEn_01/', 'https://www.pronet.example/in/ACwAABfRaNcEs-aLlEn_01/'],
    // Not the token form: an ordinary slug, lower-cased as before.
    ['https://www.pronet.example/in/acoaabfrancesallen01/', 'https://www.pronet.example/in/acoaabfrancesallen01/'],
    ['https://www.pronet.example/in/ACoAAB/', 'https://www.pronet.example/in/acoaab/'],
    ['https://www.pronet.example/in/ACME-Consulting/', 'https://www.pronet.example/in/acme-consulting/'],
  ],
  'a pasted address: no scheme, spaces around': [
    ['www.pronet.example/in/ada-lovelace', ADA],
    ['pronet.example/in/ada-lovelace/', ADA],
    ['//m.pronet.example/in/ada-lovelace/', ADA],
    ['  https://www.pronet.example/in/ada-lovelace/\n', ADA],
  ],
  'pronet pages that are not profiles': [
    ['https://www.pronet.example/', null],
    ['https://www.pronet.example/feed/', null],
    ['https://www.pronet.example/company/x/', null],
    ['https://www.pronet.example/company/x/in/ada-lovelace/', null],
    ['https://www.pronet.example/school/x/', null],
    ['https://www.pronet.example/search/results/people/?keywords=x', null],
    ['https://www.pronet.example/search/results/people/?keywords=/in/ada-lovelace/', null],
    ['https://www.pronet.example/feed/?u=https://www.pronet.example/in/ada-lovelace/', null],
    ['https://www.pronet.example/in/', null],
    ['https://www.pronet.example/in', null],
    ['https://www.pronet.example/in//', null],
    ['https://www.pronet.example/inbox/ada-lovelace/', null],
    ['http://pronet.localhost:8787/', null],
    ['https://www.pronet.example/sales/lead/ACwAABfRaNcEs-aLlEn_01,NAME_SEARCH,x1Yz', null],
    ['https://www.pronet.example/sales/people/ACwAABfRaNcEs-aLlEn_01/', null],
  ],
  'slugs that cannot be one': [
    ['https://www.pronet.example/in/%2F/', null],
    ['https://www.pronet.example/in/ada%2Flovelace/', null],
    ['https://www.pronet.example/in/ada%20lovelace/', null],
    ['https://www.pronet.example/in/ada%0Alovelace/', null],
    ['https://www.pronet.example/in/%E0%A4%A/', null], // malformed encoding
    ['https://www.pronet.example/in/%3F/', null],
    ['https://www.pronet.example/in/%2e%2e/', null],
  ],
  'other hosts, look-alikes and lures': [
    ['https://evil.com/in/ada-lovelace/', null],
    ['https://pronet.example.evil.com/in/ada-lovelace/', null],
    ['https://evilpronet.example/in/ada-lovelace/', null],
    ['https://pronet.example@evil.com/in/ada-lovelace/', null],
    ['https://user:secret@www.pronet.example/in/ada-lovelace/', null],
    ['https://pronet.localhost.evil.com/in/ada-lovelace/', null],
    ['http://localhost:8787/in/ada-lovelace/', null],
    ['http://127.0.0.1:8787/in/ada-lovelace/', null],
    ['https://www.pronet.example.com/in/ada-lovelace/', null],
  ],
  'other schemes and garbage never throw': [
    ['javascript:alert(1)', null],
    ['javascript://www.pronet.example/in/ada-lovelace/%0Aalert(1)', null],
    ['JavaScript:location="https://www.pronet.example/in/ada-lovelace/"', null],
    ['data:text/html,<a href="https://www.pronet.example/in/x">', null],
    ['mailto:ada@pronet.example', null],
    ['ftp://www.pronet.example/in/ada-lovelace/', null],
    ['file:///in/ada-lovelace/', null],
    ['chrome-extension://abcdef/in/ada-lovelace/', null],
    ['/in/ada-lovelace/', null],
    ['in/ada-lovelace', null],
    ['', null],
    ['   ', null],
    ['not a url', null],
    ['https://', null],
    ['http://[::1', null],
    ['%', null],
    ['\u0000', null],
  ],
};

describe('canonicalProfileUrl', () => {
  for (const [rule, rows] of Object.entries(rules)) {
    describe(rule, () => {
      it.each(rows)('%j → %j', (input, expected) => {
        expect(canonicalProfileUrl(input)).toBe(expected);
        expect(isProfileUrl(input)).toBe(expected !== null);
      });
    });
  }

  const accepted = Object.values(rules)
    .flat()
    .filter((row): row is [string, string] => row[1] !== null);

  it('gives a canonical URL that is a fixed point, on the canonical origin', () => {
    for (const [, canonical] of accepted) {
      expect(canonical.startsWith(`${PRONET_CANONICAL_ORIGIN}/in/`)).toBe(true);
      expect(canonicalProfileUrl(canonical)).toBe(canonical);
    }
  });

  it('gives the same slug through profileSlug and slugFromCanonical', () => {
    for (const [input, canonical] of accepted) {
      const slug = profileSlug(input);
      expect(slug).not.toBeNull();
      expect(slugFromCanonical(canonical)).toBe(slug);
      expect(canonical).toBe(`${PRONET_CANONICAL_ORIGIN}/in/${encodeURIComponent(slug ?? '')}/`);
    }
  });

  it('returns null for values that are not strings, from untyped callers', () => {
    for (const value of [undefined, null, 42, {}, ['https://www.pronet.example/in/ada-lovelace/']]) {
      expect(canonicalProfileUrl(value as unknown as string)).toBeNull();
    }
  });
});

describe('profileSlug', () => {
  it.each([
    ['https://fr.pronet.example/in/Ada-Lovelace/details/experience/', 'ada-lovelace'],
    ['https://www.pronet.example/in/jos%C3%A9-garc%C3%ADa/', 'josé-garcía'],
    ['http://pronet.localhost:8787/in/margaret-hamilton/', 'margaret-hamilton'],
    ['https://www.pronet.example/company/x/', null],
  ])('%s → %s', (input, slug) => {
    expect(profileSlug(input)).toBe(slug);
  });
});

describe('salesLeadToken (lead pages of the sales tool)', () => {
  const T = 'ACwAABfRaNcEs-aLlEn_01';
  it.each([
    [`https://www.pronet.example/sales/lead/${T},NAME_SEARCH,x1Yz`, T],
    [`https://www.pronet.example/sales/lead/${T},NAME_SEARCH,x1Yz?_ntb=abc#top`, T],
    [`http://pronet.localhost:8787/sales/lead/${T}`, T],
    [`https://www.pronet.example/sales/lead/${T}%2CNAME_SEARCH%2Cx1Yz/`, T],
    [`https://WWW.PRONET.EXAMPLE/Sales/Lead/${T},OUTREACH`, T],
    ['https://www.pronet.example/sales/lead/ACwAAbFrAnCeS-AlLeN_01,NAME_SEARCH', 'ACwAAbFrAnCeS-AlLeN_01'],
    // No token, not a lead page, not pronet, a lure.
    ['https://www.pronet.example/sales/lead/', null],
    ['https://www.pronet.example/sales/lead/acwaabfrancesallen01,NAME_SEARCH', null],
    ['https://www.pronet.example/sales/lead/%E0%A4%A,x', null],
    ['https://www.pronet.example/sales/company/1234/', null],
    [`https://evil.com/sales/lead/${T},NAME_SEARCH`, null],
    [`https://user:pw@www.pronet.example/sales/lead/${T},NAME_SEARCH`, null],
    ['garbage', null],
  ])('%s → %s', (input, token) => {
    expect(salesLeadToken(input)).toBe(token);
    expect(canonicalProfileUrl(input)).toBeNull();
  });
});

describe('slugFromCanonical', () => {
  it.each([
    [ADA, 'ada-lovelace'],
    [JOSE, 'josé-garcía'],
    [TOKEN, 'ACoAABfRaNcEs-aLlEn_01'],
    // Not canonical: no trailing slash, another host, unencoded, upper case, a subpage.
    ['https://www.pronet.example/in/ada-lovelace', null],
    ['http://pronet.localhost:8787/in/ada-lovelace/', null],
    ['https://www.pronet.example/in/josé-garcía/', null],
    ['https://www.pronet.example/in/Ada-Lovelace/', null],
    ['https://www.pronet.example/in/ada-lovelace/overlay/contact-info/', null],
    ['garbage', null],
  ])('%s → %s', (input, slug) => {
    expect(slugFromCanonical(input)).toBe(slug);
  });
});

describe('configured extra hosts (exact hostnames; their subdomains count too)', () => {
  const extraHosts = ['pronet-intranet.corp', ' PROFILES.Example.ORG. ', ''];
  const rows: Row[] = [
    ['https://pronet-intranet.corp/in/ada-lovelace/', ADA],
    ['https://eu.pronet-intranet.corp/in/ada-lovelace/details/experience/', ADA],
    ['http://profiles.example.org:8080/in/Ada-Lovelace', ADA],
    ['https://example.org/in/ada-lovelace/', null],
    ['https://pronet-intranet.corp.evil.com/in/ada-lovelace/', null],
    ['https://evil.com/in/ada-lovelace/', null], // an empty entry matches nothing
    ['https://pronet-intranet.corp/company/x/', null],
    ['https://www.pronet.example/in/ada-lovelace/', ADA], // the built-in hosts still count
  ];
  it.each(rows)('%j → %j', (input, expected) => {
    expect(canonicalProfileUrl(input, extraHosts)).toBe(expected);
    expect(isProfileUrl(input, extraHosts)).toBe(expected !== null);
  });

  it('are not profile hosts unless configured', () => {
    expect(canonicalProfileUrl('https://pronet-intranet.corp/in/ada-lovelace/')).toBeNull();
  });
});

describe('isProfileHost', () => {
  it.each([
    ['www.pronet.example', true],
    ['pronet.example', true],
    ['m.pronet.example', true],
    ['PRONET.LOCALHOST', true],
    ['pronet.localhost.', true],
    ['localhost', false],
    ['pronet.example.evil.com', false],
    ['xpronet.example', false],
    ['', false],
  ])('%s → %s', (host, expected) => {
    expect(isProfileHost(host)).toBe(expected);
  });
});

describe('profileAddress', () => {
  const ada = 'https://www.pronet.example/in/ada-lovelace/';
  it('keeps the origin of a tab on a profile host (the demo look-alike, a configured host)', () => {
    expect(profileAddress(ada, 'http://pronet.localhost:8787/in/grace-hopper/')).toBe('http://pronet.localhost:8787/in/ada-lovelace/');
    expect(profileAddress(ada, 'http://pronet.localhost:8787/feed/')).toBe('http://pronet.localhost:8787/in/ada-lovelace/');
    expect(profileAddress(ada, 'https://pronet.corp.example/in/x/', ['pronet.corp.example'])).toBe('https://pronet.corp.example/in/ada-lovelace/');
  });
  it('opens the canonical address from any other tab', () => {
    expect(profileAddress(ada, 'https://example.com/')).toBe(ada);
    expect(profileAddress(ada, undefined)).toBe(ada);
  });
  it('refuses what is not a canonical profile URL', () => {
    expect(profileAddress('javascript:alert(1)', 'http://pronet.localhost:8787/')).toBeNull();
    expect(profileAddress('https://evil.example/in/ada/', undefined)).toBeNull();
  });
});
