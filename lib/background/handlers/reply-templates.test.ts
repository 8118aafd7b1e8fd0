import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { openCompanionDb } from '../../store/db';
import { createProfileCache } from '../../store/cache';
import { createMetaStore, type MetaStore } from '../../store/meta';
import { conversation, fakeService, lead, manualClock, type FakeService, type ManualClock } from '../../../test/unit/background/fakes';
import { replyTemplateHandlers, TEMPLATES_FRESH_MS } from './reply-templates';

let n = 0;
let clock: ManualClock;
let fake: FakeService;
let meta: MetaStore;
let key: string | null;
let handlers: ReturnType<typeof replyTemplateHandlers>;

beforeEach(async () => {
  n += 1;
  clock = manualClock();
  fake = fakeService(clock.now);
  fake.leads.set('lead_1', lead('lead_1', 'ada', { firstname: 'Ada', companyName: 'Engines' }));
  fake.conversations.set('conv_1', conversation('conv_1', 'lead_1'));
  fake.conversations.set('conv_2', conversation('conv_2', 'lead_1', { campaignId: null }));
  const db = await openCompanionDb(`reply-templates-${n}`);
  meta = createMetaStore(db);
  key = 'key_one';
  handlers = replyTemplateHandlers({ api: fake.api, cache: createProfileCache(db), meta, clock, key: () => key });
});

const ask = (conversationId = 'conv_1') => handlers['reply-templates']({ type: 'reply-templates', conversationId, leadId: 'lead_1' }, {});
const count = (method: string) => fake.calls.filter((c) => c.startsWith(`${method} `)).length;

describe('reply-templates', () => {
  it('gives the pronet and email steps as plain text, with the lead and identity fields', async () => {
    const view = await ask();
    expect(view.templates).toEqual([
      { id: 'tpl_1', channel: 'PRONET', order: 0, active: true, text: 'Hi {{firstname}} at {{companyName}}', subject: '' },
      { id: 'tpl_2', channel: 'EMAIL', order: 1, active: true, text: 'Hello {{firstname}},\n\n{{identityFirstname}}', subject: 'Idea for {{companyName}}' },
    ]);
    expect(view.fields).toMatchObject({ firstname: 'Ada', companyName: 'Engines', identityFirstname: 'Sales' });
  });

  it('fetches a campaign once (asks at once share it), again only when stale or for another key', async () => {
    await Promise.all([ask(), ask()]);
    await ask();
    expect(count('campaignMessages')).toBe(1);
    expect(count('identities')).toBe(1);
    await clock.advance(TEMPLATES_FRESH_MS);
    await ask();
    expect(count('campaignMessages')).toBe(2);
    key = 'key_two';
    await ask();
    expect(count('campaignMessages')).toBe(3);
  });

  it('asks nothing of the service for a conversation outside any campaign', async () => {
    expect((await ask('conv_2')).templates).toEqual([]);
    expect(count('campaignMessages')).toBe(0);
  });

  it('keeps snippets in storage: saved, listed with the templates, deleted', async () => {
    const saved = await handlers['reply-snippet-save']({ type: 'reply-snippet-save', name: 'Call', text: 'Talk on {{meetingDay}}?' }, {});
    expect(saved).toEqual([{ id: expect.stringMatching(/^snp_/), name: 'Call', text: 'Talk on {{meetingDay}}?' }]);
    expect((await ask()).snippets).toEqual(saved);
    expect(await handlers['reply-snippet-delete']({ type: 'reply-snippet-delete', id: saved[0]!.id }, {})).toEqual([]);
    expect(await meta.get('reply-snippets')).toEqual([]);
  });
});
