/**
 * How the note update and the four conversation actions find their conversation (spec §4):
 * - lookup priority: conversationId (every other identifier and filter ignored), then leadId, then
 *   email, then pronetUrl (canonicalised as lib/pronet does); only the first one given is used;
 * - a lead's conversations are narrowed by identityId, else campaignId (its identity), else
 *   campaignName (its identity), else not at all; one left → that one; several → 409 with
 *   `details.candidates`; none → 404.
 */
import type { ConversationCandidate } from '../../lib/api/schemas';
import { conflict, notFound } from '../domain-error';
import type { ConversationRecord } from '../model';
import type { WorkspaceStore } from '../store';
import { leadByIdentifier } from './lead-lookup';

export interface ConversationTargetInput {
  conversationId?: string;
  leadId?: string;
  email?: string;
  pronetUrl?: string;
  identityId?: string;
  campaignId?: string;
  campaignName?: string;
}

export function candidateOf(ws: WorkspaceStore, c: ConversationRecord): ConversationCandidate {
  return {
    conversationId: c.id,
    identityId: c.identityId,
    campaignId: c.campaignId,
    campaignName: c.campaignId ? (ws.campaigns.get(c.campaignId)?.name ?? null) : null,
  };
}

/** The one conversation a target names; not-found when none, conflict (with the candidates) when several. */
export function resolveConversation(ws: WorkspaceStore, t: ConversationTargetInput): ConversationRecord {
  if (t.conversationId !== undefined) {
    const c = ws.conversations.get(t.conversationId);
    if (!c) throw notFound(`No conversation ${t.conversationId}.`);
    return c;
  }
  const lead = leadByIdentifier(ws, t, 'The target needs at least one of conversationId, leadId, email, pronetUrl.');
  const all = ws.conversationsOfLead(lead.id);
  if (all.length === 0) throw notFound('This lead has no conversation.');

  let narrowed: readonly ConversationRecord[] = all;
  let filter = '';
  if (t.identityId !== undefined) {
    narrowed = all.filter((c) => c.identityId === t.identityId);
    filter = `identityId ${t.identityId}`;
  } else if (t.campaignId !== undefined) {
    const campaign = ws.campaigns.get(t.campaignId);
    if (!campaign) throw notFound(`No campaign ${t.campaignId}.`);
    narrowed = all.filter((c) => c.identityId === campaign.identityId);
    filter = `the identity of campaign ${campaign.name}`;
  } else if (t.campaignName !== undefined) {
    const campaign = ws.campaignByName(t.campaignName);
    if (!campaign) throw notFound(`No campaign named ${t.campaignName}.`);
    narrowed = all.filter((c) => c.identityId === campaign.identityId);
    filter = `the identity of campaign ${campaign.name}`;
  }
  const [only, ...rest] = narrowed;
  if (!only) throw notFound(`No conversation of this lead matches ${filter}.`);
  if (rest.length > 0) {
    throw conflict(
      `This lead has ${narrowed.length} conversations${filter ? ` with ${filter}` : ''}: give identityId, campaignId or campaignName to pick one.`,
      { candidates: narrowed.map((c) => candidateOf(ws, c)) },
    );
  }
  return only;
}
