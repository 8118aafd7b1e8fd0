/**
 * The host permission a service address needs, as one match pattern. Match patterns carry no port
 * (`http://127.0.0.1/*` covers every port), and a pattern with one is not what the user granted:
 * Firefox answers `permissions.contains` for `http://127.0.0.1:8787/*` with false although
 * `http://127.0.0.1/*` is granted (Chrome ignores the port). Ask and check with this pattern alone.
 */
export function hostPermissionPattern(url: URL | string): string {
  const { protocol, hostname } = typeof url === 'string' ? new URL(url) : url;
  return `${protocol}//${hostname}/*`;
}
