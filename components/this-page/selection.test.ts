import { describe, expect, it } from 'vitest';
import type { PagePersonView } from '../../lib/views';
import { chosen, chosenAcrossPages, clearAll, edit, EMPTY_SELECTION, fromSaved, isChecked, onPage, pagesOf, setAll, setChecked, taken, toSaved } from './selection';

const url = (slug: string) => `https://www.pronet.example/in/${slug}/`;
const person = (slug: string, extra: Partial<PagePersonView> = {}): PagePersonView => ({ profileUrl: url(slug), name: slug, ...extra });
const noLead = (slug: string, extra: Partial<PagePersonView> = {}) => person(slug, { badge: { profileUrl: url(slug), kind: 'no-lead', leads: 1, more: 0 }, ...extra });
const lead = (slug: string) => person(slug, { badge: { profileUrl: url(slug), kind: 'lead', leads: 1, more: 0 } });

describe('This page selection', () => {
  const people = [noLead('a'), lead('b'), person('c'), noLead('d', { result: 'added' }), noLead('e', { result: 'refused' })];

  it('checks the non-leads by default, never a lead, not an unknown, not one the batch took', () => {
    expect(people.map((p) => isChecked(EMPTY_SELECTION, p))).toEqual([true, false, false, false, false]);
  });

  it('select all takes every person that may be added (an unknown, a refused one) and never a lead; none clears them', () => {
    const all = setAll(EMPTY_SELECTION, people, true);
    expect(people.map((p) => isChecked(all, p))).toEqual([true, false, true, false, true]);
    const none = setAll(all, people, false);
    expect(chosen(none, people)).toEqual([]);
  });

  it('sends the facts as the user corrected them, in page order', () => {
    let s = setChecked(EMPTY_SELECTION, url('c'), true);
    s = edit(s, url('a'), { name: 'Ann Other', company: 'Acme' });
    expect(chosen(s, people)).toEqual([
      { url: url('a'), name: 'Ann Other', company: 'Acme' },
      { url: url('c'), name: 'c' },
    ]);
  });

  it('a lead stays unchecked even when asked', () => {
    expect(isChecked(setChecked(EMPTY_SELECTION, url('b'), true), lead('b'))).toBe(false);
  });
});

describe('a selection that spans the pages of a search (issue 43)', () => {
  const SEARCH = 'https://www.pronet.example/search/results/people/?keywords=cto';
  const pageOf = (n: number) => `${SEARCH}&page=${n}`;
  const onPages = (...pages: [number, PagePersonView[]][]) => pages.reduce((s, [n, people]) => onPage(s, pageOf(n), people), EMPTY_SELECTION);

  it('keeps what was chosen on page 1 while page 2 shows, and counts the pages', () => {
    let s = onPages([1, [noLead('a'), noLead('b'), lead('c')]]);
    s = setChecked(s, url('b'), false);
    s = onPage(s, pageOf(2), [noLead('d'), person('e')]);
    s = setChecked(s, url('e'), true);
    const picked = chosenAcrossPages(s);
    expect(picked.map((p) => [p.url, p.page])).toEqual([
      [url('a'), 1],
      [url('d'), 2],
      [url('e'), 2],
    ]);
    expect(pagesOf(picked)).toEqual([1, 2]);
  });

  it('back on page 1, its checks are as the user left them, in page order whatever the visiting order', () => {
    let s = onPages([3, [noLead('x')]], [1, [noLead('a'), noLead('b')]]);
    s = setChecked(s, url('a'), false);
    s = onPage(s, pageOf(3), [noLead('x')]);
    s = onPage(s, pageOf(1), [noLead('a'), noLead('b')]);
    expect(chosenAcrossPages(s).map((p) => p.url)).toEqual([url('b'), url('x')]);
  });

  it("a page read once more under the next page's address, before its results were swapped, keeps its people's page", () => {
    let s = onPages([1, [noLead('a'), noLead('b')]]);
    s = onPage(s, pageOf(2), [noLead('a'), noLead('b')]);
    s = onPage(s, pageOf(2), [noLead('c')]);
    expect(pagesOf(chosenAcrossPages(s))).toEqual([1, 2]);
    expect(chosenAcrossPages(s).map((p) => [p.url, p.page])).toEqual([
      [url('a'), 1],
      [url('b'), 1],
      [url('c'), 2],
    ]);
  });

  it('another search starts a new selection; the same page again changes nothing', () => {
    const s = onPages([1, [noLead('a')]], [2, [noLead('b')]]);
    expect(onPage(s, pageOf(2), [noLead('b')])).toBe(s);
    const other = onPage(s, 'https://www.pronet.example/search/results/people/?keywords=cfo', [noLead('z')]);
    expect(chosenAcrossPages(other).map((p) => p.url)).toEqual([url('z')]);
  });

  it('a person shown again with a new badge or result is seen as now shown', () => {
    let s = onPages([1, [noLead('a')]], [2, [noLead('b')]]);
    s = onPage(s, pageOf(1), [noLead('a', { result: 'added' })]);
    expect(chosenAcrossPages(s).map((p) => p.url)).toEqual([url('b')]);
  });

  it("a person of another page the tab's latest batch took is not chosen, though their row was seen before it", () => {
    const s = onPages([1, [noLead('a')]], [2, [noLead('b'), noLead('c')]]);
    const batch = new Map([[url('a'), 'queued' as const], [url('b'), 'refused' as const]]);
    expect(chosenAcrossPages(s, batch).map((p) => p.url)).toEqual([url('c')]);
    // A refused person may be chosen again, by hand.
    expect(chosenAcrossPages(setChecked(s, url('b'), true), batch).map((p) => p.url)).toEqual([url('b'), url('c')]);
  });

  it('what a press took is chosen no more, even on pages not shown; clear unchecks every page', () => {
    let s = onPages([1, [noLead('a')]], [2, [noLead('b'), noLead('c')]]);
    s = taken(s, [url('a'), url('b')]);
    expect(chosenAcrossPages(s).map((p) => p.url)).toEqual([url('c')]);
    expect(chosenAcrossPages(clearAll(s))).toEqual([]);
  });

  it('the facts corrected on another page go with the press', () => {
    let s = onPages([1, [noLead('a', { title: 'CTO at Acme' })]], [2, [noLead('b')]]);
    s = edit(s, url('a'), { name: 'Ann A', company: 'Acme' });
    expect(chosenAcrossPages(s)[0]).toEqual({ url: url('a'), page: 1, name: 'Ann A', company: 'Acme' });
  });

  it('survives the worker keeping it: saved and read back, the same choice', () => {
    let s = onPages([1, [noLead('a'), noLead('b')]], [2, [noLead('c')]]);
    s = setChecked(edit(s, url('c'), { name: 'Cy' }), url('a'), false);
    const back = fromSaved(JSON.parse(JSON.stringify(toSaved(s))));
    expect(chosenAcrossPages(back)).toEqual(chosenAcrossPages(s));
    expect(toSaved(EMPTY_SELECTION)).toBeNull();
  });
});
