// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger } from '../../lib/messages';
import type { BatchView, PagePersonView, PageSelection, ThisPageView } from '../../lib/views';
import { useEnglish } from '../test-i18n';
import { ThisPage } from './ThisPage';

beforeEach(() => useEnglish());
afterEach(cleanup);

const page = (batch: BatchView | null): ThisPageView => ({ pageUrl: 'https://www.pronet.example/search/results/people/', people: [], batch });
const batch = (added: number): BatchView => ({ id: 'b1', audience: 'Founders', total: 3, added, already: 0, refused: 0, undoing: false, undone: false, results: [] });

describe('This page: the audiences the picker lists', () => {
  it('are read again once a batch settles, not at each person it adds (their sizes grew)', async () => {
    const send = vi.fn(async (type: string) => ({ ok: true, value: type === 'audiences' ? [{ id: 'a1', name: 'Founders', size: 74 }] : type === 'this-page-selection' ? null : [] }));
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

describe('This page: a selection over the pages of a search (issue 43)', () => {
  const SEARCH = 'https://www.pronet.example/search/results/people/?keywords=cto';
  const url = (slug: string) => `https://www.pronet.example/in/${slug}/`;
  const noLead = (slug: string): PagePersonView => ({ profileUrl: url(slug), name: `Person ${slug}`, badge: { profileUrl: url(slug), kind: 'no-lead', leads: 1, more: 0 } });
  const resultsPage = (n: number, slugs: string[]): ThisPageView => ({ pageUrl: `${SEARCH}&page=${n}`, people: slugs.map(noLead), batch: null });

  /** A panel whose worker keeps the selection (as `page-selection.ts` does) across panels. */
  function worker() {
    let saved: PageSelection | null = null;
    const sent: { type: string; req: Record<string, unknown> }[] = [];
    const send = vi.fn(async (type: string, req: Record<string, unknown>) => {
      sent.push({ type, req });
      if (type === 'this-page-selection') return { ok: true, value: saved && structuredClone(saved) };
      if (type === 'this-page-select') saved = structuredClone(req.selection as PageSelection);
      if (type === 'audiences') return { ok: true, value: [{ id: 'a1', name: 'Founders', size: 1 }] };
      if (type === 'this-page-add') return { ok: true, value: resultsPage(2, ['c', 'd']) };
      return { ok: true, value: type === 'campaign-audiences' ? [] : null };
    });
    const open = () => {
      let push: (view: ThisPageView) => void = () => {};
      const follow = (_tabId: number, on: (view: ThisPageView) => void) => {
        push = on;
        return () => {};
      };
      render(<ThisPage messenger={{ send } as unknown as Messenger} tabId={1} follow={follow} />);
      return (view: ThisPageView) => act(() => push(view));
    };
    return { open, sent };
  }

  it("keeps page 1's choices on page 2, outlives a closed panel, and adds them all with one press", async () => {
    const w = worker();
    let show = w.open();
    await waitFor(() => expect(w.sent.some((s) => s.type === 'this-page-selection')).toBe(true));
    await show(resultsPage(1, ['a', 'b']));
    fireEvent.click(await screen.findByLabelText('Add Person b'));
    await show(resultsPage(2, ['c', 'd']));
    await waitFor(() => expect(screen.getByTestId('this-page-selected').textContent).toBe('3 selected on 2 pages'));

    cleanup();
    show = w.open();
    await show(resultsPage(2, ['c', 'd']));
    await waitFor(() => expect(screen.getByTestId('this-page-selected').textContent).toBe('3 selected on 2 pages'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add 3 to Founders' }));
    await waitFor(() => expect(w.sent.some((s) => s.type === 'this-page-add')).toBe(true));
    const add = w.sent.find((s) => s.type === 'this-page-add')!.req;
    expect((add.people as { url: string }[]).map((p) => p.url)).toEqual([url('a'), url('c'), url('d')]);
  });
});
