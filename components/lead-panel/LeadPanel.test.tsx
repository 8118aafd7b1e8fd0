// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger } from '../../lib/messages';
import type { ConversationView, OutboxItemView, PanelState } from '../../lib/views';
import { useEnglish, useFrench } from '../test-i18n';
import { LeadPanel } from './LeadPanel';

beforeEach(() => useEnglish());
afterEach(cleanup);

const NOW = Date.UTC(2025, 2, 12, 10, 0);

function conversation(over: Partial<ConversationView>): ConversationView {
  return {
    id: 'conv_a',
    leadId: 'lead_grace',
    status: 'OPEN',
    snoozeUntil: null,
    lastMessageAt: NOW - 3_600_000,
    lastMessageStatus: 'SENT',
    lastMessageType: 'PRONET',
    leadReplied: false,
    campaignId: 'c1',
    campaignName: 'Compilers 2025',
    identityId: 'idt_1',
    identityName: 'Sam Sales',
    note: '',
    actions: ['archive', 'snooze'],
    pending: false,
    ...over,
  };
}

const grace: PanelState = {
  kind: 'lead',
  profileUrl: 'https://www.pronet.example/in/grace-hopper/',
  lead: { id: 'lead_grace', name: 'Grace Hopper', company: 'US Navy', jobTitle: 'Rear Admiral', pronetUrl: 'https://www.pronet.example/in/grace-hopper/' },
  conversations: [
    conversation({ id: 'conv_a' }),
    conversation({ id: 'conv_b', status: 'ARCHIVED', campaignName: 'COBOL revival', identityName: 'Alex Account', actions: ['unarchive', 'snooze'] }),
  ],
  selectedConversationId: 'conv_a',
  pending: [],
  failed: [],
  stale: false,
  fetchedAt: NOW,
};

const queued: OutboxItemView = {
  id: '1', kind: 'archive', state: 'pending', conversationId: 'conv_a', leadId: 'lead_grace',
  profileUrl: null, createdAt: NOW, attempts: 0, nextAttemptAt: null, error: null,
};

function fakeMessenger() {
  const send = vi.fn(async (type: string, _payload: unknown) => {
    switch (type) {
      case 'conversation-messages':
        return { ok: true, value: { conversationId: 'conv_a', messages: [], total: 0, page: 0 } };
      case 'select-conversation':
        return { ok: true, value: grace };
      case 'reply-context':
        return {
          ok: true,
          value: { conversationId: 'conv_a', leadId: 'lead_grace', identityId: 'idt_1', channels: ['PRONET'], defaultChannel: 'PRONET', threadSubject: null, memberId: null, undoSeconds: 10, draft: null },
        };
      case 'outbox-list':
        return { ok: true, value: [] };
      case 'crm-records':
        return { ok: true, value: { connected: [], records: [], matchedBy: null, tried: [], readAt: 0 } };
      case 'campaign-standing':
        return { ok: true, value: { campaign: { id: 'cmp_1', name: 'Q3', status: 'RUNNING' }, item: null, complete: true, leadsRead: 0, leadsTotal: 0 } };
      default:
        return { ok: true, value: queued };
    }
  });
  return { send, messenger: { send } as unknown as Messenger };
}

function renderPanel(state: PanelState, messenger: Messenger) {
  return render(<LeadPanel state={state} tabId={7} messenger={messenger} now={() => NOW} onOpenOptions={() => {}} />);
}

describe('LeadPanel', () => {
  it('shows the lead, the selected conversation and what it allows', () => {
    const { messenger } = fakeMessenger();
    renderPanel(grace, messenger);
    expect(screen.getByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.getByTestId('conversation-status').textContent).toBe('Open');
    expect(screen.getByTestId('last-message').textContent).toContain('Sent · Pronet ·');
    expect(screen.getByRole('button', { name: 'Archive', exact: true })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unarchive', exact: true })).toBeNull();
  });

  it('narrows the actions to the conversation picked', async () => {
    const { send, messenger } = fakeMessenger();
    renderPanel(grace, messenger);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(2);
    expect(radios[0]!.checked).toBe(true);
    fireEvent.click(radios[1]!);
    expect(send).toHaveBeenCalledWith('select-conversation', { tabId: 7, conversationId: 'conv_b' });
    await waitFor(() => expect(screen.getByTestId('conversation-status').textContent).toBe('Archived'));
    expect(screen.queryByRole('button', { name: 'Archive', exact: true })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unarchive', exact: true }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('unarchive', { conversationId: 'conv_b', leadId: 'lead_grace' }));
  });

  it('offers Undo after an archive, which unarchives the same conversation', async () => {
    const { send, messenger } = fakeMessenger();
    renderPanel(grace, messenger);
    fireEvent.click(screen.getByRole('button', { name: 'Archive', exact: true }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('archive', { conversationId: 'conv_a', leadId: 'lead_grace' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(send).toHaveBeenCalledWith('unarchive', { conversationId: 'conv_a', leadId: 'lead_grace' });
  });

  it.each([
    ['en', () => useEnglish()],
    ['fr', () => useFrench()],
  ])('never says the same word twice in the reply label and its badge (%s)', (_lang, use) => {
    use();
    const { messenger } = fakeMessenger();
    renderPanel({ ...grace, conversations: [conversation({ leadReplied: true })] }, messenger);
    const badge = screen.getByTestId('replied');
    const label = badge.previousElementSibling!.textContent!.trim().toLowerCase();
    expect(label).not.toBe('');
    expect(badge.textContent!.toLowerCase()).not.toContain(label);
  });

  it('clears the hint beside Append once the user acts on the conversation otherwise', async () => {
    const { messenger } = fakeMessenger();
    renderPanel(grace, messenger);
    fireEvent.input(screen.getByLabelText('Append to note'), { target: { value: 'Called back.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Append', exact: true }));
    await waitFor(() => expect(screen.getByTestId('note-append-state').textContent).toBe('Not saved yet: Sending…'));
    fireEvent.click(screen.getByRole('button', { name: 'Archive', exact: true }));
    await waitFor(() => expect(screen.queryByTestId('note-append-state')).toBeNull());
  });

  it('says beside Append what the pending list says while the change waits, and Saved only once it left the outbox', async () => {
    const { messenger } = fakeMessenger();
    const waiting: OutboxItemView = { ...queued, kind: 'note', attempts: 0, nextAttemptAt: null };
    const { rerender } = renderPanel(grace, messenger);
    fireEvent.input(screen.getByLabelText('Append to note'), { target: { value: 'Called back.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Append', exact: true }));
    await waitFor(() => expect(screen.getByTestId('note-append-state')).toBeTruthy());
    const show = (state: PanelState) => rerender(<LeadPanel state={state} tabId={7} messenger={messenger} now={() => NOW} onOpenOptions={() => {}} />);
    show({ ...grace, pending: [waiting] });
    expect(screen.getByTestId('note-append-state').textContent).toBe('Not saved yet: Waiting to be sent');
    show({ ...grace, pending: [{ ...waiting, attempts: 1, nextAttemptAt: NOW + 60_000 }] });
    expect(screen.getByTestId('note-append-state').textContent).toMatch(/^Not saved yet: Will try again at /);
    expect(screen.queryByText('Saved')).toBeNull();
    show({ ...grace, pending: [] });
    expect(screen.getByTestId('note-append-state').textContent).toBe('Saved');
  });

  it('puts a snoozed conversation back to its old date on Undo', async () => {
    const { send, messenger } = fakeMessenger();
    const oldUntil = NOW + 86_400_000;
    const snoozed: PanelState = {
      ...grace,
      conversations: [conversation({ status: 'SNOOZED', snoozeUntil: oldUntil, actions: ['archive', 'snooze', 'unsnooze'] })],
    };
    renderPanel(snoozed, messenger);
    // The presets are in the Snooze menu (issue 45).
    fireEvent.click(screen.getByRole('button', { name: 'Snooze…', exact: true }));
    fireEvent.click(document.querySelector('[data-preset="next-week"]')!);
    await waitFor(() => expect(send).toHaveBeenCalledWith('snooze', expect.objectContaining({ conversationId: 'conv_a' })));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(send).toHaveBeenLastCalledWith('snooze', { conversationId: 'conv_a', leadId: 'lead_grace', until: oldUntil });
  });

  it('shows the service message when an action is refused', async () => {
    // Only the action is refused: the panel's reads (messages, the reply composer's context) answer.
    const reads = fakeMessenger().send;
    const send = vi.fn(async (type: string) =>
      ['conversation-messages', 'reply-context', 'outbox-list'].includes(type)
        ? reads(type, {})
        : { ok: false, error: { code: 'rejected', detail: 'Conversation not found' } },
    );
    renderPanel({ ...grace, conversations: [conversation({})] }, { send } as unknown as Messenger);
    fireEvent.click(screen.getByRole('button', { name: 'Archive', exact: true }));
    const alert = await screen.findByRole('alert');
    // Our sentence, the service's beneath it.
    expect(alert.querySelector('.error-sentence')?.textContent).toBe('The service refused the request.');
    expect(alert.querySelector('.error-detail')?.textContent).toBe('Conversation not found');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('lists failed changes with Retry and Discard', () => {
    const { send, messenger } = fakeMessenger();
    const failed: OutboxItemView = { ...queued, id: '9', state: 'failed', error: { code: 'rejected', detail: 'Snooze date must be in the future' } };
    renderPanel({ ...grace, failed: [failed] }, messenger);
    expect(screen.getByText('The service refused the request.')).toBeTruthy();
    expect(screen.getByText('Snooze date must be in the future')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(send).toHaveBeenCalledWith('outbox-retry', { id: '9' });
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(send).toHaveBeenCalledWith('outbox-discard', { id: '9' });
  });

  it.each<[string, PanelState, string, string | null]>([
    ['a malformed answer', { kind: 'error', code: 'malformed', detail: 'searchLeads: lead.id' }, "Le service a envoyé une réponse que l'extension ne comprend pas.", 'searchLeads: lead.id'],
    ['a timeout', { kind: 'error', code: 'offline', reason: 'timeout' }, "Le service n'a pas répondu à temps.", null],
    ['a refused key', { kind: 'bad-key', detail: 'Unknown API key.' }, "Vérifiez la clé dans les réglages, ou passez à une offre qui inclut l'API.", 'Unknown API key.'],
    ['a refused plan', { kind: 'bad-key', reason: 'plan', detail: 'Pro only.' }, "L'offre de votre espace de travail n'inclut pas l'accès à l'API.", 'Pro only.'],
  ])('words %s in French, the service words beneath', (_name, state, sentence, detail) => {
    useFrench();
    const { messenger } = fakeMessenger();
    renderPanel(state, messenger);
    expect(document.querySelector('.error-sentence')?.textContent).toBe(sentence);
    expect(document.querySelector('.error-detail')?.textContent ?? null).toBe(detail);
  });

  it('counts down while rate-limited', () => {
    const { messenger } = fakeMessenger();
    renderPanel({ kind: 'error', code: 'rate-limited', retryAt: NOW + 12_400 }, messenger);
    expect(screen.getByText('The service asked for a pause. Trying again in 13 s.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the user to the settings when no key is set', () => {
    const { messenger } = fakeMessenger();
    const onOpenOptions = vi.fn();
    render(<LeadPanel state={{ kind: 'no-key' }} tabId={7} messenger={messenger} now={() => NOW} onOpenOptions={onOpenOptions} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(onOpenOptions).toHaveBeenCalled();
  });
});

describe('LeadPanel offline (issue 27)', () => {
  it('says the service could not be reached and how old the data shown is', () => {
    const { messenger } = fakeMessenger();
    renderPanel({ ...grace, fetchedAt: NOW - 3 * 60_000, offline: true } as PanelState, messenger);
    expect(screen.getByTestId('offline-notice').textContent).toBe('Offline: the service could not be reached. Shown as fetched 3 minutes ago.');
    cleanup();
    useFrench();
    renderPanel({ ...grace, fetchedAt: NOW - 60_000, offline: true } as PanelState, messenger);
    expect(screen.getByTestId('offline-notice').textContent).toBe('Hors ligne : le service est injoignable. Affiché tel que récupéré il y a 1 minute.');
  });

  it('shows no notice while the service answers', () => {
    const { messenger } = fakeMessenger();
    renderPanel(grace, messenger);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });
});
