/**
 * The extension's one IndexedDB database, opened from the background worker (extension origin: no
 * content script can read it). Stores:
 * - `secrets`: the API key (when not kept for the session only);
 * - `cache`: resolved profiles, keyed by canonical profile URL, indexed by lead id;
 * - `outbox`: queued mutations, keyed by an increasing id (the order they were made in);
 * - `calls`: the call log, keyed by an increasing id, indexed by failure;
 * - `meta`: small JSON values (rate-limiter state, ...).
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { DB_MIGRATIONS, LATEST_DB_VERSION, outboxSteps } from './db-migrations';
import { SCHEMA_STEPS_BACK } from './schema-build';
import type { ConversationSummary, Lead, LeadLog } from '../api/schemas';
import type { CallFailure, CallSummary } from '../api/summaries';
import type { ErrorView } from '../views';
import type { EnrichType } from '../api/enrichment';
import type { NoteMode } from '../inbox/note-rules';
import type { ReplyChannel } from '../inbox/reply-rules';

export const DB_NAME = 'outreach-companion';
/** This build's schema version: one per step of `DB_MIGRATIONS` (one fewer in the update test's previous build). */
export const DB_VERSION = LATEST_DB_VERSION - SCHEMA_STEPS_BACK;

/** A resolved profile: the lead and its conversations, or "no lead" (`lead` null). */
export interface CacheEntry {
  profileUrl: string;
  /** Absent for "no lead": IndexedDB leaves such records out of the `byLead` index. */
  leadId?: string;
  lead: Lead | null;
  conversations: ConversationSummary[];
  fetchedAt: number;
  /** The lead's most recent logs as the lead search returned them (most recent first). */
  recentLogs?: LeadLog[];
  /**
   * When several leads have this profile URL (duplicates): each, with its number of conversations.
   * `lead` is then the one the user chose, or null until they choose.
   */
  candidates?: LeadCandidate[];
  /** The service found more leads than it listed. */
  tooManyResults?: boolean;
  /** The lead came from a link the user made on this browser (`lead-links.ts`), not from the URL. */
  linked?: boolean;
}

export interface LeadCandidate {
  lead: Lead;
  conversations: number;
}

/** How many leads the profile resolves to (list badges show "2 leads"). */
export function entryLeadCount(entry: CacheEntry): number {
  return entry.candidates?.length ?? (entry.lead ? 1 : 0);
}

interface ConversationTarget {
  conversationId: string;
  leadId: string;
  /** The profile the conversation was acted on from, to refresh its panel. */
  profileUrl: string | null;
}

/** What a queued mutation does. */
export type OutboxAction =
  | ({ kind: 'note'; mode: NoteMode; text: string } & ConversationTarget)
  | ({ kind: 'archive' | 'unarchive' | 'unsnooze' } & ConversationTarget)
  | ({ kind: 'snooze'; until: number } & ConversationTarget)
  /** POST /leads/status for the conversation's campaign; `previous`: the status it replaces, when known. */
  | ({ kind: 'qualify'; status: string; campaign: string; previous: string | null } & ConversationTarget)
  /**
   * A message to the lead (POST /inbox/pronet or /inbox/email), as the conversation's identity. Not
   * sent before `holdUntil` (the undo window). Email: `subject` starts a thread, else it answers in
   * the last one. `memberId`: pronet only (the service's own clients send none with an email).
   */
  | ({ kind: 'reply'; channel: ReplyChannel; identityId: string; memberId?: string; text: string; subject?: string; holdUntil: number; remindInDays?: number } & ConversationTarget)
  /**
   * POST /leads into the audience named `audience`: the profile's new lead, or with `leadId` the
   * existing lead (merged by id, a lead with no conversation put in a campaign's audience).
   */
  | ({ kind: 'add-to-audience'; profileUrl: string; leadId?: string; audience: string; firstname?: string; lastname?: string; companyName?: string; jobTitle?: string } & BatchPart)
  /** POST /leads/removefromaudience by the profile's address: a batch's Undo, for a person it added. */
  | ({ kind: 'remove-from-audience'; profileUrl: string; audience: string; /** The lead the add made or merged into. */ leadId?: string } & BatchPart)
  | ImportAction
  | EnrichAction;

/**
 * "Enrich the selected" (issue 43): the person made a lead if needed (POST /leads, safe to resend),
 * then ONE POST /leads/enrich by its id, at list priority (`outbox-enrich.ts`). `spentAt`: when the
 * enrichment itself last went out (stored before it does): with `uncertain`, its credits may be spent,
 * and it is never sent again by the outbox.
 */
export interface EnrichAction {
  kind: 'enrich-person';
  batch: string;
  profileUrl: string;
  enrichType: EnrichType;
  /** Known before the press, or from the POST /leads of an earlier attempt. */
  leadId?: string;
  firstname?: string;
  lastname?: string;
  companyName?: string;
  spentAt?: number;
}

/**
 * POST /audiences (issue 43): the service imports the whole search or post at `pronetUrl` into the
 * audience named `audience`, in the background; sent once, read back (GET /audiences) before any
 * resend. `audienceId`/`sizeBefore`: an existing audience picked, and its size when pressed.
 */
export interface ImportAction {
  kind: 'import-audience';
  importId: string;
  audience: string;
  pronetUrl: string;
  identityId: string;
  pronetPostCategory?: 'REACTIONS' | 'COMMENTS';
  excludeContactedLeads?: boolean;
  autoImport?: boolean;
  audienceId?: string;
  sizeBefore?: number;
}

/**
 * "This page" (issue 35): the batch an add or its undo belongs to. A batch's add goes at list
 * priority, is read back (by address, then name and company) before it is sent again, and its
 * audience's id tells a read-back whether it landed.
 */
interface BatchPart {
  batch?: string;
  audienceId?: string;
}

export type OutboxState = 'pending' | 'sending' | 'failed';

export type OutboxRecord = OutboxAction & {
  /** Increasing: the order the user made the mutations in. */
  id: number;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  /** Not to be sent before this time (backoff). */
  nextAttemptAt: number;
  /**
   * A previous attempt may have reached the service (timeout, dropped connection, 5xx, killed
   * worker): read the conversation back before sending again.
   */
  uncertain: boolean;
  /** For appends: the note as last known before the first send, to tell our append from an earlier one. */
  baseNote?: string | null;
  /** For replies: when the first attempt started (client clock); a read-back looks for ours from then on. */
  sentAt?: number;
  /**
   * For a batch's add: an earlier attempt's outcome was unknown and its read-back found nothing. If
   * the service then answers "already in the audience", that earlier attempt landed late: the add is
   * this batch's (its Undo removes the person).
   */
  unknownBefore?: true;
  error: ErrorView | null;
};

export interface CallRow {
  id: number;
  endpoint: string;
  method: string;
  ok: boolean;
  /** 1 when the call failed: booleans are no IndexedDB keys. */
  failed: 0 | 1;
  status: number | null;
  /** What a success did, as data; text in rows older builds wrote (shown as it was stored). */
  summary?: CallSummary | string;
  /** Why a failure failed, as data. */
  failure?: CallFailure;
  at: number;
  durationMs: number;
}

export interface CompanionSchema extends DBSchema {
  secrets: { key: string; value: string };
  cache: { key: string; value: CacheEntry; indexes: { byLead: string } };
  outbox: { key: number; value: OutboxRecord };
  calls: { key: number; value: CallRow; indexes: { byFailed: number } };
  meta: { key: string; value: unknown };
}

export type CompanionDb = IDBPDatabase<CompanionSchema>;

export interface OpenDbHooks {
  /** An older connection (another worker of this extension) keeps the upgrade waiting. */
  blocked?(): void;
}

/**
 * Opens the database at `version` (this build's newest by default; the update test builds an older
 * one), running every migration step from the version found (`db-migrations.ts`) in the upgrade's
 * transaction: all of it applies, or none. A connection gives way when a newer build asks for the
 * database (`versionchange`): a worker being replaced must not block its successor's upgrade.
 */
export async function openCompanionDb(name: string = DB_NAME, version: number = DB_VERSION, hooks: OpenDbHooks = {}): Promise<CompanionDb> {
  const db = await openDB<CompanionSchema>(name, version, {
    async upgrade(db, oldVersion, newVersion, tx) {
      const target = newVersion ?? version;
      for (const m of DB_MIGRATIONS) {
        if (m.version > oldVersion && m.version <= target) m.schema?.(db as unknown as IDBPDatabase<unknown>);
      }
      const step = outboxSteps(oldVersion, target);
      if (!step || oldVersion === 0) return;
      // Untyped: the records are those of an older version.
      const outbox = (tx as unknown as IDBPTransaction<unknown, string[], 'versionchange'>).objectStore('outbox');
      for (let cursor = await outbox.openCursor(); cursor; cursor = await cursor.continue()) {
        await cursor.update(step(cursor.value as Record<string, unknown>));
      }
    },
    blocked: () => hooks.blocked?.(),
    blocking: () => db.close(),
  });
  return db;
}
