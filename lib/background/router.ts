/**
 * The gate of the background: every incoming message is validated (zod) and its sender checked
 * before anything runs.
 * - The sender must be this extension (`sender.id`); messages from other extensions or pages never
 *   reach here through `onMessage` anyway (there is no `onMessageExternal`), but a check costs nothing.
 * - This extension's own pages (their URL under the extension's origin) may send every request.
 * - A content script may send only `CONTENT_SCRIPT_REQUESTS`, and only from a tab showing a profile
 *   of a configured profile host; from any other page of such a host (lists: search results, feed,
 *   company people) only `LIST_SCRIPT_REQUESTS`. Anything else is refused with `forbidden`.
 */
import { CONTENT_SCRIPT_REQUESTS, LIST_SCRIPT_REQUESTS, parseRequest, type Reply, type Request } from '../messages';
import { isProfileHost, isProfileUrl, salesLeadToken } from '../pronet/canonical-url';
import type { RequestContext } from './dispatch';

/** The fields of `runtime.MessageSender` the router reads. */
export interface SenderInfo {
  id?: string;
  url?: string;
  frameId?: number;
  tab?: { id?: number; url?: string };
}

export interface RouterOptions {
  extensionId: string;
  /** `browser.runtime.getURL('/')`, e.g. `chrome-extension://<id>/`. */
  extensionOrigin: string;
  profileHosts(): readonly string[];
  handle(request: Request, ctx: RequestContext): Promise<Reply<unknown>>;
  /**
   * The address a tab's frame shows now (`webNavigation.getFrame`, no host permission needed).
   * Firefox gives a content script's `sender.url` as its document was loaded, not as an in-page
   * navigation (pushState) left it: a feed that moved to a profile would still be a list.
   */
  frameUrl?(tabId: number, frameId: number): Promise<string | undefined>;
}

export type SenderKind = 'extension-page' | 'content-script' | 'list-script' | 'forbidden';

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Who sent a message, as far as the rules above care. */
export function classifySender(sender: SenderInfo, opts: Pick<RouterOptions, 'extensionId' | 'extensionOrigin' | 'profileHosts'>): SenderKind {
  if (!sender.id || sender.id !== opts.extensionId) return 'forbidden';
  const origin = opts.extensionOrigin.endsWith('/') ? opts.extensionOrigin : `${opts.extensionOrigin}/`;
  if (sender.url?.startsWith(origin)) return 'extension-page';
  const pageUrl = sender.url ?? sender.tab?.url;
  if (sender.tab?.id !== undefined && pageUrl !== undefined) {
    // A lead page names its person too (through the public profile link it shows).
    if (isProfileUrl(pageUrl, opts.profileHosts()) || salesLeadToken(pageUrl, opts.profileHosts()) !== null) return 'content-script';
    if (/^https?:/i.test(pageUrl) && isProfileHost(hostnameOf(pageUrl), opts.profileHosts())) return 'list-script';
  }
  return 'forbidden';
}

/** `detail`: the request a page may not send, for developers. */
const forbidden = (detail?: string): Reply<never> => ({ ok: false, error: { code: 'forbidden', ...(detail ? { detail } : {}) } });

export function createRouter(opts: RouterOptions): (raw: unknown, sender: SenderInfo) => Promise<Reply<unknown>> {
  /** The sender with the address its frame shows now, when that is known and of the same origin. */
  const current = async (sender: SenderInfo): Promise<SenderInfo> => {
    const tabId = sender.tab?.id;
    if (!opts.frameUrl || tabId === undefined || !sender.url || !/^https?:/i.test(sender.url)) return sender;
    const now = await opts.frameUrl(tabId, sender.frameId ?? 0).catch(() => undefined);
    return now && originOf(now) === originOf(sender.url) ? { ...sender, url: now } : sender;
  };
  return async (raw, sender) => {
    const kind = classifySender(await current(sender), opts);
    if (kind === 'forbidden') return forbidden();
    const parsed = parseRequest(raw);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    const request = parsed.request;
    if (kind === 'content-script' || kind === 'list-script') {
      if (!(kind === 'content-script' ? CONTENT_SCRIPT_REQUESTS : LIST_SCRIPT_REQUESTS).includes(request.type)) {
        return forbidden(request.type);
      }
      return opts.handle(request, { tabId: sender.tab?.id });
    }
    return opts.handle(request, {});
  };
}
