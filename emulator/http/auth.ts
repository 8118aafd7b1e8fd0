/**
 * Spec §5: the key travels as `Authorization: Bearer <key>` (recommended), `x-api-key: <key>`, or
 * the deprecated query parameter `apikey=<key>`, which still works and makes the response carry
 * `Deprecation: true`. Headers win over the query string.
 */
export type KeyForm = 'bearer' | 'x-api-key' | 'query';

export interface PresentedKey {
  key: string;
  form: KeyForm;
}

export function presentedKey(headers: Headers, url: URL): PresentedKey | null {
  const auth = headers.get('authorization');
  if (auth) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (m?.[1]) return { key: m[1], form: 'bearer' };
  }
  const header = headers.get('x-api-key')?.trim();
  if (header) return { key: header, form: 'x-api-key' };
  const query = url.searchParams.get('apikey')?.trim();
  if (query) return { key: query, form: 'query' };
  return null;
}
