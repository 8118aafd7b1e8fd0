// Control API faults (design.md): latency, 5xx error rate, dropped connections, custom rate limit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../../lib/api/errors';
import { until } from './background-support';
import { clearFaults, clientFor, emulatorCalls, getConversation, proWorkspace, rawCall, resetEmulator, setFaults } from './harness';

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

  it('lateApplyMs applies a dropped mutation later, after the client heard nothing; a dropped read is not applied', async () => {
    const ws = proWorkspace();
    const client = clientFor(ws, { retry: { maxAttempts: 1 } });
    const [target] = (await client.conversations.search({ limit: 1, status: 'OPEN' })).data;
    if (!target) throw new Error('no open conversation');
    // Late enough that the "not yet" read below cannot miss it on a busy machine.
    await setFaults({ dropRate: 1, lateApplyMs: 2_000 });
    const err = await client.inbox.archive({ conversationId: target.id }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    await clearFaults();
    // Not yet: the service is still "working on it" ...
    expect((await getConversation(target.id)).conversation.status).toBe('OPEN');
    // ... and then it is applied once, the history saying so.
    await until(async () => (await getConversation(target.id)).conversation.status === 'ARCHIVED', 5_000, 'the late archive');
    const [late] = (await emulatorCalls({ workspace: ws.id })).filter((c) => c.endpoint === 'archiveConversation');
    expect(late).toMatchObject({ status: 0, ok: false });
    expect(late?.summary).toMatch(/applied late: 200/);
  });

  it('applyThenFailRate applies a mutation and then answers 502, as a gateway does; reads are untouched', async () => {
    const ws = proWorkspace();
    const client = clientFor(ws, { retry: { maxAttempts: 1 } });
    const [target] = (await client.conversations.search({ limit: 1, status: 'OPEN' })).data;
    if (!target) throw new Error('no open conversation');
    await setFaults({ applyThenFailRate: 1 });
    expect((await rawCall('/members', { key: ws.apiKey })).status).toBe(200);
    const res = await rawCall<{ message: string }>('/inbox/conversations/archive', { key: ws.apiKey, method: 'POST', body: { conversationId: target.id } });
    expect(res.status).toBe(502);
    await clearFaults();
    expect((await getConversation(target.id)).conversation.status).toBe('ARCHIVED');
    const [call] = (await emulatorCalls({ workspace: ws.id })).filter((c) => c.endpoint === 'archiveConversation');
    expect(call).toMatchObject({ status: 502, ok: false });
    expect(call?.summary).toMatch(/applied \(200.*then answered 502/);
  });

  it('refuses malformed faults with 400', async () => {
    await expect(setFaults({ errorRate: 3 })).rejects.toThrow(/400/);
    await expect(setFaults({ lateApplyMs: -1 })).rejects.toThrow(/400/);
    await expect(setFaults({ applyThenFailRate: 1.5 })).rejects.toThrow(/400/);
  });
});
