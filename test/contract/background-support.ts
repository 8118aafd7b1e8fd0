/**
 * The background service against the running emulator: a service instance over its own
 * fake-indexeddb database and fake browser storage, with real HTTP, and a plan of mixed mutations
 * whose exact final state on the emulator is known in advance.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { expect, vi } from 'vitest';
import type { ConversationSummary } from '../../lib/api/schemas';
import { createBackgroundService, type BackgroundDeps, type BackgroundService } from '../../lib/background/service';
import type { Request } from '../../lib/messages';
import { openCompanionDb, type CompanionDb } from '../../lib/store/db';
import { createSettingsStore } from '../../lib/store/settings';
import { appendSeparator } from '../../lib/inbox/note-rules';
import type { Timers } from '../../lib/timers';
import { steppedTimers } from './stepped-timers';
import { advanceClock, baseUrl, clientFor, emulatorCalls, getConversation, type EmulatorWorkspace } from './harness';

let dbCount = 0;

export function freshDbName(prefix: string): string {
  dbCount += 1;
  return `${prefix}-${dbCount}-${Date.now()}`;
}

export interface ServiceHandle {
  service: BackgroundService;
  db: CompanionDb;
}

/** A started service pointed at the emulator, with the workspace key set. */
export async function startBackground(
  ws: EmulatorWorkspace,
  dbName: string,
  overrides: Partial<BackgroundDeps> = {},
): Promise<ServiceHandle> {
  const db = await openCompanionDb(dbName);
  const service = createBackgroundService({
    db,
    settings: createSettingsStore(),
    session: fakeBrowser.storage.session,
    push: { panel: () => undefined, chip: () => undefined, badge: () => undefined, outbox: () => undefined },
    hasHostPermission: async () => true,
    // The service's limit is 50 calls per 10 s; the test runs it at 50 per second (the emulator is
    // told the same through its faults) so that hundreds of calls fit in seconds.
    rateLimit: { limit: 50, windowMs: 1_000 },
    clientRetry: { maxAttempts: 4, baseMs: 50, capMs: 400 },
    outboxPolicy: { maxAttempts: Infinity, baseMs: 50, capMs: 800, random: Math.random },
    outboxConcurrency: 6,
    timeoutMs: 10_000,
    ...overrides,
  });
  await service.start();
  await must(service, { type: 'settings-set', patch: { baseUrl: baseUrl() } });
  await must(service, { type: 'key-set', key: ws.apiKey, sessionOnly: false });
  return { service, db };
}

/**
 * A service whose worker can be killed mid-call: `kill()` stops it, aborts every fetch it has on the
 * wire (as a stopped worker's are) and closes its database; the errors of its writes to the closed
 * database are kept out of the log.
 */
export async function startKillable(ws: EmulatorWorkspace, dbName: string): Promise<ServiceHandle & { kill(): void }> {
  const abort = new AbortController();
  const killable: typeof fetch = (input, init) => fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, abort.signal]) : abort.signal });
  const handle = await startBackground(ws, dbName, { fetch: killable });
  return {
    ...handle,
    kill() {
      const consoleError = console.error;
      vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        if (!args.some((a) => a instanceof Error && a.name === 'InvalidStateError')) consoleError(...args);
      });
      handle.service.stop();
      abort.abort();
      handle.db.close();
    },
  };
}

export async function must(service: BackgroundService, request: Request): Promise<unknown> {
  const reply = await service.handle(request);
  if (!reply.ok) throw new Error(`${request.type} failed: ${JSON.stringify(reply.error)}`);
  return reply.value;
}

/**
 * The product's clock and timers for a test of what the outbox does over time: real time, plus the
 * jumps the test makes (`drain`), so that a wait of the product's (the 10 s a dropped call's outcome
 * stays unknown, a backoff) passes when the test says, not after that much of the machine's time.
 */
export interface SteppedClock {
  clock: { now(): number };
  timers: Timers;
  /** Moves the product's and the emulator's clocks to `at` (if later), running the timers due by then. */
  jumpTo(at: number): Promise<void>;
}

export function steppedClock(): SteppedClock {
  let offset = 0;
  const clock = { now: () => Date.now() + offset };
  const stepped = steppedTimers(clock);
  return {
    clock,
    timers: stepped.timers,
    async jumpTo(at) {
      const by = at - clock.now();
      if (by > 0) {
        await advanceClock(by);
        offset += by;
      }
      stepped.runDue();
    },
  };
}

/**
 * Runs the outbox until `done` holds: whenever it is idle (nothing on the wire, nothing due) with
 * work left for later, both clocks jump to its next wake-up (`nextWake`, from the service's
 * `onNextWake`). States only: `maxSteps` is a guard against a loop that makes no progress.
 */
export async function drain(
  service: BackgroundService,
  stepped: SteppedClock,
  nextWake: () => number | null,
  done: () => Promise<boolean>,
  what: string,
  maxSteps = 500,
): Promise<void> {
  for (let step = 0; step < maxSteps; step += 1) {
    if (await done()) return;
    await service.outbox.idle();
    if (await done()) return;
    const at = nextWake();
    if (at !== null) await stepped.jumpTo(at);
  }
  throw new Error(`${what}: not reached after ${maxSteps} steps of the outbox`);
}

/** Polls until `check` holds (or fails after `timeoutMs` of real time). */
export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the emulator has answered `count` 429s since call `after` (the storm struck); returns how many. */
export async function stormSeen(after: number, count: number): Promise<number> {
  let seen = 0;
  await until(async () => {
    seen = (await emulatorCalls()).filter((c) => c.id > after && c.status === 429).length;
    return seen >= count;
  }, 30_000, `${count} answers 429`);
  return seen;
}

export async function pickConversations(ws: EmulatorWorkspace, count: number): Promise<ConversationSummary[]> {
  const picked: ConversationSummary[] = [];
  for await (const c of clientFor(ws).conversations.searchAll({ limit: 100 })) {
    picked.push(c);
    if (picked.length === count) break;
  }
  if (picked.length < count) throw new Error(`the workspace has only ${picked.length} conversations`);
  return picked;
}

export interface PlannedConversation {
  conversation: ConversationSummary;
  actions: Request[];
  expected: { status: 'OPEN' | 'ARCHIVED'; notePieces: string[] };
}

export const ACTIONS_PER_CONVERSATION = 10;

/**
 * Ten mutations per conversation, mixing every kind, whose result depends on their order:
 * a replace overtaking an append, or an archive overtaking an unarchive, changes the outcome.
 */
export function plan(conversations: ConversationSummary[], tag: string, snoozeBase: number): PlannedConversation[] {
  return conversations.map((conversation, i) => {
    const target = { conversationId: conversation.id, leadId: conversation.leadId };
    const note = (mode: 'replace' | 'append', text: string): Request => ({ type: 'save-note', ...target, mode, text });
    const last: Request = i % 2 === 0 ? { type: 'unsnooze', ...target } : { type: 'archive', ...target };
    return {
      conversation,
      actions: [
        note('replace', `${tag}-base-${i}`),
        note('append', `${tag}-x1-${i}`),
        { type: 'archive', ...target },
        note('replace', `${tag}-base2-${i}`),
        note('append', `${tag}-x2-${i}`),
        { type: 'unarchive', ...target },
        note('append', `${tag}-x3-${i}`),
        { type: 'snooze', ...target, until: snoozeBase + i * 60_000 },
        note('append', `${tag}-x4-${i}`),
        last,
      ],
      expected: {
        status: i % 2 === 0 ? 'OPEN' : 'ARCHIVED',
        notePieces: [`${tag}-base2-${i}`, `${tag}-x2-${i}`, `${tag}-x3-${i}`, `${tag}-x4-${i}`],
      },
    };
  });
}

/** The separator's shape, from the one definition of the rule. */
const SEPARATOR = new RegExp(
  appendSeparator(new Date(0))
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\d/g, '\\d'),
  'g',
);

/** Every conversation ends exactly as its plan says: status, and each note piece once, in order. */
export async function expectPlanApplied(planned: PlannedConversation[]): Promise<void> {
  for (const p of planned) {
    const whole = await getConversation(p.conversation.id);
    expect(whole.conversation.status, p.conversation.id).toBe(p.expected.status);
    expect(whole.conversation.snoozeUntil, p.conversation.id).toBeNull();
    expect((whole.conversation.note ?? '').split(SEPARATOR), p.conversation.id).toEqual(p.expected.notePieces);
  }
}

/** Round-robin: the first action of every conversation, then the second ... (lanes interleave). */
export function interleave(planned: PlannedConversation[]): Request[] {
  const out: Request[] = [];
  for (let step = 0; step < ACTIONS_PER_CONVERSATION; step += 1) {
    for (const p of planned) {
      const action = p.actions[step];
      if (action) out.push(action);
    }
  }
  return out;
}
