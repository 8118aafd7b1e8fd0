/**
 * The user's settings and their defaults. Kept in `storage.local` (`lib/store/settings.ts`); they hold
 * no secret.
 */
import { z } from 'zod/mini';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8787/flow';

/** User settings. Kept in `storage.local`; they hold no secret. */
export const Settings = z.object({
  /** The service's base URL including its `/flow` path. */
  baseUrl: z.url({ protocol: /^https?$/ }),
  /** Extra profile hosts, besides the built-in pronet hosts (bare host names, e.g. `pronet.corp.example`). */
  profileHosts: z.array(z.string().check(z.minLength(1), z.maxLength(253))).check(z.maxLength(50)),
  /** Show the status chip on profile pages. */
  chipEnabled: z.boolean(),
  /** Keep the key for this browser session only (`storage.session`) instead of IndexedDB. */
  sessionOnlyKey: z.boolean(),
  /** Developer flag: false turns caching AND request coalescing off (the benchmark's naive baseline). */
  cacheEnabled: z.boolean(),
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: DEFAULT_BASE_URL,
  profileHosts: [],
  chipEnabled: true,
  sessionOnlyKey: false,
  cacheEnabled: true,
};
