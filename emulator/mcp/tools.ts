/**
 * The agent tool server's tools, named and shaped like the real service's public tool server (plus
 * ours: update_note, search_leads). Each is one endpoint of the catalogue (lib/api/endpoints.ts),
 * its input the catalogue's own request schemas (path params and query, or body), some with fixed
 * filters. A call is dispatched into the API itself with the workspace's key, so it meets the same
 * rules, rate limit (shared with the key's HTTP calls) and call history row as any API call; a
 * refusal comes back as a tool error carrying the service's sentence.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod/mini';
import { endpoints, type EndpointName } from '../../lib/api/endpoints';
import { prepare } from '../../lib/api/http';
import {
  AudienceParams,
  CampaignListQuery,
  CampaignParams,
  ConversationMessagesQuery,
  ConversationParams,
  ConversationSearchQuery,
  ConversationTarget,
  LeadConversationsQuery,
  LeadLogsQuery,
  LeadParams,
  LeadSearchQuery,
  NoteRequest,
  SendEmailRequest,
  SendPronetRequest,
  SkipLimitQuery,
  SnoozeRequest,
} from '../../lib/api/schemas';

type ObjectSchema = z.ZodMiniObject;

/** An object of the fields of several catalogue schemas (path params with a query); `keys` picks some. */
function fieldsOf(schemas: readonly ObjectSchema[], keys?: readonly string[]): ObjectSchema {
  const shape: Record<string, z.core.$ZodType> = {};
  for (const s of schemas) Object.assign(shape, s.shape);
  if (keys) for (const k of Object.keys(shape)) if (!keys.includes(k)) delete shape[k];
  return z.object(shape);
}

const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** Archive, snooze and their undoing: a state set, not added to; the same call twice is the same state. */
const SET_STATE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** The note: replace overwrites what was there, append adds a dated entry each time. */
const NOTE: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false };
/** A message goes to a person outside and cannot be taken back; sent twice, it is two messages. */
const SEND: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

export interface ToolDef {
  name: string;
  title: string;
  description: string;
  endpoint: EndpointName;
  input: ObjectSchema;
  /** Filters the tool always sends (a saved search). */
  fixed?: Record<string, unknown>;
  annotations: ToolAnnotations;
}

const QUEUE_FIELDS = ['identityIds', 'campaignIds', 'audienceIds', 'limit', 'searchAfter'] as const;

export const TOOLS: readonly ToolDef[] = [
  {
    name: 'search_conversations',
    title: 'Search conversations',
    description:
      'Searches inbox conversations with filters combined by AND (status, last message status and channel, dates in epoch ms, leadReplied, read, favourite, q free text, leads, identities, audiences, campaigns). Lists are arrays. Pages by passing the previous nextToken as searchAfter with the same filters; total is exact on the first page only.',
    endpoint: 'searchConversations',
    input: ConversationSearchQuery,
    annotations: READ,
  },
  {
    name: 'get_conversations_to_reply',
    title: 'Conversations waiting for a reply',
    description: 'Open conversations whose last message came from the lead (status OPEN, last message RECEIVED, lead replied), most recent first.',
    endpoint: 'searchConversations',
    input: fieldsOf([ConversationSearchQuery], QUEUE_FIELDS),
    fixed: { status: ['OPEN'], lastMessageStatus: ['RECEIVED'], leadReplied: true },
    annotations: READ,
  },
  {
    name: 'get_unread_conversations',
    title: 'Unread conversations',
    description: 'Open conversations not yet read, most recent first.',
    endpoint: 'searchConversations',
    input: fieldsOf([ConversationSearchQuery], QUEUE_FIELDS),
    fixed: { status: ['OPEN'], read: false },
    annotations: READ,
  },
  {
    name: 'get_conversation_messages',
    title: 'Messages of a conversation',
    description: 'The messages of one conversation, newest first, 50 a page (page 0 is the newest).',
    endpoint: 'listConversationMessages',
    input: fieldsOf([ConversationParams, ConversationMessagesQuery]),
    annotations: READ,
  },
  {
    name: 'get_lead_conversations',
    title: 'Conversations of a lead',
    description: "A lead's conversations (one per identity), optionally with one identity only.",
    endpoint: 'listLeadConversations',
    input: fieldsOf([LeadParams, LeadConversationsQuery]),
    annotations: READ,
  },
  {
    name: 'archive_conversation',
    title: 'Archive a conversation',
    description:
      'Archives a conversation, named by conversationId, leadId, email or pronetUrl; when the lead has several conversations, narrow with identityId, campaignId or campaignName.',
    endpoint: 'archiveConversation',
    input: ConversationTarget,
    annotations: SET_STATE,
  },
  {
    name: 'unarchive_conversation',
    title: 'Unarchive a conversation',
    description: 'Brings an archived conversation back to the inbox (named as for archive_conversation).',
    endpoint: 'unarchiveConversation',
    input: ConversationTarget,
    annotations: SET_STATE,
  },
  {
    name: 'snooze_conversation',
    title: 'Snooze a conversation',
    description: 'Hides a conversation until snoozeUntil (ISO 8601 date-time, UTC when it has no offset, or epoch ms, in the future; left out: the same time tomorrow); it comes back by itself then.',
    endpoint: 'snoozeConversation',
    input: SnoozeRequest,
    annotations: SET_STATE,
  },
  {
    name: 'unsnooze_conversation',
    title: 'Unsnooze a conversation',
    description: 'Wakes a snoozed conversation now (named as for archive_conversation).',
    endpoint: 'unsnoozeConversation',
    input: ConversationTarget,
    annotations: SET_STATE,
  },
  {
    name: 'update_note',
    title: 'Update the note of a conversation',
    description:
      "Replaces (mode replace, the default) or appends to (mode append: a dated separator, then the text) the conversation's note; at most 1500 characters are kept (replace cuts the end, append drops the oldest text).",
    endpoint: 'updateNote',
    input: NoteRequest,
    annotations: NOTE,
  },
  {
    name: 'list_campaigns',
    title: 'Campaigns',
    description: 'The campaigns of the workspace, 25 a page (skip, limit).',
    endpoint: 'listCampaigns',
    input: CampaignListQuery,
    annotations: READ,
  },
  {
    name: 'get_campaign_stats',
    title: 'Campaign statistics',
    description: "A campaign's engagement statistics (replies, relations, channels, statuses).",
    endpoint: 'getCampaignStats',
    input: CampaignParams,
    annotations: READ,
  },
  {
    name: 'get_campaign_messages',
    title: 'Campaign message templates',
    description: "A campaign's message templates.",
    endpoint: 'listCampaignMessages',
    input: CampaignParams,
    annotations: READ,
  },
  {
    name: 'get_audience',
    title: 'Audience',
    description: 'One audience: its name, type and size.',
    endpoint: 'getAudience',
    input: AudienceParams,
    annotations: READ,
  },
  {
    name: 'get_audience_leads',
    title: 'Leads of an audience',
    description: 'The leads of an audience, paged with skip and limit (1 to 100), with the total.',
    endpoint: 'listAudienceLeads',
    input: fieldsOf([AudienceParams, SkipLimitQuery]),
    annotations: READ,
  },
  {
    name: 'search_leads',
    title: 'Find a lead',
    description:
      'Finds leads by leadId, email, pronetUrl or crmId, or by firstname + lastname + companyName: one lead with its recent logs, or several (duplicates) to choose from.',
    endpoint: 'searchLeads',
    input: LeadSearchQuery,
    annotations: READ,
  },
  {
    name: 'get_lead_logs',
    title: 'Activity of a lead',
    description: "A lead's activity log, newest first (skip, limit), optionally for one identity.",
    endpoint: 'listLeadLogs',
    input: fieldsOf([LeadParams, LeadLogsQuery]),
    annotations: READ,
  },
  {
    name: 'list_identities',
    title: 'Identities',
    description: 'The sending accounts of the workspace (an identityId sends messages).',
    endpoint: 'listIdentities',
    input: z.object({}),
    annotations: READ,
  },
  {
    name: 'list_members',
    title: 'Members',
    description: 'The members of the workspace (a memberId attributes an action).',
    endpoint: 'listMembers',
    input: z.object({}),
    annotations: READ,
  },
  {
    name: 'send_pronet_message',
    title: 'Send a pronet message',
    description: 'Sends a pronet message to a lead (leadId or pronetUrl) from an identity, attributed to a member. It cannot be taken back.',
    endpoint: 'sendPronetMessage',
    input: SendPronetRequest,
    annotations: SEND,
  },
  {
    name: 'send_email_message',
    title: 'Send an email',
    description:
      'Sends an email to a lead (leadId or leadEmail) from an identity: message {html, text}, and a subject or replyInLastThread: true. It cannot be taken back.',
    endpoint: 'sendEmail',
    input: SendEmailRequest,
    annotations: SEND,
  },
];

/** Answers an API request from inside the emulator (the app's own fetch). */
export type Dispatch = (request: Request) => Promise<Response>;

/** Where internal calls go: the API's base path on loopback (not the look-alike site's host). */
const INTERNAL_BASE = 'http://127.0.0.1/flow';

interface ServiceError {
  message?: unknown;
  error?: unknown;
  details?: unknown;
}

/** The service's sentence of a refusal (in `message`, or in `error` in the variants dialect), with its details. */
function refusal(status: number, body: unknown): string {
  const e = (typeof body === 'object' && body !== null ? body : {}) as ServiceError;
  const sentence = [e.message, e.error].find((s): s is string => typeof s === 'string' && s.trim() !== '') ?? `The service answered ${status}.`;
  return e.details && typeof e.details === 'object' ? `${sentence}\n${JSON.stringify(e.details)}` : sentence;
}

/** One tool call as an API call with the workspace's key (never shown to the agent). */
export async function callTool(dispatch: Dispatch, apiKey: string, tool: ToolDef, args: Record<string, unknown>): Promise<CallToolResult> {
  const req = prepare(INTERNAL_BASE, endpoints[tool.endpoint], { ...args, ...tool.fixed });
  const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  const res = await dispatch(new Request(req.url, { method: req.method, headers, body: req.body }));
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a dropped connection (injected fault) answers no JSON
  }
  if (!res.ok) return { isError: true, content: [{ type: 'text', text: refusal(res.status, body) }] };
  return { content: [{ type: 'text', text: typeof body === 'string' ? body : JSON.stringify(body) }] };
}

/** Registers every tool on `server`, each calling the API as the workspace whose key is given. */
export function registerTools(server: McpServer, dispatch: Dispatch, apiKey: () => string): void {
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, annotations: tool.annotations },
      (args: Record<string, unknown>) => callTool(dispatch, apiKey(), tool, args),
    );
  }
}
