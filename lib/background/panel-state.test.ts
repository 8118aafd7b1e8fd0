import { describe, expect, it } from 'vitest';
import type { CacheEntry, OutboxRecord } from '../store/db';
import { conversation, lead } from '../../test/unit/background/fakes';
import { badgeFor } from './badge';
import { CHIP_NAME_MAX } from '../chip-state';
import { activityItem, buildPanelState, chipFor, type PanelInputs } from './panel-state';

const NOW = Date.UTC(2025, 0, 6, 9);
const ADA = 'https://www.pronet.example/in/ada-lovelace/';

const entry: CacheEntry = {
  profileUrl: ADA,
  leadId: 'lead_1',
  lead: lead('lead_1', 'ada-lovelace'),
  conversations: [
    conversation('c1', 'lead_1', { note: 'met at the fair', lastMessageAt: 5 }),
    conversation('c2', 'lead_1', { status: 'SNOOZED', snoozeUntil: NOW - 1, lastMessageAt: 9, identityId: 'idt_2' }),
  ],
  fetchedAt: NOW - 1_000,
};

function inputs(extra: Partial<PanelInputs> = {}): PanelInputs {
  return {
    now: NOW,
    hasKey: true,
    keyProblem: null,
    profileUrl: ADA,
    entry,
    stale: false,
    error: null,
    selectedConversationId: null,
    outbox: [],
    identities: new Map([['idt_1', 'Sales Bot']]),
    ...extra,
  };
}

function record(id: number, action: Partial<OutboxRecord> & Pick<OutboxRecord, 'kind'>): OutboxRecord {
  return {
    id,
    conversationId: 'c1',
    leadId: 'lead_1',
    profileUrl: ADA,
    createdAt: NOW,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: NOW,
    uncertain: false,
    error: null,
    ...action,
  } as OutboxRecord;
}

describe('buildPanelState', () => {
  it('says what is missing before it shows anything', () => {
    expect(buildPanelState(inputs({ hasKey: false }))).toEqual({ kind: 'no-key' });
    expect(buildPanelState(inputs({ keyProblem: { detail: 'Unknown API key.' } }))).toEqual({ kind: 'bad-key', detail: 'Unknown API key.' });
    expect(buildPanelState(inputs({ keyProblem: { reason: 'plan', detail: 'Pro only.' } }))).toEqual({ kind: 'bad-key', reason: 'plan', detail: 'Pro only.' });
    expect(buildPanelState(inputs({ profileUrl: null }))).toEqual({ kind: 'not-profile' });
    expect(buildPanelState(inputs({ entry: undefined }))).toEqual({ kind: 'loading', profileUrl: ADA });
    expect(buildPanelState(inputs({ entry: undefined, error: { code: 'offline' } }))).toMatchObject({
      kind: 'error',
      code: 'offline',
    });
  });

  it('shows the lead, its conversations with effective status, identity names, and picks the latest', () => {
    const state = buildPanelState(inputs());
    if (state.kind !== 'lead') throw new Error(state.kind);
    expect(state.lead).toEqual({ id: 'lead_1', name: 'Ada Lovelace', company: 'Analytical Engines', jobTitle: 'Mathematician', pronetUrl: ADA });
    expect(state.selectedConversationId).toBe('c2');
    const [c1, c2] = state.conversations;
    expect(c1).toMatchObject({ status: 'OPEN', identityName: 'Sales Bot', actions: ['archive', 'snooze'], pending: false });
    // Its snooze date has passed: it is back in the inbox.
    expect(c2).toMatchObject({ status: 'OPEN', snoozeUntil: null, identityName: null });
    expect(buildPanelState(inputs({ selectedConversationId: 'c1' }))).toMatchObject({ selectedConversationId: 'c1' });
  });

  it('applies pending mutations in order, and lists failed ones apart without applying them', () => {
    const state = buildPanelState(
      inputs({
        outbox: [
          record(3, { kind: 'note', mode: 'append', text: 'call Tuesday' }),
          record(1, { kind: 'archive' }),
          record(2, { kind: 'note', mode: 'replace', text: 'fresh start' }),
          record(4, { kind: 'snooze', until: NOW + 86_400_000, conversationId: 'c2', state: 'failed', error: { code: 'rejected', detail: 'no' } }),
        ],
      }),
    );
    if (state.kind !== 'lead') throw new Error(state.kind);
    const [c1, c2] = state.conversations;
    expect(c1?.status).toBe('ARCHIVED');
    expect(c1?.note).toBe('fresh start\n-- 2025-01-06 09:00 --\ncall Tuesday');
    expect(c1?.pending).toBe(true);
    expect(c2?.status).toBe('OPEN');
    expect(state.pending.map((p) => p.id)).toEqual(['1', '2', '3']);
    expect(state.failed).toMatchObject([{ id: '4', kind: 'snooze', snoozeUntil: Date.UTC(2025, 0, 7, 9), error: { code: 'rejected', detail: 'no' } }]);
  });

  it('shows a profile that is no lead, with its queued Add to audience', () => {
    const none: CacheEntry = { profileUrl: 'https://www.pronet.example/in/margaret-hamilton/', lead: null, conversations: [], fetchedAt: NOW };
    const state = buildPanelState(
      inputs({
        profileUrl: none.profileUrl,
        entry: none,
        displayName: 'Margaret Hamilton',
        outbox: [record(1, { kind: 'add-to-audience', profileUrl: none.profileUrl, audience: 'Pioneers' } as Partial<OutboxRecord> & { kind: 'add-to-audience' })],
      }),
    );
    expect(state).toMatchObject({
      kind: 'no-lead',
      slug: 'margaret-hamilton',
      displayName: 'Margaret Hamilton',
      pending: [{ kind: 'add-to-audience', audience: 'Pioneers' }],
    });
  });

  it('shows the enrichment asked from a profile that is no lead, also once Enrich made it one (Enrich stays off)', () => {
    const none: CacheEntry = { profileUrl: 'https://www.pronet.example/in/margaret-hamilton/', lead: null, conversations: [], fetchedAt: NOW };
    const asked = { id: 'enr_1', enrichType: 'EMAIL_ENRICH', leadId: 'lead_9', profileUrl: none.profileUrl, requestedAt: NOW, state: 'pending', checks: 0, nextCheckAt: NOW + 15_000, finishedAt: null, before: {}, found: {} } as const;
    const state = buildPanelState(inputs({ profileUrl: none.profileUrl, entry: none, enrichments: [asked] }));
    expect(state).toMatchObject({ kind: 'no-lead', enrichment: { id: 'enr_1', state: 'pending' } });
  });
});

describe('a lead put in a campaign audience', () => {
  const edsger: CacheEntry = { ...entry, leadId: 'lead_9', lead: lead('lead_9', 'ada-lovelace'), conversations: [] };
  const add = (id: number, leadId: string, state: OutboxRecord['state'] = 'pending') =>
    record(id, { kind: 'add-to-audience', profileUrl: ADA, leadId, audience: 'Spring', state } as Partial<OutboxRecord> & { kind: 'add-to-audience' });

  it("lists the lead's own additions, pending and refused, and no other lead's", () => {
    const state = buildPanelState(inputs({ entry: edsger, outbox: [add(1, 'lead_9'), add(2, 'lead_other'), add(3, 'lead_9', 'failed')] }));
    expect(state).toMatchObject({
      kind: 'lead',
      conversations: [],
      pending: [{ id: '1', kind: 'add-to-audience', leadId: 'lead_9', audience: 'Spring' }],
      failed: [{ id: '3', kind: 'add-to-audience' }],
    });
  });
});

describe('the web app link', () => {
  it('is on each conversation when the address is set, and absent when it is not', () => {
    const linked = buildPanelState(inputs({ webAppUrl: 'https://app.outreach.example' }));
    if (linked.kind !== 'lead') throw new Error('expected a lead state');
    expect(linked.conversations.map((c) => c.webAppUrl)).toEqual(['https://app.outreach.example/inbox/c1', 'https://app.outreach.example/inbox/c2']);
    const off = buildPanelState(inputs());
    if (off.kind !== 'lead') throw new Error('expected a lead state');
    expect(off.conversations.every((c) => !('webAppUrl' in c))).toBe(true);
  });
});

describe('chip and badge', () => {
  it('gives the chip a name, a status and the last message (whose turn) only', () => {
    const state = buildPanelState(inputs({ selectedConversationId: 'c1', outbox: [record(1, { kind: 'note', mode: 'replace', text: 'secret plans' })] }));
    const chip = chipFor(state);
    const c1 = state.kind === 'lead' ? state.conversations.find((c) => c.id === 'c1') : undefined;
    expect(chip).toEqual({
      kind: 'lead',
      name: 'Ada Lovelace',
      conversations: 2,
      status: 'OPEN',
      ...(c1?.lastMessageStatus ? { lastMessageStatus: c1.lastMessageStatus } : {}),
      ...(c1?.lastMessageAt != null ? { lastMessageAt: c1.lastMessageAt } : {}),
    });
    expect(JSON.stringify(chip)).not.toContain('secret plans');
    expect(chipFor({ kind: 'bad-key', detail: 'Unknown API key: key_abc' })).toEqual({ kind: 'bad-key' });
  });

  it('bounds the name the chip carries, whatever length the service sends', () => {
    const state = buildPanelState(inputs({ selectedConversationId: 'c1' }));
    if (state.kind !== 'lead') throw new Error('expected a lead state');
    const chip = chipFor({ ...state, lead: { ...state.lead, name: 'A'.repeat(1_000_000) } });
    expect(chip.name?.length).toBe(CHIP_NAME_MAX);
  });

  it('shows the selected status on the badge, and a failure above all', () => {
    expect(badgeFor(buildPanelState(inputs({ selectedConversationId: 'c1' })))).toMatchObject({ text: 'OPEN' });
    expect(badgeFor(buildPanelState(inputs({ outbox: [record(1, { kind: 'archive' })], selectedConversationId: 'c1' })))).toMatchObject({ text: 'ARCH' });
    expect(
      badgeFor(buildPanelState(inputs({ outbox: [record(1, { kind: 'archive', state: 'failed', error: { code: 'rejected', detail: 'x' } })] }))),
    ).toMatchObject({ text: '!' });
    expect(badgeFor({ kind: 'not-profile' }).text).toBe('');
    expect(badgeFor({ kind: 'no-key' }).text).toBe('KEY');
  });
});

describe('activityItem', () => {
  const log = (type: string, description: string) => ({ id: 'l1', leadId: 'lead_1', type, description, identityId: null, campaignId: null, campaignName: 'Spring', createdAt: 5 });
  it.each([
    ['STATUS_CHANGED', 'Status set to CALL_BOOKED', 'CALL_BOOKED'],
    ['STATUS_CHANGED', 'Status set to INTERESTED  ', 'INTERESTED'],
    ['STATUS_CHANGED', 'Status set to SOMETHING_NEW', undefined],
    ['STATUS_CHANGED', 'status changed by hand', undefined],
    ['NOTE_UPDATED', 'Status set to INTERESTED', undefined],
  ])('%s "%s" → status %s', (type, description, status) => {
    const item = activityItem(log(type, description));
    expect(item.status).toBe(status);
    expect(item.description).toBe(description);
  });
});

describe('day one (issue 27)', () => {
  const offline = { code: 'offline' as const };

  it('says the profile panel is offline, with the age of what it shows, when a refresh could not reach the service', () => {
    expect(buildPanelState(inputs({ error: offline }))).toMatchObject({ kind: 'lead', offline: true, fetchedAt: NOW - 1_000 });
    expect(buildPanelState(inputs())).not.toHaveProperty('offline');
    const noLead: CacheEntry = { profileUrl: ADA, lead: null, conversations: [], fetchedAt: NOW - 120_000 };
    expect(buildPanelState(inputs({ entry: noLead, error: offline }))).toMatchObject({ kind: 'no-lead', offline: { fetchedAt: NOW - 120_000 } });
    // Another failure (a 500) is no sign of being offline.
    expect(buildPanelState(inputs({ error: { code: 'server' } }))).not.toHaveProperty('offline');
  });

  const statusLog = (id: string, status: string, at: number, campaignId = 'cmp_1') => ({
    id,
    leadId: 'lead_1',
    type: 'STATUS_CHANGED',
    description: `Status set to ${status}`,
    identityId: null,
    campaignId,
    campaignName: 'Spring',
    createdAt: at,
  });

  it("shows the lead's last status from the service's activity, whoever set it", () => {
    const c = conversation('c1', 'lead_1', { campaignId: 'cmp_1', campaignName: 'Spring' });
    const logs = [statusLog('l2', 'INTERESTED', NOW - 60_000), statusLog('l1', 'TO_QUALIFY', NOW - 3_600_000), statusLog('l0', 'WRONG_TARGET', NOW - 30_000, 'cmp_other')];
    const state = buildPanelState(inputs({ entry: { ...entry, conversations: [c], recentLogs: logs } }));
    expect(state.kind === 'lead' && state.conversations[0]?.qualification).toEqual({ status: 'INTERESTED', previous: 'TO_QUALIFY', pendingId: null });
    // Set from this browser after the activity was read: that one wins; set before it: the activity wins.
    const mine = (at: number) => new Map([[`lead_1\u0000Spring`, { status: 'CALL_BOOKED', previous: 'INTERESTED', at }]]);
    const later = buildPanelState(inputs({ entry: { ...entry, conversations: [c], recentLogs: logs }, leadStatuses: mine(NOW - 1_000) }));
    expect(later.kind === 'lead' && later.conversations[0]?.qualification?.status).toBe('CALL_BOOKED');
    const earlier = buildPanelState(inputs({ entry: { ...entry, conversations: [c], recentLogs: logs }, leadStatuses: mine(NOW - 7_200_000) }));
    expect(earlier.kind === 'lead' && earlier.conversations[0]?.qualification?.status).toBe('INTERESTED');
  });
});
