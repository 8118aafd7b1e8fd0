/**
 * The background worker's outbox against the emulator with its faults on: latency, 30% 5xx, 10%
 * dropped connections and a 429 storm. Every one of 200 mixed mutations must end applied exactly
 * once, in order per conversation; none lost, no append doubled. Then the same under late
 * application (dropped mutations applied later by the service): 300 actions.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearFaults, emulatorCalls, getConversation, proWorkspace, resetEmulator, setFaults } from './harness';
import {
  expectPlanApplied,
  freshDbName,
  interleave,
  must,
  pickConversations,
  plan,
  startBackground,
  until,
  drain,
  steppedClock,
  stormSeen,
  type ServiceHandle,
} from './background-support';

const handles: ServiceHandle[] = [];

beforeEach(async () => {
  fakeBrowser.reset();
  await resetEmulator('demo');
});

afterEach(async () => {
  await clearFaults();
  for (const h of handles.splice(0)) {
    h.service.stop();
    h.db.close();
  }
});

describe('background outbox under faults', () => {
  it('applies 200 mixed actions exactly once through latency, 5xx, dropped connections and a 429 storm', async () => {
    const ws = proWorkspace();
    const conversations = await pickConversations(ws, 20);
    const planned = plan(conversations, 'f', Date.now() + 7 * 86_400_000);
    const actions = interleave(planned);
    expect(actions).toHaveLength(200);

    // A dropped call's outcome stays unknown for the client's 10 s timeout: those waits pass on the
    // product's clock (drain), not the machine's.
    const stepped = steppedClock();
    let nextWake: number | null = null;
    const handle = await startBackground(ws, freshDbName('faults'), { clock: stepped.clock, timers: stepped.timers, onNextWake: (at) => (nextWake = at) });
    handles.push(handle);
    const { service } = handle;
    const lastCallBefore = (await emulatorCalls())[0]?.id ?? 0;

    const started = Date.now();
    const faults = { latencyMs: 15, errorRate: 0.3, dropRate: 0.1 };
    // The storm: 5 calls per 2 s for this key, far below what the client expects.
    await setFaults({ ...faults, rateLimit: { calls: 5, windowMs: 2_000 } });
    for (const action of actions) await must(service, action);
    await stormSeen(lastCallBefore, 5);
    await setFaults({ ...faults, rateLimit: { calls: 50, windowMs: 1_000 } });

    await drain(service, stepped, () => nextWake, async () => (await service.outbox.list()).length === 0, 'the outbox empty');
    const durationMs = Date.now() - started;
    await clearFaults();

    // Nothing failed for good, nothing is left.
    expect(await service.outbox.list()).toEqual([]);
    await expectPlanApplied(planned);

    // Exactly once: one successful call per mutation, per kind.
    // Faults strike before the key is read, so failed calls carry no workspace: take every call since.
    const calls = (await emulatorCalls()).filter((c) => c.id > lastCallBefore);
    const okOf = (endpoint: string) => calls.filter((c) => c.endpoint === endpoint && c.ok && c.workspaceId === ws.id).length;
    expect({
      updateNote: okOf('updateNote'),
      archiveConversation: okOf('archiveConversation'),
      unarchiveConversation: okOf('unarchiveConversation'),
      snoozeConversation: okOf('snoozeConversation'),
      unsnoozeConversation: okOf('unsnoozeConversation'),
    }).toEqual({
      updateNote: 120,
      archiveConversation: 30,
      unarchiveConversation: 20,
      snoozeConversation: 20,
      unsnoozeConversation: 10,
    });

    const stats = service.outbox.stats();
    const log = service.callStats();
    const emulatorFailures = calls.filter((c) => !c.ok);
    expect(stats.applied).toBe(200);
    expect(stats.failed).toBe(0);
    // The faults really happened: 5xx, drops and 429s reached the client.
    expect(emulatorFailures.some((c) => c.status === 503)).toBe(true);
    expect(emulatorFailures.some((c) => c.status === 0)).toBe(true);
    expect(log.rateLimited).toBeGreaterThan(0);
    console.info(
      `background fault test: actions=${actions.length} applied=${stats.applied} calls=${log.calls} ` +
        `failedCalls=${log.failed} outboxRetries=${stats.retries} 429sSeen=${log.rateLimited} ` +
        `appendReadBacks=${stats.readBacks} emulator429s=${calls.filter((c) => c.status === 429).length} ` +
        `emulator5xx=${calls.filter((c) => c.status === 503).length} emulatorDrops=${calls.filter((c) => c.status === 0).length} ` +
        `durationMs=${durationMs}`,
    );
    // The outbox's sends are the user's: a storm pauses them (Retry-After), the learned rate (list
    // and idle work) never holds them, so they need far less than the timeout after the storm.
  }, 240_000);

  it('does not append twice when the answer to an applied append is lost', async () => {
    const ws = proWorkspace();
    const [target] = await pickConversations(ws, 1);
    if (!target) throw new Error('no conversation');
    // The connection breaks after the service has answered: the append is applied, the client hears
    // nothing. The first read-back is lost the same way, so the outcome stays unknown a while.
    const lose = { append: true, readBack: true };
    const lossyFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const url = String(input);
      const isAppend = url.endsWith('/inbox/conversations/note') && String(init?.body).includes('"append"');
      const isReadBack = url.includes(`/leads/${target.leadId}/conversations`);
      const drop = (isAppend && lose.append) || (isReadBack && !lose.append && lose.readBack);
      if (isAppend) lose.append = false;
      else if (drop) lose.readBack = false;
      if (drop) {
        await res.text();
        throw new TypeError('fetch failed: other side closed');
      }
      return res;
    };
    // The lost answers' unknown outcomes last the client's 10 s timeout: on the product's clock (drain).
    const stepped = steppedClock();
    let nextWake: number | null = null;
    const handle = await startBackground(ws, freshDbName('lost-answer'), { fetch: lossyFetch, clientRetry: { maxAttempts: 1 }, clock: stepped.clock, timers: stepped.timers, onNextWake: (at) => (nextWake = at) });
    handles.push(handle);
    const { service } = handle;
    const empty = async () => (await service.outbox.list()).length === 0;
    await must(service, { type: 'save-note', conversationId: target.id, leadId: target.leadId, mode: 'replace', text: 'start' });
    await drain(service, stepped, () => nextWake, empty, 'the replace');
    const lastCallBefore = (await emulatorCalls({ workspace: ws.id }))[0]?.id ?? 0;

    await must(service, { type: 'save-note', conversationId: target.id, leadId: target.leadId, mode: 'append', text: 'only once' });
    await drain(service, stepped, () => nextWake, empty, 'the outbox empty');

    const note = (await getConversation(target.id)).conversation.note ?? '';
    expect(note.startsWith('start')).toBe(true);
    expect(note.match(/only once/g)).toHaveLength(1);
    const calls = (await emulatorCalls({ workspace: ws.id })).filter((c) => c.id > lastCallBefore);
    expect(calls.filter((c) => c.endpoint === 'updateNote')).toHaveLength(1);
    expect(calls.filter((c) => c.endpoint === 'listLeadConversations')).toHaveLength(2);
    expect(service.outbox.stats()).toMatchObject({ readBacks: 2, readBackHits: 1 });
  });
});

/** Late application: the client's timeout in these tests; the service applies late within it. */
const TIMEOUT_MS = 2_000;
// A margin under the timeout: on a loaded machine the request reaches the service late, and its late apply with it.
const LATE_MS = 1_400;

/**
 * The service may apply a request after the client gave up on it (`lateApplyMs`: a mutation whose
 * connection was dropped lands up to that long after). Nothing of a conversation is read back,
 * resent or overtaken until the client timeout has passed since the uncertain send, so every action
 * lands once and each conversation ends as its last action left it.
 */
// Real time here: the emulator applies a dropped mutation late on its own timer, and the test is
// that the client's 2 s timeout (real, as in the field) holds everything of its conversation until then.
describe('background outbox under late application', () => {
  it('archive, unarchive, snooze: ends snoozed although the dropped archive lands late', async () => {
    const ws = proWorkspace();
    const [target] = await pickConversations(ws, 1);
    if (!target) throw new Error('no conversation');
    const handle = await startBackground(ws, freshDbName('late-sequence'), { timeoutMs: TIMEOUT_MS });
    handles.push(handle);
    const { service } = handle;
    const ids = { conversationId: target.id, leadId: target.leadId };
    const lastCallBefore = (await emulatorCalls({ workspace: ws.id }))[0]?.id ?? 0;

    // The archive's connection drops; the service applies it almost a whole timeout later.
    await setFaults({ dropRate: 1, lateApplyMs: LATE_MS });
    await must(service, { type: 'archive', ...ids });
    await until(async () => (await emulatorCalls({ workspace: ws.id })).some((c) => c.id > lastCallBefore && c.status === 0), 10_000, 'the dropped archive');
    await clearFaults();
    const until7d = Date.now() + 7 * 86_400_000;
    await must(service, { type: 'unarchive', ...ids });
    await must(service, { type: 'snooze', ...ids, until: until7d });
    await until(async () => (await service.outbox.list()).length === 0, 30_000, 'the outbox to empty');
    // Real time, past any late application: the emulator applies it on its own timer, unseen until it lands.
    await new Promise((resolve) => setTimeout(resolve, LATE_MS));

    const { conversation } = await getConversation(target.id);
    expect(conversation.status).toBe('SNOOZED');
    expect(conversation.snoozeUntil).toBe(until7d);
    const archives = (await emulatorCalls({ workspace: ws.id })).filter((c) => c.id > lastCallBefore && c.endpoint === 'archiveConversation');
    // The dropped one (applied late or not) and, only after the timeout, the resend.
    expect(archives[archives.length - 1]?.status).toBe(0);
  });

  it('applies 300 mixed actions once through late application, drops, 5xx and a 429 storm', async () => {
    const ws = proWorkspace();
    const conversations = await pickConversations(ws, 30);
    const planned = plan(conversations, 'l', Date.now() + 7 * 86_400_000);
    const actions = interleave(planned);
    expect(actions).toHaveLength(300);

    const handle = await startBackground(ws, freshDbName('late-apply'), { timeoutMs: TIMEOUT_MS });
    handles.push(handle);
    const { service } = handle;
    const lastCallBefore = (await emulatorCalls())[0]?.id ?? 0;

    const started = Date.now();
    const faults = { latencyMs: 10, errorRate: 0.2, dropRate: 0.15, lateApplyMs: LATE_MS };
    await setFaults({ ...faults, rateLimit: { calls: 5, windowMs: 2_000 } });
    for (const action of actions) await must(service, action);
    const firstStorm = await stormSeen(lastCallBefore, 5);
    await setFaults({ ...faults, rateLimit: { calls: 50, windowMs: 1_000 } });
    await until(async () => service.outbox.stats().applied >= 100, 60_000, 'a third of the actions applied');
    // A second storm while the rest drains.
    await setFaults({ ...faults, rateLimit: { calls: 5, windowMs: 2_000 } });
    await stormSeen(lastCallBefore, firstStorm + 5);
    await setFaults({ ...faults, rateLimit: { calls: 50, windowMs: 1_000 } });

    await until(async () => (await service.outbox.list()).length === 0, 150_000, 'the outbox to empty');
    const durationMs = Date.now() - started;
    await clearFaults();
    // Real time: the emulator applies a dropped mutation on its own timer, unseen until it lands.
    await new Promise((resolve) => setTimeout(resolve, LATE_MS));

    expect(service.outbox.stats()).toMatchObject({ applied: 300, failed: 0 });
    await expectPlanApplied(planned);

    const calls = (await emulatorCalls()).filter((c) => c.id > lastCallBefore);
    const lateApplied = calls.filter((c) => /applied late: 200/.test(c.summary));
    // The faults really happened, late application among them.
    expect(lateApplied.length).toBeGreaterThan(0);
    expect(calls.some((c) => c.status === 503)).toBe(true);
    expect(calls.some((c) => c.status === 429)).toBe(true);
    const stats = service.outbox.stats();
    console.info(
      `late-apply fault test: actions=${actions.length} applied=${stats.applied} calls=${calls.length} ` +
        `drops=${calls.filter((c) => c.status === 0).length} appliedLate=${lateApplied.length} ` +
        `5xx=${calls.filter((c) => c.status === 503).length} 429s=${calls.filter((c) => c.status === 429).length} ` +
        `retries=${stats.retries} readBacks=${stats.readBacks} readBackHits=${stats.readBackHits} durationMs=${durationMs}`,
    );
    // The outbox's sends are the user's: a storm pauses them (Retry-After), the learned rate (list
    // and idle work) never holds them, so they need far less than the timeout after the storm.
  }, 240_000);
});
