/**
 * One lead's item in a campaign's statsleads (#20), which pages 25 at a time by cursor with no
 * filter and no sort: a per-campaign index (lead id → item) read page by page, stopping as soon
 * as the wanted lead is found and resuming after the last lead read on the next look-up, so every
 * lead of a campaign shares the pages already paid for. Fresh for `freshMs`; past that it is read
 * again from page one. Pure: the page reader and the clock are parameters.
 */

export interface IndexPage<Item> {
  leads: readonly Item[];
  hasMore: boolean;
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

export const emptyIndex = <Item>(now: number): CampaignLeadIndex<Item> => ({ items: {}, cursor: null, complete: false, startedAt: now });

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
    index = { ...index, items, cursor: last?.id ?? index.cursor, complete: !page.hasMore || last === undefined };
  }
  const item = index.items[leadId] ?? null;
  return { index, item, calls, readAt: item === null ? null : index.startedAt };
}
