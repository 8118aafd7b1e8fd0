// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { conversation, lead } from '../../test/unit/background/fakes';
import { listBadgeFor, type ListBadge } from '../../lib/views';
import { useEnglish, useFrench } from '../test-i18n';
import { badgeContent, createListBadge, listBadgeHostName, LIST_BADGE_HOST_PREFIX, tipShift } from './list-badge';

const ADA = 'https://www.pronet.example/in/ada-lovelace/';
const NOW = Date.UTC(2026, 0, 10, 12);
const DAY = 86_400_000;

beforeEach(() => useEnglish());

describe('listBadgeFor: the badge of a resolved profile', () => {
  const ada = lead('lead_1', 'ada-lovelace', { firstname: 'Ada', lastname: 'Lovelace' });
  it.each<[string, Parameters<typeof listBadgeFor>[0], string | null, Partial<ListBadge>]>([
    ['not a lead', { profileUrl: ADA, lead: null, conversations: [] }, null, { kind: 'no-lead', leads: 1, more: 0 }],
    ['a lead without conversation', { profileUrl: ADA, lead: ada, conversations: [] }, null, { kind: 'lead', name: 'Ada Lovelace', more: 0 }],
    [
      'open and replied, with its campaign and last message',
      { profileUrl: ADA, lead: ada, conversations: [conversation('c1', 'lead_1', { leadReplied: true, campaignName: 'Q3', lastMessageAt: NOW - DAY })] },
      'c1',
      { status: 'OPEN', replied: true, campaign: 'Q3', lastMessageAt: NOW - DAY, more: 0 },
    ],
    [
      'snoozed until a date still to come',
      { profileUrl: ADA, lead: ada, conversations: [conversation('c1', 'lead_1', { status: 'SNOOZED', snoozeUntil: NOW + DAY })] },
      'c1',
      { status: 'SNOOZED', snoozeUntil: NOW + DAY },
    ],
    [
      'a snooze that has passed is open again',
      { profileUrl: ADA, lead: ada, conversations: [conversation('c1', 'lead_1', { status: 'SNOOZED', snoozeUntil: NOW - DAY })] },
      'c1',
      { status: 'OPEN' },
    ],
    [
      'several conversations: the chosen one, +N',
      { profileUrl: ADA, lead: ada, conversations: [conversation('c1', 'lead_1'), conversation('c2', 'lead_1', { status: 'ARCHIVED' })] },
      'c2',
      { status: 'ARCHIVED', more: 1 },
    ],
  ])('%s', (_title, entry, selected, expected) => {
    const badge = listBadgeFor(entry, selected, NOW);
    expect(badge).toMatchObject({ profileUrl: ADA, leads: 1, ...expected });
    if (badge.status !== 'SNOOZED') expect(badge.snoozeUntil).toBeUndefined();
    if (!expected.status) expect(badge.status).toBeUndefined();
  });
});

describe('badgeContent: the words of a badge', () => {
  const base: ListBadge = { profileUrl: ADA, kind: 'lead', leads: 1, more: 0, name: 'Ada Lovelace' };
  it.each<[string, ListBadge, string | undefined, { tone: string; text: string; label: string }]>([
    ['open, replied', { ...base, status: 'OPEN', replied: true }, undefined, { tone: 'open', text: 'Replied', label: 'Open, replied: Ada Lovelace' }],
    ['open', { ...base, status: 'OPEN', replied: false }, undefined, { tone: 'open', text: 'Open', label: 'Open: Ada Lovelace' }],
    ['open, the lead wrote last: whose turn', { ...base, status: 'OPEN', replied: true, lastMessageStatus: 'RECEIVED', lastMessageAt: Date.now() - 6 * DAY }, undefined, { tone: 'open', text: 'Waiting for you, 6 days', label: 'Waiting for you, 6 days: Ada Lovelace' }],
    ['open, you wrote last: theirs, not "Replied"', { ...base, status: 'OPEN', replied: true, lastMessageStatus: 'SENT', lastMessageAt: Date.now() - 2 * DAY }, undefined, { tone: 'open', text: 'Waiting for them, 2 days', label: 'Waiting for them, 2 days: Ada Lovelace' }],
    ['archived, +2', { ...base, status: 'ARCHIVED', more: 2 }, undefined, { tone: 'archived', text: 'Archived +2', label: 'Archived +2: Ada Lovelace' }],
    ['no conversation', base, undefined, { tone: 'neutral', text: 'No conversation', label: 'No conversation: Ada Lovelace' }],
    ['several leads', { ...base, leads: 2 }, undefined, { tone: 'neutral', text: '2 leads', label: '2 leads: Ada Lovelace' }],
    ['not a lead, named by its link', { profileUrl: ADA, kind: 'no-lead', leads: 1, more: 0 }, 'Margaret Hamilton', { tone: 'none', text: 'Not a lead', label: 'Not a lead: Margaret Hamilton' }],
    ['not a lead, no link text', { profileUrl: ADA, kind: 'no-lead', leads: 1, more: 0 }, undefined, { tone: 'none', text: 'Not a lead', label: 'Not a lead' }],
  ])('%s', (_title, badge, linkText, expected) => {
    expect(badgeContent(badge, linkText)).toMatchObject(expected);
  });

  it('says until when a snooze lasts, and the campaign and last message on hover', () => {
    const content = badgeContent({ ...base, status: 'SNOOZED', snoozeUntil: NOW + DAY, campaign: 'Q3', lastMessageAt: NOW }, undefined);
    expect(content.label).toMatch(/^Snoozed until .*2026.*: Ada Lovelace$/);
    expect(content.text).toMatch(/^Snoozed · /);
    expect(content.details).toEqual(['Campaign: Q3', expect.stringMatching(/^Last message: /)]);
  });

  it('speaks French', () => {
    useFrench();
    expect(badgeContent({ ...base, status: 'OPEN', replied: true }, undefined).label).toBe('Ouverte, a répondu : Ada Lovelace');
  });

  it('writes its dates, on the badge, in its name and in its hover details, with the UI locale’s formatter', () => {
    const snoozed: ListBadge = { ...base, status: 'SNOOZED', snoozeUntil: NOW + DAY, campaign: 'Q3', lastMessageAt: NOW };
    useFrench();
    expect(badgeContent(snoozed, undefined)).toEqual({
      tone: 'snoozed',
      text: 'En pause · 11 janv.',
      label: "En pause jusqu'au 11 janv. 2026 : Ada Lovelace",
      details: ['Campagne : Q3', 'Dernier message : 10 janv. 2026'],
    });
    expect(badgeContent({ ...base, kind: 'no-lead' }, 'Margaret Hamilton').label).toBe('Pas un lead : Margaret Hamilton');
    expect(badgeContent({ ...base, status: 'ARCHIVED' }, undefined).details).toEqual(['Aucun message']);
    useEnglish('en-US');
    expect(badgeContent(snoozed, undefined)).toMatchObject({
      text: 'Snoozed · Jan 11',
      label: 'Snoozed until Jan 11, 2026: Ada Lovelace',
      details: ['Campaign: Q3', 'Last message: Jan 10, 2026'],
    });
  });
});

describe('createListBadge', () => {
  it('lives in a closed shadow root under a host whose name the page cannot know', () => {
    const link = Object.assign(document.createElement('a'), { href: '/in/ada-lovelace/' });
    document.body.append(link);
    const badge = createListBadge(document, listBadgeHostName(() => 0.5), vi.fn());
    link.after(badge.host);
    badge.update({ profileUrl: ADA, kind: 'lead', leads: 1, more: 0, name: 'Ada Lovelace', status: 'OPEN' }, undefined);
    expect(badge.host.localName).toMatch(new RegExp(`^${LIST_BADGE_HOST_PREFIX}-[0-9a-z]{8}$`));
    expect(badge.host.shadowRoot).toBeNull();
    expect(link.nextSibling).toBe(badge.host);
    expect(badge.host.textContent).toBe('');
  });
});

describe('tipShift', () => {
  const view = { width: 900, height: 600 };
  it('leaves a card that fits where it is', () => {
    expect(tipShift({ left: 100, right: 300, top: 100, bottom: 146 }, view)).toEqual({ x: 0, y: 0 });
  });
  it('brings a card that runs off the right edge (left to right) or the left edge (right to left) back inside', () => {
    expect(tipShift({ left: 750, right: 961, top: 100, bottom: 146 }, view).x).toBe(900 - 8 - 961);
    expect(tipShift({ left: -40, right: 171, top: 100, bottom: 146 }, view).x).toBe(48);
  });
  it('opens above its badge when there is no room below, and stays below when there is none above either', () => {
    expect(tipShift({ left: 100, right: 300, top: 570, bottom: 616 }, view).y).toBe(-(28 + 46));
    expect(tipShift({ left: 100, right: 300, top: 20, bottom: 640 }, { width: 900, height: 600 }).y).toBe(0);
  });
});
