/** What the background service takes (every browser API, so tests run it whole) and what it offers the entrypoint. */
import type { AimdOptions } from '../api/aimd';
import type { RetryPolicy } from '../api/backoff';
import type { ResourceTimingApi } from '../api/transport';
import type { WatchNews } from '../inbox/inbox-watch';
import type { Reply, Request } from '../messages';
import type { ProfileCache } from '../store/cache';
import type { CallLog } from '../store/call-log';
import type { CompanionDb } from '../store/db';
import type { StorageProblem } from '../store/open-storage';
import type { SessionArea } from '../store/key-store';
import type { SettingsStore } from '../store/settings';
import type { PanelState } from '../views';
import type { RequestContext } from './dispatch';
import type { Outbox } from './outbox';
import type { Timers } from '../timers';
import type { PushChannels } from './panel-feed';
import type { CallFigures } from './service-client';
import type { BackgroundApi } from './api';

export interface BackgroundDeps {
  db: CompanionDb;
  /** Why `db` is an in-memory stand-in (lib/store/open-storage.ts); null or absent: the real database. */
  storageProblem?: StorageProblem | null;
  settings: SettingsStore;
  /** `browser.storage.session`: the session-only key and the tab map. */
  session: SessionArea;
  push: PushChannels;
  /** `browser.permissions.contains({origins: [pattern]})`. */
  hasHostPermission(originPattern: string): Promise<boolean>;
  /** The URL a tab shows, when the background has not seen it navigate (after a worker restart). */
  getTabUrl?(tabId: number): Promise<string | undefined>;
  /** Opens the side panel for a tab (the surfaces wire `sidePanel.open` here). */
  openPanel?(tabId: number): Promise<void>;
  /** Navigates a tab (`tabs.update`): a queue row's profile. */
  navigateTab?(tabId: number, url: string): Promise<void>;
  /** The toolbar count of conversations waiting for a reply changed. */
  onInboxCount?(count: number | null): void;
  /** Inbox notifications on: a new reply waiting or a snooze woke since the last count (the entrypoint shows a desktop notification). */
  onInboxNews?(news: WatchNews, count: number): void;
  /** When the outbox or an enrichment followed next needs to run (null: nothing waiting); the entrypoint sets an alarm. */
  onNextWake?(at: number | null): void;
  fetch?: typeof fetch;
  /** The worker's Resource Timing (`lib/api/transport.ts`): the service's protocol sets the list calls' caps. */
  resourceTiming?: ResourceTimingApi | null;
  clock?: { now(): number };
  timers?: Timers;
  /** Rate limit of the service (50 per 10 s); tests shorten the window. */
  /** `adaptive: false`: the fixed limiter of before issue 14 (the team benchmark's baseline); AIMD options: seeded or a variant (benchmarks). */
  rateLimit?: { limit?: number; windowMs?: number; adaptive?: boolean | AimdOptions };
  clientRetry?: Partial<RetryPolicy>;
  outboxPolicy?: RetryPolicy;
  outboxConcurrency?: number;
  timeoutMs?: number;
  freshMs?: number;
  noLeadFreshMs?: number;
}

export interface BackgroundService {
  start(): Promise<void>;
  stop(): void;
  handle(request: Request, ctx?: RequestContext): Promise<Reply<unknown>>;
  /** A tab shows a new URL (webNavigation); `name` as the page shows it, when known. */
  tabNavigated(tabId: number, url: string, name?: string): Promise<void>;
  tabClosed(tabId: number): void;
  /** The current state of a tab's panel; starts resolution when needed. */
  panelState(tabId: number): Promise<PanelState>;
  /** A panel just subscribed to a tab: its current state goes out through the push channel, in order with every other push. */
  panelSubscribed(tabId: number): Promise<void>;
  /** One `idle` call for the toolbar count (skipped when it is younger than `minAgeMs`); null when unknown. */
  refreshInboxCount(minAgeMs?: number): Promise<number | null>;
  /** Every panel closed: the inbox rows' calls still queued are dropped. */
  panelsClosed(): void;
  /** A "This page" view shows the tab (issue 42): its page's people are read and its view pushed. */
  thisPageSubscribed(tabId: number): void;
  thisPageClosed(tabId: number): void;
  /** The team relay's stream (issue 36): off, connecting, live, refused or retrying. */
  liveState(): import('./live-relay').LiveState;
  /** An alarm fired: send what the outbox has due, ask about the enrichments due. */
  wake(): void;
  /** The configured extra profile hosts (for the router's sender check). */
  profileHosts(): readonly string[];
  readonly outbox: Outbox;
  readonly callLog: CallLog;
  readonly cache: ProfileCache;
  /** Calls made since start, failed ones and those answered 429 (for tests and the benchmark). */
  callStats(): CallFigures;
  /** The rate-limited client with the stored key (the team benchmark sends list work through it). */
  readonly api: BackgroundApi;
}
