// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Reply } from '../../lib/messages';
import type { ConversationMessagesView, MessageView } from '../../lib/views';
import { useEnglish } from '../test-i18n';
import { RecentMessages } from './RecentMessages';

beforeEach(() => useEnglish('en-GB'));
afterEach(cleanup);

/** A conversation of `total` messages, served 50 a page newest first as the service does; the pages asked are kept. */
function thread(total: number) {
  const all: MessageView[] = Array.from({ length: total }, (_, i) => ({
    id: `m${total - i}`,
    direction: i % 2 ? 'SENT' : 'RECEIVED',
    channel: 'PRONET',
    status: i % 2 ? 'SENT' : 'RECEIVED',
    subject: null,
    content: `Message number ${total - i}`,
    createdAt: Date.UTC(2025, 0, 1) + (total - i) * 60_000,
  }));
  const asked: number[] = [];
  const load = async (conversationId: string, page = 0): Promise<Reply<ConversationMessagesView>> => {
    asked.push(page);
    return { ok: true, value: { conversationId, page, total, messages: all.slice(page * 50, page * 50 + 50) } };
  };
  return { load, asked };
}

describe('RecentMessages pages back on demand', () => {
  it('shows the newest, then older ones from the page it has, then asks the worker for the next page', async () => {
    const { load, asked } = thread(58);
    const { container } = render(<RecentMessages conversationId="c1" version={1} leadName="Ada" load={load} limit={25} />);
    await waitFor(() => expect(container.querySelectorAll('.message')).toHaveLength(25));
    expect(container.querySelector('.message:last-child')!.textContent).toContain('Message number 58');
    fireEvent.click(screen.getByRole('button', { name: 'Show older messages (33)' }));
    await waitFor(() => expect(container.querySelectorAll('.message')).toHaveLength(50));
    expect(asked).toEqual([0]);
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Show older messages (8)'));
    fireEvent.click(screen.getByRole('button', { name: 'Show older messages (8)' }));
    await waitFor(() => expect(container.querySelectorAll('.message')).toHaveLength(58));
    expect(asked).toEqual([0, 1]);
    expect(container.querySelector('.message')!.textContent).toContain('Message number 1');
    // Nothing older: no button, and the focus is on the oldest message rather than lost.
    expect(screen.queryByRole('button', { name: /Show older/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(container.querySelector('.message')));
  });

  it('says so when an older page cannot be loaded, and keeps what is shown', async () => {
    const { load } = thread(60);
    const failing = async (id: string, page = 0): Promise<Reply<ConversationMessagesView>> =>
      page === 0 ? load(id, 0) : { ok: false, error: { code: 'network', message: 'offline' } as never };
    const { container } = render(<RecentMessages conversationId="c1" version={1} leadName="Ada" load={failing} limit={50} />);
    await waitFor(() => expect(container.querySelectorAll('.message')).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: 'Show older messages (10)' }));
    await screen.findByText('Older messages could not be loaded.');
    expect(container.querySelectorAll('.message')).toHaveLength(50);
  });
});
