import { describe, expect, it } from 'vitest';
import type { ProfileCache } from '../../store/cache';
import type { OutboxRecord } from '../../store/db';
import type { Outbox } from '../outbox';
import { lead } from '../../../test/unit/background/fakes';
import { outboxHandlers } from './outbox';

const record = { id: 1, kind: 'archive', conversationId: 'c1', leadId: 'lead_1', state: 'pending', attempts: 0, createdAt: 0, nextAttemptAt: 0 } as unknown as OutboxRecord;

describe('outbox-list', () => {
  it('names the lead of each change the cache knows, so the options page lists names, not addresses', async () => {
    const outbox = { list: async () => [record, { ...record, id: 2, leadId: 'lead_2' }] } as unknown as Outbox;
    const cache: Pick<ProfileCache, 'byLeads'> = {
      byLeads: async () => new Map([['lead_1', [{ profileUrl: 'https://www.pronet.example/in/ada-lovelace/', leadId: 'lead_1', lead: lead('lead_1', 'ada-lovelace'), conversations: [], fetchedAt: 0 }]]]),
    };
    const items = await outboxHandlers({ outbox, cache })['outbox-list']({ type: 'outbox-list' }, {});
    expect(items.map((i) => i.leadName)).toEqual(['Ada Lovelace', undefined]);
  });
});
