// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger } from '../../lib/messages';
import type { BatchView, ThisPageView } from '../../lib/views';
import { useEnglish } from '../test-i18n';
import { ThisPage } from './ThisPage';

beforeEach(() => useEnglish());
afterEach(cleanup);

const page = (batch: BatchView | null): ThisPageView => ({ pageUrl: 'https://www.pronet.example/search/results/people/', people: [], batch });
const batch = (added: number): BatchView => ({ id: 'b1', audience: 'Founders', total: 3, added, already: 0, refused: 0, undoing: false, undone: false });

describe('This page: the audiences the picker lists', () => {
  it('are read again once a batch settles, not at each person it adds (their sizes grew)', async () => {
    const send = vi.fn(async (type: string) => ({ ok: true, value: type === 'audiences' ? [{ id: 'a1', name: 'Founders', size: 74 }] : [] }));
    let push: (view: ThisPageView) => void = () => {};
    const follow = (_tabId: number, on: (view: ThisPageView) => void) => {
      push = on;
      return () => {};
    };
    render(<ThisPage messenger={{ send } as unknown as Messenger} tabId={1} follow={follow} />);
    const audienceReads = () => send.mock.calls.filter(([type]) => type === 'audiences').length;
    await waitFor(() => expect(audienceReads()).toBe(1));
    act(() => push(page(batch(1))));
    act(() => push(page(batch(2))));
    await waitFor(() => expect(audienceReads()).toBe(1));
    act(() => push(page(batch(3))));
    await waitFor(() => expect(audienceReads()).toBe(2));
    act(() => push(page({ ...batch(3), undoing: true, undone: true })));
    await waitFor(() => expect(audienceReads()).toBe(3));
  });
});
