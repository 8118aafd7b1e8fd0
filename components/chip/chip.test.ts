// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHIP_KINDS, CHIP_STATUSES } from '../../lib/chip-state';
import { ChipState } from '../../lib/views';
import { useEnglish } from '../test-i18n';
import { chipContent, mountChip, parseChipState } from './chip';

beforeEach(() => useEnglish());

const ADA = 'https://www.pronet.example/in/ada-lovelace/';

describe('parseChipState', () => {
  it('accepts what the background sends and refuses anything else', () => {
    expect(parseChipState({ kind: 'lead', name: 'Ada Lovelace', status: 'OPEN', conversations: 1, profileUrl: ADA, rev: 7 })).toEqual({
      kind: 'lead', name: 'Ada Lovelace', status: 'OPEN', conversations: 1, profileUrl: ADA, rev: 7,
    });
    expect(parseChipState({ kind: 'off', profileUrl: ADA, rev: 1 })).toEqual({ kind: 'off', profileUrl: ADA, rev: 1 });
    expect(parseChipState({ kind: 'lead', status: 'DELETED', profileUrl: ADA, rev: 1 })).toBeNull();
    expect(parseChipState({ kind: 'script', profileUrl: ADA, rev: 1 })).toBeNull();
    expect(parseChipState({ kind: 'lead', name: 42, profileUrl: ADA, rev: 1 })).toBeNull();
    // A state must say which profile it describes and how recent it is.
    expect(parseChipState({ kind: 'lead', name: 'Ada Lovelace' })).toBeNull();
    expect(parseChipState({ kind: 'lead', profileUrl: ADA, rev: -1 })).toBeNull();
    expect(parseChipState('lead')).toBeNull();
    expect(parseChipState(null)).toBeNull();
  });

  // The hand check and the zod schema are built from the same lists: they must agree on every input.
  const samples: unknown[] = [
    ...CHIP_KINDS.map((kind) => ({ kind, profileUrl: ADA, rev: 3 })),
    ...CHIP_STATUSES.map((status) => ({ kind: 'lead', status, name: 'Ada', conversations: 2, profileUrl: ADA, rev: 3 })),
    { kind: 'not-profile', profileUrl: null, rev: 0 },
    { kind: 'lead', status: 'DELETED', profileUrl: ADA, rev: 3 },
    { kind: 'lead', name: 'x'.repeat(301), profileUrl: ADA, rev: 3 },
    { kind: 'lead', conversations: -1, profileUrl: ADA, rev: 3 },
    { kind: 'lead', conversations: 1.5, profileUrl: ADA, rev: 3 },
    { kind: 'unknown', profileUrl: ADA, rev: 3 },
    { kind: 'lead', profileUrl: 42, rev: 3 },
    { kind: 'lead', profileUrl: ADA, rev: 2.5 },
    { kind: 'lead', profileUrl: ADA },
    { kind: 'lead', rev: 3 },
  ];
  it.each(samples)('agrees with the ChipState schema on %j', (sample) => {
    const zod = ChipState.safeParse(sample);
    expect(parseChipState(sample)).toEqual(zod.success ? zod.data : null);
  });
});

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
