// Spec §4 "Conversations search": every filter, AND, campaignIds rule, leadIds ∩ q, sort fields and
// directions, limit 1..100, paging with nextToken (total on page 1 only), and §7 rule 4 (bad cursor).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Campaign, ConversationSearchFilters, ConversationSummary, Lead } from '../../lib/api/schemas';
import { clientFor, freshRateWindow, proWorkspace, rawCall, resetEmulator } from './harness';
import { oneLead } from '../../lib/api/lead-search';

let all: ConversationSummary[] = [];
let campaigns: Campaign[] = [];

async function searchIds(filters: Omit<ConversationSearchFilters, 'searchAfter'>): Promise<string[]> {
  const ids: string[] = [];
  for await (const c of clientFor(proWorkspace()).conversations.searchAll({ limit: 100, ...filters })) ids.push(c.id);
  return ids;
}

const ids = (list: ConversationSummary[]) => list.map((c) => c.id);
const byRecent = (a: ConversationSummary, b: ConversationSummary) =>
  (b.lastMessageAt ?? -1) - (a.lastMessageAt ?? -1) || (a.id < b.id ? 1 : -1);

beforeAll(async () => {
  await resetEmulator('demo');
  const client = clientFor(proWorkspace());
  all = [];
  for await (const c of client.conversations.searchAll({ limit: 100 })) all.push(c);
  campaigns = [];
  for await (const c of client.campaigns.all()) campaigns.push(c);
});

beforeEach(async () => {
  await freshRateWindow();
});

describe('conversation search: filters', () => {
  it('with no filter returns the most recent conversations first, 25 by default, with the exact total', async () => {
    const page = await clientFor(proWorkspace()).conversations.search();
    expect(page.data).toHaveLength(25);
    expect(page.total).toBe(all.length);
    expect(page.hasMore).toBe(true);
    expect(ids(page.data)).toEqual(ids([...all].sort(byRecent).slice(0, 25)));
    expect(all.length).toBeGreaterThan(60);
  });

  const single: [string, Omit<ConversationSearchFilters, 'searchAfter'>, (c: ConversationSummary) => boolean][] = [
    ['status', { status: ['SNOOZED', 'ARCHIVED'] }, (c) => c.status === 'SNOOZED' || c.status === 'ARCHIVED'],
    ['lastMessageStatus', { lastMessageStatus: ['SEND_FAILED'] }, (c) => c.lastMessageStatus === 'SEND_FAILED'],
    ['lastMessageType', { lastMessageType: ['EMAIL'] }, (c) => c.lastMessageType === 'EMAIL'],
    ['leadReplied true', { leadReplied: true }, (c) => c.leadReplied],
    ['leadReplied false', { leadReplied: false }, (c) => !c.leadReplied],
    ['unsubscribed', { unsubscribed: true }, (c) => c.unsubscribed],
    ['favourite', { favourite: true }, (c) => c.favourite],
    ['read false (unread)', { read: false }, (c) => !c.read],
    ['read true', { read: true }, (c) => c.read],
  ];
  for (const [name, filters, keep] of single) {
    it(`filters by ${name}`, async () => {
      const expected = all.filter(keep);
      expect(expected.length).toBeGreaterThan(0);
      expect((await searchIds(filters)).sort()).toEqual(ids(expected).sort());
    });
  }

  it('filters by identityIds, leadIds and audienceIds', async () => {
    const sample = all[3] as ConversationSummary;
    expect((await searchIds({ identityIds: [sample.identityId] })).sort()).toEqual(
      ids(all.filter((c) => c.identityId === sample.identityId)).sort(),
    );
    expect((await searchIds({ leadIds: [sample.leadId] })).sort()).toEqual(ids(all.filter((c) => c.leadId === sample.leadId)).sort());
    expect((await searchIds({ audienceIds: [sample.audienceId ?? ''] })).sort()).toEqual(
      ids(all.filter((c) => c.audienceId === sample.audienceId)).sort(),
    );
  });

  it('bounds lastMessageAt and callCompletedAt (inclusive, epoch ms)', async () => {
    const dates = all.map((c) => c.lastMessageAt ?? 0).sort((a, b) => a - b);
    const from = dates[Math.floor(dates.length / 4)] as number;
    const to = dates[Math.floor((dates.length * 3) / 4)] as number;
    expect((await searchIds({ lastMessageAtFrom: from, lastMessageAtTo: to })).sort()).toEqual(
      ids(all.filter((c) => c.lastMessageAt !== null && c.lastMessageAt >= from && c.lastMessageAt <= to)).sort(),
    );
    const called = all.filter((c) => c.callCompletedAt !== null);
    expect(called.length).toBeGreaterThan(0);
    expect((await searchIds({ callCompletedAtFrom: 0 })).sort()).toEqual(ids(called).sort());
  });

  it('combines filters with AND ("waiting for a reply": OPEN, last RECEIVED, lead replied)', async () => {
    const expected = all.filter((c) => c.status === 'OPEN' && c.lastMessageStatus === 'RECEIVED' && c.leadReplied);
    expect(expected.length).toBeGreaterThan(0);
    const got = await searchIds({ status: ['OPEN'], lastMessageStatus: ['RECEIVED'], leadReplied: true });
    expect(got.sort()).toEqual(ids(expected).sort());
  });

  it('resolves each campaignId to its audience and identity', async () => {
    const c = campaigns.find((x) => all.some((conv) => conv.campaignId === x.id)) as Campaign;
    const { data: audiences } = { data: (await clientFor(proWorkspace()).audiences.list()).audiences };
    const audienceId = audiences.find((a) => a.name === c.audienceName)?.id;
    const expected = all.filter((conv) => conv.audienceId === audienceId && conv.identityId === c.identityId);
    expect(expected.length).toBeGreaterThan(0);
    expect((await searchIds({ campaignIds: [c.id] })).sort()).toEqual(ids(expected).sort());
  });

  it('ignores campaignIds when identityIds or audienceIds is given', async () => {
    const c = campaigns[0] as Campaign;
    const other = all.find((conv) => conv.identityId !== c.identityId) as ConversationSummary;
    const byIdentity = await searchIds({ identityIds: [other.identityId] });
    expect(await searchIds({ identityIds: [other.identityId], campaignIds: [c.id] })).toEqual(byIdentity);
    const byAudience = await searchIds({ audienceIds: [other.audienceId ?? ''] });
    expect(await searchIds({ audienceIds: [other.audienceId ?? ''], campaignIds: [c.id] })).toEqual(byAudience);
  });

  it('intersects leadIds with the free-text q', async () => {
    const client = clientFor(proWorkspace());
    const ada = (oneLead(await client.leads.search({ pronetUrl: 'https://www.pronet.example/in/ada-lovelace/' }))).lead as Lead;
    const grace = (oneLead(await client.leads.search({ pronetUrl: 'https://www.pronet.example/in/grace-hopper/' }))).lead as Lead;
    const adaConvs = ids(all.filter((c) => c.leadId === ada.id));
    expect((await searchIds({ q: 'lovelace' })).sort()).toEqual(adaConvs.sort());
    expect((await searchIds({ leadIds: [ada.id, grace.id], q: 'lovelace' })).sort()).toEqual(adaConvs.sort());
    expect(await searchIds({ leadIds: [grace.id], q: 'lovelace' })).toEqual([]);
  });
});

describe('conversation search: sort and limit', () => {
  it('sorts by lastMessageAt descending by default and ascending with sortDirection 1', async () => {
    const desc = await clientFor(proWorkspace()).conversations.search({ limit: 100 });
    const times = desc.data.map((c) => c.lastMessageAt ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const asc = await searchIds({ sortDirection: 1 });
    const ascTimes = asc.map((id) => all.find((c) => c.id === id)?.lastMessageAt ?? 0);
    expect(ascTimes).toEqual([...ascTimes].sort((a, b) => a - b));
  });

  it('sorts by callCompletedAt and snoozeUntil, conversations without the date last', async () => {
    for (const sortField of ['callCompletedAt', 'snoozeUntil'] as const) {
      for (const sortDirection of [1, -1] as const) {
        const got = (await searchIds({ sortField, sortDirection })).map((id) => all.find((c) => c.id === id)?.[sortField] ?? null);
        const dated = got.filter((v) => v !== null) as number[];
        expect(got.slice(0, dated.length)).toEqual(dated);
        expect(got.slice(dated.length).every((v) => v === null)).toBe(true);
        expect(dated).toEqual([...dated].sort((a, b) => (a - b) * sortDirection));
        expect(dated.length).toBeGreaterThan(0);
      }
    }
  });

  it('accepts limit 1 to 100 and refuses 0, 101 or a bad sort with 400 naming the field', async () => {
    const client = clientFor(proWorkspace());
    expect((await client.conversations.search({ limit: 1 })).data).toHaveLength(1);
    expect((await client.conversations.search({ limit: 100 })).data).toHaveLength(Math.min(100, all.length));
    const key = proWorkspace().apiKey;
    for (const [q, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['sortField=createdAt', 'sortField'],
      ['sortDirection=2', 'sortDirection'],
      ['status=CLOSED', 'status'],
      ['leadReplied=yes', 'leadReplied'],
    ]) {
      const res = await rawCall<{ message: string; details: { field: string } }>(`/conversations/search?${q}`, { key });
      expect(res.status).toBe(400);
      expect(res.body.details.field.split('.')[0]).toBe(field);
    }
  });
});

describe('conversation search: paging', () => {
  it('pages with nextToken: total on page 1 only, every conversation once, nextToken null at the end', async () => {
    const client = clientFor(proWorkspace());
    const filters = { status: ['OPEN' as const], limit: 20 };
    let page = await client.conversations.search(filters);
    const expectedTotal = all.filter((c) => c.status === 'OPEN').length;
    expect(page.total).toBe(expectedTotal);
    const seen = ids(page.data);
    let pages = 1;
    while (page.hasMore) {
      expect(page.nextToken).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      page = await client.conversations.search({ ...filters, searchAfter: page.nextToken ?? '' });
      expect(page.total).toBeNull();
      seen.push(...ids(page.data));
      pages += 1;
    }
    expect(page.nextToken).toBeNull();
    expect(pages).toBeGreaterThan(1);
    expect(seen).toHaveLength(expectedTotal);
    expect(new Set(seen).size).toBe(expectedTotal);
  });

  it('refuses a cursor used with other filters or another sort (400)', async () => {
    const client = clientFor(proWorkspace());
    const first = await client.conversations.search({ status: ['OPEN'], limit: 5 });
    const token = first.nextToken ?? '';
    await expect(client.conversations.search({ status: ['ARCHIVED'], limit: 5, searchAfter: token })).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      client.conversations.search({ status: ['OPEN'], limit: 5, sortDirection: 1, searchAfter: token }),
    ).rejects.toMatchObject({ status: 400 });
    // The limit may change between pages.
    const next = await client.conversations.search({ status: ['OPEN'], limit: 7, searchAfter: token });
    expect(next.data).toHaveLength(7);
  });

  it('refuses a malformed or tampered cursor (400)', async () => {
    const client = clientFor(proWorkspace());
    const token = (await client.conversations.search({ limit: 5 })).nextToken ?? '';
    const tampered = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
    for (const bad of ['%%%', 'abc', tampered, Buffer.from('{"k":1,"i":"x"}').toString('base64')]) {
      await expect(client.conversations.search({ limit: 5, searchAfter: bad })).rejects.toMatchObject({ status: 400 });
    }
  });

  it('fails when the cursor is not URL-encoded and its + turns into a space', async () => {
    const client = clientFor(proWorkspace());
    let token = '';
    let limit = 1;
    for (; limit <= 40 && !token.includes('+'); limit++) token = (await client.conversations.search({ limit })).nextToken ?? '';
    expect(token).toContain('+');
    const key = proWorkspace().apiKey;
    const encoded = await rawCall(`/conversations/search?limit=${limit - 1}&searchAfter=${encodeURIComponent(token)}`, { key });
    expect(encoded.status).toBe(200);
    const raw = await rawCall<{ message: string }>(`/conversations/search?limit=${limit - 1}&searchAfter=${token}`, { key });
    expect(raw.status).toBe(400);
    expect(raw.body.message).toMatch(/searchAfter/);
  });
});
