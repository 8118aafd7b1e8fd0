import { describe, expect, it } from 'vitest';
import { ErrorBody } from './common';
import { NoteResponse } from './conversations';
import { InboxWebhooksResponse } from './webhooks';
import { IdentitiesResponse, MembersResponse } from './workspace';

const member = { id: 'm1', name: 'Ada', label: 'Sales' };
const identity = { id: 'i1', name: 'Ada L', firstname: 'Ada', lastname: 'L', companyName: null, jobTitle: null, pronetConnected: true };

describe('tolerant readings of the service variants', () => {
  it('reads a list bare, as {data} or as {<name>}, and still names a field of the wrong type', () => {
    for (const body of [[member], { data: [member] }, { members: [member] }]) expect(MembersResponse.parse(body)).toEqual([member]);
    const wrong = MembersResponse.safeParse({ data: [{ ...member, name: 7 }] });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(['data', 0, 'name']);
    expect(MembersResponse.safeParse([{ ...member, id: 3 }]).error?.issues[0]?.path).toEqual([0, 'id']);
    expect(MembersResponse.safeParse({ data: 'nope' }).success).toBe(false);
    expect(MembersResponse.safeParse(null).success).toBe(false);
  });

  it('reads the identities as {statusCode, identities}, bare, {data} or {identities}', () => {
    for (const body of [{ statusCode: 200, identities: [identity] }, [identity], { data: [identity] }, { identities: [identity] }]) {
      const parsed = IdentitiesResponse.safeParse(body);
      expect(parsed.success, JSON.stringify(body)).toBe(true);
      expect(parsed.data?.identities[0]?.id).toBe('i1');
    }
    expect(IdentitiesResponse.safeParse({ identities: [{ ...identity, id: 1 }] }).error?.issues[0]?.path).toEqual(['identities', 0, 'id']);
  });

  it('drops the extra fields of a webhook item', () => {
    const hook = { id: 'w1', url: 'https://h.example', name: null, campaignIds: [], createdAt: 1 };
    expect(InboxWebhooksResponse.parse({ inboxWebhooks: [{ ...hook, active: true }] })).toEqual([hook]);
  });

  it('reads the note update with success: true instead of statusCode', () => {
    const data = { conversationId: 'c1', leadId: 'l1', mode: 'replace', note: 'n', noteLength: 1, timestamp: '2025-01-01T00:00:00Z', truncated: false };
    expect(NoteResponse.parse({ success: true, data })).toEqual({ statusCode: 200, data: { conversationId: 'c1', note: 'n', noteLength: 1, truncated: false } });
    expect(NoteResponse.safeParse({ success: true, data: { ...data, note: 5 } }).error?.issues[0]?.path).toEqual(['data', 'note']);
    expect(NoteResponse.safeParse({ success: false, data }).success).toBe(false);
  });

  it("reads an error's sentence from error when there is no message", () => {
    expect(ErrorBody.parse({ statusCode: 400, error: 'conversationId is required' }).message).toBe('conversationId is required');
    expect(ErrorBody.parse({ statusCode: 400, error: 'Bad Request', message: 'The sentence' }).message).toBe('The sentence');
    // The sentence in both (the emulator's 400s, after the real clients), in message alone, or an empty message beside it.
    expect(ErrorBody.parse({ statusCode: 400, error: 'limit must be at most 25', message: 'limit must be at most 25' }).message).toBe('limit must be at most 25');
    expect(ErrorBody.parse({ statusCode: 404, message: 'No lead matches' })).toMatchObject({ error: 'No lead matches', message: 'No lead matches' });
    expect(ErrorBody.parse({ statusCode: 400, error: 'status must be one of PAUSED, RESUME', message: '' }).message).toBe('status must be one of PAUSED, RESUME');
    expect(ErrorBody.safeParse({ statusCode: 500 }).success).toBe(false);
  });
});
