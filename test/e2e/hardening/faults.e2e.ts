/**
 * Faults end to end: 300 actions made through the side panels, the way a person clicks them, while
 * the service fails (30% 5xx, 10% dropped connections, latency spikes, a 429 storm), the browser goes
 * offline and back, and the service worker is stopped while calls are on the wire. At the end every
 * action has landed exactly once (the emulator's conversations and its call history say so), no
 * append is doubled, and no panel is left showing a pending change or a spinner.
 *
 * Choices:
 * - Conversation actions are spread over ada-lovelace, grace-hopper (both conversations, through the
 *   picker), alan-turing and katherine-johnson, one profile tab and one pinned panel each.
 * - Add to audience needs profiles that are no lead yet: margaret-hamilton, and profiles of the
 *   demo's other Pro workspace (demo-pro-nocrm), which the look-alike site serves and which are no
 *   leads of demo-pro. One tab visits them in turn, with its own pinned panel.
 * - Save note is what a person does after reading the note: it keeps the text and adds a line. It is
 *   clicked only when the lead has nothing pending, so the note read at that moment is the service's
 *   own, and is checked there against every append made so far (a doubled append would show).
 * - Faults are switched at fixed action numbers (the actions themselves come from a seeded random
 *   source), so a failing run can be replayed. The worker is stopped between two clicks, while the
 *   outbox has calls on the wire (three of the stops fall in a latency spike).
 */
import type { Locator, Page } from '@playwright/test';
import { endpoints } from '../../../lib/api/endpoints';
import { appendSeparator, applyNote } from '../../../lib/inbox/note-rules';
import { test, expect, conversationStatus, expectLeadShown, localDateParts, outboxItems, outboxList, type ApiConversation } from '../fixtures';
import { RequestRecorder, WorkerStopper, seededRandom, type RecordedRequest } from './support';

// A click on something that never comes fails with what the panel showed, instead of waiting forever.
test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

const ACTIONS = 300;
const SEED = 0x5eed_2025;
const BASE_FAULTS = { errorRate: 0.3, dropRate: 0.1 };
const AUDIENCE = 'Webinar attendees';

/** Fault windows and worker stops, by action number. */
const LATENCY_SPIKES: [number, number][] = [
  [40, 52],
  [140, 152],
  [240, 252],
];
const RATE_LIMIT_STORM: [number, number] = [110, 132];
const OFFLINE: [number, number][] = [
  [58, 70],
  [208, 220],
];
const WORKER_STOPS = [30, 48, 100, 148, 185, 248, 290];
/** Every this many actions, one is Add to audience (on the next no-lead profile). */
const ADD_EVERY = 30;

type Status = ApiConversation['status'];
type ConversationKind = 'archive' | 'unarchive' | 'snooze' | 'unsnooze' | 'append' | 'save';
type Kind = ConversationKind | 'add-to-audience';

interface LeadTab {
  slug: string;
  name: string;
  page: Page;
  panel: Page;
  /** The conversation the panel's picker has selected (leads with several). */
  selected: string | null;
  conversations: Conv[];
}

/** What a conversation must be on the service once every action made on it has landed. */
interface Conv {
  id: string;
  lead: LeadTab;
  campaignName: string | null;
  status: Status;
  snoozeUntil: number | null;
  /** The note with every append separator's stamp masked (the service picks the minute). */
  note: string;
  appended: string[];
  /** The actions clicked on it, for the report of a failing run. */
  log: string[];
}

/** The append separator with its minute masked; its one definition is lib/inbox/note-rules. */
const MASK = appendSeparator(new Date(0)).replace(/\d/g, '#');
const STAMP = new RegExp(escapeRegExp(MASK).replace(/#/g, '\\d'), 'g');
/** A note with its separators' minutes masked, so the model and the service can be compared. */
function masked(note: string | null): string {
  return (note ?? '').replace(STAMP, MASK);
}

function within(i: number, windows: readonly [number, number][]): boolean {
  return windows.some(([from, to]) => i >= from && i < to);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The mutations the actions make, by the endpoint names of the client's catalogue. */
const MUTATIONS = ['updateNote', 'archiveConversation', 'unarchiveConversation', 'snoozeConversation', 'unsnoozeConversation', 'createLead'] as const;

/** Which mutation endpoint a request of the service worker calls, or null. */
function mutationEndpoint(r: RecordedRequest): string | null {
  const path = new URL(r.url).pathname;
  return MUTATIONS.find((name) => endpoints[name].method === r.method && `/flow${endpoints[name].path}` === path) ?? null;
}

test('300 actions through the panels under 5xx, drops, latency, a 429 storm, offline and worker stops land exactly once', async ({
  extension,
  emulator,
  demo,
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
  emulatorCalls,
  emulatorControl,
}) => {
  // Its 300 clicks took 5.3 min on CI, and 7 to 13 min on this two-core machine on one day (main's own
  // build too: 200 clicks after 477 s, alone and quiet; the report says where the time went): a hang
  // guard, not a speed check.
  test.setTimeout(20 * 60_000);
  const startedAt = Date.now();
  const random = seededRandom(SEED);
  const requests = new RequestRecorder(extension.context);
  const options = await configureExtension();
  const stopper = new WorkerStopper(options);

  // ---- The stage: four leads (five conversations), each in a tab with its pinned panel ------------
  const leads: LeadTab[] = [];
  const conversations: Conv[] = [];
  for (const [slug, name] of [
    ['ada-lovelace', 'Ada Lovelace'],
    ['grace-hopper', 'Grace Hopper'],
    ['alan-turing', 'Alan Turing'],
    ['katherine-johnson', 'Katherine Johnson'],
  ] as const) {
    const page = await openProfile(slug);
    const panel = await openPanelFor(page);
    await expectLeadShown(panel, name);
    const lead: LeadTab = { slug, name, page, panel, selected: null, conversations: [] };
    for (const c of await politely(async () => leadConversations((await leadByUrl(slug))!.id))) {
      const conv: Conv = { id: c.id, lead, campaignName: c.campaignName, status: c.status, snoozeUntil: c.snoozeUntil, note: masked(c.note), appended: [], log: [] };
      lead.conversations.push(conv);
      conversations.push(conv);
    }
    leads.push(lead);
  }
  expect(conversations).toHaveLength(5);

  // Profiles that are no lead of demo-pro: margaret-hamilton, then the other Pro workspace's leads.
  const other = demo.workspaces.find((w) => w.name !== 'demo-pro' && w.plan === 'PRO')!;
  const otherHeaders = { authorization: `Bearer ${other.apiKey}` };
  const { audiences } = (await (await fetch(`${emulator.baseUrl}/audiences`, { headers: otherHeaders })).json()) as { audiences: { id: string }[] };
  const { data: otherLeads } = (await (await fetch(`${emulator.baseUrl}/audiences/${audiences[0]!.id}/leads`, { headers: otherHeaders })).json()) as {
    data: { firstname: string; lastname: string; pronetUrl: string }[];
  };
  const noLeads = [{ slug: 'margaret-hamilton', name: 'Margaret Hamilton' }];
  for (const l of otherLeads) {
    const slug = /\/in\/([^/]+)\/$/.exec(l.pronetUrl)?.[1];
    if (slug && noLeads.length < Math.ceil(ACTIONS / ADD_EVERY) && (await politely(() => leadByUrl(slug))) === null) noLeads.push({ slug, name: `${l.firstname} ${l.lastname}` });
  }
  expect(noLeads).toHaveLength(ACTIONS / ADD_EVERY);
  const noLeadPage = await openProfile(noLeads[0]!.slug);
  const noLeadPanel = await openPanelFor(noLeadPage);
  const added: string[] = [];
  let lookupRetries = 0;

  // ---- The faults --------------------------------------------------------------------------------
  let offline = false;
  const inFlightAtDisruption: RecordedRequest[] = [];
  const disrupt = () => inFlightAtDisruption.push(...requests.inFlight((r) => r.fromWorker && mutationEndpoint(r) !== null));
  let faultsJson = '';
  async function setFaults(i: number) {
    const faults = {
      ...BASE_FAULTS,
      ...(within(i, LATENCY_SPIKES) ? { latencyMs: 1200 } : {}),
      ...(within(i, [RATE_LIMIT_STORM]) ? { rateLimit: { calls: 4, windowMs: 3000 } } : {}),
    };
    if (JSON.stringify(faults) !== faultsJson) {
      faultsJson = JSON.stringify(faults);
      await emulatorControl('faults', faults);
    }
    const wantOffline = within(i, OFFLINE);
    if (wantOffline !== offline) {
      if (wantOffline) disrupt();
      await extension.context.setOffline(wantOffline);
      offline = wantOffline;
    }
    if (WORKER_STOPS.includes(i)) {
      disrupt();
      await stopper.stop();
    }
  }

  // ---- The actions, clicked ------------------------------------------------------------------------
  const counts: Record<Kind, number> = { archive: 0, unarchive: 0, snooze: 0, unsnooze: 0, append: 0, save: 0, 'add-to-audience': 0 };
  let snoozes = 0;
  const snoozeBase = Math.ceil((Date.now() + 2 * 86_400_000) / 60_000) * 60_000;

  function pickKind(c: Conv): ConversationKind {
    const roll = random();
    if (roll < 0.3) return 'append';
    if (roll < 0.37) return 'save';
    const options: ConversationKind[] =
      c.status === 'OPEN' ? ['archive', 'snooze'] : c.status === 'SNOOZED' ? ['archive', 'snooze', 'unsnooze', 'unsnooze'] : ['unarchive', 'unarchive', 'snooze'];
    return options[Math.floor(random() * options.length)]!;
  }

  /** Picks the conversation in the panel (leads with several); the choice must stay, worker stops included. */
  async function select(c: Conv) {
    const { lead } = c;
    if (lead.conversations.length < 2) return;
    const radio = lead.panel.getByRole('radio', { name: new RegExp(escapeRegExp(c.campaignName!)) });
    if (lead.selected !== c.id) await radio.check();
    await expect(radio).toBeChecked();
    lead.selected = c.id;
  }

  async function act(c: Conv, kind: ConversationKind, i: number): Promise<ConversationKind> {
    const { panel } = c.lead;
    await select(c);
    switch (kind) {
      case 'archive':
        await panel.getByRole('button', { name: 'Archive', exact: true }).click();
        await expect(conversationStatus(panel)).toHaveText('Archived');
        c.status = 'ARCHIVED';
        c.snoozeUntil = null;
        return kind;
      case 'unarchive':
      case 'unsnooze':
        await panel.getByRole('button', { name: kind === 'unarchive' ? 'Unarchive' : 'Unsnooze' }).click();
        await expect(conversationStatus(panel)).toHaveText('Open');
        c.status = 'OPEN';
        c.snoozeUntil = null;
        return kind;
      case 'snooze': {
        const until = snoozeBase + snoozes++ * 60_000;
        const value = await panel.evaluate((ms) => {
          const d = new Date(ms);
          const pad = (n: number) => String(n).padStart(2, '0');
          return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
        }, until);
        // The presets and the date are in the Snooze menu (issue 45).
        await panel.getByRole('button', { name: 'Snooze…', exact: true }).click();
        await panel.getByLabel('Snooze until').fill(value);
        await panel.getByRole('button', { name: 'Snooze', exact: true }).click();
        const { date, time } = await localDateParts(panel, until);
        await expect(conversationStatus(panel)).toContainText('Snoozed until');
        await expect(conversationStatus(panel)).toContainText(date);
        await expect(conversationStatus(panel)).toContainText(time);
        c.status = 'SNOOZED';
        c.snoozeUntil = until;
        return kind;
      }
      case 'save': {
        // Only with nothing pending for the lead: else this person appends instead.
        if ((await outboxList(panel).count()) > 0) return act(c, 'append', i);
        const note = panel.getByLabel('Note', { exact: true });
        // The service's note, read by a person: every append so far, each once, in order.
        let current = '';
        await expect.poll(async () => masked((current = await note.inputValue())), { message: `note of ${c.id} before save #${i}` }).toBe(c.note);
        const text = `${current}\n[${i}] checked`;
        await note.fill(text);
        await panel.getByRole('button', { name: 'Save note' }).click();
        await expect(panel.getByRole('button', { name: 'Save note' })).toBeDisabled();
        c.note = masked(applyNote(current, text, 'replace', new Date()).note);
        return kind;
      }
      case 'append': {
        const text = `a${i} ok`;
        const field = panel.getByLabel('Append to note');
        await field.fill(text);
        await panel.getByRole('button', { name: 'Append', exact: true }).click();
        await expect(field).toHaveValue('');
        c.note = masked(applyNote(c.note, text, 'append', new Date(0)).note);
        c.appended.push(text);
        return kind;
      }
    }
  }

  /**
   * Waits for `shown`. Looking a profile up can fail for good under the faults (every retry of the
   * client met one): the panel then says so with "Try again", which a person clicks.
   */
  async function lookedUp(panel: Page, shown: Locator) {
    const tryAgain = panel.getByRole('button', { name: 'Try again' });
    for (let attempt = 0; attempt < 12; attempt++) {
      await expect(shown.or(tryAgain).first()).toBeVisible({ timeout: 20_000 });
      if (await tryAgain.isVisible()) {
        // Disabled while a 429's wait runs; gone if the panel moved on meanwhile.
        await tryAgain.click({ timeout: 20_000 }).then(
          () => (lookupRetries += 1),
          () => undefined,
        );
      } else if (await shown.first().isVisible()) {
        return;
      }
    }
    await expect(shown.first()).toBeVisible();
  }

  async function addToAudience(n: number) {
    const target = noLeads[n]!;
    if (n > 0) await noLeadPage.goto(`${emulator.pronetOrigin}/in/${target.slug}/`);
    // The profile, as no lead yet (the panel may still show the previous one, a lead by now).
    await lookedUp(noLeadPanel, noLeadPanel.getByRole('heading', { level: 1, name: new RegExp(escapeRegExp(target.name), 'i') }));
    await expect(noLeadPanel.getByText('Not a lead yet')).toBeVisible();
    const select = noLeadPanel.getByLabel('Audience', { exact: true });
    // The audiences load at user priority, but after a 429 storm the learned rate may hold them a while.
    await expect(select).toBeEnabled({ timeout: 30_000 });
    if ((await select.locator('option', { hasText: AUDIENCE }).count()) > 0) {
      await select.selectOption(AUDIENCE);
    } else {
      // The audiences could not be loaded (the service failed): the same name, typed.
      await select.selectOption({ label: 'New audience…' });
      await noLeadPanel.getByLabel('Name of the new audience').fill(AUDIENCE);
    }
    await noLeadPanel.getByRole('button', { name: 'Add to audience' }).click();
    // Queued; or already landed, and the panel shows the new lead once it has looked it up again.
    await lookedUp(noLeadPanel, noLeadPanel.getByText(`Queued: this profile joins “${AUDIENCE}”.`).or(noLeadPanel.getByText('No conversation yet')));
    added.push(target.slug);
  }

  /** Where the time goes (this test ran 5.3 to 13 min on the same build): ms spent per kind of action, and the slowest. */
  const spent: Record<string, number> = {};
  const slowest: { ms: number; what: string }[] = [];
  for (let i = 0; i < ACTIONS; i++) {
    const actionStart = Date.now();
    await setFaults(i);
    if (i % ADD_EVERY === ADD_EVERY / 2) {
      await addToAudience(counts['add-to-audience']).catch(async (error: unknown) => {
        console.error(`action #${i} add-to-audience failed; panel:\n${await noLeadPanel.locator('body').innerText().catch(() => '(no panel)')}`);
        throw error;
      });
      counts['add-to-audience'] += 1;
      spent['add-to-audience'] = (spent['add-to-audience'] ?? 0) + Date.now() - actionStart;
      continue;
    }
    const c = conversations[Math.floor(random() * conversations.length)]!;
    const kind = pickKind(c);
    try {
      const done = await act(c, kind, i);
      // The panel still shows the conversation acted on: it never switches on its own (worker stops included).
      await select(c);
      counts[done] += 1;
      const ms = Date.now() - actionStart;
      spent[done] = (spent[done] ?? 0) + ms;
      slowest.push({ ms, what: `#${i} ${done} (${c.lead.slug})` });
      slowest.sort((a, b) => b.ms - a.ms).splice(5);
      c.log.push(`#${i} ${done}${done === 'snooze' ? ` ${new Date(c.snoozeUntil!).toISOString()}` : ''}`);
    } catch (error) {
      // What the panel and the outbox said, for the report of a failing run.
      const panelText = await c.lead.panel.locator('body').innerText().catch(() => '(no panel)');
      const items = await outboxItems(options).catch(() => []);
      console.error(`action #${i} ${kind} on ${c.id} (${c.lead.slug}) failed; the model: ${JSON.stringify({ status: c.status, snoozeUntil: c.snoozeUntil })}`);
      console.error(`panel:\n${panelText}\noutbox: ${JSON.stringify(items.filter((x) => x.conversationId === c.id))}`);
      console.error(`clicked on it: ${c.log.join(', ')}`);
      const sent = requests.all.filter((r) => r.fromWorker && r.postData?.includes(c.id));
      console.error(`sent for it: ${sent.map((r) => `${new URL(r.url).pathname.split('/').pop()} ${r.postData} → ${r.status ?? r.failure ?? 'in flight'}`).join('\n  ')}`);
      throw error;
    }
    if ((i + 1) % 100 === 0) console.info(`faults e2e: ${i + 1} actions clicked after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  }
  const clickedMs = Date.now() - startedAt;

  // ---- The service recovers: everything lands, and the panels say so ------------------------------
  await emulatorControl('faults', {});
  await extension.context.setOffline(false);
  await expect.poll(async () => (await outboxItems(options)).length, { timeout: 4 * 60_000, intervals: [1000] }).toBe(0);
  for (const panel of [...leads.map((l) => l.panel), noLeadPanel]) {
    await expect(outboxList(panel)).toHaveCount(0);
    await expect(panel.locator('.spinner')).toHaveCount(0);
  }
  for (const lead of leads) {
    for (const c of lead.conversations) {
      await select(c);
      await expect(conversationStatus(lead.panel)).toHaveText(c.status === 'OPEN' ? 'Open' : c.status === 'ARCHIVED' ? 'Archived' : /^Snoozed until/);
    }
  }

  // ---- Exactly once, on the service -----------------------------------------------------------------
  for (const c of conversations) {
    const truth = await emulatorConversation(c.id);
    expect({ status: truth.status, snoozeUntil: truth.snoozeUntil }, `state of ${c.id}`).toEqual({ status: c.status, snoozeUntil: c.snoozeUntil });
    expect(masked(truth.note), `note of ${c.id}`).toBe(c.note);
    // Every appended text once, in the order of the clicks.
    const note = truth.note ?? '';
    for (const text of c.appended) expect(countOf(masked(note), `${MASK}${text}`), `"${text}" in the note of ${c.id}`).toBe(1);
    const positions = c.appended.map((text) => masked(note).indexOf(`${MASK}${text}`));
    expect(positions, `appends of ${c.id} in order`).toEqual([...positions].sort((a, b) => a - b));
  }
  // These checks share the key's rate limit with the extension, which may still be refreshing.
  const audiencesReply = await politely(() => fetch(`${emulator.baseUrl}/audiences`, { headers: { authorization: `Bearer ${demo.proKey}` } }));
  expect(audiencesReply.status, 'GET /audiences for the final check').toBe(200);
  const webinar = ((await audiencesReply.json()) as { audiences: { id: string; name: string }[] }).audiences.find((a) => a.name === AUDIENCE)!;
  for (const slug of added) {
    const lead = await politely(() => leadByUrl(slug));
    expect(lead?.audienceIds, `${slug} in ${AUDIENCE}`).toContain(webinar.id);
  }

  // Successful calls per endpoint against the actions. A call can land only to have its answer lost
  // when the worker stops or the browser goes offline while it is on the wire; the outbox then sends
  // it again (harmless for all but an append, which it reads back first instead). Such resends are
  // allowed, at most one per call in flight at a disruption, and never for an append.
  const calls = (await emulatorCalls()).filter((c) => c.workspaceName === 'demo-pro');
  const succeeded = (endpoint: string) => calls.filter((c) => c.ok && c.endpoint === endpoint).length;
  const expected: Record<string, number> = {
    updateNote: counts.append + counts.save,
    archiveConversation: counts.archive,
    unarchiveConversation: counts.unarchive,
    snoozeConversation: counts.snooze,
    unsnoozeConversation: counts.unsnooze,
    createLead: counts['add-to-audience'],
  };
  const resendable = (endpoint: string) =>
    inFlightAtDisruption.filter((r) => mutationEndpoint(r) === endpoint && !(endpoint === 'updateNote' && r.postData?.includes('"mode":"append"'))).length;
  const actual: Record<string, number> = {};
  for (const endpoint of Object.keys(expected)) {
    actual[endpoint] = succeeded(endpoint);
    expect(actual[endpoint], `successful ${endpoint} calls`).toBeGreaterThanOrEqual(expected[endpoint]!);
    expect(actual[endpoint]! - expected[endpoint]!, `resent ${endpoint} calls`).toBeLessThanOrEqual(resendable(endpoint));
  }

  // ---- Figures -----------------------------------------------------------------------------------
  // Every call the service received: a fault strikes before the key is read, so those have no workspace.
  // "Other refusals" are 404s of no-lead look-ups, and 400s of calls the browser gave up (worker
  // stopped, offline) during a latency spike: the emulator reads a body after its injected latency,
  // and finds it gone. No such answer reaches the extension.

  const everyCall = await emulatorCalls();
  const failedCalls = everyCall.filter((c) => !c.ok);
  const mutationNames = new Set(Object.keys(expected));
  const offlineFailures = requests.all.filter((r) => r.fromWorker && /INTERNET_DISCONNECTED/.test(r.failure ?? '')).length;
  console.info(
    [
      `faults e2e: ${ACTIONS} actions (${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(', ')}) clicked in ${(clickedMs / 1000).toFixed(1)} s, all landed after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
      `  seconds per kind: ${Object.entries(spent).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(0)}`).join(', ')}; slowest: ${slowest.map((x) => `${x.what} ${(x.ms / 1000).toFixed(1)} s`).join(', ')}`,
      `  service calls ${everyCall.length}: ${everyCall.length - failedCalls.length} ok, ${failedCalls.filter((c) => c.status >= 500).length} 5xx, ${failedCalls.filter((c) => c.status === 0).length} dropped, ${failedCalls.filter((c) => c.status === 429).length} 429, ${failedCalls.filter((c) => c.status > 0 && c.status < 500 && c.status !== 429).length} other; ${offlineFailures} calls failed offline in the browser`,
      `  other refusals: ${JSON.stringify(tally(failedCalls.filter((c) => c.status > 0 && c.status < 500 && c.status !== 429).map((c) => `${c.status} ${c.endpoint}: ${c.summary}`)))}`,
      `  failed mutation attempts at the service: ${failedCalls.filter((c) => c.endpoint !== null && mutationNames.has(c.endpoint)).length}; profile look-ups retried by hand (Try again): ${lookupRetries}`,
      `  successful mutations by endpoint (expected): ${Object.keys(expected).map((e) => `${e} ${actual[e]} (${expected[e]})`).join(', ')}`,
      `  worker stops ${stopper.stops} (restarts seen ${stopper.restarts}); mutation calls in flight at a stop or going offline: ${inFlightAtDisruption.length}`,
    ].join('\n'),
  );
});

/**
 * A call of the test's own on the key the extension shares: a 429 waits as the service asks
 * (Retry-After) and tries again, for up to a minute (a busy machine drains the outbox in bursts).
 * Real time: moving the emulator's clock instead would free the window under the extension's own calls.
 */
async function politely<T>(call: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    let waitS = 1;
    try {
      const result = await call();
      if (!(result instanceof Response) || result.status !== 429 || Date.now() > deadline) return result;
      waitS = Number(result.headers.get('retry-after')) || 1;
    } catch (error) {
      if (!/HTTP 429/.test(String(error)) || Date.now() > deadline) throw error;
    }
    await new Promise((done) => setTimeout(done, waitS * 1_000));
  }
}

function tally(items: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[item] = (out[item] ?? 0) + 1;
  return out;
}

function countOf(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}
