/**
 * The last lead status this browser set per lead and campaign (POST /leads/status answers what it set,
 * and no call reads a status back), with the one it replaced, so the panel can show it and undo it.
 * Kept in IndexedDB's meta store; a memory in front answers the hot path.
 */
import type { MetaStore } from './meta';

const KEY = 'lead-statuses';

export interface LeadStatusRecord {
  status: string;
  previous: string | null;
  /** When the service took it (absent on records kept before this was stored). */
  at?: number;
}

export interface LeadStatuses {
  /** Everything known, keyed by `leadStatusKey`. */
  all(): Promise<ReadonlyMap<string, LeadStatusRecord>>;
  set(leadId: string, campaign: string, record: LeadStatusRecord): Promise<void>;
}

export function leadStatusKey(leadId: string, campaign: string): string {
  return `${leadId}\u0000${campaign}`;
}

function isRecord(v: unknown): v is LeadStatusRecord {
  if (!v || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  return typeof r.status === 'string' && (r.previous === null || typeof r.previous === 'string');
}

export function createLeadStatuses(meta: Pick<MetaStore, 'get' | 'set'>): LeadStatuses {
  let memory: Map<string, LeadStatusRecord> | null = null;
  async function load(): Promise<Map<string, LeadStatusRecord>> {
    if (memory) return memory;
    const stored = await meta.get<Record<string, unknown>>(KEY).catch(() => undefined);
    // Entries of another shape are ignored rather than trusted.
    const entries = stored && typeof stored === 'object' ? Object.entries(stored).filter((e): e is [string, LeadStatusRecord] => isRecord(e[1])) : [];
    memory ??= new Map(entries);
    return memory;
  }
  return {
    all: load,
    async set(leadId, campaign, record) {
      const map = await load();
      map.set(leadStatusKey(leadId, campaign), { status: record.status, previous: record.previous, ...(record.at !== undefined ? { at: record.at } : {}) });
      await meta.set(KEY, Object.fromEntries(map));
    },
  };
}
