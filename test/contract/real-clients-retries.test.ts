/**
 * Issue 29, item 3: a gateway that answers 502 after the service applied the request
 * (`applyThenFailRate`). The service's agent server retries every 5xx twice, sends included, with
 * no idempotency key (spec/real-clients.md, Errors): under this fault it sends the message three
 * times. Our client (lib/api) never resends a mutation after a 5xx: it surfaces the failure, and
 * the outcome is read back from the service, where the one message is found.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { baseUrl, clearFaults, clientFor, getConversation, leadBySlug, proWorkspace, resetEmulator, setFaults } from './harness';

/** The agent server's retry policy: ≥ 500 → retried twice for every method (its 1 s and 2 s waits shortened). */
async function agentServerPost(path: string, body: unknown, apiKey: string): Promise<number> {
  let status = 0;
  for (const waitMs of [0, 10, 20]) {
    await new Promise((r) => setTimeout(r, waitMs));
    const res = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.text();
    status = res.status;
    if (status < 500) break;
  }
  return status;
}

beforeEach(async () => {
  await resetEmulator('demo');
});

describe('a send answered 502 after it was applied', () => {
  it("the agent server's blind retries send the message three times; ours sends it once and finds it by reading back", async () => {
    const ws = proWorkspace();
    const client = clientFor(ws, { retry: { maxAttempts: 4, baseMs: 1, capMs: 5 } });
    const { lead, conversations } = await leadBySlug(client, 'ada-lovelace');
    const conversation = conversations[0];
    if (!conversation) throw new Error('ada has no conversation');
    const [member] = await client.members.list();
    const send = (message: string) => ({ identityId: conversation.identityId, memberId: String(member?.id), leadId: lead.id, message });
    const copies = async (message: string) => (await getConversation(conversation.id)).messages.filter((m) => m.content === message).length;

    await setFaults({ applyThenFailRate: 1 });

    expect(await agentServerPost('/inbox/pronet', send('Sent by the agent server'), ws.apiKey)).toBe(502);
    expect(await copies('Sent by the agent server')).toBe(3);

    // Ours: a mutation is not retried on a 5xx (a GET would be), so the failure reaches the caller...
    const err = await client.inbox.sendPronet(send('Sent by our client')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(502);
    await clearFaults();
    // ...whose outcome is unknown: read back, the message is there once, so nothing is sent again.
    const { data } = await client.conversations.messages({ conversationId: conversation.id });
    expect(data.filter((m) => m.content === 'Sent by our client')).toHaveLength(1);
    expect(await copies('Sent by our client')).toBe(1);
  });
});
