// Control API faults (design.md): latency, 5xx error rate, dropped connections, custom rate limit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../../lib/api/errors';
import { clearFaults, clientFor, emulatorCalls, proWorkspace, rawCall, resetEmulator, setFaults } from './harness';

beforeEach(async () => {
  await resetEmulator('demo');
});
afterEach(async () => {
  await clearFaults();
});

describe('faults', () => {
  it('errorRate 1 answers every call with a 5xx error body; {} clears it', async () => {
    await setFaults({ errorRate: 1 });
    const res = await rawCall<{ statusCode: number }>('/members', { key: proWorkspace().apiKey });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.body.statusCode).toBe(res.status);
    await clearFaults();
    expect((await rawCall('/members', { key: proWorkspace().apiKey })).status).toBe(200);
  });

  it('dropRate 1 closes the connection without an answer (a network error for the client)', async () => {
    await setFaults({ dropRate: 1 });
    const err = await clientFor(proWorkspace()).members.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).timedOut).toBe(false);
    const calls = await emulatorCalls({ failed: true });
    expect(calls[0]).toMatchObject({ endpoint: 'listMembers', ok: false, status: 0 });
  });

  it('latencyMs delays the answer; the client timeout turns it into a timed-out network error', async () => {
    await setFaults({ latencyMs: 400 });
    const err = await clientFor(proWorkspace(), { timeoutMs: 50 })
      .members.list()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).timedOut).toBe(true);
  });

  it('refuses malformed faults with 400', async () => {
    await expect(setFaults({ errorRate: 3 })).rejects.toThrow(/400/);
  });
});
