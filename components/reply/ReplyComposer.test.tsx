// @vitest-environment happy-dom
/** The composer's Send → Sent, and a stale "I am" asked again, against a fake worker. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { render as renderNow } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger } from '../../lib/messages';
import type { ErrorView, OutboxItemView } from '../../lib/views';
import { CONTEXT } from './reply-test-data';
import { useEnglish } from '../test-i18n';
import { ReplyComposer, type ReplyComposerProps } from './ReplyComposer';

beforeEach(() => useEnglish());
afterEach(cleanup);

function item(id: string, text: string, extra: Partial<OutboxItemView> = {}): OutboxItemView {
  return {
    id,
    kind: 'reply',
    state: 'sending',
    conversationId: 'c1',
    leadId: 'lead_1',
    profileUrl: null,
    createdAt: 0,
    attempts: 1,
    nextAttemptAt: 0,
    error: null,
    reply: { channel: 'PRONET', text, holdUntil: 0 },
    ...extra,
  };
}

/** A worker that queues what is sent; `outbox-list` never answers (only pushes can tell Sent). */
function worker(answers: Record<string, (payload: Record<string, unknown>) => unknown> = {}) {
  const send = vi.fn(async (type: string, payload: Record<string, unknown>) => {
    const answer = answers[type];
    if (answer) return { ok: true, value: answer(payload) };
    switch (type) {
      case 'reply-context':
        return { ok: true, value: CONTEXT };
      case 'reply-send':
        return { ok: true, value: item('7', String(payload.text), { state: 'pending', attempts: 0 }) };
      case 'outbox-list':
        return new Promise(() => undefined);
      default:
        return { ok: true, value: null };
    }
  });
  return { send, messenger: { send } as unknown as Messenger };
}

const props = (messenger: Messenger, items: readonly OutboxItemView[]): ReplyComposerProps => ({ conversationId: 'c1', leadId: 'lead_1', messenger, items, now: () => 0 });

describe('ReplyComposer', () => {
  it('says Sent in the very render whose push drops the reply from the outbox, not an effect later', async () => {
    const w = worker();
    const { container, rerender } = render(<ReplyComposer {...props(w.messenger, [])} />);
    const box = await screen.findByLabelText('Reply');
    await waitFor(() => expect(box).not.toHaveProperty('disabled', true));
    fireEvent.input(box, { target: { value: 'Thursday at 10 works.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(w.send).toHaveBeenCalledWith('reply-send', expect.objectContaining({ text: 'Thursday at 10 works.' })));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    // The pushes: the reply on its way, then gone.
    rerender(<ReplyComposer {...props(w.messenger, [item('7', 'Thursday at 10 works.')])} />);
    expect(container.textContent).toContain('Sending');
    // Rendered synchronously, with no effect or later render let run: Sent is already there.
    renderNow(<ReplyComposer {...props(w.messenger, [])} />, container);
    expect(screen.getByTestId('reply-status').textContent).toBe('Sent');
  });

  it('a reply sent between two pushes (none says it went) is seen gone by the next check, within 0.1 s, not 2 s (issue 42)', async () => {
    let lists = 0;
    // The worker's list: the reply on its way at the first looks (as the composer starts following it), gone after.
    const w = worker({ 'outbox-list': () => (lists++ < 2 ? [item('7', 'Thursday at 10 works.')] : []) });
    render(<ReplyComposer {...props(w.messenger, [])} />);
    const box = await screen.findByLabelText('Reply');
    await waitFor(() => expect(box).not.toHaveProperty('disabled', true));
    fireEvent.input(box, { target: { value: 'Thursday at 10 works.' } });
    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await vi.advanceTimersByTimeAsync(0);
      expect(lists).toBe(2);
      expect(screen.queryByText('Sent')).toBeNull();
      // No push comes: the next look, 100 ms on, finds it gone.
      await vi.advanceTimersByTimeAsync(100);
      expect(screen.getByTestId('reply-status').textContent).toBe('Sent');
    } finally {
      vi.useRealTimers();
    }
  });

  it('with no undo window, a reply queued long after the composer opened says Sending at once, never "Sends in"', async () => {
    const w = worker();
    let clock = 0;
    const at = { ...props(w.messenger, []), now: () => clock };
    const { container } = render(<ReplyComposer {...at} />);
    await screen.findByLabelText('Reply');
    // Twelve seconds later a reply is queued with no undo window (its hold ends as it is queued).
    clock = 12_000;
    renderNow(<ReplyComposer {...at} items={[item('8', 'Now.', { state: 'pending', attempts: 0, reply: { channel: 'PRONET', text: 'Now.', holdUntil: 12_000 } })]} />, container);
    expect(screen.getByTestId('reply-state').textContent).toBe('Sending');
  });

  it('offline, a reply past its window says it waits for the network, and Sending once the browser is back (issue 45)', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const w = worker();
      render(<ReplyComposer {...props(w.messenger, [item('7', 'Thursday at 10 works.', { state: 'pending' })])} />);
      await screen.findByLabelText('Reply');
      expect(screen.getByTestId('reply-state').textContent).toBe('Waiting for the network: sends when it is back');
      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(screen.getByTestId('reply-state').textContent).toBe('Sending');
    } finally {
      onLine.mockRestore();
    }
  });

  it('a reply refused because "I am" has left: says so, asks who I am, and sends that same reply once as them', async () => {
    const gone: ErrorView = { code: 'not-found', reason: 'member-gone', detail: 'No member mem_gone.', status: 404 };
    const w = worker({ 'reply-members': () => ({ members: [{ id: 'mem_2', name: 'Priya Natarajan' }], memberId: null }) });
    const refused = item('7', 'Thursday at 10 works.', { state: 'failed', error: gone });
    const { rerender } = render(<ReplyComposer {...props(w.messenger, [refused])} />);
    expect(await screen.findByText('The teammate chosen as “I am” is no longer in the workspace: the message was not sent.')).toBeTruthy();
    expect(await screen.findByText(/Who are you now\?/)).toBeTruthy();
    // Retrying as it is would be refused again.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'I am' }), { target: { value: 'mem_2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and send' }));
    await waitFor(() => expect(w.send).toHaveBeenCalledWith('reply-member-set', { memberId: 'mem_2', resend: '7' }));
    expect(w.send.mock.calls.some(([type]) => type === 'reply-send')).toBe(false);
    await waitFor(() => expect(screen.queryByText(/Who are you now\?/)).toBeNull());
    // The same item goes again, then leaves the outbox: Sent.
    rerender(<ReplyComposer {...props(w.messenger, [{ ...refused, state: 'sending', error: null }])} />);
    rerender(<ReplyComposer {...props(w.messenger, [])} />);
    expect(screen.getByTestId('reply-status').textContent).toBe('Sent');
  });

  it('while "I am" is asked, Send waits (only "Save and send" sends); the first Send stayed enabled beside it', async () => {
    const w = worker({ 'reply-members': () => ({ members: [{ id: 'mem_2', name: 'Priya Natarajan' }], memberId: null }) });
    w.send.mockImplementation(async (type: string) => {
      if (type === 'reply-send') return { ok: false, error: { code: 'bad-request', reason: 'member-needed' } } as never;
      if (type === 'reply-members') return { ok: true, value: { members: [{ id: 'mem_2', name: 'Priya Natarajan' }], memberId: null } } as never;
      if (type === 'reply-context') return { ok: true, value: CONTEXT } as never;
      return { ok: true, value: null } as never;
    });
    render(<ReplyComposer {...props(w.messenger, [])} />);
    const box = await screen.findByLabelText('Reply');
    await waitFor(() => expect(box).not.toHaveProperty('disabled', true));
    fireEvent.input(box, { target: { value: 'Thursday at 10 works.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: 'Save and send' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });
  it('a typed {{firstname}} goes filled from the lead shown (only picks were filled); an unknown {{x}} still blocks Send', async () => {
    const w = worker({ 'reply-templates': () => ({ templates: [], snippets: [], fields: { firstname: 'Ada', companyName: 'Engines' } }) });
    render(<ReplyComposer {...props(w.messenger, [])} />);
    const box = await screen.findByLabelText('Reply');
    await waitFor(() => expect(box).not.toHaveProperty('disabled', true));
    fireEvent.input(box, { target: { value: 'Hi {{meetingDay}}' } });
    expect(await screen.findByTestId('reply-unfilled')).toBeTruthy();
    await waitFor(() => expect(w.send).toHaveBeenCalledWith('reply-templates', { conversationId: 'c1', leadId: 'lead_1' }));
    expect(screen.getByTestId('reply-unfilled').textContent).toContain('{{meetingDay}}');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    fireEvent.input(box, { target: { value: 'Hi {{ firstName }}, how is {{companyName}}?' } });
    await waitFor(() => expect(screen.queryByTestId('reply-unfilled')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(w.send).toHaveBeenCalledWith('reply-send', expect.objectContaining({ text: 'Hi Ada, how is Engines?' })));
    expect(w.send.mock.calls.filter(([type]) => type === 'reply-templates')).toHaveLength(1);
  });
});
