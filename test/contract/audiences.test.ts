// Audiences (#3-7): list, create, import from a pronet URL in the background, detail, leads paging.
import { beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, clientFor, freshRateWindow, proWorkspace, rawCall, resetEmulator } from './harness';

beforeEach(async () => {
  await resetEmulator('demo');
  await freshRateWindow();
});

const client = () => clientFor(proWorkspace());

describe('audiences', () => {
  it('lists audiences with their sizes, and details one', async () => {
    const { audiences } = await client().audiences.list();
    expect(audiences.length).toBeGreaterThan(3);
    const a = audiences[0];
    const detail = await client().audiences.detail({ audienceId: a?.id ?? '' });
    expect(detail.data).toEqual(a);
    await expect(client().audiences.detail({ audienceId: 'aud_missing' })).rejects.toMatchObject({ status: 404 });
  });

  it('creates an audience, and refuses a second one with the same name (409)', async () => {
    const res = await client().audiences.create({ name: 'Webinar 2031' });
    expect(res.audience).toMatchObject({ name: 'Webinar 2031', size: 0, type: 'MANUAL' });
    await expect(client().audiences.create({ name: 'webinar 2031' })).rejects.toMatchObject({ status: 409 });
  });

  it('pages audience leads with skip and limit (1..100) and the total', async () => {
    const { audiences } = await client().audiences.list();
    const big = [...audiences].sort((a, b) => b.size - a.size)[0];
    expect(big?.size).toBeGreaterThan(30);
    const p = await client().audiences.leads({ audienceId: big?.id ?? '', skip: 0, limit: 10 });
    expect(p.data).toHaveLength(10);
    expect(p.total).toBe(big?.size);
    const next = await client().audiences.leads({ audienceId: big?.id ?? '', skip: 10, limit: 10 });
    expect(next.data[0]?.id).not.toBe(p.data[0]?.id);
    const ids: string[] = [];
    for await (const l of client().audiences.allLeads(big?.id ?? '')) ids.push(l.id);
    expect(new Set(ids).size).toBe(big?.size);
    const over = await rawCall(`/audiences/${big?.id}/leads?limit=101`, { key: proWorkspace().apiKey });
    expect(over.status).toBe(400);
  });

  it('imports from a pronet search URL in the background: the audience at once, leads later on the clock', async () => {
    const { identities } = await client().identities.list();
    const res = await client().audiences.importFromUrl({
      audience: 'Imported CTOs',
      pronetUrl: 'https://www.pronet.example/search/results/people/?keywords=cto',
      identityId: identities[0]?.id ?? '',
    });
    expect(res.message).toEqual(expect.any(String));
    const find = async () => (await client().audiences.list()).audiences.find((a) => a.name === 'Imported CTOs');
    const created = await find();
    expect(created).toMatchObject({ size: 0, type: 'PRONET_SEARCH', sourceUrl: expect.stringContaining('/search/') });
    await advanceClock(5_000);
    expect((await find())?.size).toBe(1);
    await advanceClock(10_000);
    expect((await find())?.size).toBe(3);
    await advanceClock(60_000);
    expect((await find())?.size).toBe(3);
  });

  it('refuses an import with an unknown identity (404) or a URL off pronet (400)', async () => {
    const { identities } = await client().identities.list();
    await expect(
      client().audiences.importFromUrl({ audience: 'x', pronetUrl: 'https://www.pronet.example/search/results/people/', identityId: 'idt_x' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      client().audiences.importFromUrl({ audience: 'x', pronetUrl: 'https://example.com/search', identityId: identities[0]?.id ?? '' }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
