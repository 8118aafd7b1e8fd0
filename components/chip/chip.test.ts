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
