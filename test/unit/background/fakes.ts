/**
 * Test doubles for the background worker's unit tests: a manual clock with timers, and an
 * in-memory service behind the narrow `BackgroundApi` with scriptable failures.
 */
import { ApiError, NetworkError } from '../../../lib/api/errors';
import type { Audience, ConversationSummary, EnrichStatus, Lead, Message } from '../../../lib/api/schemas';
import { textToEmailHtml } from '../../../lib/inbox/reply-rules';
import type { BackgroundApi } from '../../../lib/background/api';
import { applyAction } from '../../../lib/inbox/conversation-state';
import { applyNote } from '../../../lib/inbox/note-rules';

export interface ManualClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Moves time forward, running the timers that fall due, in order. */
  advance(ms: number): Promise<void>;
  pendingTimers(): number;
}

/** Lets every queued promise callback (and IndexedDB request of fake-indexeddb) run. */
export async function flush(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

export function manualClock(start = Date.UTC(2025, 0, 6, 9, 0, 0)): ManualClock {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout(fn, ms) {
      seq += 1;
      timers.set(seq, { at: now + Math.max(0, ms), fn });
      return seq;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        await flush();
        let next: [number, { at: number; fn: () => void }] | undefined;
        for (const entry of timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
        if (!next) break;
        timers.delete(next[0]);
        now = Math.max(now, next[1].at);
        next[1].fn();
      }
      now = end;
      await flush();
    },
    pendingTimers: () => timers.size,
  };
}

type Fault = 'server' | 'drop' | 'timeout-after-apply' | 'rate-limit' | { status: number; message: string };

export interface FakeService {
  api: BackgroundApi;
  conversations: Map<string, ConversationSummary>;
  leads: Map<string, Lead>;
  /** What `enrichStatus` answers per request id (pending when absent). */
  enrichStatuses: Map<string, { status: EnrichStatus; lead?: Lead }>;
  /** Messages sent (sendPronet, sendEmail) or added by a test, oldest first, per conversation. */
  messages: Map<string, Message[]>;
  /** Lead statuses set through leadStatus, keyed `<leadId> <campaign>`. */
  statuses: Map<string, string>;
  /** Existing leads merged by id into an audience (POST /leads with leadId), in order. */
  audienceAdds: { leadId: string; audience: string }[];
  audienceRemovals: { pronetUrl: string; audience: string }[];
  /** The workspace's audiences (`audiences`, `audience`); an import (POST /audiences) makes its own, sized as `importSize` says. */
  audiences: Audience[];
  /** Imports the service took (POST /audiences), in order. */
  imports: { audience: string; pronetUrl: string }[];
  /** Every call the fake received, in order: `<method> <id>`. */
  calls: string[];
  /** The next calls of this method fail this way (one fault per call, in order). */
  fail(method: keyof BackgroundApi, ...faults: Fault[]): void;
  /** Calls of this method wait until `release()`. */
  hold(method: keyof BackgroundApi): { release(): void };
  now: () => number;
}

export function lead(id: string, slug: string, extra: Partial<Lead> = {}): Lead {
  return {
    id,
    firstname: 'Ada',
    lastname: 'Lovelace',
    companyName: 'Analytical Engines',
    companyUrl: null,
    jobTitle: 'Mathematician',
    proEmail: null,
    persoEmail: null,
    pronetUrl: `https://www.pronet.example/in/${slug}/`,
    microblog: null,
    phone: null,
    location: null,
    picture: null,
    industry: null,
    gender: null,
    crmId: null,
    audienceIds: [],
    createdAt: 0,
    ...extra,
  };
}

export function conversation(id: string, leadId: string, extra: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id,
    leadId,
    identityId: 'idt_1',
    campaignId: 'cmp_1',
    campaignName: 'Spring',
    audienceId: 'aud_1',
    status: 'OPEN',
    snoozeUntil: null,
    lastMessageAt: 1_000,
    lastMessageStatus: 'RECEIVED',
    lastMessageType: 'PRONET',
    leadReplied: true,
    unsubscribed: false,
    favourite: false,
    read: true,
    callCompletedAt: null,
    note: 'first note',
    ...extra,
  };
}

export function fakeService(now: () => number): FakeService {
  const conversations = new Map<string, ConversationSummary>();
  const leads = new Map<string, Lead>();
  const enrichStatuses = new Map<string, { status: EnrichStatus; lead?: Lead }>();
  const calls: string[] = [];
  const statuses = new Map<string, string>();
  /** Existing leads merged by id into an audience (POST /leads with leadId). */
  const audienceAdds: { leadId: string; audience: string }[] = [];
  const audienceRemovals: { pronetUrl: string; audience: string }[] = [];
  const audiences: Audience[] = [];
  const imports: { audience: string; pronetUrl: string }[] = [];
  const messages = new Map<string, Message[]>();
  let messageSeq = 0;
  /** A message sent as `identityId` to `leadId`: into the lead's conversation with that identity. */
  function sent(leadId: string, identityId: string, channel: 'PRONET' | 'EMAIL', content: string): { messageId: string } {
    const c = [...conversations.values()].find((x) => x.leadId === leadId && x.identityId === identityId);
    if (!c) throw new ApiError('sendPronetMessage', 404, 'Conversation not found');
    messageSeq += 1;
    const m: Message = { id: `msg_${messageSeq}`, conversationId: c.id, direction: 'SENT', channel, status: 'SENT', content, createdAt: now(), identityId };
    messages.set(c.id, [...(messages.get(c.id) ?? []), m]);
    c.lastMessageAt = m.createdAt;
    c.lastMessageStatus = 'SENT';
    c.lastMessageType = channel;
    return { messageId: m.id };
  }
  const faults = new Map<string, Fault[]>();
  const holds = new Map<string, Promise<void>>();

  function faultError(method: string, fault: Fault): Error {
    const endpoint = 'updateNote' as const;
    if (fault === 'server') return new ApiError(endpoint, 503, 'The service is temporarily unavailable.');
    if (fault === 'drop') return new NetworkError(endpoint, new Error('socket hang up'), false);
    if (fault === 'rate-limit') return new ApiError(endpoint, 429, 'Rate limit exceeded.', 2);
    if (fault === 'timeout-after-apply') return new NetworkError(endpoint, new Error(`${method} timed out`), true);
    return new ApiError(endpoint, fault.status, fault.message);
  }

  /** Runs `apply` unless a fault is scripted; a timeout-after-apply applies, then fails. */
  async function call<T>(method: string, id: string, apply: () => T, faultKey: string = method): Promise<T> {
    calls.push(`${method} ${id}`);
    const hold = holds.get(faultKey);
    if (hold) await hold;
    const fault = faults.get(faultKey)?.shift();
    if (fault === undefined) return apply();
    if (fault === 'timeout-after-apply') apply();
    throw faultError(method, fault);
  }

  function conv(id: string): ConversationSummary {
    const c = conversations.get(id);
    if (!c) throw new ApiError('archiveConversation', 404, `No conversation ${id}.`);
    return c;
  }

  const api: BackgroundApi = {
    searchLead: (query) =>
      call('searchLead', 'pronetUrl' in query ? query.pronetUrl : 'leadId' in query ? query.leadId : `${query.firstname} ${query.lastname}`, () => {
        const found = [...leads.values()].filter((l) =>
          'pronetUrl' in query ? l.pronetUrl === query.pronetUrl : 'leadId' in query ? l.id === query.leadId : l.firstname === query.firstname && l.lastname === query.lastname,
        );
        return found.length === 0 ? null : { leads: found, recentLogs: [], tooManyResults: false };
      }),
    leadConversations: (leadId) =>
      call('leadConversations', leadId, () => [...conversations.values()].filter((c) => c.leadId === leadId).map((c) => ({ ...c }))),
    leadsConversations: (leadIds) =>
      call('leadsConversations', leadIds.join(','), () => [...conversations.values()].filter((c) => leadIds.includes(c.leadId)).map((c) => ({ ...c }))),
    note: (conversationId, text, mode) =>
      call('note', conversationId, () => {
        const c = conv(conversationId);
        c.note = applyNote(c.note, text, mode, new Date(now())).note;
        return { note: c.note };
      }),
    action: (kind, conversationId, until) =>
      call(kind, conversationId, () => {
        const c = conv(conversationId);
        Object.assign(c, applyAction({ status: c.status, snoozeUntil: c.snoozeUntil }, kind, now(), until));
        return { ...c };
      }, 'action'),
    leadStatus: (input) =>
      call('leadStatus', input.leadId, () => {
        // As the service: a campaign the lead has no conversation in is refused with a reason.
        const inIt = [...conversations.values()].some((c) => c.leadId === input.leadId && c.campaignName === input.campaign);
        if (!inIt) return [{ campaign: input.campaign, leadStatus: '', leadUpdated: false, reason: 'The lead is not in this campaign.' }];
        statuses.set(`${input.leadId} ${input.campaign}`, input.status);
        return [{ campaign: input.campaign, leadStatus: input.status, leadUpdated: true, reason: null }];
      }),
    createLead: (input) =>
      call('createLead', input.leadId ?? input.pronetUrl ?? '', () => {
        // Merged by id: the lead stays who it is, and is now in the audience.
        if (input.leadId !== undefined) {
          audienceAdds.push({ leadId: input.leadId, audience: input.audience ?? '' });
          return { leadId: input.leadId };
        }
        const id = `lead_${leads.size + 1}`;
        const slug = (input.pronetUrl ?? '').split('/in/')[1]?.replace('/', '') ?? 'x';
        leads.set(id, lead(id, slug, { firstname: input.firstname ?? null, lastname: input.lastname ?? null }));
        return { leadId: id };
      }),
    removeFromAudience: (input) =>
      call('removeFromAudience', input.pronetUrl ?? input.email ?? '', () => {
        audienceRemovals.push({ audience: input.audience, pronetUrl: input.pronetUrl ?? input.email ?? '' });
      }),
    members: () => call('members', '', () => [
      { id: 'mem_1', name: 'Sam Sales', label: 'Owner' },
      { id: 'mem_2', name: 'Alex Account', label: 'Member' },
    ]),
    credits: () => call('credits', '', () => ({ total: 120, perishable: 20 })),
    audiences: () => call('audiences', '', () => audiences.map((a) => ({ ...a }))),
    audience: (audienceId) =>
      call('audience', audienceId, () => {
        const a = audiences.find((x) => x.id === audienceId);
        if (!a) throw new ApiError('getAudience', 404, `No audience ${audienceId}.`);
        return { ...a };
      }),
    createAudience: (input) =>
      call('createAudience', input.name, () => {
        // As the service: a name taken is a 409.
        if (audiences.some((a) => a.name.toLowerCase() === input.name.trim().toLowerCase())) throw new ApiError('createAudience', 409, `An audience named ${input.name} already exists.`);
        const a = { id: `aud_${audiences.length + 1}`, name: input.name.trim(), description: '', size: 0, type: 'MANUAL', sourceUrl: null };
        audiences.push(a);
        return { ...a };
      }),
    importAudience: (input) =>
      call('importAudience', input.audience, () => {
        imports.push({ audience: input.audience, pronetUrl: input.pronetUrl });
        // As the service: a new audience takes the import's address; an existing one keeps its own.
        if (!audiences.some((a) => a.name.toLowerCase() === input.audience.toLowerCase())) {
          audiences.push({ id: `aud_${audiences.length + 1}`, name: input.audience, description: '', size: 0, type: 'PRONET_SEARCH', sourceUrl: input.pronetUrl });
        }
      }),
    identities: () => call('identities', '', () => [
      { id: 'idt_1', name: 'Sales Bot', firstname: 'Sales', lastname: 'Bot', companyName: null, jobTitle: null, pronetConnected: true },
    ]),
    campaignMessages: (campaignId) =>
      call('campaignMessages', campaignId, () => [
        { id: 'tpl_1', type: 'INITIAL', channel: 'PRONET', contentHtml: '<p>Hi {{firstname}} at {{companyName}}</p>', subjectHtml: '', order: 0, active: true },
        { id: 'tpl_2', type: 'FOLLOW_UP', channel: 'EMAIL', contentHtml: '<p>Hello {{firstname}},</p><p>{{identityFirstname}}</p>', subjectHtml: 'Idea for {{companyName}}', order: 1, active: true },
        { id: 'tpl_3', type: 'FOLLOW_UP', channel: 'MICROBLOG', contentHtml: 'Nice post', subjectHtml: '', order: 2, active: true },
      ]),
    crmIntegrations: () => call('crmIntegrations', '', () => ({ statusCode: 200, crmA: { connected: false }, crmB: { connected: false }, planIncludesCrmSync: false })),
    crmSearch: () => call('crmSearch', '', () => []),
    campaign: (campaignId) => call('campaign', campaignId, () => { throw new ApiError('getCampaign', 404, `No campaign ${campaignId}.`); }),
    campaignStatsLeads: (campaignId) => call('campaignStatsLeads', campaignId, () => ({ statusCode: 200, leads: [], count: 0, hasMore: false, hasLess: false })),
    enrich: () => call('enrich', '', () => ({ enrichRequestId: 'enr_1', creditsSpent: 5 })),
    enrichStatus: (id) => call('enrichStatus', id, () => enrichStatuses.get(id) ?? { status: 'pending' as const }),
    conversationMessages: (conversationId, page) =>
      call('conversationMessages', conversationId, () => {
        const all = [...(messages.get(conversationId) ?? [])].reverse();
        return { data: all.slice(page * 50, page * 50 + 50), total: all.length };
      }),
    sendPronet: (input) => call('sendPronet', input.leadId, () => sent(input.leadId, input.identityId, 'PRONET', input.message)),
    sendEmail: (input) => call('sendEmail', input.leadId, () => sent(input.leadId, input.identityId, 'EMAIL', input.message.html ?? textToEmailHtml(input.message.text))),
    // Status filter and paging only; the cursor is the next index in Base64 ('!' is refused as the service refuses a bad one).
    searchConversations: (filters) =>
      call('searchConversations', filters.searchAfter ?? '', () => {
        const list = [...conversations.values()].filter((c) => !filters.status || filters.status.includes(c.status));
        const cursor = filters.searchAfter;
        if (cursor !== undefined && !/^[A-Za-z0-9+/]+=*$/.test(cursor)) throw new ApiError('searchConversations', 400, 'searchAfter is not a valid cursor');
        const start = cursor === undefined ? 0 : Number(atob(cursor));
        const data = list.slice(start, start + Number(filters.limit ?? 25)).map((c) => ({ ...c }));
        const end = start + data.length;
        const hasMore = end < list.length;
        return { statusCode: 200, data, total: cursor === undefined ? list.length : null, nextToken: hasMore ? btoa(String(end)) : null, hasMore };
      }),
    leadById: (leadId) => call('leadById', leadId, () => leads.get(leadId) ?? null),
    campaigns: () => call('campaigns', '', () => []),
    leadLogs: (leadId) => call('leadLogs', leadId, () => ({ data: [], total: 0 })),
  };

  return {
    api,
    conversations,
    leads,
    enrichStatuses,
    messages,
    statuses,
    audienceAdds,
    audienceRemovals,
    audiences,
    imports,
    calls,
    now,
    fail(method, ...list) {
      faults.set(method, [...(faults.get(method) ?? []), ...list]);
    },
    hold(method) {
      let release = () => undefined as void;
      holds.set(method, new Promise<void>((resolve) => (release = resolve)));
      return {
        release() {
          holds.delete(method);
          release();
        },
      };
    },
  };
}
