// Spec §7 rule 1 and §8: 50 calls per rolling 10 s per key, then 429 with Retry-After.
import { beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, clearFaults, clientFor, proWorkspace, rawCall, resetEmulator, setFaults, workspace } from './harness';

beforeEach(async () => {
  await resetEmulator('demo');
});

describe('rate limit', () => {
  it('serves 50 calls in 10 s, refuses the 51st with 429 and Retry-After in whole seconds', async () => {
    const key = proWorkspace().apiKey;
    for (let i = 0; i < 50; i++) {
      const res = await rawCall('/members', { key });
      expect(res.status).toBe(200);
    }
    const refused = await rawCall<{ statusCode: number; error: string }>('/members', { key });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    const retryAfter = refused.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(10);
  });

  it('lets calls through again once the window has rolled on the emulator clock', async () => {
    const key = proWorkspace().apiKey;
    for (let i = 0; i < 50; i++) await rawCall('/members', { key });
    const refused = await rawCall('/members', { key });
    expect(refused.status).toBe(429);
    await advanceClock(Number(refused.headers.get('retry-after')) * 1000);
    expect((await rawCall('/members', { key })).status).toBe(200);
  });

  it('counts per key: another workspace is not limited by the first', async () => {
    const key = proWorkspace().apiKey;
    for (let i = 0; i < 51; i++) await rawCall('/members', { key });
    expect((await rawCall('/members', { key: workspace('demo-pro-nocrm').apiKey })).status).toBe(200);
  });

  it('the client sees the 429 as an ApiError with retryAfter', async () => {
    await setFaults({ rateLimit: { calls: 2, windowMs: 5_000 } });
    const client = clientFor(proWorkspace());
    await client.members.list();
    await client.members.list();
    await expect(client.members.list()).rejects.toMatchObject({ kind: 'api', status: 429, retryAfter: 5 });
    await clearFaults();
  });
});
