/**
 * The user's settings and their defaults. Kept in `storage.local` (`lib/store/settings.ts`); they hold
 * no secret.
 */
import { z } from 'zod/mini';
import { parseWebAppUrl } from './inbox/web-app-link';

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
  /** Show a status badge beside every listed profile (search results, feed, company pages). */
  listBadges: z.boolean(),
  /** Resolve a profile when the pointer rests on its link, so that it opens already resolved. */
  prefetchOnHover: z.boolean(),
  /** Desktop notifications of the inbox queue (a new reply waiting, a snooze that woke); needs the `notifications` permission. */
  inboxNotifications: z.boolean(),
  /** The identities the user sends as ("mine"): listed first in the queue's identity picker. */
  myIdentityIds: z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(100)),
  /** Seconds a sent reply waits, with Undo, before it goes (the worker holds it). */
  replyUndoSeconds: z.number().check(z.int(), z.minimum(0), z.maximum(30)),
  /** The service's web app, where the panel's "Open in the web app" link goes (`lib/inbox/web-app-link.ts`); empty: no link. */
  webAppUrl: z.string().check(
    z.maxLength(2048),
    z.refine((s) => {
      const parsed = parseWebAppUrl(s);
      return parsed.ok && parsed.value === s;
    }, 'not a web app address as stored'),
  ),
  /**
   * Live replies (issue 36): the team relay's events URL (empty: no relay) and its team token. The
   * token opens the team's stream of inbox events only; it is not the service key.
   */
  relayUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))]),
  relayToken: z.string().check(z.maxLength(200)),
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: DEFAULT_BASE_URL,
  profileHosts: [],
  chipEnabled: true,
  sessionOnlyKey: false,
  cacheEnabled: true,
  listBadges: true,
  prefetchOnHover: true,
  inboxNotifications: false,
  myIdentityIds: [],
  replyUndoSeconds: 10,
  webAppUrl: '',
  relayUrl: '',
  relayToken: '',
};
