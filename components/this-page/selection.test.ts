import { describe, expect, it } from 'vitest';
import type { PagePersonView } from '../../lib/views';
import { chosen, edit, EMPTY_SELECTION, isChecked, setAll, setChecked } from './selection';

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
