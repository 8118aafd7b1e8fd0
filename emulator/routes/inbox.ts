/**
 * Inbox: note (#25), archive (#26), unarchive (#27), snooze (#28), unsnooze (#29), send a pronet
 * message (#30) or an email (#31). The note rules and the state transitions are lib/inbox's, the
 * very code the UI previews with.
 */
import { SNOOZE_DEFAULT_MS, snoozeUntilMs } from '../../lib/api/schemas';
import { SnoozeInPastError, applyAction, type ConversationAction } from '../../lib/inbox/conversation-state';
import { applyNote } from '../../lib/inbox/note-rules';
import { PRONET_MESSAGE_MAX } from '../../lib/inbox/reply-rules';
import type { EmulatorCore } from '../core';
import { invalid, notFound } from '../domain-error';
import type { RegisterEndpoint } from '../http/endpoint';
import type { ConversationRecord, LeadRecord, MessageChannel } from '../model';
import { resolveConversation, type ConversationTargetInput } from '../rules/conversation-target';
import { canonicalPronetUrl } from '../rules/lead-lookup';
import { newId, type WorkspaceStore } from '../store';
import { toConversationSummary } from '../wire';

function act(ws: WorkspaceStore, target: ConversationTargetInput, action: ConversationAction, now: number, until?: number) {
  const c = resolveConversation(ws, target);
  let next;
  try {
    next = applyAction(c, action, now, until);
  } catch (err) {
    if (err instanceof SnoozeInPastError) throw invalid('snoozeUntil must be in the future.', { field: 'snoozeUntil' });
    throw err;
  }
  ws.updateConversation(c, { status: next.status, snoozeUntil: next.snoozeUntil });
  return { data: toConversationSummary(ws, c) };
}

/** The conversation of `lead` with `identityId` on `channel`, created when there is none. */
function conversationFor(ws: WorkspaceStore, lead: LeadRecord, identityId: string, now: number): ConversationRecord {
  const existing = ws.conversationsOfLead(lead.id).find((c) => c.identityId === identityId);
  if (existing) return existing;
  const campaign = ws.data.campaigns.find((c) => c.identityId === identityId && lead.audienceIds.includes(c.audienceId));
  const c: ConversationRecord = {
    id: newId('conv'),
    leadId: lead.id,
    identityId,
    campaignId: campaign?.id ?? null,
    audienceId: campaign?.audienceId ?? null,
    externalConversationId: newId('ext'),
    status: 'OPEN',
    snoozeUntil: null,
    lastMessageAt: null,
    lastMessageStatus: null,
    lastMessageType: null,
    leadReplied: false,
    favourite: false,
    read: true,
    callCompletedAt: null,
    note: null,
    createdAt: now,
  };
  ws.addConversation(c);
  return c;
}

function checkSender(ws: WorkspaceStore, identityId: string, memberId: string | undefined): void {
  if (!ws.identities.has(identityId)) throw notFound(`No identity ${identityId}.`);
  if (memberId !== undefined && !ws.members.has(memberId)) throw notFound(`No member ${memberId}.`);
}

function send(
  core: EmulatorCore,
  ws: WorkspaceStore,
  lead: LeadRecord,
  s: { identityId: string; memberId?: string; channel: MessageChannel; subject: string | null; content: string; attachments?: readonly string[]; cc?: readonly string[]; bcc?: readonly string[] },
  now: number,
): string {
  const c = conversationFor(ws, lead, s.identityId, now);
  const message = core.addMessage(ws, c, {
    id: newId('msg'),
    direction: 'SENT',
    channel: s.channel,
    status: 'SENT',
    subject: s.subject,
    content: s.content,
    createdAt: now,
    memberId: s.memberId ?? null,
    attachments: [...(s.attachments ?? [])],
    ...(s.cc?.length ? { cc: [...s.cc] } : {}),
    ...(s.bcc?.length ? { bcc: [...s.bcc] } : {}),
  });
  ws.addLog({
    id: newId('log'),
    leadId: lead.id,
    identityId: s.identityId,
    campaignId: c.campaignId,
    type: s.channel === 'EMAIL' ? 'EMAIL_SENT' : 'PRONET_MESSAGE_SENT',
    description: s.channel === 'EMAIL' ? 'Email sent' : 'Pronet message sent',
    createdAt: now,
  });
  return message.id;
}

/** The subject of a reply in the thread of email `messageId`, one of this lead's with this identity. */
function threadSubject(ws: WorkspaceStore, lead: LeadRecord, identityId: string, messageId: string): string {
  const earlier = ws
    .conversationsOfLead(lead.id)
    .filter((c) => c.identityId === identityId)
    .flatMap((c) => ws.messagesOf(c.id))
    .find((m) => m.id === messageId);
  if (!earlier) throw notFound(`No message ${messageId} with this lead and identity.`);
  if (earlier.channel !== 'EMAIL' || !earlier.subject) throw invalid('replyToMessageId must name an email.', { field: 'replyToMessageId' });
  return /^re:/i.test(earlier.subject) ? earlier.subject : `Re: ${earlier.subject}`;
}

export function registerInboxRoutes(endpoint: RegisterEndpoint): void {
  endpoint('updateNote', ({ ws, body, now }) => {
    const { note: text, mode, ...target } = body;
    const c = resolveConversation(ws, target);
    const { note, truncated } = applyNote(c.note, text, mode ?? 'replace', new Date(now));
    ws.updateConversation(c, { note });
    ws.addLog({
      id: newId('log'),
      leadId: c.leadId,
      identityId: c.identityId,
      campaignId: c.campaignId,
      type: 'NOTE_UPDATED',
      description: mode === 'append' ? 'Note appended' : 'Note replaced',
      createdAt: now,
    });
    return { data: { conversationId: c.id, note, noteLength: note.length, truncated } };
  });

  endpoint('archiveConversation', ({ ws, body, now }) => act(ws, body, 'archive', now));
  endpoint('unarchiveConversation', ({ ws, body, now }) => act(ws, body, 'unarchive', now));
  endpoint('unsnoozeConversation', ({ ws, body, now }) => act(ws, body, 'unsnooze', now));
  endpoint('snoozeConversation', ({ ws, body, now }) => {
    const { snoozeUntil, ...target } = body;
    return act(ws, target, 'snooze', now, snoozeUntil === undefined ? now + SNOOZE_DEFAULT_MS : snoozeUntilMs(snoozeUntil));
  });

  endpoint('sendPronetMessage', ({ core, ws, body, now }) => {
    checkSender(ws, body.identityId, body.memberId);
    let lead: LeadRecord | undefined;
    if (body.leadId !== undefined) lead = ws.leads.get(body.leadId);
    else if (body.pronetUrl !== undefined) lead = ws.leadByPronetUrl(canonicalPronetUrl(body.pronetUrl));
    if (!lead) throw notFound('No lead matches this message.');
    if (body.message.length > PRONET_MESSAGE_MAX) throw invalid(`message must be at most ${PRONET_MESSAGE_MAX} characters.`, { field: 'message' });
    // A voice note travels as its file, after any other attachment.
    const attachments = [...(body.attachments ?? []), ...(body.audioUrl !== undefined ? [body.audioUrl] : [])];
    const messageId = send(core, ws, lead, { ...body, channel: 'PRONET', subject: null, content: body.message, attachments }, now);
    return { messageId };
  });

  endpoint('sendEmail', ({ core, ws, body, now }) => {
    checkSender(ws, body.identityId, body.memberId);
    const lead = body.leadId !== undefined ? ws.leads.get(body.leadId) : body.leadEmail ? ws.leadByEmail(body.leadEmail) : undefined;
    if (!lead) throw notFound('No lead matches this email.');
    if (!lead.proEmail && !lead.persoEmail) throw invalid('The lead has no email address.');
    let subject = body.subject ?? (body.replyToMessageId !== undefined ? threadSubject(ws, lead, body.identityId, body.replyToMessageId) : null);
    if (subject === null) {
      const thread = ws
        .conversationsOfLead(lead.id)
        .filter((c) => c.identityId === body.identityId)
        .flatMap((c) => ws.messagesOf(c.id))
        .filter((m) => m.channel === 'EMAIL' && m.subject)
        .at(-1);
      if (!thread?.subject) throw invalid('replyInLastThread: there is no earlier email thread with this lead.');
      subject = /^re:/i.test(thread.subject) ? thread.subject : `Re: ${thread.subject}`;
    }
    const content = body.message.html ?? body.message.text ?? '';
    const messageId = send(core, ws, lead, { ...body, channel: 'EMAIL', subject, content }, now);
    return { messageId };
  });
}
