/**
 * Where a conversation opens in the service's own web app. The spec gives no address for it, so the
 * user sets the web app's address in the options (off when empty): either a base, to which
 * `/inbox/<conversationId>` is added, or a template holding `{conversationId}` for a web app whose
 * addresses read otherwise. The link is built from that and the conversation's id only: it never
 * carries the key, and a typed address with a query or a fragment (where a key could hide) is refused.
 */

export const CONVERSATION_PLACEHOLDER = '{conversationId}';

export type WebAppUrlProblem = 'invalid' | 'scheme' | 'credentials' | 'extra';

/** Hosts where plain http is allowed: this machine only (a local look-alike of the service). */
function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
}

/**
 * The web app's address as typed: empty (off), or an https URL (http only on this machine) without
 * credentials, query or fragment, `{conversationId}` at most in its path. Answers the address as
 * stored (no trailing slash) or why it is refused.
 */
export function parseWebAppUrl(input: string): { ok: true; value: string } | { ok: false; reason: WebAppUrlProblem } {
  const typed = input.trim();
  if (typed === '') return { ok: true, value: '' };
  let url: URL;
  try {
    // The placeholder stands for an id: the URL parser is shown one.
    url = new URL(typed.split(CONVERSATION_PLACEHOLDER).join('conversation-id'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalHost(url.hostname))) return { ok: false, reason: 'scheme' };
  if (url.username || url.password) return { ok: false, reason: 'credentials' };
  if (url.search || url.hash || typed.includes('?') || typed.includes('#')) return { ok: false, reason: 'extra' };
  return { ok: true, value: typed.includes(CONVERSATION_PLACEHOLDER) ? typed : typed.replace(/\/+$/, '') };
}

/** The conversation's address in the web app, or null when no web app is set (or the setting is no valid one). */
export function conversationWebAppUrl(webAppUrl: string, conversationId: string): string | null {
  const parsed = parseWebAppUrl(webAppUrl);
  if (!parsed.ok || parsed.value === '' || conversationId === '') return null;
  const id = encodeURIComponent(conversationId);
  const base = parsed.value;
  return base.includes(CONVERSATION_PLACEHOLDER) ? base.split(CONVERSATION_PLACEHOLDER).join(id) : `${base}/inbox/${id}`;
}
