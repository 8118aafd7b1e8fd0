/**
 * Helpers for contract tests against the running emulator (started by global-setup.ts): its
 * origin, a reset to a seed, the workspaces of the last reset, the control API (clock, faults,
 * inbound messages, conversations, call history), raw HTTP calls, a `lib/api` client per workspace,
 * and loopback webhook receivers.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { createClient, type Client, type ClientOptions } from '../../lib/api/client';
import type { ConversationSummary, Lead, Message } from '../../lib/api/schemas';
import type { CallRecord } from '../../emulator/model';
import type { DeliveryOutcome } from '../../emulator/rules/webhook-delivery';
import type { Faults } from '../../emulator/rules/faults';
import { oneLead } from '../../lib/api/lead-search';

export interface EmulatorWorkspace {
  id: string;
  name: string;
  plan: string;
  apiKey: string;
}

export function emulatorOrigin(): string {
  return inject('emulatorOrigin');
}

export function baseUrl(): string {
  return `${emulatorOrigin()}/flow`;
}

let lastWorkspaces: EmulatorWorkspace[] = [];

async function control<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${emulatorOrigin()}/_emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`control ${method} ${path} → ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A fresh world (data, jobs, call history, limits, faults, clock offset); returns its workspaces. */
/** `now`: the world is built at that instant of the emulator's clock (the screenshots' fixed clock). */
export async function resetEmulator(seed: 'demo' | 'empty' = 'demo', leads?: number, now?: number): Promise<EmulatorWorkspace[]> {
  const { workspaces } = await control<{ workspaces: EmulatorWorkspace[] }>('POST', '/reset', {
    seed,
    ...(leads !== undefined ? { leads } : {}),
    ...(now !== undefined ? { now } : {}),
  });
  lastWorkspaces = workspaces;
  return workspaces;
}

/** The workspace of the last reset with this name. */
export function workspace(name: string): EmulatorWorkspace {
  const ws = lastWorkspaces.find((w) => w.name === name);
  if (!ws) throw new Error(`no workspace ${name} in the last reset (${lastWorkspaces.map((w) => w.name).join(', ')})`);
  return ws;
}

/** The first Pro workspace of the last reset (the demo's Pro workspace with CRM sync, `demo-pro`). */
export function proWorkspace(): EmulatorWorkspace {
  const ws = lastWorkspaces.find((w) => w.name === 'demo-pro') ?? lastWorkspaces.find((w) => w.plan === 'PRO');
  if (!ws) throw new Error('no Pro workspace: call resetEmulator() first');
  return ws;
}

/** The Starter workspace of the last demo reset (the API refuses it with 403). */
export function starterWorkspace(): EmulatorWorkspace {
  const ws = lastWorkspaces.find((w) => w.plan === 'STARTER');
  if (!ws) throw new Error('no Starter workspace: call resetEmulator("demo") first');
  return ws;
}

/** The emulator clock: `{advanceMs}` moves it forward, `{now}` sets it. */
export async function setClock(change: { advanceMs: number } | { now: number }): Promise<number> {
  return (await control<{ now: number }>('POST', '/clock', change)).now;
}

export async function advanceClock(ms: number): Promise<number> {
  return setClock({ advanceMs: ms });
}

export async function emulatorNow(): Promise<number> {
  return (await control<{ now: number }>('GET', '/clock')).now;
}

/** What the control API's faults take: the emulator's own schema, not a copy of it. */
export type FaultsInput = Faults;

/** Replaces the faults; `{}` clears them. */
export async function setFaults(faults: FaultsInput): Promise<void> {
  await control('POST', '/faults', faults);
}

/** The shapes the emulator answers in (`emulator/http/dialect.ts`); a reset goes back to the one it started with. */
export async function setDialect(dialect: 'standard' | 'variants'): Promise<void> {
  await control('POST', '/dialect', { dialect });
}

export async function clearFaults(): Promise<void> {
  await setFaults({});
}

/** The lead replies in a conversation (a RECEIVED message; inbox webhooks fire). */
export async function inbound(
  conversationId: string,
  content: string,
  opts: { channel?: 'PRONET' | 'EMAIL'; subject?: string } = {},
): Promise<{ message: Message; conversation: ConversationSummary }> {
  return control('POST', '/inbound', { conversationId, content, ...opts });
}

export interface WholeConversation {
  workspaceId: string;
  conversation: ConversationSummary;
  lead: Lead | null;
  /** Oldest first. */
  messages: Message[];
}

export async function getConversation(id: string): Promise<WholeConversation> {
  return control('GET', `/conversations/${encodeURIComponent(id)}`);
}

export async function emulatorCalls(filter: { failed?: boolean; workspace?: string } = {}): Promise<CallRecord[]> {
  const q = new URLSearchParams();
  if (filter.failed) q.set('failed', 'true');
  if (filter.workspace) q.set('workspace', filter.workspace);
  return (await control<{ calls: CallRecord[] }>('GET', `/calls${q.size ? `?${q}` : ''}`)).calls;
}

/** An enrichment a workspace was charged for, as the emulator holds it (its answer lost or not). */
export interface EnrichmentCharged {
  id: string;
  enrichType: string;
  leadId: string | null;
  pronetUrl: string | null;
  creditsSpent: number;
  createdAt: number;
}

/** Every enrichment the workspace was charged for, oldest first (`GET /_emulator/enrichments`). */
export async function emulatorEnrichments(workspaceId: string): Promise<EnrichmentCharged[]> {
  return (await control<{ enrichments: EnrichmentCharged[] }>('GET', `/enrichments?workspace=${encodeURIComponent(workspaceId)}`)).enrichments;
}

export type { DeliveryOutcome };

/** Outcomes of webhook delivery attempts as the emulator saw them, oldest first. */
export async function deliveryOutcomes(): Promise<DeliveryOutcome[]> {
  return (await control<{ deliveries: DeliveryOutcome[] }>('GET', '/deliveries')).deliveries;
}

/**
 * Waits until the emulator has recorded `count` delivery outcomes (the answer of an attempt is
 * processed after the receiver sees the request, so a test waits for this before moving the clock).
 */
export async function waitForOutcomes(count: number, timeoutMs = 10_000): Promise<DeliveryOutcome[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcomes = await deliveryOutcomes();
    if (outcomes.length >= count) return outcomes;
    if (Date.now() > deadline) throw new Error(`expected ${count} delivery outcomes, got ${outcomes.length}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A `lib/api` client for a workspace. One attempt per call by default, so a test sees the
 * service's answer itself (pass `retry` to test the client's retries).
 */
export function clientFor(ws: EmulatorWorkspace, opts: Partial<ClientOptions> = {}): Client {
  return createClient({ baseUrl: baseUrl(), apiKey: ws.apiKey, retry: { maxAttempts: 1 }, ...opts });
}

export interface RawResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * A raw HTTP call to the API, for what the client never sends (other key forms, malformed input).
 * `path` is relative to /flow and may carry a query string as given (not re-encoded).
 */
export async function rawCall<T = unknown>(
  path: string,
  init: { method?: string; key?: string; keyForm?: 'bearer' | 'x-api-key' | 'query'; body?: unknown; rawBody?: string } = {},
): Promise<RawResponse<T>> {
  const headers: Record<string, string> = {};
  let url = `${baseUrl()}${path}`;
  const form = init.keyForm ?? 'bearer';
  if (init.key !== undefined) {
    if (form === 'bearer') headers.authorization = `Bearer ${init.key}`;
    else if (form === 'x-api-key') headers['x-api-key'] = init.key;
    else url += `${url.includes('?') ? '&' : '?'}apikey=${encodeURIComponent(init.key)}`;
  }
  let body: string | undefined;
  if (init.rawBody !== undefined) body = init.rawBody;
  else if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

export interface ReceivedDelivery {
  body: unknown;
  headers: IncomingMessage['headers'];
  at: number;
}

export interface WebhookReceiver {
  url: string;
  deliveries: ReceivedDelivery[];
  /** Resolves once `count` deliveries have arrived (rejects after `timeoutMs` of real time). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

/**
 * A loopback HTTP server that records every POST. `respond` picks the answer per delivery
 * (default 200); `'hang'` never answers (a receiver timeout).
 */
export async function startReceiver(
  respond: (n: number, body: unknown) => number | 'hang' = () => 200,
): Promise<WebhookReceiver> {
  const deliveries: ReceivedDelivery[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = Buffer.concat(chunks).toString('utf8');
      }
      deliveries.push({ body, headers: req.headers, at: Date.now() });
      const answer = respond(deliveries.length, body);
      if (answer === 'hang') hanging.push(res);
      else res.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
      for (const w of [...waiters]) {
        if (deliveries.length >= w.count) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    deliveries,
    waitFor(count, timeoutMs = 10_000) {
      if (deliveries.length >= count) return Promise.resolve(deliveries.slice(0, count));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} deliveries, got ${deliveries.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(deliveries.slice(0, count));
          },
        });
      });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Lets in-flight work of the emulator (a delivery after a clock jump) reach the network. */
export function settle(ms = 50): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Starts a new rate-limit window (moves the emulator clock 10 s), for tests that make many calls. */
export async function freshRateWindow(): Promise<void> {
  await advanceClock(10_000);
}

/** `https://www.pronet.example/in/<slug>/`, the canonical profile URL leads are stored with. */
export function profileUrl(slug: string): string {
  return `https://www.pronet.example/in/${slug}/`;
}

/** A demo lead by profile slug, with its conversations (most recent first). */
export async function leadBySlug(client: Client, slug: string) {
  const { lead } = oneLead(await client.leads.search({ pronetUrl: profileUrl(slug) }));
  const { data: conversations } = await client.leads.conversations({ leadId: lead.id });
  return { lead, conversations };
}

/** A page of the emulator's sites, asked for with `host` (e.g. the pronet look-alike's). */
export function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  const origin = new URL(emulatorOrigin());
  return new Promise((resolve, reject) => {
    const req = request({ host: origin.hostname, port: origin.port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A page of the pronet look-alike site. */
export function pronetPage(path: string): Promise<{ status: number; body: string }> {
  return getWithHost(path, `pronet.localhost:${new URL(emulatorOrigin()).port}`);
}
