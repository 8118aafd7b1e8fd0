/**
 * Profile URL detection and canonicalisation for the professional network ("pronet").
 *
 * A profile's identity is its slug: every address of the same profile (country and mobile
 * subdomains, locale suffixes, overlay and detail subpages, query, hash, case, encoding, and the
 * demo look-alike `pronet.localhost`) maps to one canonical URL,
 * `https://www.pronet.example/in/<slug>/`. Leads store that form and the emulator's lead search
 * canonicalises with these same functions, so one comparison of strings finds a lead.
 *
 * Slug form: percent-decoded, Unicode NFC, lower-cased (`toLowerCase`, locale-free); the canonical
 * URL carries it re-encoded with `encodeURIComponent`, so `jos%C3%A9`, `JOS%c3%a9` and `josé` are
 * one profile. Every page under `/in/<slug>/` belongs to that profile. Nothing here throws: any
 * string that is not a profile URL gives null.
 *
 * Member tokens: the network also addresses a profile by its member token, `/in/ACoAA.../`, an
 * opaque base64url id whose case is significant (`ACoAAB` and `ACoAAb` are two members). A segment
 * of that form (`MEMBER_TOKEN`) keeps its case; public slugs are still lower-cased. Lead pages of the
 * sales tool, `/sales/lead/<token>,<context>,...`, are no profile URL: `salesLeadToken` reads their
 * token (case kept), and the page itself shows the public profile link to resolve.
 */

/** Stands for the real network's host; the one place it is named. */
export const PRONET_HOST = 'pronet.example';
/** The emulator's look-alike site (Chromium resolves `*.localhost` to loopback). */
export const PRONET_DEMO_HOST = 'pronet.localhost';
export const PRONET_CANONICAL_ORIGIN = 'https://www.pronet.example';

const BUILT_IN_HOSTS = [PRONET_HOST, PRONET_DEMO_HOST];

function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.+$/, '');
}

/** Whether `hostname` is a profile host: a built-in or configured host, or any subdomain of one. */
export function isProfileHost(hostname: string, extraHosts: readonly string[] = []): boolean {
  const host = normaliseHost(hostname);
  if (host === '') return false;
  return [...BUILT_IN_HOSTS, ...extraHosts.map(normaliseHost)].some(
    (base) => base !== '' && (host === base || host.endsWith(`.${base}`)),
  );
}

function parse(input: string): URL | null {
  const s = input.trim();
  // A pasted address often lacks its scheme ("www.pronet.example/in/x"); a string with any other
  // scheme (javascript:, data:, ...) keeps it and is refused below.
  const withScheme = s.startsWith('//') ? `https:${s}` : /^[a-z][a-z\d+.-]*:\/\//i.test(s) ? s : `https://${s}`;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}

/** Characters a decoded slug must not hold: whitespace, controls, and URL structure. */
const FORBIDDEN_IN_SLUG = /[\s\p{Cc}/\\?#]/u;

/**
 * A member token: `ACoAA` (profiles) or `ACwAA` (the sales tool), then base64url characters. Matched
 * case-sensitively: a lower-case `acoaa...` is an ordinary slug.
 */
export const MEMBER_TOKEN = /^AC[ow]AA[A-Za-z0-9_-]{6,}$/;

/** Whether a (decoded) profile segment is a member token, whose case must be kept. */
export function isMemberToken(segment: string): boolean {
  return MEMBER_TOKEN.test(segment);
}

/** The path segments of a pronet page, or null when `url` is no page of a profile host. */
function pronetSegments(url: string, extraHosts: readonly string[]): string[] | null {
  if (typeof url !== 'string') return null;
  const parsed = parse(url);
  if (!parsed) return null;
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  // A profile page never carries credentials; an address that does is a lure.
  if (parsed.username !== '' || parsed.password !== '') return null;
  if (!isProfileHost(parsed.hostname, extraHosts)) return null;
  return parsed.pathname.split('/').filter((s) => s !== '');
}

/**
 * The profile's slug (decoded, NFC, lower-case; a member token as it is), or null when `url` is not
 * a profile page.
 */
export function profileSlug(url: string, extraHosts: readonly string[] = []): string | null {
  const segments = pronetSegments(url, extraHosts);
  if (segments === null) return null;
  if (segments[0]?.toLowerCase() !== 'in' || segments[1] === undefined) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(segments[1]);
  } catch {
    return null; // malformed percent-encoding
  }
  if (isMemberToken(slug)) return slug;
  slug = slug.normalize('NFC').toLowerCase();
  if (slug === '' || slug === '.' || slug === '..' || FORBIDDEN_IN_SLUG.test(slug)) return null;
  return slug;
}

/** `https://www.pronet.example/in/<slug>/` for any address of a profile, or null. */
export function canonicalProfileUrl(url: string, extraHosts: readonly string[] = []): string | null {
  const slug = profileSlug(url, extraHosts);
  return slug === null ? null : `${PRONET_CANONICAL_ORIGIN}/in/${encodeURIComponent(slug)}/`;
}

/**
 * The member token of a sales-tool lead page (`/sales/lead/<token>,<context>,...`, case kept), or
 * null for any other address. Such a page is no profile URL: it names the person by a token the
 * service does not store, and shows the public profile link that resolves them.
 */
export function salesLeadToken(url: string, extraHosts: readonly string[] = []): string | null {
  const segments = pronetSegments(url, extraHosts);
  if (segments === null || segments[0]?.toLowerCase() !== 'sales' || segments[1]?.toLowerCase() !== 'lead') return null;
  let head: string;
  try {
    head = decodeURIComponent(segments[2] ?? '').split(',')[0] ?? '';
  } catch {
    return null;
  }
  return isMemberToken(head) ? head : null;
}

export function isProfileUrl(url: string, extraHosts: readonly string[] = []): boolean {
  return profileSlug(url, extraHosts) !== null;
}

/**
 * The slug of a URL already in canonical form, or null for anything else, so that a stored value
 * that was never canonicalised shows up instead of passing silently (use `profileSlug` for any URL).
 */
export function slugFromCanonical(canonical: string): string | null {
  return canonicalProfileUrl(canonical) === canonical ? profileSlug(canonical) : null;
}

/**
 * The match patterns a profile host needs: the host and its subdomains (country, mobile), over
 * https and http. One scheme each: the manifest's optional host permissions name each scheme on
 * every host, and Chrome refuses a request for `*://host/*` as not in the manifest (issue 34).
 */
export function profileHostPatterns(host: string): string[] {
  return [`https://${host}/*`, `https://*.${host}/*`, `http://${host}/*`, `http://*.${host}/*`];
}

/**
 * The address to open for a canonical profile URL from a tab showing `tabUrl`: the same origin when
 * the tab is on a profile host (the look-alike `pronet.localhost:<port>` in the demo, a configured
 * host, a country subdomain), else the canonical address. Null when `canonical` is not one.
 */
export function profileAddress(canonical: string, tabUrl: string | undefined, extraHosts: readonly string[] = []): string | null {
  const slug = slugFromCanonical(canonical);
  if (slug === null) return null;
  const path = `/in/${encodeURIComponent(slug)}/`;
  if (tabUrl !== undefined) {
    const tab = parse(tabUrl);
    if (tab && (tab.protocol === 'https:' || tab.protocol === 'http:') && isProfileHost(tab.hostname, extraHosts)) return `${tab.origin}${path}`;
  }
  return `${PRONET_CANONICAL_ORIGIN}${path}`;
}
