import { describe, expect, it } from 'vitest';
import type { ConversationView, PanelState } from '../views';
import { isCommandName, planCommand } from './commands';

function conversation(over: Partial<ConversationView>): ConversationView {
  return {
    id: 'conv_a',
    leadId: 'lead_grace',
    status: 'OPEN',
    snoozeUntil: null,
    lastMessageAt: null,
    lastMessageStatus: null,
    lastMessageType: null,
    leadReplied: false,
    campaignId: null,
    campaignName: null,
    identityId: null,
    identityName: null,
    note: '',
    actions: ['archive', 'snooze'],
    pending: false,
    ...over,
  };
}

function grace(selectedConversationId: string | null, conversations: ConversationView[]): PanelState {
  return {
    kind: 'lead',
    profileUrl: 'https://www.pronet.example/in/grace-hopper/',
    lead: { id: 'lead_grace', name: 'Grace Hopper', company: null, jobTitle: null, pronetUrl: 'https://www.pronet.example/in/grace-hopper/' },
    conversations,
    selectedConversationId,
    pending: [],
    failed: [],
    stale: false,
    fetchedAt: 0,
  };
}

const twoConversations = [
  conversation({ id: 'conv_a' }),
  conversation({ id: 'conv_b', status: 'ARCHIVED', actions: ['unarchive', 'snooze'] }),
];
// 22:30 local time: "tomorrow" is the next calendar day, whatever the machine's time zone.
const NOW = new Date(2025, 2, 12, 22, 30);

describe('planCommand', () => {
  it('archives the conversation the panel shows, not another of the lead', () => {
    const state = grace('conv_a', [conversation({ id: 'conv_b' }), conversation({ id: 'conv_a' })]);
    expect(planCommand('archive', state, NOW)).toEqual({
      kind: 'request',
      request: { type: 'archive', conversationId: 'conv_a', leadId: 'lead_grace' },
    });
  });

  it('does nothing when the panel would not offer the action', () => {
    expect(planCommand('archive', grace('conv_b', twoConversations), NOW)).toMatchObject({ kind: 'nothing' });
    expect(planCommand('archive', grace(null, []), NOW)).toMatchObject({ kind: 'nothing' });
    expect(planCommand('snooze-tomorrow', grace('conv_a', [conversation({ actions: ['archive'] })]), NOW)).toMatchObject({ kind: 'nothing' });
    const noLead: PanelState = { kind: 'no-lead', profileUrl: 'https://www.pronet.example/in/x/', slug: 'x', pending: [], failed: [] };
    expect(planCommand('archive', noLead, NOW)).toMatchObject({ kind: 'nothing' });
    expect(planCommand('snooze-tomorrow', { kind: 'not-profile' }, NOW)).toMatchObject({ kind: 'nothing' });
    expect(planCommand('archive', null, NOW)).toMatchObject({ kind: 'nothing' });
  });

  it('snoozes the shown conversation until 09:00 local time the next day, as the picker preset', () => {
    expect(planCommand('snooze-tomorrow', grace('conv_b', twoConversations), NOW)).toEqual({
      kind: 'request',
      request: { type: 'snooze', conversationId: 'conv_b', leadId: 'lead_grace', until: new Date(2025, 2, 13, 9, 0).getTime() },
    });
    // Just after midnight, tomorrow is still the next calendar day.
    const early = planCommand('snooze-tomorrow', grace('conv_a', twoConversations), new Date(2025, 2, 13, 0, 5));
    expect(early.kind === 'request' && early.request.type === 'snooze' && early.request.until).toBe(new Date(2025, 2, 14, 9, 0).getTime());
  });

  it('opens the panel whatever the tab shows, with the note focused for focus-note', () => {
    expect(planCommand('open-panel', null, NOW)).toEqual({ kind: 'open-panel', focusNote: false });
    expect(planCommand('focus-note', { kind: 'no-key' }, NOW)).toEqual({ kind: 'open-panel', focusNote: true });
  });

  it('knows the manifest commands and nothing else', () => {
    expect(['open-panel', 'archive', 'snooze-tomorrow', 'focus-note'].every(isCommandName)).toBe(true);
    expect(isCommandName('_execute_action')).toBe(false);
  });
});
