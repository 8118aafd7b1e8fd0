/**
 * The outbox's `qualify` mutation: POST /leads/status for one lead in one campaign. The service answers
 * 200 with a verdict per campaign (`leadUpdated`, `reason`); a refusal there is a refusal for good, kept
 * on the record with the service's reason like any 4xx. Setting a status is idempotent, so an attempt
 * whose outcome is unknown is simply sent again (no read-back).
 */
import type { LeadStatus, LeadStatusLog } from '../api/schemas';
import type { OutboxRecord } from '../store/db';
import { RequestError } from './error-view';
import type { ResolveCallOptions } from './resolver';

export interface QualifyApi {
  leadStatus(input: { leadId: string; status: LeadStatus; campaign: string }, opts: ResolveCallOptions): Promise<LeadStatusLog[]>;
}

export type QualifyRecord = Extract<OutboxRecord, { kind: 'qualify' }>;

/** What an accepted qualification produced. */
export interface QualifyOutcome {
  kind: 'qualified';
  status: string;
}

export async function sendQualify(api: QualifyApi, record: QualifyRecord, opts: ResolveCallOptions): Promise<QualifyOutcome> {
  const logs = await api.leadStatus({ leadId: record.leadId, status: record.status as LeadStatus, campaign: record.campaign }, opts);
  const mine = logs.find((l) => l.campaign === record.campaign) ?? logs[0];
  if (!mine?.leadUpdated) {
    const why = mine?.reason?.trim() || (mine ? 'no reason given' : 'no answer for this campaign');
    throw new RequestError('bad-request', 'status-refused', { detail: `${record.campaign}: ${why}` });
  }
  return { kind: 'qualified', status: mine.leadStatus || record.status };
}
