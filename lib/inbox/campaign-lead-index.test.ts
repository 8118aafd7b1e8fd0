import { describe, expect, it } from 'vitest';
import { findLeadItem, type CampaignLeadIndex } from './campaign-lead-index';

const PAGE = 25;
const campaign = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `L${i}` }));
const reader = (all: { id: string }[]) => {
  const pages: (string | null)[] = [];
  const read = async (after: string | null) => {
    pages.push(after);
    const start = after === null ? 0 : all.findIndex((l) => l.id === after) + 1;
    return { leads: all.slice(start, start + PAGE), hasMore: start + PAGE < all.length };
  };
  return { read, pages };
};

describe('campaign lead index', () => {
  it('stops at the page holding the lead and resumes from there for the next lead', async () => {
    const r = reader(campaign(250));
    const first = await findLeadItem(null, 'L30', r.read, 0, 60_000, 100);
    expect(first.item).toEqual({ id: 'L30' });
    expect(first.calls).toBe(2);
    const again = await findLeadItem(first.index, 'L10', r.read, 1_000, 60_000, 100);
    expect(again.calls).toBe(0);
    const later = await findLeadItem(first.index, 'L60', r.read, 1_000, 60_000, 100);
    expect(later.calls).toBe(1);
    expect(r.pages).toEqual([null, 'L24', 'L49']);
  });

  it('says not found only once the whole campaign was read', async () => {
    const r = reader(campaign(30));
    const out = await findLeadItem(null, 'nobody', r.read, 0, 60_000, 100);
    expect(out).toMatchObject({ item: null, calls: 2, readAt: null });
    expect(out.index.complete).toBe(true);
    expect((await findLeadItem(out.index, 'nobody', r.read, 1, 60_000, 100)).calls).toBe(0);
  });

  it('reads no more than its share, and resumes on the next look-up', async () => {
    const r = reader(campaign(2500));
    const part = await findLeadItem(null, 'L2499', r.read, 0, 60_000, 40);
    expect(part).toMatchObject({ item: null, calls: 40 });
    expect(part.index.complete).toBe(false);
    const rest = await findLeadItem(part.index, 'L2499', r.read, 1, 60_000, 100);
    expect(rest.calls).toBe(60);
    expect(rest.item).toEqual({ id: 'L2499' });
  });

  it('reads again from page one once stale', async () => {
    const r = reader(campaign(50));
    const old: CampaignLeadIndex<{ id: string }> = (await findLeadItem(null, 'L0', r.read, 0, 60_000, 100)).index;
    const out = await findLeadItem(old, 'L0', r.read, 60_000, 60_000, 100);
    expect(out.calls).toBe(1);
    expect(out.readAt).toBe(60_000);
  });
});
