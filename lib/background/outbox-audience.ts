/**
 * The outbox's audience mutations of a "This page" batch (issue 35): `add-to-audience` with a
 * `batch` (POST /leads at list priority, each person once) and its Undo, `remove-from-audience`
 * (POST /leads/removefromaudience by the profile's address).
 *
 * An add whose outcome is unknown (no answer, a 5xx, a worker stopped mid-call) is read back before
 * anything is sent again: the lead by the person's address, else by name and company as the service
 * merges (`POST /leads` rules, endpoints.md row 8); found in the batch's audience, it landed. Sending
 * it again would not make a second lead (the service merges), but its answer would then say "already
 * there", and the batch's Undo would leave in the audience a person the batch put there.
 */
import { ApiError } from '../api/errors';
import { createLeadAnswer } from '../api/lead-create';
import type { OutboxRecord } from '../store/db';
import { RequestError } from './error-view';
import type { ResolveCallOptions, ResolverApi } from './resolver';

export interface AudienceApi extends Pick<ResolverApi, 'searchLead'> {
  createLead(
    /** With `leadId`: a merge into that lead (the service fills its empty fields only). */
    input: { audience?: string; pronetUrl?: string; firstname?: string; lastname?: string; companyName?: string; jobTitle?: string; leadId?: string },
    opts: ResolveCallOptions,
  ): Promise<{ leadId: string; message?: string }>;
  removeFromAudience(input: { audience: string; pronetUrl?: string; email?: string }, opts: ResolveCallOptions): Promise<void>;
}

export type AddRecord = Extract<OutboxRecord, { kind: 'add-to-audience' }>;
export type RemoveRecord = Extract<OutboxRecord, { kind: 'remove-from-audience' }>;

/**
 * A lead made or merged; `created`: a new lead; `joined`: whether this call put it in the audience
 * (undefined: the answer did not say).
 */
export interface LeadOutcome {
  kind: 'lead';
  leadId: string;
  created?: boolean;
  joined?: boolean;
}

/** A batch's work can wait behind the profile on screen and the user's own actions. */
const LIST = { priority: 'list' as const };
const USER = { priority: 'user' as const };

/** Whether an add is part of a "This page" batch (list priority, read back before a resend). */
export const inBatch = (r: OutboxRecord): r is AddRecord => r.kind === 'add-to-audience' && r.batch !== undefined;

export async function sendAdd(api: AudienceApi, record: AddRecord): Promise<LeadOutcome> {
  const { audience, profileUrl, firstname, lastname, companyName, jobTitle } = record;
  const call = record.batch !== undefined ? LIST : USER;
  // An existing lead is merged by its id alone: nothing of the page is written over it.
  if (record.leadId !== undefined) return { kind: 'lead', leadId: (await api.createLead({ audience, leadId: record.leadId }, call)).leadId };
  const res = await api.createLead(
    {
      audience,
      pronetUrl: profileUrl,
      ...(firstname ? { firstname } : {}),
      ...(lastname ? { lastname } : {}),
      ...(companyName ? { companyName } : {}),
      ...(jobTitle ? { jobTitle } : {}),
    },
    call,
  );
  const answer = createLeadAnswer(res.message);
  // "Already there" after an attempt whose outcome was unknown: that attempt landed after its read-back.
  if (record.unknownBefore && answer.joined === false) return { kind: 'lead', leadId: res.leadId, created: false, joined: true };
  return { kind: 'lead', leadId: res.leadId, ...answer };
}

/**
 * Removes what a batch added. By the page's address first (one call); a 404 means the add merged into
 * a lead of the same name and company with another address (issue 40): that lead is read by its id
 * and removed by its own address or email, or the Undo says why it cannot.
 */
export async function sendRemove(api: AudienceApi, record: RemoveRecord): Promise<{ kind: 'removed' }> {
  try {
    await api.removeFromAudience({ audience: record.audience, pronetUrl: record.profileUrl }, LIST);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404) || record.leadId === undefined) throw error;
    const lead = (await api.searchLead({ leadId: record.leadId }, LIST))?.leads.find((l) => l.id === record.leadId);
    const email = lead?.proEmail ?? lead?.persoEmail;
    const by = lead?.pronetUrl && lead.pronetUrl !== record.profileUrl ? { pronetUrl: lead.pronetUrl } : email ? { email } : null;
    if (!by) throw new RequestError('bad-request', 'undo-no-address');
    await api.removeFromAudience({ audience: record.audience, ...by }, LIST);
  }
  return { kind: 'removed' };
}

/**
 * Reads an uncertain batch add back: the id of the lead that is in the batch's audience (it landed),
 * or null (send it). Throws what the reads throw (the outcome stays unknown).
 */
export async function readBackAdd(api: AudienceApi, record: AddRecord): Promise<string | null> {
  const inAudience = (leads: readonly { id: string; audienceIds: readonly string[] }[] | undefined) =>
    leads?.find((l) => record.audienceId !== undefined && l.audienceIds.includes(record.audienceId))?.id ?? null;
  const byUrl = await api.searchLead({ pronetUrl: record.profileUrl }, LIST);
  if (byUrl) return inAudience(byUrl.leads);
  // No lead has this address: the service may have merged it into a lead of the same name and company.
  const { firstname, lastname, companyName } = record;
  if (!firstname || !lastname || !companyName) return null;
  return inAudience((await api.searchLead({ firstname, lastname, companyName }, LIST))?.leads);
}
