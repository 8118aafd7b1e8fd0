/**
 * "Import all N results" (issue 43): what "This page" says of the search or post the page shows (read
 * from its address, the count from its text), and of the import of the whole of it into an audience
 * (one POST /audiences, then the audience's size followed).
 */
import { z } from 'zod/mini';
import { ErrorView } from './error';

const text = z.string().check(z.maxLength(300));
const count = z.number().check(z.int(), z.nonnegative());

/** Which people of a post are imported (the service's `pronetPostCategory`). */
export const PostCategory = z.enum(['REACTIONS', 'COMMENTS']);
export type PostCategory = z.infer<typeof PostCategory>;

/** The search (its words and filters, as the address says them) or post the page shows. */
export const ImportSourceView = z.object({
  kind: z.enum(['search', 'post']),
  /** The network's people search or the sales tool's lead search. */
  tool: z.optional(z.enum(['network', 'sales'])),
  keywords: text,
  filters: z.array(z.object({ name: text, values: z.array(text) })),
  /** The result count the page states; null: it states none. */
  statedCount: z.nullable(count),
});
export type ImportSourceView = z.infer<typeof ImportSourceView>;

/**
 * The tab's latest import: `queued` (stored, waiting its turn or a retry), `sent` (the service took
 * it), `following` (its audience's size read as it grows), `done` (it stopped growing, or reached the
 * count), `failed` (refused, with why).
 */
export const SearchImportView = z.object({
  id: z.string(),
  audience: text,
  state: z.enum(['queued', 'sent', 'following', 'done', 'failed']),
  /** People the audience gained since the press; null until its size was read. */
  imported: z.nullable(count),
  /** The count the page stated when pressed (null: unknown). */
  expected: z.nullable(count),
  error: z.optional(ErrorView),
});
export type SearchImportView = z.infer<typeof SearchImportView>;

/** What "This page" offers for the whole search: its source, the latest import, the identity used last. */
export const ImportAllView = z.object({
  source: ImportSourceView,
  latest: z.nullable(SearchImportView),
  lastIdentityId: z.nullable(z.string()),
});
export type ImportAllView = z.infer<typeof ImportAllView>;
