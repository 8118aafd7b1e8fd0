import { describe, expect, it } from 'vitest';
import { createLeadLinks } from './lead-links';

function memoryMeta(initial: Record<string, unknown> = {}) {
  const data = new Map(Object.entries(initial));
  return { data, get: async <T>(k: string) => data.get(k) as T | undefined, set: async (k: string, v: unknown) => void data.set(k, structuredClone(v)) };
}

const JOAN = 'https://www.pronet.example/in/joan-clarke/';
const ADA = 'https://www.pronet.example/in/ada-lovelace/';

describe('lead links', () => {
  it('links, lists newest first, replaces a profile’s link, and removes it', async () => {
    const meta = memoryMeta();
    const links = createLeadLinks(meta);
    await links.set({ profileUrl: JOAN, leadId: 'lead_1', name: 'Joan Clarke', linkedAt: 1 });
    await links.set({ profileUrl: ADA, leadId: 'lead_2', name: 'Ada', linkedAt: 2 });
    await links.set({ profileUrl: JOAN, leadId: 'lead_3', name: 'Joan C.', linkedAt: 3 });
    expect((await links.all()).map((l) => [l.profileUrl, l.leadId])).toEqual([[JOAN, 'lead_3'], [ADA, 'lead_2']]);
    expect(await links.get(JOAN)).toMatchObject({ leadId: 'lead_3' });
    expect(await links.remove(JOAN)).toBe(true);
    expect(await links.remove(JOAN)).toBe(false);
    expect(await links.get(JOAN)).toBeUndefined();
    // Survives a new worker (a fresh store over the same database).
    expect((await createLeadLinks(meta).all()).map((l) => l.leadId)).toEqual(['lead_2']);
  });

  it('ignores stored values of another shape', async () => {
    const meta = memoryMeta({ 'lead-links': [{ profileUrl: JOAN, leadId: 5 }, 'x', null, { profileUrl: ADA, leadId: 'l', name: 'Ada', linkedAt: 1 }] });
    expect((await createLeadLinks(meta).all()).map((l) => l.profileUrl)).toEqual([ADA]);
    expect(await createLeadLinks(memoryMeta({ 'lead-links': { a: 1 } })).all()).toEqual([]);
  });
});
