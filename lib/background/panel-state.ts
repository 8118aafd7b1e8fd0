/**
 * Builds the view models the surfaces show (PanelState, ChipView, OutboxItemView) from what the
 * background knows: the cache entry of the tab's profile, the outbox, the key state. Pure.
 *
 * Pending mutations are applied optimistically, in the order they were made, with the same rules the
 * service applies (`lib/inbox`), so the panel shows at once what the service will hold. Failed ones
 * are listed apart and not applied.
 */
import { LeadStatus, type ConversationSummary, type Lead, type LeadLog } from '../api/schemas';
import { applyAction, availableActions, effectiveState, type ConversationState } from '../inbox/conversation-state';
import { applyNote } from '../inbox/note-rules';
import { conversationWebAppUrl } from '../inbox/web-app-link';
import type { ActivityItemView, ChipView, ConversationView, ErrorView, LeadChoiceView, LeadView, OutboxItemView, PanelState, QualificationView } from '../views';
import { CHIP_NAME_MAX, CHIP_STATUS_MAX } from '../chip-state';
import { profileSlug } from '../pronet/canonical-url';
import type { CacheEntry, LeadCandidate, OutboxRecord } from '../store/db';
import { leadStatusKey, type LeadStatusRecord } from '../store/lead-statuses';
import type { KeyProblem } from './error-view';
import { CONTACT_FIELDS } from '../api/enrichment';
import type { ContactView, EnrichmentView } from '../views';
import { enrichmentView, type EnrichmentRecord } from './enrichments';

/** Why resolving a tab's profile failed, as the panel shows it. */
export type PanelError = ErrorView;

export interface PanelInputs {
  now: number;
  hasKey: boolean;
  /** Why the service refused the key or the plan (401/403), with its sentence; null otherwise. */
  keyProblem: KeyProblem | null;
  /** Canonical profile URL the tab shows, or null when it shows no profile. */
  profileUrl: string | null;
  /** Name the page shows for the profile, when the content script reported one. */
  displayName?: string;
  /** The current company and job title the page shows, when the content script reported them. */
  company?: string;
  jobTitle?: string;
  /** The profile came from the public profile link a lead page shows. */
  via?: 'lead-page';
  /** The tab shows a lead page with no public profile link to resolve. */
  leadPage?: boolean;
  entry: CacheEntry | undefined;
  /** True while the entry is older than its freshness or being revalidated. */
  stale: boolean;
  /** The last resolution failure for this tab (shown only when nothing is cached). */
  error: PanelError | null;
  selectedConversationId: string | null;
  outbox: readonly OutboxRecord[];
  /** Identity id → display name. */
  identities: ReadonlyMap<string, string>;
  /** The last lead status set from this browser, by `leadStatusKey(leadId, campaign)`. */
  leadStatuses?: ReadonlyMap<string, LeadStatusRecord>;
  /** The enrichments asked from this browser, newest first. */
  enrichments?: readonly EnrichmentRecord[];
  /** The web app's address from the settings (empty: no link to a conversation there). */
  webAppUrl?: string;
}

export function buildPanelState(inputs: PanelInputs): PanelState {
  if (!inputs.hasKey) return { kind: 'no-key' };
  if (inputs.keyProblem !== null) return { kind: 'bad-key', ...inputs.keyProblem };
  const { profileUrl, entry } = inputs;
  const words = {
    ...(inputs.displayName ? { displayName: inputs.displayName } : {}),
    ...(inputs.company ? { company: inputs.company } : {}),
  };
  if (profileUrl === null) return inputs.leadPage ? { kind: 'not-profile', leadPage: words } : { kind: 'not-profile' };
  const via = inputs.via ? { via: inputs.via } : {};
  if (!entry) {
    if (inputs.error) return { kind: 'error', profileUrl, ...inputs.error };
    return { kind: 'loading', profileUrl };
  }
  const ordered = [...inputs.outbox].sort((a, b) => a.id - b.id);
  if (!entry.lead && entry.candidates && entry.candidates.length > 1) {
    return { kind: 'pick-lead', profileUrl, candidates: leadChoices(entry.candidates, profileUrl), tooManyResults: entry.tooManyResults ?? false };
  }
  if (!entry.lead) {
    const mine = ordered.filter((r) => r.kind === 'add-to-audience' && r.profileUrl === profileUrl);
    return {
      kind: 'no-lead',
      profileUrl,
      slug: profileSlug(profileUrl) ?? profileUrl,
      ...words,
      ...(inputs.jobTitle ? { jobTitle: inputs.jobTitle } : {}),
      ...via,
      pending: mine.filter((r) => r.state !== 'failed').map(outboxItemView),
      failed: mine.filter((r) => r.state === 'failed').map(outboxItemView),
      // Asked from this profile, also once Enrich made it a lead (until the panel reads it as one).
      ...lastEnrichment(inputs.enrichments, (r) => r.profileUrl === profileUrl),
      ...(inputs.error?.code === 'offline' ? { offline: { fetchedAt: entry.fetchedAt } } : {}),
    };
  }
  const lead = entry.lead;
  const ids = new Set(entry.conversations.map((c) => c.id));
  // This lead's changes: its conversations', and its additions to an audience.
  const mine = ordered.filter((r) => (r.kind === 'add-to-audience' ? r.leadId === lead.id : r.kind !== 'remove-from-audience' && r.kind !== 'import-audience' && r.kind !== 'enrich-person' && ids.has(r.conversationId)));
  const live = mine.filter((r) => r.state !== 'failed');
  const conversations = entry.conversations.map((c) =>
    conversationView(
      c,
      live.filter((r) => r.kind !== 'add-to-audience' && r.kind !== 'remove-from-audience' && r.kind !== 'import-audience' && r.kind !== 'enrich-person' && r.conversationId === c.id),
      inputs.now,
      inputs.identities,
      qualificationOf(c, live, inputs.leadStatuses, entry.recentLogs),
      inputs.webAppUrl,
    ),
  );
  return {
    kind: 'lead',
    profileUrl,
    lead: leadView(lead, profileUrl),
    conversations,
    selectedConversationId: selectConversation(entry.conversations, inputs.selectedConversationId),
    pending: live.map(outboxItemView),
    failed: mine.filter((r) => r.state === 'failed').map(outboxItemView),
    stale: inputs.stale,
    fetchedAt: entry.fetchedAt,
    ...(entry.recentLogs ? { activity: entry.recentLogs.map(activityItem) } : {}),
    ...(entry.candidates && entry.candidates.length > 1 ? { leads: entry.candidates.length } : {}),
    ...(entry.linked ? { link: { pronetUrlMissing: !lead.pronetUrl } } : {}),
    ...via,
    ...contactsOf(lead, inputs.enrichments ?? []),
    ...lastEnrichment(inputs.enrichments, (r) => r.leadId === lead.id || (r.leadId === null && r.profileUrl === profileUrl)),
    // A refresh that could not reach the service: what shows is the cached answer, and it says so.
    ...(inputs.error?.code === 'offline' ? { offline: true } : {}),
  };
}

function contactsOf(lead: Lead, enrichments: readonly EnrichmentRecord[]): { contacts?: ContactView[] } {
  const contacts = contactViews(lead, enrichments);
  return contacts.length > 0 ? { contacts } : {};
}

/** The newest enrichment `mine` picks, as `{enrichment}` (nothing when none). */
function lastEnrichment(records: readonly EnrichmentRecord[] | undefined, mine: (r: EnrichmentRecord) => boolean): { enrichment?: EnrichmentView } {
  const r = records?.find(mine);
  return r ? { enrichment: enrichmentView(r) } : {};
}

/** The lead's contact details, each said to come from an enrichment asked here when one found that value. */
export function contactViews(lead: Lead, enrichments: readonly EnrichmentRecord[]): ContactView[] {
  return CONTACT_FIELDS.flatMap((field) => {
    const value = lead[field];
    if (!value) return [];
    const by = enrichments.find((r) => r.leadId === lead.id && r.found[field] === value);
    return [{ field, value, source: by ? ('enrichment' as const) : ('lead' as const), foundAt: by?.finishedAt ?? null }];
  });
}

/** The leads of a duplicated profile, those with a conversation first, then the oldest first. */
export function leadChoices(candidates: readonly LeadCandidate[], profileUrl: string): LeadChoiceView[] {
  return [...candidates]
    .sort((a, b) => Number(b.conversations > 0) - Number(a.conversations > 0) || a.lead.createdAt - b.lead.createdAt)
    .map(({ lead, conversations }) => ({
      id: lead.id,
      name: leadView(lead, profileUrl).name,
      company: lead.companyName,
      audienceIds: lead.audienceIds,
      createdAt: lead.createdAt,
      conversations,
    }));
}

/**
 * A lead log as the activity shows it. A status change names the status only in its English text
 * ("Status set to INTERESTED"): a known status found there is kept apart, so the UI can word it.
 */
export function activityItem(log: LeadLog): ActivityItemView {
  const status = log.type === 'STATUS_CHANGED' ? /\b([A-Z][A-Z_]+)\s*$/.exec(log.description)?.[1] : undefined;
  return {
    id: log.id,
    type: log.type,
    description: log.description,
    campaignName: log.campaignName,
    createdAt: log.createdAt,
    ...(status && LeadStatus.safeParse(status).success ? { status } : {}),
  };
}

export function leadView(lead: Lead, profileUrl: string): LeadView {
  const name = [lead.firstname, lead.lastname].filter((s) => s && s.trim() !== '').join(' ');
  return {
    id: lead.id,
    name: name || (profileSlug(profileUrl) ?? profileUrl),
    company: lead.companyName,
    jobTitle: lead.jobTitle,
    pronetUrl: lead.pronetUrl ?? profileUrl,
  };
}

/** The requested conversation when the lead has it; else the one with the latest message. */
export function selectConversation(conversations: readonly ConversationSummary[], wanted: string | null): string | null {
  if (wanted !== null && conversations.some((c) => c.id === wanted)) return wanted;
  let best: ConversationSummary | undefined;
  for (const c of conversations) {
    if (!best || (c.lastMessageAt ?? 0) > (best.lastMessageAt ?? 0)) best = c;
  }
  return best?.id ?? null;
}

/**
 * The lead's status in the conversation's campaign: the last queued qualification; else the newer of
 * the last one this browser set and the last status change the lead's activity shows (whoever made
 * it, from whatever app: the service has no call that reads a status back, its activity log says it).
 */
export function qualificationOf(
  c: ConversationSummary,
  live: readonly OutboxRecord[],
  known: ReadonlyMap<string, LeadStatusRecord> | undefined,
  logs?: readonly LeadLog[],
): QualificationView | null {
  if (c.campaignName === null) return null;
  const set = known?.get(leadStatusKey(c.leadId, c.campaignName));
  const said = statusFromActivity(c, logs ?? []);
  // A record of this browser without a date (kept before dates were) still wins over the log, as before.
  const stored = said && (!set || (set.at !== undefined && said.at >= set.at)) ? said : set;
  const queued = live.filter((r): r is Extract<OutboxRecord, { kind: 'qualify' }> => r.kind === 'qualify' && r.leadId === c.leadId && r.campaign === c.campaignName);
  const last = queued.at(-1);
  if (!last) return { status: stored?.status ?? null, previous: stored?.previous ?? null, pendingId: null };
  // Only a record not yet on the wire can be taken back; otherwise undo sets the status it replaced.
  return { status: last.status, previous: last.previous, pendingId: last.state === 'pending' && last.attempts === 0 ? String(last.id) : null };
}

/** The last status change of the conversation's campaign in the lead's activity, with the one before it. */
function statusFromActivity(c: ConversationSummary, logs: readonly LeadLog[]): (LeadStatusRecord & { at: number }) | null {
  const changes = logs
    .filter((l) => l.type === 'STATUS_CHANGED' && (c.campaignId !== null && l.campaignId !== null ? l.campaignId === c.campaignId : l.campaignName === c.campaignName))
    .flatMap((l) => {
      const status = activityItem(l).status;
      return status ? [{ status, at: l.createdAt }] : [];
    })
    .sort((a, b) => b.at - a.at);
  const [latest, before] = changes;
  return latest ? { status: latest.status, previous: before?.status ?? null, at: latest.at } : null;
}

function conversationView(
  c: ConversationSummary,
  pending: readonly OutboxRecord[],
  now: number,
  identities: ReadonlyMap<string, string>,
  qualification: QualificationView | null = null,
  webAppUrl = '',
): ConversationView {
  let state: ConversationState = effectiveState({ status: c.status, snoozeUntil: c.snoozeUntil }, now);
  let note = c.note ?? '';
  for (const r of pending) {
    if (r.kind === 'note') {
      note = applyNote(note, r.text, r.mode, new Date(now)).note;
    } else if (r.kind !== 'add-to-audience' && r.kind !== 'remove-from-audience' && r.kind !== 'qualify' && r.kind !== 'reply' && r.kind !== 'import-audience' && r.kind !== 'enrich-person') {
      try {
        state = applyAction(state, r.kind, now, r.kind === 'snooze' ? r.until : undefined);
      } catch {
        // A snooze whose date has passed while queued: the service will refuse it; show the state as is.
      }
    }
  }
  return {
    id: c.id,
    leadId: c.leadId,
    status: state.status,
    snoozeUntil: state.snoozeUntil,
    lastMessageAt: c.lastMessageAt,
    lastMessageStatus: c.lastMessageStatus,
    lastMessageType: c.lastMessageType,
    leadReplied: c.leadReplied,
    campaignId: c.campaignId,
    campaignName: c.campaignName,
    identityId: c.identityId,
    identityName: identities.get(c.identityId) ?? null,
    note,
    actions: availableActions(state, now),
    pending: pending.length > 0,
    ...(qualification ? { qualification } : {}),
    ...withWebAppUrl(webAppUrl, c.id),
  };
}

function withWebAppUrl(webAppUrl: string, conversationId: string): { webAppUrl?: string } {
  const url = conversationWebAppUrl(webAppUrl, conversationId);
  return url ? { webAppUrl: url } : {};
}

export function outboxItemView(r: OutboxRecord): OutboxItemView {
  const base: OutboxItemView = {
    id: String(r.id),
    kind: r.kind,
    state: r.state,
    conversationId: r.kind === 'add-to-audience' || r.kind === 'remove-from-audience' || r.kind === 'import-audience' || r.kind === 'enrich-person' ? null : r.conversationId,
    leadId: r.kind === 'add-to-audience' || r.kind === 'enrich-person' ? (r.leadId ?? null) : r.kind === 'remove-from-audience' || r.kind === 'import-audience' ? null : r.leadId,
    profileUrl: r.kind === 'import-audience' ? null : r.profileUrl,
    createdAt: r.createdAt,
    attempts: r.attempts,
    nextAttemptAt: r.state === 'failed' ? null : r.nextAttemptAt,
    error: r.error,
  };
  if (r.kind === 'note') base.note = { mode: r.mode, text: r.text };
  if (r.kind === 'snooze') base.snoozeUntil = r.until;
  if (r.kind === 'add-to-audience' || r.kind === 'remove-from-audience' || r.kind === 'import-audience') base.audience = r.audience;
  if (r.kind === 'qualify') base.leadStatus = r.status;
  if (r.kind === 'reply') base.reply = { channel: r.channel, text: r.text, holdUntil: r.holdUntil, ...(r.subject ? { subject: r.subject } : {}) };
  return base;
}

/**
 * What the chip shows: only a kind, a name and a status, nothing a page should not see. The service
 * places it (profile, revision) before sending.
 */
export function chipFor(state: PanelState): ChipView {
  switch (state.kind) {
    case 'lead': {
      const selected = state.conversations.find((c) => c.id === state.selectedConversationId);
      return {
        kind: 'lead',
        // The service may send any length; the chip protocol carries a bounded name.
        name: state.lead.name.slice(0, CHIP_NAME_MAX),
        conversations: state.conversations.length,
        ...(selected ? { status: selected.status } : {}),
        ...(selected?.lastMessageStatus ? { lastMessageStatus: selected.lastMessageStatus.slice(0, CHIP_STATUS_MAX) } : {}),
        ...(selected && selected.lastMessageAt !== null ? { lastMessageAt: selected.lastMessageAt } : {}),
        ...(state.leads ? { leads: state.leads } : {}),
      };
    }
    case 'pick-lead':
      return { kind: 'lead', leads: state.candidates.length };
    default:
      return { kind: state.kind };
  }
}
