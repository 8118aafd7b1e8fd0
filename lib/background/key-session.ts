/**
 * The API key as the background holds it, and whether the service accepts it. This is the one place
 * where an answer of the service changes the key's state: a 401 or 403 marks the key refused (with
 * the service's sentence), a successful call clears that. The key leaves this module only through
 * `require()`, which only the client's `Authorization` header reads.
 */
import { ApiError } from '../api/errors';
import type { KeyLocation, KeyStore } from '../store/key-store';
import { keyProblemOf, NoKeyError, redact, type KeyProblem } from './error-view';

/** A 401 (unknown key) or 403 (plan below Pro): no call with this key can succeed. */
export function isKeyRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export interface KeySessionOptions {
  store: KeyStore;
  /** The stored key changed (`changed`: to another value) or was stored again. */
  onKeyChange(changed: boolean): Promise<void>;
  /** The service refused the key, or accepted it again. */
  onProblemChange(): void;
}

export interface KeySession {
  /** Reads the stored key (at start). */
  load(): Promise<void>;
  current(): string | null;
  /** The key for a call; throws NoKeyError when none is set. */
  require(): string;
  /** Why the service refused the key or the plan (with its sentence); null while nothing is known against it. */
  problem(): KeyProblem | null;
  /** Where the key is kept, for the options page (the key itself never leaves). */
  location(): Promise<KeyLocation | null>;
  save(key: string, sessionOnly: boolean): Promise<void>;
  /** Keeps the current key in the other place (IndexedDB or the browser session). */
  move(sessionOnly: boolean): Promise<void>;
  clear(): Promise<void>;
  /** A call made with the key succeeded. */
  accepted(): void;
  /** A call made with the key failed: a refusal marks the key. */
  failed(error: unknown): void;
}

export function createKeySession(opts: KeySessionOptions): KeySession {
  let key: string | null = null;
  let problem: KeyProblem | null = null;

  const setProblem = (next: KeyProblem | null) => {
    if (next === problem || (next && problem && next.reason === problem.reason && next.detail === problem.detail)) return;
    problem = next;
    opts.onProblemChange();
  };

  async function reload() {
    const stored = await opts.store.get();
    const changed = (stored?.key ?? null) !== key;
    key = stored?.key ?? null;
    problem = null;
    await opts.onKeyChange(changed);
  }

  return {
    async load() {
      key = (await opts.store.get())?.key ?? null;
    },
    current: () => key,
    require() {
      if (key === null) throw new NoKeyError();
      return key;
    },
    problem: () => problem,
    location: async () => (await opts.store.get())?.location ?? null,
    async save(next, sessionOnly) {
      await opts.store.set(next, sessionOnly);
      await reload();
    },
    async move(sessionOnly) {
      if (key !== null) await opts.store.set(key, sessionOnly);
    },
    async clear() {
      await opts.store.clear();
      await reload();
    },
    accepted: () => setProblem(null),
    failed(error) {
      if (!isKeyRefusal(error)) return;
      const found = keyProblemOf(error);
      // The panel shows the service's sentence: it must not echo the key.
      setProblem(found.detail === undefined ? found : { ...found, detail: redact(found.detail, key) });
    },
  };
}

type AsyncMethods<T> = { [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => Promise<R> : never };

/** The same calls, each answer reported to the key session: every call of the key passes here. */
export function reportingTo<T extends AsyncMethods<T>>(session: Pick<KeySession, 'accepted' | 'failed'>, api: T): T {
  const reported: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(api) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    reported[name] = async (...args: unknown[]) => {
      try {
        const value = await call(...args);
        session.accepted();
        return value;
      } catch (error) {
        session.failed(error);
        throw error;
      }
    };
  }
  return reported as T;
}
