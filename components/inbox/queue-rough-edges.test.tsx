// @vitest-environment happy-dom
/** The queue's rough edges of issue 34: `/` then Esc gives the focus back to the rows; a snoozed row offers Unsnooze. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger } from '../../lib/messages';
import type { InboxPageView, InboxRowView } from '../../lib/views';
import { useEnglish } from '../test-i18n';
import { InboxView } from './InboxView';

beforeEach(() => useEnglish());
afterEach(cleanup);

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

function row(id: string, extra: Partial<InboxRowView> = {}): InboxRowView {
  return {
    conversationId: id,
    leadId: `lead_${id}`,
    name: `Person ${id}`,
    company: null,
    profileUrl: null,
    leadKnown: true,
    campaignName: null,
    identityId: 'idt_1',
    identityName: 'Sam Rivera',
    status: 'OPEN',
    snoozeUntil: null,
    lastMessageAt: NOW - 3_600_000,
    lastMessageStatus: 'RECEIVED',
    lastMessageType: 'PRONET',
    leadReplied: true,
    read: true,
    ...extra,
  };
}

function worker(rows: (view: string) => InboxRowView[]) {
  const send = vi.fn(async (type: string, payload: { view?: string }) => {
    if (type === 'inbox-page') {
      const page: InboxPageView = { rows: rows(payload.view ?? 'waiting'), total: 1, nextToken: null, at: NOW, restarted: false, cachedAt: null };
      return { ok: true, value: page };
    }
    if (type === 'inbox-choices') return { ok: true, value: { identities: [], campaigns: [] } };
    if (type === 'inbox-leads' || type === 'inbox-previews') return { ok: true, value: [] };
    return { ok: true, value: null };
  });
  return { send, messenger: { send } as unknown as Messenger };
}

describe('the queue, issue 34', () => {
  it('`/` puts the focus in the view picker, Esc gives it back to the rows', async () => {
    const w = worker(() => [row('c1'), row('c2')]);
    render(<InboxView messenger={w.messenger} tabId={null} outbox={[]} now={() => NOW} onOpenOptions={() => undefined} />);
    const first = await screen.findByRole('listitem', { name: 'Person c1' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    fireEvent.keyDown(first, { key: '/' });
    const picker = screen.getByLabelText('View');
    expect(document.activeElement).toBe(picker);
    fireEvent.keyDown(picker, { key: 'Escape' });
    expect(document.activeElement).toBe(first);
  });

  it('a snoozed row offers Unsnooze, which reopens it', async () => {
    const w = worker(() => [row('c1', { status: 'SNOOZED', snoozeUntil: NOW + 86_400_000 })]);
    render(<InboxView messenger={w.messenger} tabId={null} outbox={[]} now={() => NOW} onOpenOptions={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('View'), { target: { value: 'snoozed' } });
    const unsnooze = await screen.findByRole('button', { name: 'Unsnooze' });
    fireEvent.click(unsnooze);
    await waitFor(() => expect(w.send).toHaveBeenCalledWith('unsnooze', { conversationId: 'c1', leadId: 'lead_c1' }));
  });
});
