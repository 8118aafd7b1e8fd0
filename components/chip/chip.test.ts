// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useEnglish } from '../test-i18n';
import { chipContent, mountChip } from './chip';

beforeEach(() => useEnglish());

describe('chip', () => {
  it('reads "● Open · Ada Lovelace" for an open conversation', () => {
    const container = document.createElement('div');
    const onOpen = vi.fn();
    const chip = mountChip(container, onOpen);
    chip.update({ kind: 'lead', name: 'Ada Lovelace', status: 'OPEN', conversations: 1 });
    const button = container.querySelector('button')!;
    expect(button.hidden).toBe(false);
    expect(button.dataset.tone).toBe('open');
    expect(button.textContent).toBe('Open·Ada Lovelace');
    expect(button.getAttribute('aria-label')).toBe('Open · Ada Lovelace. Open the lead panel');
    button.click();
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('counts the other conversations and colours snoozed and archived', () => {
    expect(chipContent({ kind: 'lead', name: 'Grace Hopper', status: 'SNOOZED', conversations: 2 })).toEqual({
      tone: 'snoozed', label: 'Snoozed', detail: 'Grace Hopper (+1)',
    });
    expect(chipContent({ kind: 'lead', name: 'K. Johnson', status: 'ARCHIVED', conversations: 1 })?.tone).toBe('archived');
    expect(chipContent({ kind: 'lead', name: 'Edsger Dijkstra', conversations: 0 })).toEqual({
      tone: 'neutral', label: 'No conversation', detail: 'Edsger Dijkstra',
    });
  });

  it('hides off a profile, when turned off, and when told to', () => {
    const container = document.createElement('div');
    const chip = mountChip(container, () => {});
    chip.update({ kind: 'no-lead' });
    expect(container.querySelector('button')!.hidden).toBe(false);
    chip.update({ kind: 'not-profile' });
    expect(container.querySelector('button')!.hidden).toBe(true);
    chip.update({ kind: 'loading' });
    chip.update({ kind: 'off' });
    expect(container.querySelector('button')!.hidden).toBe(true);
    chip.update({ kind: 'loading' });
    chip.update(null);
    expect(container.querySelector('button')!.hidden).toBe(true);
  });
});

describe('chip folding', () => {
  it('folds to a dot and back, says so, and remembers it through the extension storage', async () => {
    useEnglish();
    const saved: boolean[] = [];
    let stored = false;
    const memory = { load: async () => stored, save: (c: boolean) => void saved.push((stored = c)) };
    const container = document.createElement('div');
    document.body.append(container);
    const chip = mountChip(container, vi.fn(), memory);
    chip.update({ kind: 'lead', name: 'Ada Lovelace', status: 'OPEN', conversations: 1 });
    const main = container.querySelector<HTMLButtonElement>('button.chip')!;
    const fold = container.querySelector<HTMLButtonElement>('button.chip-fold')!;
    const tab = container.querySelector<HTMLButtonElement>('button.chip-tab')!;
    await Promise.resolve();
    expect([main.hidden, fold.hidden, tab.hidden]).toEqual([false, false, true]);
    expect(fold.getAttribute('aria-label')).toBe('Fold the chip to a dot');
    fold.click();
    expect([main.hidden, fold.hidden, tab.hidden]).toEqual([true, true, false]);
    expect(tab.getAttribute('aria-label')).toBe('Open · Ada Lovelace. Show the chip');
    expect(tab.dataset.tone).toBe('open');
    expect(saved).toEqual([true]);

    // A new page of the same browser starts folded.
    const next = document.createElement('div');
    const again = mountChip(next, vi.fn(), memory);
    again.update({ kind: 'lead', name: 'Ada Lovelace', status: 'OPEN', conversations: 1 });
    await vi.waitFor(() => expect(next.querySelector<HTMLButtonElement>('button.chip')!.hidden).toBe(true));
    next.querySelector<HTMLButtonElement>('button.chip-tab')!.click();
    expect(next.querySelector<HTMLButtonElement>('button.chip')!.hidden).toBe(false);
    expect(saved).toEqual([true, false]);
    container.remove();
  });
});
