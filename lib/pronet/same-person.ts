/**
 * Two rows of a list that the service would merge into one lead (POST /leads merges by address, else
 * by name and company: endpoints.md row 8) share one of these keys: a batch sends each person once.
 */
export function mergeKeys(p: { profileUrl: string; name?: string | undefined; company?: string | undefined }): string[] {
  const keys = [`url:${p.profileUrl}`];
  if (p.name && p.company) keys.push(`name:${p.name.toLowerCase()}|${p.company.toLowerCase()}`);
  return keys;
}
