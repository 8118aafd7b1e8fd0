import { describe, expect, it } from 'vitest';
import { createChipTracker, type ChipStamp } from './chip-state';

const ADA = 'https://www.pronet.example/in/ada-lovelace/';
const KATHERINE = 'https://www.pronet.example/in/katherine-johnson/';

type State = ChipStamp & { kind: string };
const state = (kind: string, profileUrl: string | null, rev: number): State => ({ kind, profileUrl, rev });

describe('chip tracker', () => {
  it('ends on the final state when it arrives before the reply that said "loading"', () => {
    const chip = createChipTracker<State>();
    chip.navigate(KATHERINE);
    // The reply was computed first (rev 10) but the push of the resolved lead (rev 11) overtook it.
    expect(chip.offer(state('lead', KATHERINE, 11))).toBe(true);
    expect(chip.offer(state('loading', KATHERINE, 10))).toBe(false);
    expect(chip.shown).toEqual(state('lead', KATHERINE, 11));
  });

  it('takes the later of two states in arrival order too', () => {
    const chip = createChipTracker<State>();
    chip.navigate(KATHERINE);
    expect(chip.offer(state('loading', KATHERINE, 10))).toBe(true);
    expect(chip.offer(state('lead', KATHERINE, 11))).toBe(true);
    expect(chip.shown?.kind).toBe('lead');
  });

  it('drops a late state for a profile the user has left, and anything off a profile', () => {
    const chip = createChipTracker<State>();
    chip.navigate(ADA);
    expect(chip.offer(state('lead', ADA, 5))).toBe(true);
    expect(chip.navigate(KATHERINE)).toBe(true);
    expect(chip.shown).toBeNull();
    expect(chip.offer(state('lead', ADA, 6))).toBe(false);
    expect(chip.offer(state('not-profile', null, 7))).toBe(false);
    expect(chip.shown).toBeNull();
    chip.navigate(null);
    expect(chip.offer(state('not-profile', null, 8))).toBe(false);
  });

  it('keeps what it shows when the page reports the same profile again', () => {
    const chip = createChipTracker<State>();
    chip.navigate(ADA);
    chip.offer(state('lead', ADA, 5));
    expect(chip.navigate(ADA)).toBe(false);
    expect(chip.shown?.rev).toBe(5);
  });

  it('accepts lower revisions after a navigation (a restarted worker counts again)', () => {
    const chip = createChipTracker<State>();
    chip.navigate(ADA);
    chip.offer(state('lead', ADA, 1_000));
    chip.navigate(KATHERINE);
    chip.navigate(ADA);
    expect(chip.offer(state('lead', ADA, 3))).toBe(true);
    // A stale state of the first visit that arrives after the fresh one is still refused.
    expect(chip.offer(state('loading', ADA, 2))).toBe(false);
  });
});
