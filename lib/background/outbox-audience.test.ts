import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { lead } from '../../test/unit/background/fakes';
import type { LeadMatches } from '../api/lead-search';
import type { OutboxRecord } from '../store/db';
import { readBackAdd, sendAdd, sendRemove, type AddRecord, type AudienceApi } from './outbox-audience';

const URL_A = 'https://www.pronet.example/in/pat-row/';

function record(extra: Partial<AddRecord> = {}): AddRecord {
  return { id: 1, kind: 'add-to-audience', profileUrl: URL_A, audience: 'Spring', audienceId: 'aud_1', batch: 'b1', createdAt: 0, state: 'pending', attempts: 1, nextAttemptAt: 0, uncertain: true, error: null, ...extra } as AddRecord;
}

function fakeApi(found: { byUrl?: LeadMatches | null; byName?: LeadMatches | null; message?: string } = {}) {
  const calls: { what: string; input: unknown; priority: unknown }[] = [];
  const api: AudienceApi = {
    async searchLead(query, opts) {
      calls.push({ what: 'search', input: query, priority: opts.priority });
      return 'pronetUrl' in query ? (found.byUrl ?? null) : (found.byName ?? null);
    },
    async createLead(input, opts) {
      calls.push({ what: 'create', input, priority: opts.priority });
      return { leadId: 'lead_9', ...(found.message !== undefined ? { message: found.message } : {}) };
    },
    async removeFromAudience(input, opts) {
      calls.push({ what: 'remove', input, priority: opts.priority });
    },
  };
  return { api, calls };
}

const matches = (audienceIds: string[]): LeadMatches => ({ leads: [{ ...lead('lead_7', 'pat-row'), audienceIds }], recentLogs: [], tooManyResults: false });

describe('a batch add read back before it is sent again', () => {
  it('landed: the lead with its address is in the batch audience', async () => {
    const { api } = fakeApi({ byUrl: matches(['aud_1']) });
    expect(await readBackAdd(api, record())).toBe('lead_7');
  });

  it('not landed: the lead with its address is in other audiences only', async () => {
    const { api, calls } = fakeApi({ byUrl: matches(['aud_2']), byName: matches(['aud_1']) });
    expect(await readBackAdd(api, record({ firstname: 'Pat', lastname: 'Row', companyName: 'Acme' }))).toBeNull();
    expect(calls.map((c) => c.what)).toEqual(['search']);
  });

  it('no lead with its address: the one the service merged by name and company, at list priority', async () => {
    const { api, calls } = fakeApi({ byUrl: null, byName: matches(['aud_1']) });
    expect(await readBackAdd(api, record({ firstname: 'Pat', lastname: 'Row', companyName: 'Acme' }))).toBe('lead_7');
    expect(calls).toEqual([
      { what: 'search', input: { pronetUrl: URL_A }, priority: 'list' },
      { what: 'search', input: { firstname: 'Pat', lastname: 'Row', companyName: 'Acme' }, priority: 'list' },
    ]);
  });

  it('no lead with its address and no name and company to merge by: send it', async () => {
    const { api, calls } = fakeApi({ byUrl: null, byName: matches(['aud_1']) });
    expect(await readBackAdd(api, record({ firstname: 'Pat' }))).toBeNull();
    expect(calls).toHaveLength(1);
  });
});

describe('a batch add and its undo', () => {
  it('go at list priority and say what the service did', async () => {
    const { api, calls } = fakeApi({ message: 'Lead merged (nothing to fill).' });
    expect(await sendAdd(api, record({ firstname: 'Pat', lastname: 'Row' }))).toEqual({ kind: 'lead', leadId: 'lead_9', created: false, joined: false });
    await sendRemove(api, { ...record(), kind: 'remove-from-audience' } as Extract<OutboxRecord, { kind: 'remove-from-audience' }>);
    expect(calls).toEqual([
      { what: 'create', input: { audience: 'Spring', pronetUrl: URL_A, firstname: 'Pat', lastname: 'Row' }, priority: 'list' },
      { what: 'remove', input: { audience: 'Spring', pronetUrl: URL_A }, priority: 'list' },
    ]);
  });

  it('a single add from a profile panel stays at the user priority', async () => {
    const { api, calls } = fakeApi({ message: 'Lead created in audience Spring.' });
    const { batch: _b, ...single } = record();
    expect(await sendAdd(api, single as AddRecord)).toMatchObject({ created: true, joined: true });
    expect(calls[0]?.priority).toBe('user');
  });
});

describe('an add sent again after a read-back that found nothing (issue 40)', () => {
  it('"already in the audience" means the earlier attempt landed late: the add is the batch’s, its Undo removes the person', async () => {
    const { api } = fakeApi({ message: 'Lead merged' });
    expect(await sendAdd(api, record({ unknownBefore: true }))).toEqual({ kind: 'lead', leadId: 'lead_9', created: false, joined: true });
  });

  it('without an earlier unknown attempt, "already there" stays not joined', async () => {
    const { api } = fakeApi({ message: 'Lead merged' });
    expect(await sendAdd(api, record({ uncertain: false }))).toEqual({ kind: 'lead', leadId: 'lead_9', created: false, joined: false });
  });
});

describe('a batch’s Undo after the add merged into a lead with another address (issue 40)', () => {
  type Remove = Extract<OutboxRecord, { kind: 'remove-from-audience' }>;
  const undo = (extra: Partial<Remove> = {}) => ({ ...record(), kind: 'remove-from-audience', leadId: 'lead_7', ...extra }) as Remove;
  function mergedApi(merged: LeadMatches | null) {
    const removed: unknown[] = [];
    const api: AudienceApi = {
      searchLead: async (query) => ('leadId' in query ? merged : null),
      createLead: async () => ({ leadId: 'lead_7' }),
      async removeFromAudience(input) {
        if (input.pronetUrl === URL_A) throw new ApiError('removeLeadFromAudience', 404, 'No lead with this pronetUrl');
        removed.push(input);
      },
    };
    return { api, removed };
  }

  it('404 by the page’s address: the merged lead is removed by its own address', async () => {
    const other = lead('lead_7', 'patricia-row-1b2');
    const { api, removed } = mergedApi({ ...matches(['aud_1']), leads: [{ ...other, audienceIds: ['aud_1'] }] });
    await sendRemove(api, undo());
    expect(removed).toEqual([{ audience: 'Spring', pronetUrl: other.pronetUrl }]);
    expect(other.pronetUrl).not.toBe(URL_A);
  });

  it('a merged lead with no address but an email: removed by its email', async () => {
    const { api, removed } = mergedApi({ ...matches(['aud_1']), leads: [{ ...lead('lead_7', 'x'), pronetUrl: null, proEmail: 'pat@acme.example' }] });
    await sendRemove(api, undo());
    expect(removed).toEqual([{ audience: 'Spring', email: 'pat@acme.example' }]);
  });

  it('neither: the Undo says why it cannot', async () => {
    const { api } = mergedApi({ ...matches(['aud_1']), leads: [{ ...lead('lead_7', 'x'), pronetUrl: null, proEmail: null, persoEmail: null }] });
    await expect(sendRemove(api, undo())).rejects.toMatchObject({ reason: 'undo-no-address' });
  });

  it('without the lead’s id, a 404 stays the service’s answer', async () => {
    const { api } = mergedApi(matches(['aud_1']));
    await expect(sendRemove(api, undo({ leadId: undefined }))).rejects.toBeInstanceOf(ApiError);
  });
});
