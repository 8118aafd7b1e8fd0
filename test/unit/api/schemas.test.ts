import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  Campaign,
  CampaignListQuery,
  CampaignSettingsUpdate,
  ConversationSearchQuery,
  ConversationSummary,
  ConversationTarget,
  CreateInboxWebhookRequest,
  CreateLeadRequest,
  EngagementStats,
  EnrichRequest,
  ErrorBody,
  InboxMessage,
  InboxWebhookPayload,
  Lead,
  LeadSearchQuery,
  LeadStatsItem,
  Message,
  MessageTemplate,
  NoteRequest,
  RemoveFromAudienceRequest,
  SendEmailRequest,
  SnoozeRequest,
  StatsLeadsQuery,
  TrackerAPayload,
  TrackerBPayload,
  TrackerCPayload,
  WebhookLead,
  snoozeUntilMs,
  visitorLeads,
} from '../../../lib/api/schemas';
import * as fx from './fixtures';

/** Dotted paths of every leaf (non-object, non-array value) of a JSON value. */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, prefix === '' ? k : `${prefix}.${k}`));
  }
  return [prefix];
}

function leafAt(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], value);
}

function firstIssue(schema: z.ZodMiniType, value: unknown): { path: string; message: string } | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return { path: issue?.path.join('.') ?? '', message: issue?.message ?? '' };
}

const resources: Record<string, [z.ZodMiniType, unknown]> = {
  Campaign: [Campaign, fx.campaign],
  EngagementStats: [EngagementStats, fx.engagementStats],
  LeadStatsItem: [LeadStatsItem, fx.leadStatsItem],
  MessageTemplate: [MessageTemplate, fx.messageTemplate],
  Lead: [Lead, fx.lead],
  ConversationSummary: [ConversationSummary, fx.conversation],
  Message: [Message, fx.message],
  InboxMessage: [InboxMessage, fx.inboxMessage],
  WebhookLead: [WebhookLead, fx.webhookLead],
};

describe('response schemas accept the documented payloads', () => {
  it.each(Object.keys(resources))('%s', (name) => {
    const [schema, payload] = resources[name] as [z.ZodMiniType, unknown];
    expect(schema.parse(payload)).toEqual(payload);
  });

  it('strips fields the documentation does not list, so a new server field breaks nothing', () => {
    const parsed = Campaign.parse({ ...fx.campaign, brandNewField: 42 });
    expect(parsed).not.toHaveProperty('brandNewField');
  });

  it('accepts a pronet webhook message without messageSubject', () => {
    const { messageSubject: _, ...pronet } = { ...fx.inboxMessage, messageChannel: 'PRONET' as const };
    expect(InboxMessage.safeParse(pronet).success).toBe(true);
  });

  it('parses the error body with and without details', () => {
    expect(ErrorBody.parse({ statusCode: 404, error: 'Not Found', message: 'No lead matches' }).message).toBe(
      'No lead matches',
    );
    const conflict = ErrorBody.parse({
      statusCode: 409,
      error: 'Conflict',
      message: 'Several conversations',
      details: { candidates: [] },
    });
    expect(conflict.details).toEqual({ candidates: [] });
  });
});

describe('engagementStats: the whole tree is required and typed', () => {
  const leaves = leafPaths(fx.engagementStats);

  it('covers every section of spec §2', () => {
    // 141 = the fields listed in spec §2, counted by section (5+11+10+13+12+8+20+13+8+13+11+17).
    expect(leaves.length).toBe(141);
    for (const section of [
      'replies.',
      'relations.',
      'channel.email.',
      'channel.pronet.contactRequest.',
      'channel.pronet.message.',
      'channel.microblog.',
      'channel.enrich.found.',
      'status.activated.',
      'status.replied.',
      'status.won.',
      'status.lost.',
      'templates.0.',
    ]) {
      expect(leaves.some((p) => p.startsWith(section))).toBe(true);
    }
  });

  it.each(leaves)('rejects the tree without %s', (path) => {
    const issue = firstIssue(EngagementStats, fx.withField(fx.engagementStats, path, undefined));
    expect(issue?.path).toBe(path);
  });

  it.each(leaves)('rejects a wrongly typed %s', (path) => {
    const original = leafAt(fx.engagementStats, path);
    const wrong = typeof original === 'number' ? String(original) : typeof original === 'boolean' ? 1 : 7;
    const issue = firstIssue(EngagementStats, fx.withField(fx.engagementStats, path, wrong));
    expect(issue?.path).toBe(path);
  });

  it('rejects replies.contacted as a string and relations.activated as a number', () => {
    expect(firstIssue(EngagementStats, fx.withField(fx.engagementStats, 'replies.contacted', '90'))?.path).toBe(
      'replies.contacted',
    );
    expect(firstIssue(EngagementStats, fx.withField(fx.engagementStats, 'relations.activated', 1))?.path).toBe(
      'relations.activated',
    );
  });

  it('rejects a fractional count', () => {
    expect(firstIssue(EngagementStats, fx.withField(fx.engagementStats, 'channel.email.sent', 1.5))?.path).toBe(
      'channel.email.sent',
    );
  });
});

describe('other responses reject wrong payloads', () => {
  it.each([
    ['Campaign', 'crmA', 'yes'],
    ['Campaign', 'audienceSize', undefined],
    ['LeadStatsItem', 'email_sent', '1'],
    ['LeadStatsItem', 'tag', undefined],
    ['MessageTemplate', 'active', 'true'],
    ['ConversationSummary', 'status', 'CLOSED'],
    ['ConversationSummary', 'lastMessageStatus', 'DELIVERED'],
    ['ConversationSummary', 'note', undefined],
    ['Message', 'direction', 'INBOUND'],
    ['InboxMessage', 'messageChannel', 'SMS'],
    ['WebhookLead', 'pronet', null],
  ] as const)('%s with %s = %s', (name, field, value) => {
    const [schema, payload] = resources[name] as [z.ZodMiniType, unknown];
    expect(firstIssue(schema, fx.withField(payload, field, value))?.path).toBe(field);
  });

  it('limits a webhook payload to the 20 most recent messages', () => {
    const payload = { ...fx.inboxMessage, lead: fx.webhookLead, messages: Array(20).fill(fx.inboxMessage) };
    expect(InboxWebhookPayload.safeParse(payload).success).toBe(true);
    const tooMany = { ...payload, messages: Array(21).fill(fx.inboxMessage) };
    expect(firstIssue(InboxWebhookPayload, tooMany)?.path).toBe('messages');
  });
});

describe('request bodies', () => {
  it('reject an unknown field, naming it', () => {
    const r = ConversationTarget.safeParse({ conversationId: 'c1', colour: 'red' });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain('colour');
  });

  it('need a target for the note and the actions', () => {
    const issue = firstIssue(NoteRequest, { note: 'hi', identityId: 'id1' });
    expect(issue?.message).toMatch(/conversationId, leadId, email, pronetUrl/);
    for (const target of [{ conversationId: 'c' }, { leadId: 'l' }, { email: 'a@b.example' }, { pronetUrl: 'https://www.pronet.example/in/a/' }]) {
      expect(NoteRequest.safeParse({ ...target, note: 'hi' }).success).toBe(true);
      expect(ConversationTarget.safeParse(target).success).toBe(true);
    }
    expect(firstIssue(ConversationTarget, {})?.message).toMatch(/needs at least one of conversationId/);
  });

  it('accept mode replace and append, and refuse an empty append', () => {
    expect(NoteRequest.safeParse({ leadId: 'l', note: '', mode: 'replace' }).success).toBe(true);
    expect(NoteRequest.safeParse({ leadId: 'l', note: 'x', mode: 'append' }).success).toBe(true);
    expect(firstIssue(NoteRequest, { leadId: 'l', note: ' ', mode: 'append' })?.path).toBe('note');
    expect(firstIssue(NoteRequest, { leadId: 'l', note: 'x', mode: 'prepend' })?.path).toBe('mode');
  });

  it('take snoozeUntil as an ISO date-time or epoch milliseconds', () => {
    const iso = SnoozeRequest.parse({ conversationId: 'c', snoozeUntil: '2030-01-02T09:00:00Z' });
    expect(snoozeUntilMs(iso.snoozeUntil!)).toBe(Date.UTC(2030, 0, 2, 9));
    const ms = SnoozeRequest.parse({ conversationId: 'c', snoozeUntil: 1_900_000_000_000 });
    expect(snoozeUntilMs(ms.snoozeUntil!)).toBe(1_900_000_000_000);
    // Without an offset (as the workflow node sends it): UTC, whatever the machine's zone.
    const local = SnoozeRequest.parse({ conversationId: 'c', snoozeUntil: '2030-01-02T09:00:00' });
    expect(snoozeUntilMs(local.snoozeUntil!)).toBe(Date.UTC(2030, 0, 2, 9));
    expect(snoozeUntilMs('2030-01-02T09:00:00+02:00')).toBe(Date.UTC(2030, 0, 2, 7));
    expect(firstIssue(SnoozeRequest, { conversationId: 'c', snoozeUntil: 'tomorrow' })).toEqual({
      path: 'snoozeUntil',
      message: 'snoozeUntil must be an ISO 8601 date-time or epoch milliseconds',
    });
    // The agent server may leave it out: the service's default applies (emulator, SNOOZE_DEFAULT_MS).
    expect(SnoozeRequest.safeParse({ conversationId: 'c' }).success).toBe(true);
  });

  it('need at least one of the eight campaign settings', () => {
    expect(firstIssue(CampaignSettingsUpdate, {})?.message).toMatch(/name, audienceId, enrich, .*ignoreEmojiOnlyReply/);
    expect(CampaignSettingsUpdate.safeParse({ skipAlreadyContacted: true }).success).toBe(true);
    expect(firstIssue(CampaignSettingsUpdate, { crmA: 'yes' })?.message).toBe('crmA must be a boolean');
    expect(firstIssue(CampaignSettingsUpdate, { status: 'READY' })?.message).toContain('status');
  });

  it('need an identifier to create a lead', () => {
    expect(CreateLeadRequest.safeParse({ audience: 'A', proEmail: 'a@b.example' }).success).toBe(true);
    expect(
      CreateLeadRequest.safeParse({ audience: 'A', firstname: 'Ada', lastname: 'L', companyUrl: 'engines.example' }).success,
    ).toBe(true);
    expect(firstIssue(CreateLeadRequest, { audience: 'A', firstname: 'Ada', lastname: 'L' })?.message).toMatch(
      /leadId, proEmail, persoEmail, pronetUrl, microblog/,
    );
    // The workflow node leaves the audience out when it has none, and sends its own profile fields.
    expect(CreateLeadRequest.safeParse({ proEmail: 'a@b.example', profilePicture: 'https://img.example/a.jpg', bio: 'b', crm_id: 'c1', relationsCount: 12, customAttribute10: 'x' }).success).toBe(true);
    expect(firstIssue(CreateLeadRequest, { proEmail: 'a@b.example', customAttribute11: 'x' })?.message).toMatch(/customAttribute11/);
    expect(firstIssue(CreateLeadRequest, { proEmail: 'a@b.example', relationsCount: -1 })?.path).toBe('relationsCount');
  });

  it('refuse leadId when removing from an audience', () => {
    expect(RemoveFromAudienceRequest.safeParse({ audience: 'all', email: 'a@b.example' }).success).toBe(true);
    expect(RemoveFromAudienceRequest.safeParse({ audience: ['A', 'B'], email: 'a@b.example' }).success).toBe(true);
    expect(RemoveFromAudienceRequest.safeParse({ audience: 'A', leadId: 'l' }).success).toBe(false);
  });

  it('enrichment needs a lead id or a name with a company', () => {
    expect(EnrichRequest.safeParse({ enrichType: 'FULL_ENRICH', leadId: 'l' }).success).toBe(true);
    expect(
      EnrichRequest.safeParse({
        enrichType: 'PRONET_ENRICH',
        firstname: 'A',
        lastname: 'L',
        pronetUrl: 'https://www.pronet.example/in/a/',
      }).success,
    ).toBe(true);
    expect(firstIssue(EnrichRequest, { enrichType: 'EMAIL_ENRICH', firstname: 'A' })?.path).toBe('leadId');
    expect(firstIssue(EnrichRequest, { enrichType: 'CHEAP_ENRICH', leadId: 'l' })?.path).toBe('enrichType');
  });

  it('an email needs a recipient and a subject or replyInLastThread', () => {
    const base = { identityId: 'i', memberId: 'm', message: { text: 'hi' } };
    expect(SendEmailRequest.safeParse({ ...base, leadId: 'l', subject: 'Hello' }).success).toBe(true);
    expect(SendEmailRequest.safeParse({ ...base, leadEmail: 'a@b.example', replyInLastThread: true }).success).toBe(true);
    expect(firstIssue(SendEmailRequest, { ...base, subject: 'Hello' })?.path).toBe('leadId');
    expect(firstIssue(SendEmailRequest, { ...base, leadId: 'l' })?.path).toBe('subject');
  });

  it('an inbox webhook needs an http(s) url', () => {
    expect(CreateInboxWebhookRequest.safeParse({ url: 'https://hooks.example/in' }).success).toBe(true);
    expect(firstIssue(CreateInboxWebhookRequest, { url: 'ftp://hooks.example' })?.path).toBe('url');
  });
});

describe('query schemas take the wire form', () => {
  it('coerces every conversation search filter', () => {
    const q = ConversationSearchQuery.parse({
      identityIds: 'i1,i2',
      leadIds: 'l1',
      audienceIds: 'a1',
      campaignIds: 'c1,c2',
      status: 'OPEN,SNOOZED',
      lastMessageStatus: 'RECEIVED',
      lastMessageType: 'PRONET,EMAIL',
      lastMessageAtFrom: '1000',
      lastMessageAtTo: '2000',
      callCompletedAtFrom: '0',
      callCompletedAtTo: '5',
      leadReplied: 'true',
      unsubscribed: 'false',
      favourite: 'true',
      read: 'false',
      q: 'ada',
      limit: '100',
      searchAfter: 'ab+/cd==',
      sortField: 'snoozeUntil',
      sortDirection: '1',
    });
    expect(q).toEqual({
      identityIds: ['i1', 'i2'],
      leadIds: ['l1'],
      audienceIds: ['a1'],
      campaignIds: ['c1', 'c2'],
      status: ['OPEN', 'SNOOZED'],
      lastMessageStatus: ['RECEIVED'],
      lastMessageType: ['PRONET', 'EMAIL'],
      lastMessageAtFrom: 1000,
      lastMessageAtTo: 2000,
      callCompletedAtFrom: 0,
      callCompletedAtTo: 5,
      leadReplied: true,
      unsubscribed: false,
      favourite: true,
      read: false,
      q: 'ada',
      limit: 100,
      searchAfter: 'ab+/cd==',
      sortField: 'snoozeUntil',
      sortDirection: 1,
    });
  });

  it('applies the defaults of the search', () => {
    expect(ConversationSearchQuery.parse({})).toEqual({ limit: 25, sortField: 'lastMessageAt', sortDirection: -1 });
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ status: 'OPEN,CLOSED' }, 'status.1'],
    [{ lastMessageType: 'FAX' }, 'lastMessageType.0'],
    [{ sortDirection: '2' }, 'sortDirection'],
    [{ sortField: 'createdAt' }, 'sortField'],
    [{ leadReplied: 'yes' }, 'leadReplied'],
    [{ searchAfter: 'ab cd==' }, 'searchAfter'],
    [{ lastMessageAtFrom: '10', lastMessageAtTo: '5' }, 'lastMessageAtFrom'],
  ])('rejects %o at %s', (query, path) => {
    expect(firstIssue(ConversationSearchQuery, query)?.path).toBe(path);
  });

  it('reads the campaign list page, status and search (a limit over 25 is the dialect\'s to answer: emulator/routes/campaigns.ts)', () => {
    expect(CampaignListQuery.parse({})).toEqual({ skip: 0, limit: 25 });
    expect(CampaignListQuery.parse({ skip: '50', limit: '10' })).toEqual({ skip: 50, limit: 10 });
    expect(CampaignListQuery.parse({ limit: '50', status: 'RUNNING', search: 'uk' })).toEqual({ skip: 0, limit: 50, status: 'RUNNING', search: 'uk' });
    expect(firstIssue(CampaignListQuery, { limit: '0' })?.path).toBe('limit');
    expect(firstIssue(CampaignListQuery, { status: 'DONE' })?.path).toBe('status');
    expect(firstIssue(CampaignListQuery, { skip: '-1' })?.path).toBe('skip');
  });

  it('searches leads by an identifier or by any of the keys the workflow node sends', () => {
    expect(LeadSearchQuery.safeParse({ pronetUrl: 'https://www.pronet.example/in/ada/' }).success).toBe(true);
    expect(LeadSearchQuery.safeParse({ firstname: 'Ada', lastname: 'L', companyName: 'AE' }).success).toBe(true);
    for (const q of [{ firstname: 'Ada', lastname: 'L' }, { companyName: 'AE' }, { industry: 'I', location: 'L' }, { pronetId: 'ACoAAB' }, { pronetPublicId: 'ada' }]) {
      expect(LeadSearchQuery.safeParse(q).success, JSON.stringify(q)).toBe(true);
    }
    expect(firstIssue(LeadSearchQuery, {})?.message).toMatch(/leadId, crmId, pronetUrl, pronetPublicId, pronetId, email, firstname/);
  });

  it('refuses statsleads cursors in both directions at once', () => {
    expect(StatsLeadsQuery.safeParse({ getLeadsAfter: 'a' }).success).toBe(true);
    expect(firstIssue(StatsLeadsQuery, { getLeadsAfter: 'a', getLeadsBefore: 'b' })?.path).toBe('getLeadsBefore');
  });
});

describe('visitor payloads', () => {
  it('trackerA: a batch of camelCase visitors', () => {
    const payload = TrackerAPayload.parse({
      visitors: [
        { email: 'ada@engines.example', firstName: 'Ada', company: 'AE', pronet: 'https://www.pronet.example/in/ada/' },
      ],
    });
    expect(visitorLeads('trackerA', payload)).toEqual([
      { proEmail: 'ada@engines.example', firstname: 'Ada', companyName: 'AE', pronetUrl: 'https://www.pronet.example/in/ada/' },
    ]);
    expect(firstIssue(TrackerAPayload, { visitors: [{ firstName: 'Anon' }] })?.path).toBe('visitors.0.email');
  });

  it('trackerB: one nested snake_case event', () => {
    const payload = TrackerBPayload.parse({
      event: 'visitor.identified',
      occurred_at: 1_700_000_000,
      person: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@navy.example', title: 'Admiral' },
      company: { name: 'Navy', domain: 'navy.example' },
    });
    expect(visitorLeads('trackerB', payload)).toEqual([
      {
        proEmail: 'grace@navy.example',
        firstname: 'Grace',
        lastname: 'Hopper',
        jobTitle: 'Admiral',
        companyName: 'Navy',
        companyUrl: 'navy.example',
      },
    ]);
    expect(firstIssue(TrackerBPayload, { event: 'pageview', occurred_at: 1, person: { email: 'a@b.example' } })?.path).toBe(
      'event',
    );
  });

  it('trackerC: records with a full name', () => {
    const payload = TrackerCPayload.parse({
      site: 's1',
      records: [{ full_name: 'Alan Mathison Turing', pronet_profile: 'https://www.pronet.example/in/alan-turing/' }],
    });
    expect(visitorLeads('trackerC', payload)).toEqual([
      { firstname: 'Alan', lastname: 'Mathison Turing', pronetUrl: 'https://www.pronet.example/in/alan-turing/' },
    ]);
    expect(firstIssue(TrackerCPayload, { site: 's1', records: [{ full_name: 'No Contact' }] })?.path).toBe(
      'records.0.work_email',
    );
  });

  it('the three shapes are distinct: no payload fits another tracker', () => {
    const a = { visitors: [{ email: 'a@b.example' }] };
    const b = { event: 'visitor.identified', occurred_at: 1, person: { email: 'a@b.example' } };
    const c = { site: 's', records: [{ full_name: 'A B', work_email: 'a@b.example' }] };
    expect([TrackerBPayload.safeParse(a).success, TrackerCPayload.safeParse(a).success]).toEqual([false, false]);
    expect([TrackerAPayload.safeParse(b).success, TrackerCPayload.safeParse(b).success]).toEqual([false, false]);
    expect([TrackerAPayload.safeParse(c).success, TrackerBPayload.safeParse(c).success]).toEqual([false, false]);
  });
});
