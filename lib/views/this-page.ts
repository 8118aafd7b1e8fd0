/**
 * "This page" in the side panel: the people the tab's list page shows, in page order, each with its
 * badge and what its row says, and the batch that adds some of them to an audience (its progress, each
 * person's result, its Undo). Nothing secret: no key, no note, no lead id.
 */
import { z } from 'zod/mini';
import { ErrorView } from './error';
import { ListBadge } from './list-badge';
import { EnrichBatchView } from './enrich-selected';
import { ImportAllView } from './search-import';
import { PAGE_PEOPLE_MAX, SELECTION_SEEN_MAX } from './this-page-limits';

const text = z.string().check(z.maxLength(300));
const url = z.string().check(z.maxLength(4096));

/** What the row says of a person (page text: a suggestion the user may correct before adding). */
export const PagePersonFacts = z.object({
  name: z.optional(text),
  title: z.optional(text),
  company: z.optional(text),
});
export type PagePersonFacts = z.infer<typeof PagePersonFacts>;

/**
 * What became of one person of a batch: `queued` (waiting or on the wire), `added`, `already` (a lead
 * already: by address before the press, or the service merged it into a lead already in the audience),
 * `refused` (the service said no, with why), `removed` (the batch was undone), `skipped` (undone
 * before it was sent: nothing reached the service).
 */
export const PersonResult = z.enum(['queued', 'added', 'already', 'refused', 'removed', 'skipped']);
export type PersonResult = z.infer<typeof PersonResult>;

export const PagePersonView = z.object({
  profileUrl: url,
  ...PagePersonFacts.shape,
  /** The badge the page shows for them; absent while unknown (never "not a lead" by default). */
  badge: z.optional(ListBadge),
  result: z.optional(PersonResult),
  error: z.optional(ErrorView),
});
export type PagePersonView = z.infer<typeof PagePersonView>;

export const BatchView = z.object({
  id: z.string(),
  audience: text,
  total: z.number().check(z.int()),
  /** Settled so far: added, already a lead, refused. */
  added: z.number().check(z.int()),
  already: z.number().check(z.int()),
  refused: z.number().check(z.int()),
  /** Undo was pressed; `undone`: every removal landed. */
  undoing: z.boolean(),
  undone: z.boolean(),
  /** Each person's result, on every page the batch took people from (a selection spans pages). */
  results: z.array(z.tuple([url, PersonResult])).check(z.maxLength(PAGE_PEOPLE_MAX)),
});
export type BatchView = z.infer<typeof BatchView>;

export const ThisPageView = z.object({
  /** The list page the people were read from; null: the tab shows no list (or nothing was read yet). */
  pageUrl: z.nullable(url),
  people: z.array(PagePersonView),
  /** The tab's latest batch, or null. */
  batch: z.nullable(BatchView),
  /** A search or post page: its whole import (issue 43); absent on other lists. */
  importAll: z.optional(ImportAllView),
  /** The tab's latest "Enrich the selected" batch (issue 43); absent when none. */
  enrich: z.optional(EnrichBatchView),
});
export type ThisPageView = z.infer<typeof ThisPageView>;

/** A person of a batch as the view counts it. */
export interface BatchPersonState {
  result: PersonResult;
}

/** The counts of a batch's people. */
export function batchCounts(people: readonly BatchPersonState[]): Pick<BatchView, 'total' | 'added' | 'already' | 'refused'> {
  const count = (r: PersonResult) => people.filter((p) => p.result === r).length;
  return { total: people.length, added: count('added') + count('removed'), already: count('already'), refused: count('refused') };
}

/**
 * What the user chose on a list's pages (issue 43: a selection that spans pages), kept by the worker
 * per tab so that it outlives the next page, another section of the panel, a closed panel and a
 * stopped worker: their checks, the facts they corrected, and each person seen as their row showed
 * them, with the page they were on.
 */
export const PageSelection = z.object({
  /** The list's address without its page number (`listAddress`). */
  list: url,
  checked: z.array(z.tuple([url, z.boolean()])).check(z.maxLength(SELECTION_SEEN_MAX)),
  edits: z.array(z.tuple([url, PagePersonFacts])).check(z.maxLength(SELECTION_SEEN_MAX)),
  seen: z
    .array(
      z.object({
        ...PagePersonView.shape,
        page: z.number().check(z.int(), z.positive()),
      }),
    )
    .check(z.maxLength(SELECTION_SEEN_MAX)),
});
export type PageSelection = z.infer<typeof PageSelection>;
