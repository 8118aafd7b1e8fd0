/**
 * The service's call history (spec §1): every API call with endpoint name, status, a result
 * summary and a timestamp, newest first, with a failed-only filter. Bounded. The key never gets
 * here: the recorded path has its `apikey` parameter removed.
 */
import type { CallRecord } from './model';

export const CALL_HISTORY_LIMIT = 5_000;

/** `path?query` without any `apikey` parameter (any case). */
export function pathWithoutKey(url: string): string {
  const u = new URL(url, 'http://emulator.invalid');
  for (const name of [...u.searchParams.keys()]) {
    if (name.toLowerCase() === 'apikey') u.searchParams.delete(name);
  }
  const query = u.searchParams.toString();
  return u.pathname + (query ? `?${query}` : '');
}

export class CallHistory {
  private records: CallRecord[] = [];
  private nextId = 1;

  constructor(private readonly limit = CALL_HISTORY_LIMIT) {}

  add(record: Omit<CallRecord, 'id'>): CallRecord {
    const full = { id: this.nextId++, ...record };
    this.records.push(full);
    if (this.records.length > this.limit) this.records.splice(0, this.records.length - this.limit);
    return full;
  }

  /** Newest first. */
  list(filter: { failed?: boolean; workspaceId?: string } = {}): CallRecord[] {
    const out: CallRecord[] = [];
    for (let i = this.records.length - 1; i >= 0; i--) {
      const r = this.records[i];
      if (!r) continue;
      if (filter.failed && r.ok) continue;
      if (filter.workspaceId !== undefined && r.workspaceId !== filter.workspaceId) continue;
      out.push(r);
    }
    return out;
  }

  clear(): void {
    this.records = [];
  }

  snapshot(): CallRecord[] {
    return [...this.records];
  }

  restore(records: CallRecord[]): void {
    this.records = records.slice(-this.limit);
    this.nextId = (this.records.at(-1)?.id ?? 0) + 1;
  }
}
