/**
 * startRelay: the relay as one process. It opens its log and state in the data dir, listens, and
 * registers the team's inbox webhook on the service (`POST /inboxWebhooks`, spec §4 and §6), pointed
 * at its secret path; `close({ unregister: true })` deletes it (`DELETE /inbox/{id}`). A webhook
 * registered by an earlier run at the same address is kept rather than doubled (creating many is
 * abuse, spec §6 rule 3); one at another address is deleted first. The key is used for these calls
 * only: never stored, logged, nor served.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createClient, type Client } from '../lib/api/client';
import { ApiError } from '../lib/api/errors';
import type { InboxWebhookPayload } from '../lib/api/schemas';
import { createRelayApp, EVENTS_PATH, HOOK_PREFIX, type RelayCheck } from './app';
import { DEFAULT_LOG_MAX, openEventLog } from './event-log';
import { loadState, saveState, type RelayState } from './state';

export const WEBHOOK_NAME = 'outreach companion relay';

export interface RelayOptions {
  /** The service's base URL, e.g. http://127.0.0.1:8787/flow */
  service: string;
  key: string;
  port?: number;
  host?: string;
  dataDir: string;
  /** The address the service and the browsers reach this relay at; default http://<host>:<port>. */
  publicUrl?: string;
  logMax?: number;
  heartbeatMs?: number;
  /** How often the relay checks that its webhook is still on the service (registering it again if gone); default 10 min. */
  checkEveryMs?: number;
  /** Lines about what the relay does (never the key, never the token). */
  say?(line: string): void;
}

export const DEFAULT_CHECK_EVERY_MS = 600_000;

export interface RunningRelay {
  eventsUrl: string;
  /** The port it listens on (its public address may be another). */
  port: number;
  token: string;
  /** The webhook on the service now (a check that found it gone registers another). */
  readonly webhookId: string;
  /** What `POST /check` does, without the ping: the webhook on the service, registered again if gone. */
  checkWebhook(): Promise<RelayCheck['webhook']>;
  /** The address the service posts to (it holds the secret: for tests and the operator only). */
  hookUrl: string;
  listeners(): number;
  close(opts?: { unregister?: boolean }): Promise<void>;
}

const serviceClient = (service: string, key: string): Client => createClient({ baseUrl: service, apiKey: key, retry: { maxAttempts: 3 } });

/** Deletes a webhook, gone already or not. */
async function deleteWebhook(client: Client, id: string): Promise<void> {
  try {
    await client.inboxWebhooks.delete({ id });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

async function ensureWebhook(client: Client, state: RelayState, service: string, url: string): Promise<string> {
  const saved = state.webhook;
  if (saved && saved.service === service) {
    if (saved.url === url && (await client.inboxWebhooks.list()).some((w) => w.id === saved.id)) return saved.id;
    if (saved.url !== url) await deleteWebhook(client, saved.id);
  }
  const created = await client.inboxWebhooks.create({ url, name: WEBHOOK_NAME });
  return created.id;
}

export async function startRelay(opts: RelayOptions): Promise<RunningRelay> {
  const say = opts.say ?? (() => undefined);
  const state = loadState(opts.dataDir);
  const log = openEventLog<InboxWebhookPayload>(join(opts.dataDir, 'events.log'), opts.logMax ?? DEFAULT_LOG_MAX);
  const relay = createRelayApp({
    token: state.token,
    secret: state.secret,
    log,
    now: () => Date.now(),
    ...(opts.heartbeatMs !== undefined ? { heartbeatMs: opts.heartbeatMs } : {}),
    onDelivery: (event, why) => say(event ? `event ${event.id} ${event.data.sent ? 'sent' : 'received'} in ${event.data.conversationId}: ${why}` : why),
    check: (nonce) => check(nonce),
  });
  const host = opts.host ?? '127.0.0.1';
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const s = serve({ fetch: relay.app.fetch, hostname: host, port: opts.port ?? 8790 }, () => resolve({ server: s, port: (s.address() as AddressInfo).port }));
    s.on('error', reject);
  });
  const closeServer = () =>
    new Promise<void>((resolve) => {
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      server.close(() => resolve());
    });
  const publicUrl = (opts.publicUrl ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(/\/+$/, '');
  const hookUrl = `${publicUrl}${HOOK_PREFIX}${state.secret}`;
  const client = serviceClient(opts.service, opts.key);
  let webhookId: string;
  try {
    webhookId = await ensureWebhook(client, state, opts.service, hookUrl);
  } catch (error) {
    await closeServer();
    throw error;
  }
  state.webhook = { id: webhookId, url: hookUrl, service: opts.service };
  saveState(opts.dataDir, state);
  say(`webhook ${webhookId} registered`);

  // Issue 41: a webhook deleted on the service (by hand, by another tool) left every browser without
  // live replies while Test relay still said they worked. The relay now looks, and says so.
  /** The check on its way: browsers testing at once share its one call. */
  let checking: Promise<RelayCheck['webhook']> | null = null;
  async function lookAtWebhook(): Promise<RelayCheck['webhook']> {
    if ((await client.inboxWebhooks.list()).some((w) => w.id === webhookId)) return 'registered';
    const gone = webhookId;
    webhookId = (await client.inboxWebhooks.create({ url: hookUrl, name: WEBHOOK_NAME })).id;
    state.webhook = { id: webhookId, url: hookUrl, service: opts.service };
    saveState(opts.dataDir, state);
    say(`webhook ${gone} was gone from the service: registered again as ${webhookId}`);
    return 're-registered';
  }
  function checkWebhook(): Promise<RelayCheck['webhook']> {
    checking ??= lookAtWebhook().finally(() => (checking = null));
    return checking;
  }
  async function check(nonce: string): Promise<RelayCheck> {
    let webhook: RelayCheck['webhook'];
    let detail: string | undefined;
    try {
      webhook = await checkWebhook();
    } catch (error) {
      webhook = 'failed';
      detail = error instanceof Error ? error.message : String(error);
      say(`webhook check failed: ${detail}`);
    }
    // The ping goes where the service posts: a public address that does not reach this relay shows here.
    const hook = await fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ relayPing: nonce }), signal: AbortSignal.timeout(3_000) }).then(
      (r) => (r.ok ? ('reached' as const) : ('unreachable' as const)),
      () => 'unreachable' as const,
    );
    return { webhook, hook, ...(detail !== undefined ? { detail } : {}) };
  }
  const periodic = setInterval(() => void checkWebhook().catch((error: unknown) => say(`webhook check failed: ${error instanceof Error ? error.message : String(error)}`)), opts.checkEveryMs ?? DEFAULT_CHECK_EVERY_MS);
  periodic.unref();

  let closing: Promise<void> | null = null;
  return {
    eventsUrl: `${publicUrl}${EVENTS_PATH}`,
    port,
    token: state.token,
    get webhookId() {
      return webhookId;
    },
    checkWebhook,
    hookUrl,
    listeners: relay.listeners,
    close({ unregister = false } = {}) {
      clearInterval(periodic);
      closing ??= (async () => {
        if (unregister) {
          await deleteWebhook(client, webhookId);
          state.webhook = null;
          saveState(opts.dataDir, state);
          say(`webhook ${webhookId} deleted`);
        }
        await closeServer();
      })();
      return closing;
    },
  };
}

/** `--unregister`: deletes the webhook a relay registered with this data dir (and any other it made). */
export async function unregisterRelay(opts: { service: string; key: string; dataDir: string }): Promise<string[]> {
  const state = loadState(opts.dataDir);
  const client = serviceClient(opts.service, opts.key);
  const ours = new Set<string>();
  if (state.webhook && state.webhook.service === opts.service) ours.add(state.webhook.id);
  // A run killed before it saved its webhook left one at its secret path: found by that path.
  for (const w of await client.inboxWebhooks.list()) if (w.url.includes(`${HOOK_PREFIX}${state.secret}`)) ours.add(w.id);
  for (const id of ours) await deleteWebhook(client, id);
  state.webhook = null;
  saveState(opts.dataDir, state);
  return [...ours];
}
