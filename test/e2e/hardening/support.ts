/**
 * Helpers of the hardening e2e tests: the extension's service worker (stopped on purpose through the
 * DevTools protocol), a record of every request and console line of the browser, and a seeded
 * random source so that a run can be replayed.
 */
import type { BrowserContext, CDPSession, ConsoleMessage, Page, Request, Worker } from '@playwright/test';
import type { ExtensionHandle } from '../fixtures';

/** The few extension APIs evaluated inside the service worker or an extension page. */
export interface ChromeApi {
  chrome: {
    storage: {
      local: { get(keys: null): Promise<Record<string, unknown>> };
      sync: { get(keys: null): Promise<Record<string, unknown>> };
      session: { get(keys: null): Promise<Record<string, unknown>> };
    };
    runtime: { sendMessage(message: unknown): Promise<unknown> };
  };
}

/** Sends one request of lib/messages from an extension page, as the surfaces do; the raw reply. */
export async function sendFromPage(extensionPage: Page, message: { type: string } & Record<string, unknown>): Promise<unknown> {
  return extensionPage.evaluate((m) => (globalThis as unknown as ChromeApi).chrome.runtime.sendMessage(m), message);
}

/** The extension's service worker as it runs now (started again if it was stopped). */
export async function extensionWorker(extension: ExtensionHandle, wakeFrom: Page): Promise<Worker> {
  const running = () => extension.context.serviceWorkers().find((w) => w.url().startsWith(extension.origin));
  const found = running();
  if (found) return found;
  const waiting = extension.context.waitForEvent('serviceworker', { timeout: 15_000 });
  await sendFromPage(wakeFrom, { type: 'settings-get' });
  return running() ?? (await waiting);
}

/**
 * Stops the extension's service worker the way Chrome does when it is idle or killed
 * (`ServiceWorker.stopAllWorkers`), and counts the stops and the restarts that follow.
 */
export class WorkerStopper {
  stops = 0;
  restarts = 0;
  private session: CDPSession | null = null;
  private lastStatus = 'running';

  /** `extensionPage`: any page of the extension's origin (the protocol's ServiceWorker domain lives in a page). */
  constructor(private readonly extensionPage: Page) {}

  private async open(): Promise<CDPSession> {
    if (this.session) return this.session;
    const session = await this.extensionPage.context().newCDPSession(this.extensionPage);
    session.on('ServiceWorker.workerVersionUpdated', (event: { versions: { runningStatus: string }[] }) => {
      for (const v of event.versions) {
        if (v.runningStatus === 'running' && this.lastStatus !== 'running' && this.stops > 0) this.restarts += 1;
        this.lastStatus = v.runningStatus;
      }
    });
    await session.send('ServiceWorker.enable');
    this.session = session;
    return session;
  }

  async stop(): Promise<void> {
    const session = await this.open();
    await session.send('ServiceWorker.stopAllWorkers');
    this.stops += 1;
  }
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  postData: string | null;
  /** Made by the extension's service worker (else by a page). */
  fromWorker: boolean;
  /** HTTP status once answered; null while in flight or when it failed. */
  status: number | null;
  failure: string | null;
  done: boolean;
}

/** Every request the browser makes from now on, pages and service worker alike. */
export class RequestRecorder {
  readonly all: RecordedRequest[] = [];
  private readonly byRequest = new Map<Request, RecordedRequest>();

  constructor(context: BrowserContext) {
    context.on('request', (request) => {
      const entry: RecordedRequest = {
        url: request.url(),
        method: request.method(),
        headers: request.headers(),
        postData: request.postData(),
        fromWorker: request.serviceWorker() !== null,
        status: null,
        failure: null,
        done: false,
      };
      this.all.push(entry);
      this.byRequest.set(request, entry);
    });
    context.on('requestfinished', (request) => {
      const entry = this.byRequest.get(request);
      if (!entry) return;
      entry.done = true;
      void request
        .response()
        .then((response) => {
          entry.status = response?.status() ?? null;
        })
        .catch(() => undefined);
    });
    context.on('requestfailed', (request) => {
      const entry = this.byRequest.get(request);
      if (!entry) return;
      entry.done = true;
      entry.failure = request.failure()?.errorText ?? 'failed';
    });
  }

  /** Requests sent and not answered yet. */
  inFlight(filter: (r: RecordedRequest) => boolean = () => true): RecordedRequest[] {
    return this.all.filter((r) => !r.done && filter(r));
  }
}

export interface RecordedConsoleLine {
  type: string;
  text: string;
  /** The arguments as JSON where they could be read (objects logged by reference). */
  args: string;
  where: string;
}

/** Every console line of every page and of the service worker (Playwright reports both on the context). */
export class ConsoleRecorder {
  readonly lines: RecordedConsoleLine[] = [];
  private readonly reading: Promise<void>[] = [];

  constructor(context: BrowserContext) {
    context.on('console', (message: ConsoleMessage) => {
      const line: RecordedConsoleLine = { type: message.type(), text: message.text(), args: '', where: message.location().url };
      this.lines.push(line);
      this.reading.push(
        Promise.all(
          message.args().map((arg) =>
            arg.evaluate((value) => {
              if (value instanceof Error) return `${value.name}: ${value.message}\n${value.stack ?? ''}`;
              try {
                return JSON.stringify(value);
              } catch {
                return String(value);
              }
            }),
          ),
        )
          .then((parts) => {
            line.args = parts.join(' ');
          })
          .catch(() => undefined),
      );
    });
  }

  /** Waits for the arguments of every line so far to be read (or to be gone with their context). */
  async settled(): Promise<RecordedConsoleLine[]> {
    await Promise.all(this.reading);
    return this.lines;
  }
}

/** A small seeded generator (mulberry32): the same seed gives the same run of actions. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
