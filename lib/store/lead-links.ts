/**
 * Profiles the user linked by hand to a lead the URL did not find (Find by name → Possible match →
 * Link): on this browser, the profile then resolves to that lead. Kept in IndexedDB with the cache
 * (the `meta` store), per canonical profile URL; listed and removable in the options. A memory in
 * front answers the hot path (every resolution asks).
 */
import type { MetaStore } from './meta';

const KEY = 'lead-links';

export interface LeadLink {
  profileUrl: string;
  leadId: string;
  /** The lead's name when it was linked, for the options' list. */
  name: string;
  linkedAt: number;
}

export interface LeadLinks {
  get(profileUrl: string): Promise<LeadLink | undefined>;
  /** Links a profile to a lead (replacing any earlier link of that profile). */
  set(link: LeadLink): Promise<void>;
  /** Forgets a profile's link; true when there was one. */
  remove(profileUrl: string): Promise<boolean>;
  /** Every link, the newest first. */
  all(): Promise<LeadLink[]>;
}

function isLink(value: unknown): value is LeadLink {
  const v = value as Partial<LeadLink> | null;
  return typeof v === 'object' && v !== null && typeof v.profileUrl === 'string' && typeof v.leadId === 'string' && typeof v.name === 'string' && typeof v.linkedAt === 'number';
}

export function createLeadLinks(meta: Pick<MetaStore, 'get' | 'set'>): LeadLinks {
  let memory: Map<string, LeadLink> | null = null;
  async function load(): Promise<Map<string, LeadLink>> {
    if (memory) return memory;
    const stored = await meta.get<unknown>(KEY).catch(() => undefined);
    // Records of another shape are dropped rather than trusted.
    const links = Array.isArray(stored) ? stored.filter(isLink) : [];
    memory ??= new Map(links.map((l) => [l.profileUrl, l]));
    return memory;
  }
  const save = (map: Map<string, LeadLink>) => meta.set(KEY, [...map.values()]);
  return {
    async get(profileUrl) {
      return (await load()).get(profileUrl);
    },
    async set(link) {
      const map = await load();
      map.set(link.profileUrl, { ...link });
      await save(map);
    },
    async remove(profileUrl) {
      const map = await load();
      const had = map.delete(profileUrl);
      if (had) await save(map);
      return had;
    },
    async all() {
      return [...(await load()).values()].sort((a, b) => b.linkedAt - a.linkedAt);
    },
  };
}
