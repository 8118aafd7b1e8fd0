/**
 * POST /campaigns/{id}/settings (spec §3, §4): only the settings sent change; at least one is sent
 * (the schema checks that); status conditions:
 * - audienceId only while READY;
 * - skipAlreadyContacted and ignoreEmojiOnlyReply only while READY or PAUSED;
 * - crmA and crmB only while PAUSED, and only when the plan includes CRM sync (403 otherwise).
 * A setting sent with its current value changes nothing and so meets no condition. The update is
 * all or nothing: every check runs before anything is written.
 */
import type { CampaignSettingsUpdate } from '../../lib/api/schemas';
import { conflict, notFound, planRefuses } from '../domain-error';
import type { CampaignRecord } from '../model';
import type { WorkspaceStore } from '../store';

const ALLOWED_STATUSES: Partial<Record<keyof CampaignSettingsUpdate, readonly string[]>> = {
  audienceId: ['READY'],
  skipAlreadyContacted: ['READY', 'PAUSED'],
  ignoreEmojiOnlyReply: ['READY', 'PAUSED'],
  crmA: ['PAUSED'],
  crmB: ['PAUSED'],
};

export function applyCampaignSettings(
  ws: WorkspaceStore,
  campaign: CampaignRecord,
  update: CampaignSettingsUpdate,
  now: number,
): void {
  const changed = (Object.keys(update) as (keyof CampaignSettingsUpdate)[]).filter(
    (k) => update[k] !== undefined && update[k] !== campaign[k],
  );

  const crm = changed.filter((k) => k === 'crmA' || k === 'crmB');
  if (crm.length > 0 && !ws.data.crmSync) {
    throw planRefuses(`${crm.join(' and ')} need a plan that includes CRM sync.`);
  }
  for (const key of changed) {
    const allowed = ALLOWED_STATUSES[key];
    if (allowed && !allowed.includes(campaign.status)) {
      throw conflict(
        `${key} can be changed only while the campaign is ${allowed.join(' or ')}; it is ${campaign.status}.`,
        { field: key, campaignStatus: campaign.status, allowedStatuses: [...allowed] },
      );
    }
  }
  if (update.audienceId !== undefined && !ws.audiences.has(update.audienceId)) {
    throw notFound(`No audience ${update.audienceId}.`);
  }

  for (const key of changed) Object.assign(campaign, { [key]: update[key] });
  if (changed.length > 0) campaign.modifiedAt = now;
}
