/**
 * Replies: what the composer needs (channels, the email thread, who I am, the undo window, the draft),
 * the send (queued in the outbox, held for the undo window: `outbox-reply.ts` sends it exactly once),
 * Undo, drafts, and "I am" (the member a pronet message is sent by, kept per key).
 */
import type { ConversationSummary, Lead } from '../../api/schemas';
import { unfilledPlaceholders } from '../../inbox/placeholders';
import { replyTextProblem, type ReplyChannel } from '../../inbox/reply-rules';
import type { Settings } from '../../settings';
import type { ProfileCache } from '../../store/cache';
import type { OutboxAction } from '../../store/db';
import type { MetaStore } from '../../store/meta';
import type { OutboxItemView, ReplyContextView, ReplyDraftView } from '../../views';
import type { BackgroundApi } from '../api';
import type { HandlerMap } from '../dispatch';
import { NoKeyError, RequestError } from '../error-view';
import type { Outbox } from '../outbox';
import type { PanelData } from '../panel-data';
import { messagesView } from './profile';
import { keyDigest } from '../key-book';

export interface ReplyHandlerDeps {
  enqueue(action: OutboxAction): Promise<OutboxItemView>;
  outbox: Pick<Outbox, 'discard' | 'retry'>;
  api: Pick<BackgroundApi, 'conversationMessages' | 'leadConversations' | 'leadById' | 'members'>;
  cache: Pick<ProfileCache, 'byLead' | 'profileOfLead'>;
  panelData: Pick<PanelData, 'recentMessages'>;
  meta: MetaStore;
  clock: { now(): number };
  settings(): Settings;
  /** The stored key, to keep "I am" per key (only a digest of it is stored). */
  key(): string | null;
}

type ReplyRequests = 'reply-context' | 'reply-send' | 'reply-undo' | 'reply-draft' | 'reply-members' | 'reply-member-set';

const DRAFTS_META = 'reply-drafts';
const MEMBER_META = 'reply-member:';
/** Drafts kept at most (the oldest go first). */
const DRAFTS_MAX = 200;
const user = { priority: 'user' as const };

type Drafts = Record<string, ReplyDraftView & { at: number }>;


const hasEmail = (lead: Lead | null) => Boolean(lead?.proEmail || lead?.persoEmail);

/** The conversation and its lead, from the cache when the profile was resolved, else from the service. */
export async function replyTarget(
  deps: { cache: Pick<ProfileCache, 'byLead'>; api: Pick<BackgroundApi, 'leadConversations' | 'leadById'> },
  leadId: string,
  conversationId: string,
): Promise<{ conversation: ConversationSummary; lead: Lead | null }> {
  for (const entry of await deps.cache.byLead(leadId)) {
    const conversation = entry.conversations.find((c) => c.id === conversationId);
    if (conversation) return { conversation, lead: entry.lead };
  }
  const conversation = (await deps.api.leadConversations(leadId, user)).find((c) => c.id === conversationId);
  if (!conversation) throw new RequestError('not-found', 'conversation-gone');
  return { conversation, lead: await deps.api.leadById(leadId, user) };
}

export function replyHandlers(deps: ReplyHandlerDeps): HandlerMap<ReplyRequests> {
  const { meta } = deps;
  /** Draft writes one after another: two quick saves never lose the later. */
  let draftWrites: Promise<unknown> = Promise.resolve();

  async function memberKey(): Promise<string | null> {
    const key = deps.key();
    return key ? MEMBER_META + (await keyDigest(key)) : null;
  }

  function saveDraft(conversationId: string, draft: ReplyDraftView | null): Promise<void> {
    const write = draftWrites.then(async () => {
      const drafts = { ...((await meta.get<Drafts>(DRAFTS_META)) ?? {}) };
      delete drafts[conversationId];
      if (draft && draft.text !== '') drafts[conversationId] = { ...draft, at: deps.clock.now() };
      const kept = Object.entries(drafts).sort((a, b) => b[1].at - a[1].at).slice(0, DRAFTS_MAX);
      await meta.set(DRAFTS_META, Object.fromEntries(kept));
    });
    draftWrites = write.catch(() => undefined);
    return write;
  }

  const target = (leadId: string, conversationId: string) => replyTarget(deps, leadId, conversationId);

  /** The subject of the conversation's last email, or null when it has none. */
  async function threadSubject(conversationId: string): Promise<string | null> {
    const view = await deps.panelData.recentMessages.get(`${conversationId}:0`, () => messagesView(deps.api, conversationId, 0));
    return view.messages.find((m) => m.channel === 'EMAIL' && m.subject)?.subject ?? null;
  }

  function channelsOf(lead: Lead | null): ReplyChannel[] {
    return hasEmail(lead) ? ['PRONET', 'EMAIL'] : ['PRONET'];
  }

  return {
    async 'reply-context'(req) {
      const { conversation, lead } = await target(req.leadId, req.conversationId);
      const channels = channelsOf(lead);
      const last = conversation.lastMessageType === 'EMAIL' && channels.includes('EMAIL') ? 'EMAIL' : 'PRONET';
      const mk = await memberKey();
      const drafts = (await meta.get<Drafts>(DRAFTS_META)) ?? {};
      const stored = drafts[req.conversationId];
      const context: ReplyContextView = {
        conversationId: conversation.id,
        leadId: conversation.leadId,
        identityId: conversation.identityId || null,
        channels,
        defaultChannel: last,
        threadSubject: hasEmail(lead) ? await threadSubject(conversation.id) : null,
        memberId: mk ? ((await meta.get<string>(mk)) ?? null) : null,
        undoSeconds: deps.settings().replyUndoSeconds,
        draft: stored ? { text: stored.text, ...(stored.channel ? { channel: stored.channel } : {}), ...(stored.subject ? { subject: stored.subject } : {}) } : null,
      };
      return context;
    },

    async 'reply-send'(req) {
      const problem = replyTextProblem(req.text, req.channel);
      if (problem) throw new RequestError('bad-request', problem === 'empty' ? 'reply-empty' : 'reply-too-long');
      // A placeholder left unfilled is never sent to a prospect (the composer blocks Send; a forged request too).
      if (unfilledPlaceholders(`${req.text}\n${req.subject ?? ''}`).length > 0) throw new RequestError('bad-request', 'reply-unfilled');
      const { conversation, lead } = await target(req.leadId, req.conversationId);
      if (!conversation.identityId) throw new RequestError('bad-request', 'unknown-identity');
      let memberId: string | undefined;
      const subject = req.subject?.trim() || undefined;
      if (req.channel === 'PRONET') {
        const mk = await memberKey();
        memberId = (mk ? await meta.get<string>(mk) : undefined) ?? undefined;
        if (!memberId) throw new RequestError('bad-request', 'member-needed');
      } else {
        if (!hasEmail(lead)) throw new RequestError('bad-request', 'no-address');
        if (!subject && (await threadSubject(conversation.id)) === null) throw new RequestError('bad-request', 'no-thread');
      }
      const now = deps.clock.now();
      const item = await deps.enqueue({
        kind: 'reply',
        conversationId: conversation.id,
        leadId: conversation.leadId,
        profileUrl: await deps.cache.profileOfLead(conversation.leadId),
        channel: req.channel,
        identityId: conversation.identityId,
        ...(memberId ? { memberId } : {}),
        text: req.text,
        ...(req.channel === 'EMAIL' && subject ? { subject } : {}),
        holdUntil: now + deps.settings().replyUndoSeconds * 1000,
        ...(req.remindInDays !== undefined ? { remindInDays: req.remindInDays } : {}),
      });
      // The text is in the outbox now; Undo brings it back as the draft.
      await saveDraft(conversation.id, null);
      return item;
    },

    async 'reply-undo'(req) {
      const id = Number(req.id);
      if (!Number.isInteger(id) || id <= 0) throw new RequestError('not-found', 'outbox-item-gone');
      const now = deps.clock.now();
      let record;
      try {
        // Only a reply never tried: once it has gone out, it cannot be called back.
        record = await deps.outbox.discard(id, (r) => r.kind === 'reply' && r.attempts === 0 && now < r.holdUntil);
      } catch (error) {
        if (error instanceof RequestError && error.reason === 'being-sent') throw new RequestError('bad-request', 'undo-too-late');
        throw error;
      }
      if (!record || record.kind !== 'reply') throw new RequestError('not-found', 'outbox-item-gone');
      const draft: ReplyDraftView = { text: record.text, channel: record.channel, ...(record.subject ? { subject: record.subject } : {}) };
      await saveDraft(record.conversationId, draft);
      return draft;
    },

    async 'reply-draft'(req) {
      await saveDraft(req.conversationId, req.draft);
      return null;
    },

    async 'reply-members'() {
      const mk = await memberKey();
      const members = (await deps.api.members(user)).map((m) => ({ id: m.id, name: m.name }));
      const stored = mk ? ((await meta.get<string>(mk)) ?? null) : null;
      // A teammate who has left is nobody the user can be: not offered as chosen.
      return { members, memberId: members.some((m) => m.id === stored) ? stored : null };
    },

    async 'reply-member-set'(req) {
      const mk = await memberKey();
      if (!mk) throw new NoKeyError();
      await meta.set(mk, req.memberId);
      if (req.resend !== undefined) {
        const id = Number(req.resend);
        if (!Number.isInteger(id) || id <= 0) throw new RequestError('not-found', 'outbox-item-gone');
        // Refused, so never sent: it goes again, once, as the member chosen now.
        await deps.outbox.retry(id, (r) => {
          if (r.kind !== 'reply' || r.channel !== 'PRONET' || r.error?.reason !== 'member-gone') throw new RequestError('not-found', 'outbox-item-gone');
          r.memberId = req.memberId;
        });
      }
      return null;
    },
  };
}
