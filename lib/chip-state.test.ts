import { describe, expect, expectTypeOf, it } from 'vitest';
import { CHIP_KINDS, CHIP_STATUSES, createChipTracker, parseChipState, type ChipStamp, type ChipState as CheckedChipState } from './chip-state';
import { ChipState } from './views';

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

describe('parseChipState', () => {
  it('checks the very type the ChipState schema describes', () => {
    expectTypeOf<CheckedChipState>().toEqualTypeOf<ChipState>();
  });

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
