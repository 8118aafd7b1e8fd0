// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Messenger } from '../../lib/messages';
import { useEnglish } from '../test-i18n';
import { InboxCount } from './InboxCount';

beforeEach(() => useEnglish());
afterEach(cleanup);

/** A messenger whose one answer is released by the test. */
function deferred(reply: unknown) {
  let release = () => {};
  const answered = new Promise<void>((done) => (release = done));
  const messenger = { send: async () => (await answered, reply) } as unknown as Messenger;
  return { messenger, release };
}

describe('InboxCount (the popup)', () => {
  it('says it is counting while the answer is on its way, never "not counted yet", then the count', async () => {
    const { messenger, release } = deferred({ ok: true, value: { count: 3, at: 1 } });
    const { container } = render(<InboxCount messenger={messenger} onOpenQueue={() => {}} />);
    expect(screen.getByTestId('inbox-count').textContent).toBe('Waiting for a reply: counting…');
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    release();
    await waitFor(() => expect(screen.getByTestId('inbox-count').textContent).toBe('3 waiting for a reply'));
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('says "not counted yet" when the background could not count', async () => {
    const { messenger, release } = deferred({ ok: true, value: { count: null, at: null } });
    render(<InboxCount messenger={messenger} onOpenQueue={() => {}} />);
    release();
    await waitFor(() => expect(screen.getByTestId('inbox-count').textContent).toBe('Waiting for a reply: not counted yet'));
  });

  it('a fresh install (no key) says to add the key, not "not counted yet"', async () => {
    const { messenger, release } = deferred({ ok: false, error: { code: 'no-key' } });
    render(<InboxCount messenger={messenger} onOpenQueue={() => {}} />);
    release();
    await waitFor(() => expect(screen.getByTestId('inbox-count').textContent).toBe('Waiting for a reply: add your API key in the options to count'));
  });

  it('follows the count pushed after it opened (a reply, an archive), and an older answer does not undo it', async () => {
    const { messenger, release } = deferred({ ok: true, value: { count: 66, at: 1 } });
    let push: (count: number | null) => void = () => {};
    render(<InboxCount messenger={messenger} onOpenQueue={() => {}} onCountPush={(l) => ((push = l), () => {})} />);
    push(65);
    release();
    await waitFor(() => expect(screen.getByTestId('inbox-count').textContent).toBe('65 waiting for a reply'));
    push(64);
    await waitFor(() => expect(screen.getByTestId('inbox-count').textContent).toBe('64 waiting for a reply'));
  });
});
