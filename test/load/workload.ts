/**
 * The load run's workload: what the workspaces hold (surveyed from the emulator), the seeded mix of
 * reads and mutations planned over them, and one call of the plan through the typed client.
 */
import type { Client } from '../../lib/api/client';
import type { EndpointName } from '../../lib/api/endpoints';
import type { ConversationSummary } from '../../lib/api/schemas';
import type { Rng } from '../../emulator/seed/prng';
import type { LoadOptions, LoadWorkspace } from './engine';

export type StateAction = 'archive' | 'unarchive' | 'snooze' | 'unsnooze';
type Read =
  | 'listMembers'
  | 'listIdentities'
  | 'getCredits'
  | 'searchLeads'
  | 'listLeadConversations'
  | 'listCampaigns'
  | 'searchConversations'
  | 'listConversationMessages';

export type Op =
  | { kind: 'read'; endpoint: Read; leadId: string; conversationId: string }
  | { kind: 'note'; conversationId: string; marker: string }
  | { kind: 'state'; action: StateAction; conversationId: string; until: number };

export interface Planned {
  index: number;
  client: number;
  ws: LoadWorkspace;
  op: Op;
}


const READS: readonly Read[] = [
  'listMembers',
  'listIdentities',
  'getCredits',
  'searchLeads',
  'listLeadConversations',
  'listCampaigns',
  'searchConversations',
  'listConversationMessages',
];

const ACTION_ENDPOINT: Record<StateAction, EndpointName> = {
  archive: 'archiveConversation',
  unarchive: 'unarchiveConversation',
  snooze: 'snoozeConversation',
  unsnooze: 'unsnoozeConversation',
};

/** Appends per conversation stay below what the 1500-character note can hold without cutting. */
const MAX_APPENDS_PER_CONVERSATION = 36;
const MAX_INITIAL_NOTE = 250;

export function endpointOf(op: Op): EndpointName {
  if (op.kind === 'read') return op.endpoint;
  if (op.kind === 'note') return 'updateNote';
  return ACTION_ENDPOINT[op.action];
}

export async function control<T>(origin: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}/_emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    // A hung emulator must not hang the run: it is bounded in time as well as in count.
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`control ${method} ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

export interface WholeConversation {
  conversation: ConversationSummary;
}

/** Conversations of one workspace, split into a pool for note appends and a pool for status actions. */
export interface World {
  leads: string[];
  conversations: string[];
  /** Status actions: each owned by one client, so its accepted actions have one order. */
  statePool: string[];
  notePool: string[];
  initial: Map<string, ConversationSummary>;
}

export async function survey(origin: string, client: Client, clients: number): Promise<World> {
  const all: ConversationSummary[] = [];
  for await (const c of client.conversations.searchAll({ limit: 100 })) all.push(c);
  const initial = new Map<string, ConversationSummary>();
  for (const c of all) initial.set(c.id, (await control<WholeConversation>(origin, 'GET', `/conversations/${encodeURIComponent(c.id)}`)).conversation);
  const open = all.filter((c) => initial.get(c.id)?.status === 'OPEN').slice(0, clients * 4);
  const taken = new Set(open.map((c) => c.id));
  const notePool = all
    .filter((c) => !taken.has(c.id))
    .filter((c) => {
      const note = initial.get(c.id)?.note ?? '';
      return note.length <= MAX_INITIAL_NOTE && !note.includes('#L');
    })
    .map((c) => c.id);
  return {
    leads: [...new Set(all.map((c) => c.leadId))],
    conversations: all.map((c) => c.id),
    statePool: open.map((c) => c.id),
    notePool,
    initial,
  };
}

function weighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return (items[items.length - 1] as readonly [T, number])[0];
}

export function plan(opts: LoadOptions, worlds: Map<string, World>, now: number, rng: Rng): Planned[] {
  const apiWorkspaces = opts.workspaces.filter((w) => worlds.has(w.id));
  // The biggest workspace takes most of the load; a refused plan (Starter) still gets some.
  const weights = opts.workspaces.map((w) => [w, w.plan === 'STARTER' || !worlds.has(w.id) ? 1 : w === apiWorkspaces[0] ? 7 : 2] as const);
  const appends = new Map<string, number>();
  const noteCursor = new Map<string, number>();
  const out: Planned[] = [];
  for (let index = 0; index < opts.requests; index++) {
    const client = index % opts.clients;
    const ws = weighted(rng, weights);
    const world = worlds.get(ws.id);
    const read = (): Op => ({
      kind: 'read',
      endpoint: rng.pick(READS),
      leadId: world ? rng.pick(world.leads) : 'lead_none',
      conversationId: world ? rng.pick(world.conversations) : 'conv_none',
    });
    let op: Op;
    const kind = weighted(rng, [['read', 2], ['note', 1], ['state', 1]] as const);
    if (!world) {
      // The plan gate answers 403 to everything: reads and mutations alike.
      op = kind === 'read' ? read() : { kind: 'note', conversationId: 'conv_none', marker: `#L${index};` };
    } else if (kind === 'note') {
      let chosen: string | undefined;
      for (let tries = 0; tries < world.notePool.length && chosen === undefined; tries++) {
        const at = ((noteCursor.get(ws.id) ?? 0) + tries) % world.notePool.length;
        const id = world.notePool[at] as string;
        if ((appends.get(id) ?? 0) < MAX_APPENDS_PER_CONVERSATION) {
          chosen = id;
          noteCursor.set(ws.id, at + 1);
        }
      }
      if (chosen === undefined) {
        op = read();
      } else {
        appends.set(chosen, (appends.get(chosen) ?? 0) + 1);
        op = { kind: 'note', conversationId: chosen, marker: `#L${index};` };
      }
    } else if (kind === 'state') {
      const owned = world.statePool.filter((_, j) => j % opts.clients === client);
      op = owned.length === 0
        ? read()
        : {
            kind: 'state',
            action: weighted(rng, [['archive', 35], ['unarchive', 35], ['snooze', 15], ['unsnooze', 15]] as const),
            conversationId: rng.pick(owned),
            until: now + 7 * 86_400_000,
          };
    } else {
      op = read();
    }
    out.push({ index, client, ws, op });
  }
  return out;
}

export async function execute(client: Client, op: Op, signal: AbortSignal): Promise<ConversationSummary | undefined> {
  const o = { signal };
  switch (op.kind) {
    case 'note':
      await client.inbox.note({ conversationId: op.conversationId, note: op.marker, mode: 'append' }, o);
      return undefined;
    case 'state':
      switch (op.action) {
        case 'archive':
          return (await client.inbox.archive({ conversationId: op.conversationId }, o)).data;
        case 'unarchive':
          return (await client.inbox.unarchive({ conversationId: op.conversationId }, o)).data;
        case 'unsnooze':
          return (await client.inbox.unsnooze({ conversationId: op.conversationId }, o)).data;
        case 'snooze':
          return (await client.inbox.snooze({ conversationId: op.conversationId, snoozeUntil: op.until }, o)).data;
      }
      return undefined;
    case 'read':
      switch (op.endpoint) {
        case 'listMembers':
          await client.members.list(undefined, o);
          break;
        case 'listIdentities':
          await client.identities.list(undefined, o);
          break;
        case 'getCredits':
          await client.credits.get(undefined, o);
          break;
        case 'searchLeads':
          await client.leads.search({ leadId: op.leadId }, o);
          break;
        case 'listLeadConversations':
          await client.leads.conversations({ leadId: op.leadId }, o);
          break;
        case 'listCampaigns':
          await client.campaigns.list({ limit: 5 }, o);
          break;
        case 'searchConversations':
          await client.conversations.search({ limit: 10 }, o);
          break;
        case 'listConversationMessages':
          await client.conversations.messages({ conversationId: op.conversationId }, o);
          break;
      }
      return undefined;
  }
}
