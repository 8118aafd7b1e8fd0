/**
 * The reply picker's material: the conversation's campaign templates (plain text, placeholders
 * unfilled), the user's snippets, and the merge fields of the lead and the sending identity. Each
 * campaign's templates and the identities are fetched once, at the user's request (the picker opened),
 * and kept in IndexedDB per key: every call spends the key's shared budget.
 */
import type { Identity, MessageTemplate } from '../../api/schemas';
import { mergeFieldsOf } from '../../inbox/placeholders';
import { htmlToText, REPLY_CHANNELS, type ReplyChannel } from '../../inbox/reply-rules';
import { addSnippet, readSnippets, removeSnippet } from '../../inbox/snippets';
import type { ProfileCache } from '../../store/cache';
import type { MetaStore } from '../../store/meta';
import type { ReplyTemplateView, ReplyTemplatesView } from '../../views';
import type { BackgroundApi } from '../api';
import type { HandlerMap } from '../dispatch';
import { keyDigest } from '../key-book';
import { replyTarget } from './reply';

export interface ReplyTemplateHandlerDeps {
  api: Pick<BackgroundApi, 'campaignMessages' | 'identities' | 'leadConversations' | 'leadById'>;
  cache: Pick<ProfileCache, 'byLead'>;
  meta: MetaStore;
  clock: { now(): number };
  key(): string | null;
}

type TemplateRequests = 'reply-templates' | 'reply-snippet-save' | 'reply-snippet-delete';

const TEMPLATES_META = 'reply-templates';
const SNIPPETS_META = 'reply-snippets';
/** A campaign's sequence changes rarely: kept half a day, then read again when next asked for. */
export const TEMPLATES_FRESH_MS = 12 * 60 * 60_000;
const user = { priority: 'user' as const };

type IdentityFields = Pick<Identity, 'id' | 'firstname' | 'lastname' | 'companyName' | 'jobTitle'>;

/** What is kept, for one key (a digest of it): another key's campaigns are not this one's. */
interface TemplateBook {
  key: string;
  campaigns: Record<string, { at: number; templates: ReplyTemplateView[] }>;
  identities?: { at: number; list: IdentityFields[] };
}

const isReplyChannel = (c: string): c is ReplyChannel => (REPLY_CHANNELS as readonly string[]).includes(c);

/** The templates a reply can start from: pronet and email steps, in sequence order, as plain text. */
export function templateViews(templates: readonly MessageTemplate[]): ReplyTemplateView[] {
  return [...templates]
    .sort((a, b) => a.order - b.order)
    .flatMap((t) => {
      const channel = t.channel.toUpperCase();
      if (!isReplyChannel(channel)) return [];
      const text = htmlToText(t.contentHtml);
      return text === '' ? [] : [{ id: t.id, channel, order: t.order, active: t.active, text, subject: htmlToText(t.subjectHtml) }];
    });
}

export function replyTemplateHandlers(deps: ReplyTemplateHandlerDeps): HandlerMap<TemplateRequests> {
  const { meta } = deps;
  /** Asks in flight, shared (two composers opening their pickers make one call). */
  const inflight = new Map<string, Promise<unknown>>();
  let writes: Promise<unknown> = Promise.resolve();

  function once<T>(name: string, load: () => Promise<T>): Promise<T> {
    const pending = (inflight.get(name) as Promise<T> | undefined) ?? load();
    inflight.set(name, pending);
    const settle = () => inflight.delete(name);
    pending.then(settle, settle);
    return pending;
  }

  async function book(): Promise<TemplateBook | null> {
    const key = deps.key();
    if (!key) return null;
    const digest = await keyDigest(key);
    const stored = await meta.get<TemplateBook>(TEMPLATES_META);
    return stored && stored.key === digest && typeof stored.campaigns === 'object' ? stored : { key: digest, campaigns: {} };
  }

  function update(change: (b: TemplateBook) => void): Promise<void> {
    const write = writes.then(async () => {
      const b = await book();
      if (!b) return;
      change(b);
      await meta.set(TEMPLATES_META, b);
    });
    writes = write.catch(() => undefined);
    return write;
  }

  async function campaignTemplates(campaignId: string): Promise<ReplyTemplateView[]> {
    const kept = (await book())?.campaigns[campaignId];
    if (kept && deps.clock.now() - kept.at < TEMPLATES_FRESH_MS) return kept.templates;
    return once(`campaign:${campaignId}`, async () => {
      const templates = templateViews(await deps.api.campaignMessages(campaignId, user));
      await update((b) => {
        b.campaigns[campaignId] = { at: deps.clock.now(), templates };
      });
      return templates;
    });
  }

  async function identities(): Promise<IdentityFields[]> {
    const kept = (await book())?.identities;
    if (kept && deps.clock.now() - kept.at < TEMPLATES_FRESH_MS) return kept.list;
    return once('identities', async () => {
      const list = (await deps.api.identities(user)).map(({ id, firstname, lastname, companyName, jobTitle }) => ({ id, firstname, lastname, companyName, jobTitle }));
      await update((b) => {
        b.identities = { at: deps.clock.now(), list };
      });
      return list;
    });
  }

  const snippets = async () => readSnippets(await meta.get<unknown>(SNIPPETS_META));

  function changeSnippets(change: (list: ReturnType<typeof readSnippets>) => ReturnType<typeof readSnippets>) {
    const write = writes.then(async () => {
      const next = change(await snippets());
      await meta.set(SNIPPETS_META, next);
      return next;
    });
    writes = write.catch(() => undefined);
    return write;
  }

  return {
    async 'reply-templates'(req) {
      const { conversation, lead } = await replyTarget(deps, req.leadId, req.conversationId);
      const [templates, people] = await Promise.all([
        conversation.campaignId ? campaignTemplates(conversation.campaignId) : Promise.resolve([]),
        conversation.identityId ? identities() : Promise.resolve([]),
      ]);
      const identity = people.find((i) => i.id === conversation.identityId) ?? null;
      const view: ReplyTemplatesView = { templates, snippets: await snippets(), fields: mergeFieldsOf(lead, identity) };
      return view;
    },

    async 'reply-snippet-save'(req) {
      return changeSnippets((list) => addSnippet(list, req.name, req.text, `snp_${crypto.randomUUID()}`));
    },

    async 'reply-snippet-delete'(req) {
      return changeSnippets((list) => removeSnippet(list, req.id));
    },
  };
}
