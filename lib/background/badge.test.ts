import { describe, expect, it } from 'vitest';
import type { PanelState } from '../views';
import { badgeFor, countBadge } from './badge';

const lead = (conversations: number): PanelState => ({
  kind: 'lead',
  profileUrl: 'https://www.pronet.example/in/edsger-dijkstra/',
  lead: { id: 'l', name: 'Edsger Dijkstra', company: null, jobTitle: null, pronetUrl: 'https://www.pronet.example/in/edsger-dijkstra/' },
  conversations: [],
  selectedConversationId: conversations > 0 ? 'c' : null,
  pending: [],
  failed: [],
  stale: false,
  fetchedAt: 0,
});

describe('toolbar badge: one meaning per badge, said by its tooltip (issue 27)', () => {
  it('a number is only the waiting count, and its tooltip says so', () => {
    expect(countBadge(66)).toEqual({ text: '66', title: 'Outreach companion: 66 conversations wait for your reply' });
    expect(countBadge(1).title).toBe('Outreach companion: 1 conversation waits for your reply');
    expect(countBadge(0)).toEqual({ text: '', title: 'Outreach companion: no conversation waits for your reply' });
    expect(countBadge(null).text).toBe('');
  });

  it("a tab's own badge is never a number: a lead without a conversation is not '0 waiting'", () => {
    const states: PanelState[] = [
      lead(0),
      { kind: 'pick-lead', profileUrl: 'x', candidates: [], tooManyResults: false },
      { kind: 'no-key' },
      { kind: 'loading', profileUrl: 'x' },
      { kind: 'no-lead', profileUrl: 'x', slug: 'x', pending: [], failed: [] },
    ];
    for (const state of states) expect(badgeFor(state).text, state.kind).not.toMatch(/^\d+$/);
    expect(badgeFor(lead(0))).toMatchObject({ text: 'LEAD', title: 'Outreach companion: Edsger Dijkstra is a lead, with no conversation yet' });
  });
});
