/** What the options page shows: the key's state, the key test, the call history. */
import { z } from 'zod/mini';
import { Settings } from '../settings';

/** One row of the call log: no key, no note text, ever. */
export const CallLogRow = z.object({
  id: z.number().check(z.int()),
  /** Endpoint name from the client's catalogue, e.g. 'searchLeads'. */
  endpoint: z.string(),
  method: z.string(),
  ok: z.boolean(),
  /** HTTP status; null when no answer came (network error, timeout). */
  status: z.nullable(z.number().check(z.int())),
  summary: z.string(),
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
