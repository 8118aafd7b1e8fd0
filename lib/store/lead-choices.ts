/**
 * Which lead a profile resolves to when the service holds several (duplicates of one person): the
 * user's choice in the lead picker, per canonical profile URL, kept in IndexedDB with the cache so
 * it survives worker restarts and browser sessions. A memory in front answers the hot path.
 */
import type { MetaStore } from './meta';

const KEY = 'lead-choices';

export interface LeadChoices {
  /** The lead chosen for a profile, if any. */
  get(profileUrl: string): Promise<string | undefined>;
  /** Remembers (or, with null, forgets) the lead chosen for a profile. */
  set(profileUrl: string, leadId: string | null): Promise<void>;
}

export function createLeadChoices(meta: Pick<MetaStore, 'get' | 'set'>): LeadChoices {
  let memory: Record<string, string> | null = null;
  async function all(): Promise<Record<string, string>> {
    if (memory) return memory;
    const stored = await meta.get<Record<string, string>>(KEY).catch(() => undefined);
    // A stored value of another shape is ignored rather than trusted.
    memory ??= stored && typeof stored === 'object' ? { ...stored } : {};
    return memory;
  }
  return {
    async get(profileUrl) {
      const value = (await all())[profileUrl];
      return typeof value === 'string' ? value : undefined;
    },
    async set(profileUrl, leadId) {
      const map = await all();
      if (leadId === null) delete map[profileUrl];
      else map[profileUrl] = leadId;
      await meta.set(KEY, { ...map });
    },
  };
}
