/**
 * What the relay keeps across restarts in its data dir, beside the log: the team token browsers
 * authenticate with, the secret path the service posts to, and the webhook it registered. The
 * service key is never written here (it is given at each start).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RelayState {
  token: string;
  secret: string;
  /** The webhook registered on the service, and the URL it posts to; null when none. */
  webhook: { id: string; url: string; service: string } | null;
}

const secretString = () => randomBytes(24).toString('base64url');

export function stateFile(dataDir: string): string {
  return join(dataDir, 'relay-state.json');
}

export function loadState(dataDir: string): RelayState {
  mkdirSync(dataDir, { recursive: true });
  const file = stateFile(dataDir);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<RelayState>;
    if (typeof saved.token === 'string' && typeof saved.secret === 'string') return { token: saved.token, secret: saved.secret, webhook: saved.webhook ?? null };
  }
  const fresh: RelayState = { token: secretString(), secret: secretString(), webhook: null };
  saveState(dataDir, fresh);
  return fresh;
}

export function saveState(dataDir: string, state: RelayState): void {
  const file = stateFile(dataDir);
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}
