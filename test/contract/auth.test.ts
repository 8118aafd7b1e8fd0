// Spec §5 (authentication) and §8 (API availability: Pro plan and above).
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import {
  clientFor,
  emulatorCalls,
  proWorkspace,
  rawCall,
  resetEmulator,
  starterWorkspace,
} from './harness';

beforeAll(async () => {
  await resetEmulator('demo');
});

describe('authentication', () => {
  it('accepts the key as Authorization: Bearer (the client) and GET /members confirms it', async () => {
    const members = await clientFor(proWorkspace()).members.list();
    expect(members.length).toBeGreaterThan(0);
    expect(members[0]).toEqual({ id: expect.any(String), name: expect.any(String), label: expect.any(String) });
  });

  it('accepts the key as x-api-key', async () => {
    const res = await rawCall<unknown[]>('/members', { key: proWorkspace().apiKey, keyForm: 'x-api-key' });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.headers.get('deprecation')).toBeNull();
  });

  it('still accepts the deprecated ?apikey= form and marks the response Deprecation: true', async () => {
    const res = await rawCall<{ statusCode: number }>('/credits', { key: proWorkspace().apiKey, keyForm: 'query' });
    expect(res.status).toBe(200);
    expect(res.body.statusCode).toBe(200);
    expect(res.headers.get('deprecation')).toBe('true');
  });

  it('answers 401 without a key and with an unknown key, in the documented error body', async () => {
    const none = await rawCall('/members');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: expect.any(String) });
    const wrong = await rawCall<{ message: string }>('/members', { key: 'key_nobody_0000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).not.toContain('key_nobody_0000');
    await expect(clientFor({ ...proWorkspace(), apiKey: 'nope' }).members.list()).rejects.toMatchObject({
      kind: 'api',
      status: 401,
    });
  });

  it('refuses a Starter workspace with 403 on every endpoint (API from Pro up)', async () => {
    const client = clientFor(starterWorkspace());
    const err = await client.members.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).serviceMessage).toMatch(/Pro/);
    await expect(client.campaigns.list()).rejects.toMatchObject({ status: 403 });
  });

  it('never records the key in the call history, whatever form carried it', async () => {
    const key = proWorkspace().apiKey;
    await rawCall('/members?limit=1', { key, keyForm: 'query' });
    const calls = await emulatorCalls();
    expect(calls.length).toBeGreaterThan(0);
    expect(JSON.stringify(calls)).not.toContain(key);
    expect(calls[0]?.path).toBe('/flow/members?limit=1');
  });
});
