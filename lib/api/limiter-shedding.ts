/**
 * Which of the rate limiter's calls shed first, and when (adaptive limiters: `aimd.ts`). The learned
 * rate holds the work that can wait (`list` and `idle`: list badges, prefetch, a queue's rows,
 * counts); while the key pushes back, such a call too far from its slot is not made at all. A user's
 * action and the profile on screen wait only for the service's limit, unless the team asks more
 * than the key has (`congested`): then they are paced too, ahead of everything else.
 */
import type { LimiterPriority } from './priority';
import type { LimiterCore } from './limiter-memory';

/** A call of the work that sheds first, not made: the key is past its limit and its slot is too far off. */
export class ShedError extends Error {
  override readonly name = 'ShedError';
  constructor() {
    super('shed: the shared key is busy; this call of work that can wait was not made');
  }
}

export const isShedError = (e: unknown): boolean => e instanceof Error && e.name === 'ShedError';

/** Adaptive only: the classes the learned rate holds (they shed first); the others wait only for the service's limit. */
export const learned = (s: LimiterCore, p: LimiterPriority): boolean => s.aimd !== null && (p === 'list' || p === 'idle');

/**
 * Adaptive only: the team asks more than the key has: it pushed back in `paceUsersAfterPushbacks`
 * windows within `shedForMs`, or the rate held the user's calls back lately (they still ask more
 * than it gives; two windows, as a held call's slot frees a whole window after the last one).
 */
export const congested = (s: LimiterCore, now: number): boolean =>
  s.aimd !== null &&
  !s.starting &&
  s.settledAt !== null &&
  (now - s.usersPacedAt < 2 * s.windowMs || s.pushbacks.filter((t) => now - t < s.aimd!.shedForMs).length >= s.aimd.paceUsersAfterPushbacks);

/**
 * Whether a waiter of class `p` too far from its slot is shed: learned work, while the key pushed
 * back lately (`shedForMs`). The rate remembered from older pushbacks still holds it; only a key
 * refusing calls now says that work would come too late to be worth a call.
 */
export const shedding = (s: LimiterCore, p: LimiterPriority, now: number): boolean =>
  learned(s, p) && !s.starting && s.settledAt !== null && now - s.settledAt < s.aimd!.shedForMs;
