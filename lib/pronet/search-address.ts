/**
 * What a page's address says about the search or post it shows, for an import of the whole of it
 * (POST /audiences): its words and filters, read from the address alone; and the result count the
 * page's text states, read by meaning ("About 1,234 results"), unknown when the page says none.
 */
import { isProfileHost } from './canonical-url';

export type ImportSource =
  | { kind: 'search'; tool: 'network' | 'sales'; keywords: string; filters: { name: string; values: string[] }[] }
  | { kind: 'post' };

/** Query parameters that steer the page, not the search (paging, tracking, origin). */
const NOT_FILTERS = new Set(['keywords', 'page', 'origin', 'sid', 'trk', 'lipi', 'spellcorrectionenabled', 'searchid', 'sessionid', 'viewallfilters']);

/** A filter's values: `["a","b"]` (the network's list form) or `a,b`, each trimmed, empties dropped. */
function filterValues(raw: string): string[] {
  const list = raw.trim().replace(/^\[(.*)\]$/s, '$1');
  return list
    .split(',')
    .map((v) => v.trim().replace(/^"(.*)"$/s, '$1').trim())
    .filter((v) => v !== '');
}

/** The import an address offers, or null when it is neither a people search nor a post of the network. */
export function importSource(address: string): ImportSource | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (!isProfileHost(url.hostname)) return null;
  const path = url.pathname.toLowerCase();
  if (/\/(posts|feed\/update)\//.test(path)) return { kind: 'post' };
  const tool = /^\/search\/results\/people\/?$/.test(path) ? 'network' : /^\/sales\/search\/people\/?$/.test(path) ? 'sales' : null;
  if (!tool) return null;
  const filters: { name: string; values: string[] }[] = [];
  for (const [name, raw] of url.searchParams) {
    if (NOT_FILTERS.has(name.toLowerCase())) continue;
    const values = filterValues(raw);
    if (values.length > 0) filters.push({ name, values });
  }
  return { kind: 'search', tool, keywords: (url.searchParams.get('keywords') ?? '').trim(), filters };
}

/**
 * The result count a search page states in words ("About 1,234 results", "1 234 résultats",
 * "12 results"), or null when it states none: never a guess from the rows shown.
 */
export function statedResultCount(pageText: string): number | null {
  const m = /(?:^|[^\d])(\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+|\d+)\s*(?:\+\s*)?(?:results?|résultats?)\b/i.exec(pageText);
  if (!m?.[1]) return null;
  const n = Number(m[1].replace(/[^\d]/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The list a results page belongs to: its address without its page number (nor its hash), so the
 * pages of one search share it (a selection spans them; an import takes the whole search).
 */
export function listAddress(pageUrl: string): string {
  try {
    const url = new URL(pageUrl);
    url.searchParams.delete('page');
    url.hash = '';
    return url.href;
  } catch {
    return pageUrl;
  }
}

/** The results page's number (its `page`), 1 when it says none or nothing sensible. */
export function resultsPageNumber(pageUrl: string): number {
  let n = 1;
  try {
    n = Number(new URL(pageUrl).searchParams.get('page') ?? '1');
  } catch {
    // Not an address: taken as the first page.
  }
  return Number.isSafeInteger(n) && n > 1 ? n : 1;
}
