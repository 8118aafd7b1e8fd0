/** What the options page shows: the key's state, the key test, the call history. */
import { z } from 'zod/mini';
import { Settings } from '../settings';
import { SUMMARY_KINDS } from '../api/summary-kinds';

/** One row of the call log: no key, no note text, ever. */
export const CallLogRow = z.object({
  id: z.number().check(z.int()),
  /** Endpoint name from the client's catalogue, e.g. 'searchLeads'. */
  endpoint: z.string(),
  method: z.string(),
  ok: z.boolean(),
  /** HTTP status; null when no answer came (network error, timeout). */
  status: z.nullable(z.number().check(z.int())),
  /** What a success did (`lib/api/summaries.ts`); text in rows older builds wrote, shown as stored. */
  summary: z.optional(
    z.union([
      z.string(),
      z.object({ kind: z.enum(SUMMARY_KINDS), n: z.optional(z.number()), of: z.optional(z.number()), flag: z.optional(z.boolean()) }),
    ]),
  ),
  /** Why a failure failed; the page words it, but for a refusal's message, the service's own. */
  failure: z.optional(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.enum(['timeout', 'network', 'cancelled']) }),
      z.object({ kind: z.literal('unexpectedResponse'), path: z.string() }),
      z.object({ kind: z.literal('refused'), message: z.string() }),
    ]),
  ),
  at: z.number(),
  durationMs: z.number(),
});
export type CallLogRow = z.infer<typeof CallLogRow>;

export const SettingsView = z.extend(Settings, {
  key: z.object({
    /** Whether a key is stored. The key itself never leaves the background worker. */
    set: z.boolean(),
    storage: z.nullable(z.enum(['persistent', 'session'])),
  }),
});
export type SettingsView = z.infer<typeof SettingsView>;

/** The most members a key test lists (a workspace may have more; `members` counts them all). */
export const KEY_TEST_MEMBERS_MAX = 200;

export const MemberView = z.object({ id: z.string(), name: z.string(), label: z.string() });
export type MemberView = z.infer<typeof MemberView>;

export const KeyTestView = z.object({
  /** Number of workspace members the key can see (a successful `GET /members`). */
  members: z.number().check(z.int()),
  /** The members `GET /members` returned, at most KEY_TEST_MEMBERS_MAX of them (names only; nothing secret). */
  list: z.array(MemberView).check(z.maxLength(KEY_TEST_MEMBERS_MAX)),
});
export type KeyTestView = z.infer<typeof KeyTestView>;
