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
import { LeadTextIndex } from './lead-text-index';
import { SearchIndex, type SortDirection, type SortField } from './search-index';

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
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

/** Inserts a lead in a list kept oldest first (ties: in insertion order). */
function insertByAge(map: Map<string, LeadRecord[]>, key: string, lead: LeadRecord): void {
  const list = map.get(key);
  if (!list) {
    map.set(key, [lead]);
    return;
  }
  let i = list.length;
  while (i > 0 && list[i - 1]!.createdAt > lead.createdAt) i -= 1;
  list.splice(i, 0, lead);
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

  /** Every lead with the key, oldest first (a workspace may hold duplicates of one person). */
  private readonly leadsByPronetUrl = new Map<string, LeadRecord[]>();
  private readonly leadsByEmail = new Map<string, LeadRecord[]>();
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
  /** The free-text index of the leads, kept in step by addLead and updateLead. */
  private readonly leadText = new LeadTextIndex(() => this.data.leads);
  /** The conversation search orders, kept in step by addConversation and updateConversation. */
  private readonly searchIndex = new SearchIndex(() => this.data.conversations);

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
    this.indexLeadKeys(l);
    for (const a of l.audienceIds) pushTo(this.leadsByAudience, a, l);
  }

  private indexLeadKeys(l: LeadRecord): void {
    if (l.pronetUrl) insertByAge(this.leadsByPronetUrl, l.pronetUrl, l);
    for (const e of new Set(leadEmails(l))) insertByAge(this.leadsByEmail, e, l);
    for (const id of Object.values(l.crmIds)) if (id && !this.leadsByCrmId.has(id)) this.leadsByCrmId.set(id, l);
  }

  private unindexLeadKeys(l: LeadRecord): void {
    if (l.pronetUrl) removeFrom(this.leadsByPronetUrl, l.pronetUrl, l);
    for (const e of new Set(leadEmails(l))) removeFrom(this.leadsByEmail, e, l);
    for (const id of Object.values(l.crmIds)) if (id && this.leadsByCrmId.get(id) === l) this.leadsByCrmId.delete(id);
  }

  /** The oldest lead with this canonical profile URL. */
  leadByPronetUrl(canonicalUrl: string): LeadRecord | undefined {
    return this.leadsByPronetUrl.get(canonicalUrl)?.[0];
  }

  /** Every lead with this canonical profile URL, oldest first. */
  leadsByPronet(canonicalUrl: string): readonly LeadRecord[] {
    return this.leadsByPronetUrl.get(canonicalUrl) ?? [];
  }

  /** The oldest lead with this pro or personal email (any case). */
  leadByEmail(email: string): LeadRecord | undefined {
    return this.leadsByEmail.get(email.trim().toLowerCase())?.[0];
  }

  /** Every lead with this pro or personal email (any case), oldest first. */
  leadsWithEmail(email: string): readonly LeadRecord[] {
    return this.leadsByEmail.get(email.trim().toLowerCase()) ?? [];
  }

  leadByCrmId(crmId: string): LeadRecord | undefined {
    return this.leadsByCrmId.get(crmId);
  }

  /** Case-insensitive match on first name, last name and company name (a scan: rare call). */
  leadByName(firstname: string, lastname: string, companyName?: string): LeadRecord | undefined {
    return this.leadsByName(firstname, lastname, companyName, 1)[0];
  }

  /** Up to `max` leads matching the name (and company, when given), oldest first. */
  leadsByName(firstname: string, lastname: string, companyName: string | undefined, max: number): LeadRecord[] {
    const f = firstname.trim().toLowerCase();
    const l = lastname.trim().toLowerCase();
    const c = companyName?.trim().toLowerCase();
    const out: LeadRecord[] = [];
    for (const lead of this.data.leads) {
      if (out.length >= max) break;
      if (lead.firstname.toLowerCase() !== f || lead.lastname.toLowerCase() !== l) continue;
      if (c !== undefined && (lead.companyName ?? '').toLowerCase() !== c) continue;
      out.push(lead);
    }
    return out;
  }

  leadsOfAudience(audienceId: string): readonly LeadRecord[] {
    return this.leadsByAudience.get(audienceId) ?? [];
  }

  addLead(lead: LeadRecord): void {
    this.data.leads.push(lead);
    this.indexLead(lead);
    this.leadText.added(lead);
  }

  /** Applies `patch` to a lead, keeping the lookup indexes right. */
  updateLead(lead: LeadRecord, patch: Partial<Omit<LeadRecord, 'id' | 'audienceIds'>>): void {
    this.unindexLeadKeys(lead);
    this.leadText.update(lead, () => Object.assign(lead, patch));
    this.indexLeadKeys(lead);
  }

  /** The leads whose text holds `needle` (free text `q` as `textNeedle` gives it, not empty). */
  leadsWithText(needle: string): readonly LeadRecord[] {
    return this.leadText.leadsWithText(needle);
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
    this.searchIndex.added(c);
  }

  /** Applies `patch` to a conversation; the search index moves it where its sort keys changed. */
  updateConversation(c: ConversationRecord, patch: Partial<Omit<ConversationRecord, 'id' | 'leadId'>>): void {
    this.searchIndex.update(c, () => Object.assign(c, patch));
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

  /** Every conversation of the workspace in search order. */
  orderedConversations(field: SortField, dir: SortDirection): readonly ConversationRecord[] {
    return this.searchIndex.ordered(field, dir);
  }

  /** The conversations of one part (`conversationPart`) in search order. */
  orderedPart(part: string, field: SortField, dir: SortDirection): readonly ConversationRecord[] {
    return this.searchIndex.part(part, field, dir);
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
