/**
 * The outbox's whole-search import (issue 43): ONE POST /audiences for a search or post, whatever its
 * size. The service answers at once and imports in the background, so a resend is a second import:
 * an attempt whose outcome is unknown (no answer, a 5xx, a worker stopped mid-call) is read back
 * first (GET /audiences): an audience of that name whose source is this search, or which did not
 * exist when pressed and exists now, or an existing one that grew since, is the import having landed.
 * An existing audience that shows nothing yet cannot tell: the import is not sent again on a guess,
 * it fails with `import-unconfirmed` and the user decides.
 */
import type { Audience } from '../api/schemas';
import type { ImportAction, OutboxRecord } from '../store/db';
import { RequestError } from './error-view';
import type { ResolveCallOptions } from './resolver';

export interface ImportApi {
  importAudience(
    input: { audience: string; pronetUrl: string; identityId: string; pronetPostCategory?: 'REACTIONS' | 'COMMENTS'; excludeContactedLeads?: boolean; autoImport?: boolean },
    opts: ResolveCallOptions,
  ): Promise<void>;
  audiences(opts: ResolveCallOptions): Promise<Audience[]>;
}

export type ImportRecord = Extract<OutboxRecord, { kind: 'import-audience' }>;

/** The audience the import went into, when the service said which (a read-back finds it). */
export interface ImportOutcome {
  kind: 'import';
  audienceId: string | null;
}

/** The user pressed it and waits for it: their priority. */
const USER = { priority: 'user' as const };

export async function sendImport(api: ImportApi, record: ImportAction): Promise<ImportOutcome> {
  const { audience, pronetUrl, identityId, pronetPostCategory, excludeContactedLeads, autoImport } = record;
  await api.importAudience(
    {
      audience,
      pronetUrl,
      identityId,
      ...(pronetPostCategory ? { pronetPostCategory } : {}),
      ...(excludeContactedLeads !== undefined ? { excludeContactedLeads } : {}),
      ...(autoImport !== undefined ? { autoImport } : {}),
    },
    USER,
  );
  return { kind: 'import', audienceId: record.audienceId ?? null };
}

/** One address however it is written (the service may keep it normalised). */
function sameAddress(a: string | null, b: string): boolean {
  if (a === null) return false;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/** The audience an import names, among the workspace's (names compare as the service does, case aside). */
export function audienceNamed(audiences: readonly Audience[], name: string): Audience | undefined {
  const key = name.trim().toLowerCase();
  return audiences.find((a) => a.name.trim().toLowerCase() === key);
}

/**
 * Whether an import whose outcome is unknown landed, from the workspace's audiences: its audience's
 * id (landed), null (it did not: send it), or a throw when nothing can tell (`import-unconfirmed`).
 */
export function importLanded(audiences: readonly Audience[], record: ImportAction): string | null {
  const a = audienceNamed(audiences, record.audience);
  if (!a) return null;
  if (sameAddress(a.sourceUrl, record.pronetUrl)) return a.id;
  // No such audience when pressed: only an import can have made it since.
  if (record.audienceId === undefined) return a.id;
  if (record.sizeBefore !== undefined && a.size > record.sizeBefore) return a.id;
  throw new RequestError('bad-request', 'import-unconfirmed');
}

export async function readBackImport(api: ImportApi, record: ImportRecord): Promise<ImportOutcome | null> {
  const audienceId = importLanded(await api.audiences(USER), record);
  return audienceId === null ? null : { kind: 'import', audienceId };
}
