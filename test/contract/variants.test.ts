/**
 * The client against both dialects of the emulator: the documented shapes (`standard`) and the
 * variants the real service is known to send (`--dialect variants`, `spec/endpoints.md`): the note
 * update with `success: true`, the error sentence in `error`, the identities, members and webhook
 * lists bare, as `{data}` or `{<name>}`, webhook items with extra fields. The client reads each the same.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { clientFor, proWorkspace, rawCall, resetEmulator, setDialect } from './harness';

/** Three calls: in the variants dialect, each list envelope comes once. */
const THREE = [0, 1, 2];

describe.each(['standard', 'variants'] as const)('the %s dialect', (dialect) => {
  beforeEach(async () => {
    await resetEmulator('demo');
    await setDialect(dialect);
  });

  it('reads the members and identities lists whatever their envelope', async () => {
    const client = clientFor(proWorkspace());
    for (const _ of THREE) {
      const members = await client.members.list();
      expect(members.length).toBeGreaterThan(0);
      expect(members[0]).toEqual({ id: expect.any(String), name: expect.any(String), label: expect.any(String) });
      const { identities } = await client.identities.list();
      expect(identities.length).toBeGreaterThan(0);
      expect(identities[0]?.id).toEqual(expect.any(String));
    }
  });

  it('reads the webhook list whatever its envelope, keeping the documented fields of each item', async () => {
    const client = clientFor(proWorkspace());
    await client.inboxWebhooks.create({ url: 'https://hooks.example/variants', name: 'variants' });
    for (const _ of THREE) {
      const hooks = await client.inboxWebhooks.list();
      const mine = hooks.find((h) => h.url === 'https://hooks.example/variants');
      expect(mine && Object.keys(mine).sort()).toEqual(['campaignIds', 'createdAt', 'id', 'name', 'url']);
    }
  });

  it('reads the note update answer, with statusCode or success: true', async () => {
    const client = clientFor(proWorkspace());
    const [conversation] = (await client.conversations.search({ limit: 1 })).data;
    if (!conversation) throw new Error('no conversation');
    const res = await client.inbox.note({ conversationId: conversation.id, note: `${dialect} note`, mode: 'replace' });
    expect(res.statusCode).toBe(200);
    expect(res.data.note).toBe(`${dialect} note`);
  });

  it("keeps the service's sentence of an error, from message or from error", async () => {
    const raw = await rawCall<Record<string, unknown>>('/inbox/conversations/note', { key: proWorkspace().apiKey, method: 'POST', body: { mode: 'replace' } });
    expect(raw.status).toBe(400);
    expect('message' in raw.body).toBe(dialect === 'standard');
    const err = await clientFor(proWorkspace())
      .inbox.note({ note: 'x', mode: 'replace' } as never)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).serviceMessage).toMatch(/conversationId/);
  });
});
