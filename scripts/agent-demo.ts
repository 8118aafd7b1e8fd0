/**
 * `npm run agent-demo -- [--url http://127.0.0.1:8787/mcp] [--email E --password P]`
 * An agent against the running emulator's tool server, with the MCP SDK's own client: sign-in by
 * OAuth (headless: the sign-in and consent forms are posted as a browser would), the tools listed,
 * a few read, an archive (or an unarchive) checked in the emulator's state and put back as it was
 * (said plainly when it is not), a refusal, and the call
 * history rows the calls left. The default member is the demo's Sam Rivera (demo-pro).
 */
import { parseArgs } from 'node:util';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { demoPasswordFor, memberEmailFor } from '../emulator/seed/workspace';
import { signedInClient } from './agent/sign-in';

const { values } = parseArgs({ options: { url: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } } });
const url = values.url ?? 'http://127.0.0.1:8787/mcp';
const email = values.email ?? memberEmailFor('demo-pro', 'Sam Rivera');
const password = values.password ?? demoPasswordFor(email);
const origin = new URL(url).origin;

let step = 0;
const say = (line: string) => console.log(`${++step}. ${line}`);

const { client } = await signedInClient({ email, password }, url, say);
say(`connected as ${email}: server ${client.getServerVersion()?.name} ${client.getServerVersion()?.version}`);

const text = (r: unknown) => ((r as CallToolResult).content[0] as { text: string }).text;
async function tool<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const r = await client.callTool({ name, arguments: args });
  if (r.isError) throw new Error(`${name}: ${text(r)}`);
  return JSON.parse(text(r)) as T;
}

const { tools } = await client.listTools();
say(`${tools.length} tools: ${tools.map((t) => `${t.name}${t.annotations?.readOnlyHint ? '' : '*'}`).join(', ')} (* changes data)`);

const members = await tool<{ name: string }[]>('list_members');
say(`list_members: ${members.map((m) => m.name).join(', ')}`);
const toReply = await tool<{ total: number; data: { id: string }[] }>('get_conversations_to_reply', { limit: 3 });
say(`get_conversations_to_reply: ${toReply.total} waiting, first ${toReply.data.map((c) => c.id).join(', ')}`);

const { lead } = await tool<{ lead: { id: string; firstname: string; lastname: string } }>('search_leads', { pronetUrl: 'https://www.pronet.example/in/ada-lovelace/' });
const { data: conversations } = await tool<{ data: { id: string; status: string; snoozeUntil: number | null }[] }>('get_lead_conversations', { leadId: lead.id });
const conversation = conversations[0];
if (!conversation) throw new Error('the lead has no conversation');
say(`search_leads + get_lead_conversations: ${lead.firstname} ${lead.lastname} (${lead.id}), conversation ${conversation.id} ${conversation.status}`);

type Whole = { conversation: { status: string; snoozeUntil: number | null } };
const stateOf = async () => ((await (await fetch(`${origin}/_emulator/conversations/${conversation.id}`)).json()) as Whole).conversation;
const before = await stateOf();
// The demo changes the conversation and puts it back as it found it (issue 41: it left an archived Ada open).
const [act, undo] = before.status === 'ARCHIVED' ? (['unarchive_conversation', 'archive_conversation'] as const) : (['archive_conversation', 'unarchive_conversation'] as const);
await tool(act, { conversationId: conversation.id });
say(`${act}, then GET /_emulator/conversations/${conversation.id}: ${(await stateOf()).status}`);
await tool(undo, { conversationId: conversation.id });
// Unarchiving opens it: a snooze it had, still to come, is set again.
if (before.status === 'SNOOZED' && before.snoozeUntil !== null && before.snoozeUntil > Date.now()) {
  await tool('snooze_conversation', { conversationId: conversation.id, snoozeUntil: new Date(before.snoozeUntil).toISOString() });
}
const after = await stateOf();
const same = after.status === before.status && (before.status !== 'SNOOZED' || Math.abs((after.snoozeUntil ?? 0) - (before.snoozeUntil ?? 0)) < 1_000);
say(same ? `${undo}: back as it was (${after.status})` : `${undo}: NOT as it was: ${before.status} before, ${after.status} now`);

const refused = await client.callTool({ name: 'snooze_conversation', arguments: { conversationId: conversation.id, snoozeUntil: '2001-01-01T00:00:00Z' } });
say(`snooze_conversation into the past: isError ${refused.isError}, "${text(refused)}"`);

const { calls } = (await (await fetch(`${origin}/_emulator/calls`)).json()) as { calls: { endpoint: string | null; status: number; workspaceName: string | null }[] };
say(`call history, newest first: ${calls
  .slice(0, 8)
  .map((c) => `${c.endpoint} ${c.status}`)
  .join(', ')} (workspace ${calls[0]?.workspaceName})`);
await client.close();
