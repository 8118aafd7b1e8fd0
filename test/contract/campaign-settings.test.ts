// Spec §3 (status conditions), §4 rules 2-3 (only what is sent changes, at least one setting), §7 rule 3.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Campaign } from '../../lib/api/schemas';
import { clientFor, proWorkspace, rawCall, resetEmulator, workspace } from './harness';

let campaigns: Campaign[] = [];

async function load(ws = proWorkspace()) {
  const list: Campaign[] = [];
  for await (const c of clientFor(ws).campaigns.all()) list.push(c);
  return list;
}

function withStatus(status: string): Campaign {
  const c = campaigns.find((x) => x.status === status);
  if (!c) throw new Error(`no ${status} campaign in the demo seed`);
  return c;
}

beforeEach(async () => {
  await resetEmulator('demo');
  campaigns = await load();
});

describe('campaign settings', () => {
  it('changes only the settings sent and answers all eight', async () => {
    const client = clientFor(proWorkspace());
    const c = withStatus('RUNNING');
    const res = await client.campaigns.updateSettings({ campaignId: c.id, name: 'Renamed', enrich: !c.enrich });
    expect(res.settings).toMatchObject({
      name: 'Renamed',
      enrich: !c.enrich,
      autoRescheduleOutOfOffice: c.autoRescheduleOutOfOffice,
      crmA: c.crmA,
      crmB: c.crmB,
      ignoreEmojiOnlyReply: c.ignoreEmojiOnlyReply,
    });
    expect(Object.keys(res.settings).sort()).toEqual(
      ['audienceId', 'autoRescheduleOutOfOffice', 'crmA', 'crmB', 'enrich', 'ignoreEmojiOnlyReply', 'name', 'skipAlreadyContacted'].sort(),
    );
    const after = (await client.campaigns.get({ campaignId: c.id })).campaign;
    expect({ ...after, modifiedAt: 0 }).toEqual({ ...c, name: 'Renamed', enrich: !c.enrich, modifiedAt: 0 });
  });

  it('needs at least one setting (400) and refuses unknown fields (400 naming them)', async () => {
    const c = withStatus('RUNNING');
    const key = proWorkspace().apiKey;
    const empty = await rawCall<{ message: string }>(`/campaigns/${c.id}/settings`, { key, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/name/);
    const unknown = await rawCall<{ message: string }>(`/campaigns/${c.id}/settings`, { key, body: { colour: 'red' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/colour/);
    const badType = await rawCall<{ message: string }>(`/campaigns/${c.id}/settings`, { key, body: { enrich: 'yes' } });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toMatch(/enrich/);
  });

  it('changes audienceId only while READY (409 otherwise)', async () => {
    const client = clientFor(proWorkspace());
    const { audiences } = await client.audiences.list();
    const ready = withStatus('READY');
    const paused = withStatus('PAUSED');
    const target = audiences.find((a) => a.name !== ready.audienceName) ?? audiences[0];
    const ok = await client.campaigns.updateSettings({ campaignId: ready.id, audienceId: target?.id });
    expect(ok.settings.audienceId).toBe(target?.id);
    expect((await client.campaigns.get({ campaignId: ready.id })).campaign.audienceName).toBe(target?.name);
    const other = audiences.find((a) => a.name !== paused.audienceName);
    await expect(client.campaigns.updateSettings({ campaignId: paused.id, audienceId: other?.id })).rejects.toMatchObject({
      status: 409,
    });
  });

  it('changes skipAlreadyContacted and ignoreEmojiOnlyReply only while READY or PAUSED', async () => {
    const client = clientFor(proWorkspace());
    const paused = withStatus('PAUSED');
    const ready = withStatus('READY');
    const running = withStatus('RUNNING');
    const p = await client.campaigns.updateSettings({ campaignId: paused.id, ignoreEmojiOnlyReply: !paused.ignoreEmojiOnlyReply });
    expect(p.settings.ignoreEmojiOnlyReply).toBe(!paused.ignoreEmojiOnlyReply);
    const before = (await client.campaigns.updateSettings({ campaignId: ready.id, name: ready.name })).settings;
    const r = await client.campaigns.updateSettings({ campaignId: ready.id, skipAlreadyContacted: !before.skipAlreadyContacted });
    expect(r.settings.skipAlreadyContacted).toBe(!before.skipAlreadyContacted);
    await expect(
      client.campaigns.updateSettings({ campaignId: running.id, ignoreEmojiOnlyReply: !running.ignoreEmojiOnlyReply }),
    ).rejects.toMatchObject({ status: 409 });
    const runningSettings = (await client.campaigns.updateSettings({ campaignId: running.id, name: running.name })).settings;
    await expect(
      client.campaigns.updateSettings({ campaignId: running.id, skipAlreadyContacted: !runningSettings.skipAlreadyContacted }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('changes crmA and crmB only while PAUSED, and a refused update changes nothing', async () => {
    const client = clientFor(proWorkspace());
    const paused = withStatus('PAUSED');
    const running = withStatus('RUNNING');
    const ok = await client.campaigns.updateSettings({ campaignId: paused.id, crmA: !paused.crmA, crmB: !paused.crmB });
    expect(ok.settings).toMatchObject({ crmA: !paused.crmA, crmB: !paused.crmB });
    const err = await client.campaigns
      .updateSettings({ campaignId: running.id, name: 'Should not stick', crmB: !running.crmB })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409 });
    expect((await client.campaigns.get({ campaignId: running.id })).campaign.name).toBe(running.name);
  });

  it('refuses crmA/crmB with 403 when the plan lacks CRM sync', async () => {
    const noCrm = workspace('demo-pro-nocrm');
    const list = await load(noCrm);
    const c = list[0] as Campaign;
    await expect(clientFor(noCrm).campaigns.updateSettings({ campaignId: c.id, crmA: !c.crmA })).rejects.toMatchObject({
      status: 403,
    });
  });

  it('a setting sent with its current value meets no status condition', async () => {
    const running = withStatus('RUNNING');
    const res = await clientFor(proWorkspace()).campaigns.updateSettings({ campaignId: running.id, crmA: running.crmA });
    expect(res.settings.crmA).toBe(running.crmA);
  });
});
