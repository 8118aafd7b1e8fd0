// @vitest-environment happy-dom
/**
 * The panel's messages and reply composer under a rate-limit pause (issue 34: "paused until 1:52 PM"
 * twice, never retried, one copy left after the messages loaded): one notice, the calls asked again
 * when the pause is over (the test drives the clock), no notice once the data is there.
 */
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger, Reply } from '../../lib/messages';
import type { ConversationMessagesView, ErrorView } from '../../lib/views';
import { CONTEXT } from '../reply/reply-test-data';
import { ReplyComposer } from '../reply/ReplyComposer';
import { useEnglish } from '../test-i18n';
import { RecentMessages } from './RecentMessages';

const START = Date.UTC(2026, 10, 27, 13, 51, 0);
const PAUSE: ErrorView = { code: 'rate-limited', status: 429, retryAt: START + 60_000 };

const MESSAGES: ConversationMessagesView = {
  conversationId: 'c1',
  messages: [{ id: 'm1', direction: 'RECEIVED', channel: 'PRONET', status: 'RECEIVED', subject: null, content: 'Thursday then?', createdAt: START - 3_600_000 }],
  total: 1,
  page: 0,
};

beforeEach(() => {
  useEnglish();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Runs the product's timers `ms` further, and the renders they cause. */
async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Answers with the pause until its date, then with the data. */
function paused<T>(value: T) {
  return vi.fn(async (): Promise<Reply<T>> => (Date.now() < PAUSE.retryAt! ? { ok: false, error: PAUSE } : { ok: true, value }));
}

describe('a rate-limit pause in the panel', () => {
  it('is said once, asked again when it is over, and gone with the answer', async () => {
    const load = paused(MESSAGES);
    const context = paused(CONTEXT);
    const send = vi.fn(async (type: string) => (type === 'reply-context' ? context() : type === 'outbox-list' ? new Promise(() => undefined) : { ok: true, value: null }));
    const messenger = { send } as unknown as Messenger;
    render(
      <section>
        <RecentMessages conversationId="c1" version={1} leadName="Ada Lovelace" load={load} />
        <ReplyComposer conversationId="c1" leadId="lead_1" messenger={messenger} items={[]} threadAbove />
      </section>,
    );
    await tick(0);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toMatch(/pause until/);
    expect(load).toHaveBeenCalledTimes(1);
    expect(context).toHaveBeenCalledTimes(1);

    await tick(59_000);
    expect(load).toHaveBeenCalledTimes(1);

    await tick(1_000);
    await tick(0);
    expect(load).toHaveBeenCalledTimes(2);
    expect(context).toHaveBeenCalledTimes(2);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(document.body.textContent).toContain('Thursday then?');
    expect(screen.getByLabelText('Reply')).toBeTruthy();
  });
});
