/**
 * What each of a team's calls was made for, told apart by the instances' own fetch: the kind is set
 * around the work that makes the call (`callKind.run`) and follows its awaits into the fetch.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What a call was made for: a profile on screen, a list page, an action (the outbox), anything else (identities). */
export type CallKind = 'profile' | 'list' | 'action' | 'other';
export const CALL_KINDS: CallKind[] = ['profile', 'list', 'action', 'other'];
/** The kind of the calls made inside `run`, read by each instance's fetch (it follows the awaits). */
export const callKind = new AsyncLocalStorage<CallKind>();

/** One answer an instance got: when, for what, its status. */
export interface Answer {
  at: number;
  kind: CallKind;
  status: number;
}

/** A fetch that writes down each answer into `answers`, with the kind of the work that asked. */
export function tracingFetch(answers: Answer[]): typeof fetch {
  return async (input, init) => {
    const kind = callKind.getStore() ?? 'other';
    const response = await fetch(input, init);
    answers.push({ at: Date.now(), kind, status: response.status });
    return response;
  };
}
