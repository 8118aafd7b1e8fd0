/**
 * The emulator's state: the seeded world plus indexes, so that lookups and the conversation search
 * stay fast on a 100 000-lead workspace. Every mutation goes through a method here, which keeps
 * the indexes in step; routes never push into the arrays themselves.
 */
import { randomBytes } from 'node:crypto';
import type {
  AudienceRecord,
  CampaignRecord,
  ConversationRecord,
  EnrichRequestRecord,
  IdentityRecord,
  LeadLogRecord,
  LeadRecord,
  MemberRecord,
  MessageRecord,
  PronetProfile,
  WebhookRecord,
  WorkspaceData,
  WorldData,
} from './model';

/** A search order, and the parts of it asked for so far (see `conversationPart`). */
interface SearchOrder {
  field: SortField;
  dir: SortDirection;
  list: ConversationRecord[];
  parts: Map<string, ConversationRecord[]>;
}

/**
 * The parts of the search orders a conversation belongs to: its status, its identity, the status
 * of its last message. A search on one of them walks that part only, and a search on nothing else
 * reads its page and total off it.
 */
export function conversationPart(kind: 'status' | 'identity' | 'lastStatus', value: string): string {
  return `${kind}:${value}`;
}

function partsOf(c: ConversationRecord): string[] {
  const parts = [conversationPart('status', c.status), conversationPart('identity', c.identityId)];
  if (c.lastMessageStatus !== null) parts.push(conversationPart('lastStatus', c.lastMessageStatus));
  return parts;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

export type SortField = 'lastMessageAt' | 'callCompletedAt' | 'snoozeUntil';
export type SortDirection = 1 | -1;

/** A conversation's value for a sort field; null sorts last in both directions. */
export function sortKey(c: ConversationRecord, field: SortField): number | null {
  return c[field];
}

/** Total order of a search: by key in `dir` (nulls last), ties broken by id in `dir`. */
export function compareSortPosition(
  a: { key: number | null; id: string },
  b: { key: number | null; id: string },
  dir: SortDirection,
): number {
  if (a.key === null && b.key !== null) return 1;
  if (a.key !== null && b.key === null) return -1;
  if (a.key !== null && b.key !== null && a.key !== b.key) return (a.key - b.key) * dir;
  if (a.id === b.id) return 0;
  return (a.id < b.id ? -1 : 1) * dir;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function removeFrom<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (!list) return;
  const i = list.indexOf(value);
  if (i >= 0) list.splice(i, 1);
  if (list.length === 0) map.delete(key);
}

export function leadEmails(lead: LeadRecord): string[] {
  const out: string[] = [];
  if (lead.proEmail) out.push(lead.proEmail.toLowerCase());
  if (lead.persoEmail) out.push(lead.persoEmail.toLowerCase());
  return out;
}

export class WorkspaceStore {
  readonly members = new Map<string, MemberRecord>();
  readonly identities = new Map<string, IdentityRecord>();
  readonly audiences = new Map<string, AudienceRecord>();
  readonly campaigns = new Map<string, CampaignRecord>();
  readonly leads = new Map<string, LeadRecord>();
  readonly conversations = new Map<string, ConversationRecord>();
  readonly webhooks = new Map<string, WebhookRecord>();
  readonly enrichRequests = new Map<string, EnrichRequestRecord>();

  private readonly leadsByPronetUrl = new Map<string, LeadRecord>();
  private readonly leadsByEmail = new Map<string, LeadRecord>();
  private readonly leadsByCrmId = new Map<string, LeadRecord>();
  /** Leads of an audience in the order they joined it (audience leads paging). */
  private readonly leadsByAudience = new Map<string, LeadRecord[]>();
  private readonly conversationsByLead = new Map<string, ConversationRecord[]>();
  private readonly conversationsByIdentity = new Map<string, ConversationRecord[]>();
  private readonly conversationsByAudience = new Map<string, ConversationRecord[]>();
  /** Oldest first. */
  private readonly messagesByConversation = new Map<string, MessageRecord[]>();
  private readonly logsByLead = new Map<string, LeadLogRecord[]>();
  private readonly snoozed = new Set<ConversationRecord>();
  /** Earliest snoozeUntil among `snoozed` (Infinity when none): a wake sweep is O(1) until then. */
  private nextWakeAt = Infinity;
  /** Bumped by every change of a lead (added, or its fields patched): what is derived from leads is rebuilt. */
  leadsVersion = 0;
  /**
   * Search orders per sort field and direction, built on first use and kept in step after; each
   * with the same order cut into parts (one per status, one per identity), also built on first use.
   */
  private readonly orderCache = new Map<string, SearchOrder>();

  constructor(readonly data: WorkspaceData) {
    for (const m of data.members) this.members.set(m.id, m);
    for (const i of data.identities) this.identities.set(i.id, i);
    for (const a of data.audiences) this.audiences.set(a.id, a);
    for (const c of data.campaigns) this.campaigns.set(c.id, c);
    for (const w of data.webhooks) this.webhooks.set(w.id, w);
    for (const e of data.enrichRequests) this.enrichRequests.set(e.id, e);
    for (const l of data.leads) this.indexLead(l);
    for (const c of data.conversations) this.indexConversation(c);
    for (const m of data.messages) pushTo(this.messagesByConversation, m.conversationId, m);
    for (const list of this.messagesByConversation.values()) list.sort((a, b) => a.createdAt - b.createdAt);
    for (const log of data.leadLogs) pushTo(this.logsByLead, log.leadId, log);
  }

  get id(): string {
    return this.data.id;
  }

  // ---- leads -------------------------------------------------------------------------------

  private indexLead(l: LeadRecord): void {
    this.leads.set(l.id, l);
    if (l.pronetUrl && !this.leadsByPronetUrl.has(l.pronetUrl)) this.leadsByPronetUrl.set(l.pronetUrl, l);
    for (const e of leadEmails(l)) if (!this.leadsByEmail.has(e)) this.leadsByEmail.set(e, l);
    for (const id of Object.values(l.crmIds)) if (id && !this.leadsByCrmId.has(id)) this.leadsByCrmId.set(id, l);
    for (const a of l.audienceIds) pushTo(this.leadsByAudience, a, l);
  }

  private unindexLeadKeys(l: LeadRecord): void {
    if (l.pronetUrl && this.leadsByPronetUrl.get(l.pronetUrl) === l) this.leadsByPronetUrl.delete(l.pronetUrl);
    for (const e of leadEmails(l)) if (this.leadsByEmail.get(e) === l) this.leadsByEmail.delete(e);
    for (const id of Object.values(l.crmIds)) if (id && this.leadsByCrmId.get(id) === l) this.leadsByCrmId.delete(id);
  }

  leadByPronetUrl(canonicalUrl: string): LeadRecord | undefined {
    return this.leadsByPronetUrl.get(canonicalUrl);
  }

  leadByEmail(email: string): LeadRecord | undefined {
    return this.leadsByEmail.get(email.trim().toLowerCase());
  }

  leadByCrmId(crmId: string): LeadRecord | undefined {
    return this.leadsByCrmId.get(crmId);
  }

  /** Case-insensitive match on first name, last name and company name (a scan: rare call). */
  leadByName(firstname: string, lastname: string, companyName?: string): LeadRecord | undefined {
    const f = firstname.trim().toLowerCase();
    const l = lastname.trim().toLowerCase();
    const c = companyName?.trim().toLowerCase();
    for (const lead of this.data.leads) {
      if (lead.firstname.toLowerCase() !== f || lead.lastname.toLowerCase() !== l) continue;
      if (c !== undefined && (lead.companyName ?? '').toLowerCase() !== c) continue;
      return lead;
    }
    return undefined;
  }

  leadsOfAudience(audienceId: string): readonly LeadRecord[] {
    return this.leadsByAudience.get(audienceId) ?? [];
  }

  addLead(lead: LeadRecord): void {
    this.data.leads.push(lead);
    this.indexLead(lead);
    this.leadsVersion += 1;
  }

  /** Applies `patch` to a lead, keeping the lookup indexes right. */
  updateLead(lead: LeadRecord, patch: Partial<Omit<LeadRecord, 'id' | 'audienceIds'>>): void {
    this.unindexLeadKeys(lead);
    Object.assign(lead, patch);
    this.leadsVersion += 1;
    if (lead.pronetUrl && !this.leadsByPronetUrl.has(lead.pronetUrl)) this.leadsByPronetUrl.set(lead.pronetUrl, lead);
    for (const e of leadEmails(lead)) if (!this.leadsByEmail.has(e)) this.leadsByEmail.set(e, lead);
    for (const id of Object.values(lead.crmIds)) if (id && !this.leadsByCrmId.has(id)) this.leadsByCrmId.set(id, lead);
  }

  addLeadToAudience(lead: LeadRecord, audienceId: string): boolean {
    if (lead.audienceIds.includes(audienceId)) return false;
    lead.audienceIds.push(audienceId);
    pushTo(this.leadsByAudience, audienceId, lead);
    return true;
  }

  removeLeadFromAudience(lead: LeadRecord, audienceId: string): boolean {
    const i = lead.audienceIds.indexOf(audienceId);
    if (i < 0) return false;
    lead.audienceIds.splice(i, 1);
    removeFrom(this.leadsByAudience, audienceId, lead);
    return true;
  }

  // ---- audiences -----------------------------------------------------------------------------

  audienceByName(name: string): AudienceRecord | undefined {
    const n = name.trim().toLowerCase();
    for (const a of this.data.audiences) if (a.name.toLowerCase() === n) return a;
    return undefined;
  }

  audienceSize(audienceId: string): number {
    return this.leadsByAudience.get(audienceId)?.length ?? 0;
  }

  addAudience(audience: AudienceRecord): void {
    this.data.audiences.push(audience);
    this.audiences.set(audience.id, audience);
  }

  campaignByName(name: string): CampaignRecord | undefined {
    const n = name.trim().toLowerCase();
    for (const c of this.data.campaigns) if (c.name.toLowerCase() === n) return c;
    return undefined;
  }

  // ---- conversations -------------------------------------------------------------------------

  private indexConversation(c: ConversationRecord): void {
    this.conversations.set(c.id, c);
    pushTo(this.conversationsByLead, c.leadId, c);
    pushTo(this.conversationsByIdentity, c.identityId, c);
    if (c.audienceId) pushTo(this.conversationsByAudience, c.audienceId, c);
    this.trackSnooze(c);
  }

  private trackSnooze(c: ConversationRecord): void {
    if (c.status === 'SNOOZED' && c.snoozeUntil !== null) {
      this.snoozed.add(c);
      if (c.snoozeUntil < this.nextWakeAt) this.nextWakeAt = c.snoozeUntil;
    } else {
      this.snoozed.delete(c);
    }
  }

  conversationsOfLead(leadId: string): readonly ConversationRecord[] {
    return this.conversationsByLead.get(leadId) ?? [];
  }

  conversationsOfIdentity(identityId: string): readonly ConversationRecord[] {
    return this.conversationsByIdentity.get(identityId) ?? [];
  }

  conversationsOfAudience(audienceId: string): readonly ConversationRecord[] {
    return this.conversationsByAudience.get(audienceId) ?? [];
  }

  addConversation(c: ConversationRecord): void {
    this.data.conversations.push(c);
    this.indexConversation(c);
    for (const order of this.orderCache.values()) {
      const at = { key: sortKey(c, order.field), id: c.id };
      order.list.splice(positionOf(order.list, at, order.field, order.dir), 0, c);
      for (const key of partsOf(c)) {
        const part = order.parts.get(key);
        part?.splice(positionOf(part, at, order.field, order.dir), 0, c);
      }
    }
  }

  /**
   * Applies `patch` to a conversation. A changed sort key moves it within the cached search orders
   * (two binary searches), so a new message on a 100 000-conversation workspace re-sorts nothing.
   */
  updateConversation(c: ConversationRecord, patch: Partial<Omit<ConversationRecord, 'id' | 'leadId'>>): void {
    const before: Record<SortField, number | null> = {
      lastMessageAt: c.lastMessageAt,
      callCompletedAt: c.callCompletedAt,
      snoozeUntil: c.snoozeUntil,
    };
    const partsBefore = partsOf(c);
    Object.assign(c, patch);
    const partsAfter = partsOf(c);
    for (const [cacheKey, order] of this.orderCache) {
      const old = { key: before[order.field], id: c.id };
      const now = { key: sortKey(c, order.field), id: c.id };
      const moved = old.key !== now.key;
      if (moved) {
        const at = positionOf(order.list, old, order.field, order.dir);
        if (order.list[at] !== c) {
          this.orderCache.delete(cacheKey); // out of step: rebuilt on next use
          continue;
        }
        order.list.splice(at, 1);
        order.list.splice(positionOf(order.list, now, order.field, order.dir), 0, c);
      }
      for (const key of new Set([...partsBefore, ...partsAfter])) {
        const part = order.parts.get(key);
        if (!part) continue;
        const wasIn = partsBefore.includes(key);
        const isIn = partsAfter.includes(key);
        if (wasIn && isIn && !moved) continue;
        if (wasIn) {
          const at = positionOf(part, old, order.field, order.dir);
          if (part[at] !== c) {
            order.parts.delete(key); // out of step: rebuilt on next use
            continue;
          }
          part.splice(at, 1);
        }
        if (isIn) part.splice(positionOf(part, now, order.field, order.dir), 0, c);
      }
    }
    this.trackSnooze(c);
  }

  /**
   * Conversations whose snooze date has passed, for the caller to wake (the wake rule itself lives
   * in lib/inbox/conversation-state). Cheap until the earliest snooze date is reached.
   */
  dueSnoozes(now: number): ConversationRecord[] {
    if (now < this.nextWakeAt) return [];
    const due: ConversationRecord[] = [];
    let next = Infinity;
    for (const c of this.snoozed) {
      const until = c.snoozeUntil ?? -Infinity;
      if (until <= now) due.push(c);
      else if (until < next) next = until;
    }
    this.nextWakeAt = next;
    return due;
  }

  /** Every conversation of the workspace in search order (cached per field and direction). */
  orderedConversations(field: SortField, dir: SortDirection): readonly ConversationRecord[] {
    return this.searchOrder(field, dir).list;
  }

  /** The conversations of one part (`conversationPart`), in search order (cached, kept in step). */
  orderedPart(part: string, field: SortField, dir: SortDirection): readonly ConversationRecord[] {
    const order = this.searchOrder(field, dir);
    let list = order.parts.get(part);
    if (!list) {
      list = order.list.filter((c) => partsOf(c).includes(part));
      order.parts.set(part, list);
    }
    return list;
  }

  private searchOrder(field: SortField, dir: SortDirection): SearchOrder {
    const cacheKey = `${field}:${dir}`;
    const cached = this.orderCache.get(cacheKey);
    if (cached) return cached;
    const order: SearchOrder = { field, dir, list: sortConversations(this.data.conversations, field, dir), parts: new Map() };
    this.orderCache.set(cacheKey, order);
    return order;
  }

  // ---- messages ------------------------------------------------------------------------------

  /** Oldest first. */
  messagesOf(conversationId: string): readonly MessageRecord[] {
    return this.messagesByConversation.get(conversationId) ?? [];
  }

  /** Adds a message and brings its conversation's lastMessage* and leadReplied up to date. */
  addMessage(m: MessageRecord): void {
    this.data.messages.push(m);
    const list = this.messagesByConversation.get(m.conversationId);
    if (!list) this.messagesByConversation.set(m.conversationId, [m]);
    else {
      // Keep oldest-first order; new messages are nearly always the newest.
      let i = list.length;
      while (i > 0 && (list[i - 1]?.createdAt ?? 0) > m.createdAt) i -= 1;
      list.splice(i, 0, m);
    }
    const c = this.conversations.get(m.conversationId);
    if (!c) return;
    const newest = this.messagesByConversation.get(m.conversationId)?.at(-1) ?? m;
    this.updateConversation(c, {
      lastMessageAt: newest.createdAt,
      lastMessageStatus: newest.status,
      lastMessageType: newest.channel,
      leadReplied: c.leadReplied || m.direction === 'RECEIVED',
      ...(m.direction === 'RECEIVED' ? { read: false } : {}),
    });
  }

  // ---- webhooks, enrichment, logs ------------------------------------------------------------

  addWebhook(w: WebhookRecord): void {
    this.data.webhooks.push(w);
    this.webhooks.set(w.id, w);
  }

  deleteWebhook(id: string): boolean {
    const w = this.webhooks.get(id);
    if (!w) return false;
    this.webhooks.delete(id);
    const i = this.data.webhooks.indexOf(w);
    if (i >= 0) this.data.webhooks.splice(i, 1);
    return true;
  }

  addEnrichRequest(e: EnrichRequestRecord): void {
    this.data.enrichRequests.push(e);
    this.enrichRequests.set(e.id, e);
  }

  /** Newest first. */
  logsOf(leadId: string): LeadLogRecord[] {
    return [...(this.logsByLead.get(leadId) ?? [])].sort((a, b) => b.createdAt - a.createdAt);
  }

  addLog(log: LeadLogRecord): void {
    this.data.leadLogs.push(log);
    pushTo(this.logsByLead, log.leadId, log);
  }
}

/** Index of the first conversation of `ordered` at or after `position` in search order. */
export function positionOf(
  ordered: readonly ConversationRecord[],
  position: { key: number | null; id: string },
  field: SortField,
  dir: SortDirection,
): number {
  let lo = 0;
  let hi = ordered.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = ordered[mid] as ConversationRecord;
    if (compareSortPosition({ key: sortKey(c, field), id: c.id }, position, dir) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function sortConversations(
  list: readonly ConversationRecord[],
  field: SortField,
  dir: SortDirection,
): ConversationRecord[] {
  // Each position is built once, not twice per comparison.
  const positioned = list.map((c) => ({ key: sortKey(c, field), id: c.id, c }));
  positioned.sort((a, b) => compareSortPosition(a, b, dir));
  return positioned.map((p) => p.c);
}

/** The whole world: workspaces by key and id, and the pronet site's profiles. */
export class Store {
  readonly workspaces: WorkspaceStore[];
  private readonly byKey = new Map<string, WorkspaceStore>();
  private readonly byId = new Map<string, WorkspaceStore>();

  constructor(readonly world: WorldData) {
    this.workspaces = world.workspaces.map((w) => new WorkspaceStore(w));
    for (const ws of this.workspaces) {
      this.byKey.set(ws.data.apiKey, ws);
      this.byId.set(ws.data.id, ws);
    }
  }

  get profiles(): readonly PronetProfile[] {
    return this.world.profiles;
  }

  workspaceByKey(apiKey: string): WorkspaceStore | undefined {
    return this.byKey.get(apiKey);
  }

  workspaceById(id: string): WorkspaceStore | undefined {
    return this.byId.get(id);
  }

  /** A conversation by id alone (control API); ids are unique across the world. */
  findConversation(id: string): { ws: WorkspaceStore; conversation: ConversationRecord } | undefined {
    for (const ws of this.workspaces) {
      const conversation = ws.conversations.get(id);
      if (conversation) return { ws, conversation };
    }
    return undefined;
  }
}
