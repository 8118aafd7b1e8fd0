/**
 * What a rule or the store answers when a call cannot be served: a kind the HTTP layer maps to a
 * status (http/errors.ts, the one place), a human sentence, and optional details for the error
 * body. Rules never name HTTP statuses themselves.
 */
export type DomainErrorKind =
  /** The input is well-formed but unusable (a URL off pronet, a date in the past, no identifier). */
  | 'invalid'
  /** Not enough credits for the operation. */
  | 'no-credits'
  /** The workspace plan does not include the feature. */
  | 'plan'
  /** The id, name or identifier matches nothing. */
  | 'not-found'
  /** The current state forbids it, or the input is ambiguous. */
  | 'conflict';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, details?: Record<string, unknown>) => new DomainError('invalid', message, details);
export const notFound = (message: string, details?: Record<string, unknown>) => new DomainError('not-found', message, details);
export const conflict = (message: string, details?: Record<string, unknown>) => new DomainError('conflict', message, details);
export const noCredits = (message: string, details?: Record<string, unknown>) => new DomainError('no-credits', message, details);
export const planRefuses = (message: string) => new DomainError('plan', message);
