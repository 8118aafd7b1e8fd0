// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger } from '../../lib/messages';
import type { BatchView, PagePersonView, PageSelection, ThisPageView } from '../../lib/views';
import { useEnglish } from '../test-i18n';
import { ThisPage } from './ThisPage';

beforeEach(() => useEnglish());
afterEach(cleanup);

const page = (batch: BatchView | null, people: PagePersonView[] = []): ThisPageView => ({ pageUrl: 'https://www.pronet.example/search/results/people/', people, batch });
const batch = (added: number, id = 'b1', total = 3): BatchView => ({ id, audience: 'Founders', total, added, already: 0, refused: 0, undoing: false, undone: false, results: [] });
const person = (slug: string): PagePersonView => {
  const profileUrl = `https://www.pronet.example/in/${slug}/`;
  return { profileUrl, name: slug, badge: { profileUrl, kind: 'no-lead', leads: 1, more: 0 } };
};

/** A messenger whose `this-page-add` answers only when the test says so. */
function withPendingAdd() {
  let answer: (view: ThisPageView) => void = () => {};
  const send = vi.fn(async (type: string) => {
    if (type === 'this-page-add') return { ok: true, value: await new Promise<ThisPageView>((resolve) => (answer = resolve)) };
    return { ok: true, value: type === 'audiences' ? [{ id: 'a1', name: 'Founders', size: 74 }] : type === 'this-page-selection' ? null : [] };
  });
  let push: (view: ThisPageView) => void = () => {};
  const follow = (_tabId: number, on: (view: ThisPageView) => void) => {
    push = on;
    return () => {};
  };
  return { send, follow, push: (v: ThisPageView) => act(() => push(v)), answer: (v: ThisPageView) => act(() => answer(v)) };
}

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
    // The picker shows (and reads) once the tab shows a list.
    act(() => push(page(null)));
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

describe('This page: a new press', () => {
  it('never shows the previous batch’s counts while its answer is on its way (the "3 of 3 added" flash)', async () => {
    const m = withPendingAdd();
    render(<ThisPage messenger={{ send: m.send } as unknown as Messenger} tabId={1} follow={m.follow} />);
    const people = [person('ada'), person('alan')];
    m.push(page(batch(3), people));
    await waitFor(() => expect(screen.getByTestId('this-page-progress').textContent).toBe('3 of 3 added'));
    const add = await screen.findByRole('button', { name: 'Add 2 to Founders' });
    fireEvent.click(add);
    await waitFor(() => expect(m.send.mock.calls.some(([type]) => type === 'this-page-add')).toBe(true));
    expect(screen.queryByTestId('this-page-progress')).toBeNull();
    // A push computed before the worker kept the new batch still names the previous one.
    m.push(page(batch(3), people));
    expect(screen.queryByTestId('this-page-progress')).toBeNull();
    m.answer(page(batch(0, 'b2', 2), people));
    await waitFor(() => expect(screen.getByTestId('this-page-progress').textContent).toBe('0 of 2 added'));
    // A late push of the previous batch is not shown either.
    m.push(page(batch(3), people));
    expect(screen.queryByTestId('this-page-progress')?.textContent).not.toBe('3 of 3 added');
  });

  it('a press refused shows the previous batch again (it is still the tab’s latest)', async () => {
    const send = vi.fn(async (type: string) => {
      if (type === 'this-page-add') return { ok: false, error: { code: 'bad-request', reason: 'not-a-profile' } };
      return { ok: true, value: type === 'audiences' ? [{ id: 'a1', name: 'Founders', size: 74 }] : type === 'this-page-selection' ? null : [] };
    });
    let push: (view: ThisPageView) => void = () => {};
    render(<ThisPage messenger={{ send } as unknown as Messenger} tabId={1} follow={(_t, on) => ((push = on), () => {})} />);
    act(() => push(page(batch(3), [person('ada')])));
    fireEvent.click(await screen.findByRole('button', { name: 'Add 1 to Founders' }));
    await screen.findByRole('alert');
    expect(screen.getByTestId('this-page-progress').textContent).toBe('3 of 3 added');
  });
});
