import { hostPermissionPattern } from '../../lib/host-permission';

/** Host permissions as the options page needs them; injected so components stay testable. */
export interface HostPermissions {
  /** Must be called synchronously from a click handler: browsers require a user gesture. */
  request(origins: string[]): Promise<boolean>;
  remove(origins: string[]): Promise<boolean>;
  /** The optional `notifications` permission (the inbox notifications); same gesture rule. Absent: not offered. */
  requestNotifications?(): Promise<boolean>;
  removeNotifications?(): Promise<boolean>;
}

/** Hosts the extension may reach without asking (the manifest's host_permissions). */
const BUILT_IN = new Set(['127.0.0.1', 'localhost']);

/** The match pattern for a base URL's host (match patterns ignore the port), or null when built in. */
export function originPatternFor(url: URL): string | null {
  if (BUILT_IN.has(url.hostname)) return null;
  return hostPermissionPattern(url);
}

/** Validates a base URL as typed: http(s), no credentials, no query or hash. Returns the URL or an error key. */
export function parseBaseUrl(input: string): { ok: true; url: URL } | { ok: false; reason: 'invalid' | 'scheme' | 'credentials' | 'extra' } {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'scheme' };
  if (url.username || url.password) return { ok: false, reason: 'credentials' };
  if (url.search || url.hash) return { ok: false, reason: 'extra' };
  return { ok: true, url };
}

/** The base URL as stored: no trailing slash. */
export function normaliseBaseUrl(url: URL): string {
  return url.href.replace(/\/+$/, '');
}

const HOST_RE = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(?:\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/;

/** A profile host as typed ("pronet.corp.example" or any URL on it) → bare lower-case host name, or null. */
export function parseProfileHost(input: string): string | null {
  const s = input.trim().toLowerCase();
  if (!s) return null;
  let host = s;
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(s) || s.includes('/')) {
    try {
      host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(s) ? s : `https://${s}`).hostname;
    } catch {
      return null;
    }
  }
  host = host.replace(/\.+$/, '');
  return HOST_RE.test(host) ? host : null;
}

