/**
 * One lead's item in a campaign's statsleads (#20), which pages 25 at a time by cursor with no
 * filter and no sort: a per-campaign index (lead id → item) read page by page, stopping as soon
 * as the wanted lead is found and resuming after the last lead read on the next look-up, so every
 * lead of a campaign shares the pages already paid for. Fresh for `freshMs`; past that it is read
 * again from page one. Pure: the page reader and the clock are parameters.
 */

/** A campaign's leads change slowly: an index is read again from page one after this. */
export const STANDING_FRESH_MS = 15 * 60_000;
/**
 * Pages one view may read: 20 of the list's share of the key (30 of its 50 calls per 10 s), so a
 * lead far down a large campaign is found over a few views, never by a burst that starves badges.
 */
export const STANDING_MAX_PAGES = 20;

export interface IndexPage<Item> {
  leads: readonly Item[];
  hasMore: boolean;
  /** The campaign's lead count, when the page says it. */
  count?: number;
}

export interface CampaignLeadIndex<Item> {
  /** Lead id → item, for the pages read so far. */
  items: Record<string, Item>;
  /** Id of the last lead read (the next page's cursor), null before the first page. */
  cursor: string | null;
  /** Every page has been read. */
  complete: boolean;
  /** When page one was read (epoch ms). */
  startedAt: number;
  /** Leads read so far. */
  read: number;
  /** The campaign's lead count, from the last page read. */
  total: number | null;
}

export interface Lookup<Item> {
  index: CampaignLeadIndex<Item>;
  /** The lead's item, null when the whole campaign was read and it is not there. */
  item: Item | null;
  /** Pages read by this look-up. */
  calls: number;
  /** When the item was read (epoch ms), null when not found. */
  readAt: number | null;
}

export const emptyIndex = <Item>(now: number): CampaignLeadIndex<Item> => ({ items: {}, cursor: null, complete: false, startedAt: now, read: 0, total: null });

export const isFresh = (index: CampaignLeadIndex<unknown>, now: number, freshMs: number) => now - index.startedAt < freshMs;

/**
 * Finds `leadId`, reading at most `maxPages` pages (the caller's share of the key; list priority
 * sheds first). Not found and not complete means "unknown yet": the next look-up resumes.
 */
export async function findLeadItem<Item extends { id: string }>(
  previous: CampaignLeadIndex<Item> | null,
  leadId: string,
  readPage: (after: string | null) => Promise<IndexPage<Item>>,
  now: number,
  freshMs: number,
  maxPages: number,
): Promise<Lookup<Item>> {
  let index = previous !== null && isFresh(previous, now, freshMs) ? previous : emptyIndex<Item>(now);
  let calls = 0;
  while (index.items[leadId] === undefined && !index.complete && calls < maxPages) {
    const page = await readPage(index.cursor);
    calls++;
    const items = { ...index.items };
    for (const lead of page.leads) items[lead.id] = lead;
    const last = page.leads[page.leads.length - 1];
    index = {
      ...index,
      items,
      cursor: last?.id ?? index.cursor,
      complete: !page.hasMore || last === undefined,
      read: index.read + page.leads.length,
      total: page.count ?? index.total,
    };
  }
  const item = index.items[leadId] ?? null;
  return { index, item, calls, readAt: item === null ? null : index.startedAt };
}
