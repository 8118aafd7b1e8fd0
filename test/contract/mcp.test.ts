/**
 * The agent tool server (issue 28), driven by the MCP SDK's own Client, Streamable HTTP transport and
 * OAuth client provider: discovery, registration, sign-in and consent, the code exchange, the tools,
 * and the emulator's state after them. Refusals of the sign-in itself are mcp-oauth.test.ts.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { OAuthMetadataSchema, OAuthProtectedResourceMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { LATEST_PROTOCOL_VERSION, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../emulator/mcp/tools';
import { clearFaults, emulatorCalls, emulatorOrigin, freshRateWindow, getConversation, proWorkspace, rawCall, resetEmulator, setFaults } from './harness';
import { answerInBrowser, mcpUrl, PRO_MEMBER, rawMcp, signedInClient, startRawAuthorization, type MemoryOAuthProvider } from './mcp-support';

let agent: Client;
let agentAuth: MemoryOAuthProvider;

beforeAll(async () => {
  await resetEmulator('demo');
  ({ client: agent, provider: agentAuth } = await signedInClient());
});

afterAll(async () => {
  await agent.close();
});

afterEach(async () => {
  await clearFaults();
});

function textOf(result: unknown): string {
  const first = (result as CallToolResult).content[0];
  if (first?.type !== 'text') throw new Error(`no text in ${JSON.stringify(result)}`);
  return first.text;
}

async function call<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = await agent.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} refused: ${textOf(result)}`);
  return JSON.parse(textOf(result)) as T;
}

async function refusal(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await agent.callTool({ name, arguments: args });
  expect(result.isError).toBe(true);
  return textOf(result);
}

const ADA = 'https://www.pronet.example/in/ada-lovelace/';

async function adaConversationId(): Promise<string> {
  const found = await call<{ lead: { id: string } }>('search_leads', { pronetUrl: ADA });
  const { data } = await call<{ data: { id: string }[] }>('get_lead_conversations', { leadId: found.lead.id });
  const id = data[0]?.id;
  if (!id) throw new Error('Ada has no conversation');
  return id;
}

describe('discovery', () => {
  it('publishes RFC 9728 and RFC 8414 metadata the SDK reads, for public clients with PKCE S256', async () => {
    const origin = emulatorOrigin();
    const prm = OAuthProtectedResourceMetadataSchema.parse(await (await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`)).json());
    expect(prm).toMatchObject({ resource: mcpUrl(), authorization_servers: [origin] });
    const as = OAuthMetadataSchema.parse(await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json());
    expect(as).toMatchObject({
      issuer: origin,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
    expect(as.registration_endpoint).toBe(`${origin}/oauth/register`);
  });

  it('shows an accessible sign-in form, then a consent form naming the client with Allow and Deny', async () => {
    const { authorizationUrl } = await startRawAuthorization();
    const outcome = await answerInBrowser(authorizationUrl, PRO_MEMBER, 'none');
    expect(outcome.signInHtml).toMatch(/<html lang="en">/);
    expect(outcome.signInHtml).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email" autocomplete="username" required/);
    expect(outcome.signInHtml).toMatch(/<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/);
    expect(outcome.signInHtml).toContain('Contract test agent');
    expect(outcome.status).toBe(200);
    expect(outcome.consentHtml).toContain('<h1>Allow Contract test agent?</h1>');
    expect(outcome.consentHtml).toMatch(/<button class="primary" type="submit" name="decision" value="allow">Allow<\/button>/);
    expect(outcome.consentHtml).toMatch(/<button type="submit" name="decision" value="deny">Deny<\/button>/);
    expect(outcome.consentHtml).toContain('demo-pro');
    expect(outcome.consentHtml).toContain('Sam Rivera');
  });
});

describe('tools', () => {
  it('negotiates the protocol and lists every tool with its input schema and annotations', async () => {
    expect(agent.getServerVersion()?.name).toBe('outreach-service-emulator');
    const { tools } = await agent.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual(
      [
        'search_conversations',
        'get_conversations_to_reply',
        'get_unread_conversations',
        'get_conversation_messages',
        'get_lead_conversations',
        'archive_conversation',
        'unarchive_conversation',
        'snooze_conversation',
        'unsnooze_conversation',
        'list_campaigns',
        'get_campaign_stats',
        'get_campaign_messages',
        'get_audience',
        'get_audience_leads',
        'get_lead_logs',
        'list_identities',
        'list_members',
        'send_pronet_message',
        'send_email_message',
        'update_note',
        'search_leads',
      ].sort(),
    );
    expect(names).toEqual(TOOLS.map((t) => t.name).sort());
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.annotations).toEqual(expect.objectContaining({ readOnlyHint: expect.any(Boolean), destructiveHint: expect.any(Boolean), idempotentHint: expect.any(Boolean) }));
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('list_members')?.annotations?.readOnlyHint).toBe(true);
    expect(byName.get('archive_conversation')?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });
    expect(byName.get('send_pronet_message')?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    // The catalogue's own schemas: the note's mode is the client's enum, the search's status its list.
    expect(byName.get('update_note')?.inputSchema.properties?.mode).toMatchObject({ enum: ['replace', 'append'] });
    expect(byName.get('snooze_conversation')?.inputSchema.properties).toHaveProperty('snoozeUntil');
    expect(byName.get('get_conversations_to_reply')?.inputSchema.properties).not.toHaveProperty('status');
  });

  it('speaks the latest protocol version over Streamable HTTP, stateless, JSON answers', async () => {
    const res = await rawMcp(`Bearer ${agentAuth.saved?.access_token}`, mcpUrl(), LATEST_PROTOCOL_VERSION);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const { result } = (await res.json()) as { result: { protocolVersion: string; capabilities: Record<string, unknown> } };
    expect(result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    expect(result.capabilities).toHaveProperty('tools');
    const stream = await fetch(mcpUrl(), { headers: { authorization: `Bearer ${agentAuth.saved?.access_token}`, accept: 'text/event-stream' } });
    expect(stream.status).toBe(405);
  });

  it('reads the workspace: members, identities, campaigns and stats, the queues, a lead and its logs', async () => {
    const members = await call<{ id: string; name: string }[]>('list_members');
    expect(members.map((m) => m.name)).toContain('Sam Rivera');
    const { identities } = await call<{ identities: { id: string }[] }>('list_identities');
    expect(identities.length).toBeGreaterThan(0);
    const { campaigns } = await call<{ campaigns: { id: string }[] }>('list_campaigns', { limit: 5 });
    expect(campaigns).toHaveLength(5);
    const stats = await call<{ engagementStats: { campaignId: string } }>('get_campaign_stats', { campaignId: campaigns[0]?.id });
    expect(stats.engagementStats.campaignId).toBe(campaigns[0]?.id);
    await call('get_campaign_messages', { campaignId: campaigns[0]?.id });
    const toReply = await call<{ data: { status: string; lastMessageStatus: string; leadReplied: boolean }[]; total: number }>('get_conversations_to_reply', { limit: 10 });
    expect(toReply.data.length).toBeGreaterThan(0);
    for (const c of toReply.data) expect(c).toMatchObject({ status: 'OPEN', lastMessageStatus: 'RECEIVED', leadReplied: true });
    const unread = await call<{ data: { read: boolean }[] }>('get_unread_conversations', { limit: 10 });
    for (const c of unread.data) expect(c.read).toBe(false);
    const page = await call<{ data: unknown[]; nextToken: string | null; hasMore: boolean }>('search_conversations', { status: ['ARCHIVED'], limit: 2 });
    expect(page.data).toHaveLength(2);
    const next = await call<{ data: unknown[]; total: number | null }>('search_conversations', { status: ['ARCHIVED'], limit: 2, searchAfter: page.nextToken });
    expect(next.total).toBeNull();
    const found = await call<{ lead: { id: string; audienceIds?: string[] } }>('search_leads', { pronetUrl: ADA });
    const logs = await call<{ data: unknown[] }>('get_lead_logs', { leadId: found.lead.id, limit: 5 });
    expect(Array.isArray(logs.data)).toBe(true);
    const messages = await call<{ data: unknown[]; total: number }>('get_conversation_messages', { conversationId: await adaConversationId() });
    expect(messages.total).toBeGreaterThan(0);
  });

  it('archives through the agent: the conversation is archived in the emulator, and the call history has the row', async () => {
    const id = await adaConversationId();
    const before = (await emulatorCalls())[0]?.id ?? 0;
    await call('archive_conversation', { conversationId: id });
    expect((await getConversation(id)).conversation.status).toBe('ARCHIVED');
    const rows = (await emulatorCalls()).filter((r) => r.id > before);
    expect(rows).toEqual([expect.objectContaining({ endpoint: 'archiveConversation', ok: true, status: 200, workspaceName: 'demo-pro' })]);
    await call('unarchive_conversation', { conversationId: id });
    expect((await getConversation(id)).conversation.status).toBe('OPEN');
  });

  it('snoozes, unsnoozes and appends to the note, by the rules of lib/inbox', async () => {
    const id = await adaConversationId();
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await call('snooze_conversation', { conversationId: id, snoozeUntil: until });
    expect((await getConversation(id)).conversation).toMatchObject({ status: 'SNOOZED', snoozeUntil: Date.parse(until) });
    await call('unsnooze_conversation', { conversationId: id });
    expect((await getConversation(id)).conversation.status).toBe('OPEN');
    const before = (await getConversation(id)).conversation.note ?? '';
    const { data } = await call<{ data: { note: string } }>('update_note', { conversationId: id, note: 'Call back in March', mode: 'append' });
    expect(data.note.startsWith(before)).toBe(true);
    expect(data.note).toMatch(/\n-- \d{4}-\d{2}-\d{2} \d{2}:\d{2} --\nCall back in March$/);
    expect((await getConversation(id)).conversation.note).toBe(data.note);
  });

  it('sends a pronet message as a member from an identity: a SENT message in the conversation', async () => {
    const id = await adaConversationId();
    const whole = await getConversation(id);
    const members = await call<{ id: string }[]>('list_members');
    const sent = await call<{ messageId: string }>('send_pronet_message', {
      identityId: whole.conversation.identityId,
      memberId: members[0]?.id,
      leadId: whole.conversation.leadId,
      message: 'Thanks, Ada — talk soon.',
    });
    const after = await getConversation(id);
    expect(after.messages.at(-1)).toMatchObject({ id: sent.messageId, direction: 'SENT', content: 'Thanks, Ada — talk soon.' });
  });

  it('answers a refusal as a tool error with the service sentence, and changes nothing', async () => {
    const body = { conversationId: 'conv_missing' };
    const http = await rawCall<{ message: string }>('/inbox/conversations/archive', { key: proWorkspace().apiKey, body });
    expect(http.status).toBe(404);
    expect(await refusal('archive_conversation', body)).toBe(http.body.message);
    const id = await adaConversationId();
    const text = await refusal('snooze_conversation', { conversationId: id, snoozeUntil: '2001-01-01T00:00:00Z' });
    expect(text).toMatch(/snoozeUntil must be in the future/);
    expect((await getConversation(id)).conversation.status).toBe('OPEN');
    // A lead with two conversations and no filter: the service's 409 sentence, with the candidates to choose from.
    const grace = await refusal('archive_conversation', { pronetUrl: 'https://www.pronet.example/in/grace-hopper/' });
    expect(grace.split('\n')[1]).toMatch(/"candidates"/);
    const failed = await emulatorCalls({ failed: true });
    expect(failed.slice(0, 3).map((r) => r.endpoint)).toEqual(['archiveConversation', 'snoozeConversation', 'archiveConversation']);
  });

  it('refuses input the catalogue schema refuses, before any call', async () => {
    const before = (await emulatorCalls())[0]?.id ?? 0;
    const text = await refusal('update_note', { conversationId: 'c1', note: 'x', mode: 'prepend' });
    expect(text).toMatch(/Input validation error/);
    expect(text).toMatch(/mode/);
    expect((await emulatorCalls()).filter((r) => r.id > before)).toEqual([]);
  });
});

describe('the rate limit, shared with the key', () => {
  it('counts tool calls and the key s HTTP calls in one budget, and refuses with the 429 sentence', async () => {
    await setFaults({ rateLimit: { calls: 4, windowMs: 10_000 } });
    await freshRateWindow();
    const key = proWorkspace().apiKey;
    for (let i = 0; i < 3; i++) expect((await rawCall('/members', { key })).status).toBe(200);
    await call('list_members');
    const text = await refusal('list_identities', {});
    const [sentence, details] = text.split('\n');
    expect(sentence).toMatch(/^Rate limit exceeded: at most 4 calls per 10 seconds; retry in \d+ s\.$/);
    expect(JSON.parse(details ?? '{}')).toEqual({ retryAfter: expect.any(Number) });
    expect((await rawCall('/members', { key })).status).toBe(429);
    const rows = (await emulatorCalls()).slice(0, 2);
    expect(rows.map((r) => [r.endpoint, r.status])).toEqual([
      ['listMembers', 429],
      ['listIdentities', 429],
    ]);
  });
});

describe('refresh', () => {
  it('renews an expired access token with the rotated refresh token, inside the SDK transport', async () => {
    const { advanceClock } = await import('./harness');
    const { client, provider } = await signedInClient();
    const first = provider.saved?.access_token;
    await advanceClock(16 * 60_000);
    expect((await client.listTools()).tools.length).toBe(TOOLS.length);
    expect(provider.saved?.access_token).not.toBe(first);
    await client.close();
  });
});
