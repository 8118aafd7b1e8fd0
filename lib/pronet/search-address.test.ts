import { describe, expect, it } from 'vitest';
import { importSource, statedResultCount, listAddress, resultsPageNumber } from './search-address';

describe('importSource', () => {
  it('reads a people search: its words and filters, not its paging or tracking', () => {
    const src = importSource('https://www.pronet.example/search/results/people/?keywords=%20head%20of%20sales&geoUrn=%5B%22103644278%22%2C%22101165590%22%5D&network=%5B%22S%22%5D&page=3&origin=FACETED_SEARCH');
    expect(src).toEqual({
      kind: 'search',
      tool: 'network',
      keywords: 'head of sales',
      filters: [
        { name: 'geoUrn', values: ['103644278', '101165590'] },
        { name: 'network', values: ['S'] },
      ],
    });
  });

  it('reads the look-alike and the sales tool, and a post', () => {
    expect(importSource('http://pronet.localhost:8787/search/results/people/?page=2')).toMatchObject({ kind: 'search', tool: 'network', keywords: '', filters: [] });
    expect(importSource('https://www.pronet.example/sales/search/people?keywords=cto&industry=4,6')).toMatchObject({ tool: 'sales', keywords: 'cto', filters: [{ name: 'industry', values: ['4', '6'] }] });
    expect(importSource('https://www.pronet.example/posts/ada-lovelace_launch-activity-1/')).toEqual({ kind: 'post' });
  });

  it('offers nothing off the network or on other pages', () => {
    expect(importSource('https://example.com/search/results/people/?keywords=a')).toBeNull();
    expect(importSource('https://www.pronet.example/in/ada-lovelace/')).toBeNull();
    expect(importSource('https://www.pronet.example/search/results/companies/?keywords=a')).toBeNull();
    expect(importSource('not an address')).toBeNull();
  });
});

describe('statedResultCount', () => {
  it('reads the count the page states, in its forms', () => {
    expect(statedResultCount('People · About 1,234 results · page 1 of 124')).toBe(1234);
    expect(statedResultCount('About 412 results · page 1 of 42')).toBe(412);
    expect(statedResultCount('Environ 1 234 résultats')).toBe(1234);
    expect(statedResultCount('1 result')).toBe(1);
  });

  it('is unknown when the page states none', () => {
    expect(statedResultCount('People you may know')).toBeNull();
    expect(statedResultCount('')).toBeNull();
  });
});

describe('a list and its pages', () => {
  it('the pages of one search share its address; each says its number', () => {
    const page = (n?: number) => `https://www.pronet.example/search/results/people/?keywords=cto${n ? `&page=${n}` : ''}#top`;
    expect(listAddress(page(3))).toBe('https://www.pronet.example/search/results/people/?keywords=cto');
    expect(listAddress(page())).toBe(listAddress(page(2)));
    expect([page(), page(2), page(12)].map(resultsPageNumber)).toEqual([1, 2, 12]);
  });

  it('a page number that is no page, or no address, is the first page', () => {
    expect(['https://x.example/?page=0', 'https://x.example/?page=-2', 'https://x.example/?page=abc', 'not an address'].map(resultsPageNumber)).toEqual([1, 1, 1, 1]);
    expect(listAddress('not an address')).toBe('not an address');
  });
});
