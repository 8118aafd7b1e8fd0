/**
 * The background service as the benchmarks run it in Node: the code the worker runs, over a fake
 * IndexedDB opened by the caller, with its settings and session in memory and nothing pushed to a
 * surface (there is none). Shared by the limiter, the team on one key and "This page".
 */
import 'fake-indexeddb/auto';
import { createBackgroundService, type BackgroundDeps, type BackgroundService } from '../lib/background/service';
import type { Request } from '../lib/messages';
import { DEFAULT_SETTINGS, type Settings } from '../lib/settings';
import type { SessionArea } from '../lib/store/key-store';
import type { SettingsStore } from '../lib/store/settings';

/** The settings in memory (the extension keeps them in storage.local, which Node has not). */
export function memorySettings(baseUrl: string): SettingsStore {
  let current: Settings = { ...DEFAULT_SETTINGS, baseUrl, profileHosts: [], chipEnabled: true, sessionOnlyKey: false, cacheEnabled: true, listBadges: true, prefetchOnHover: true };
  const listeners = new Set<(s: Settings) => void>();
  return {
    get: async () => current,
    async set(patch) {
      current = { ...current, ...patch };
      for (const l of listeners) l(current);
      return current;
    },
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function memorySession(): SessionArea {
  const items = new Map<string, unknown>();
  return {
    get: async (key) => (items.has(key) ? { [key]: items.get(key) } : {}),
    async set(values) {
      for (const [k, v] of Object.entries(values)) items.set(k, v);
    },
    async remove(key) {
      items.delete(key);
    },
  };
}

/** A service (not started) on `db`, talking to the emulator at `baseUrl`; `extra`: a bench's own deps (its fetch, its limiter). */
export function nodeService(db: BackgroundDeps['db'], baseUrl: string, extra: Partial<BackgroundDeps> = {}): BackgroundService {
  return createBackgroundService({
    db,
    settings: memorySettings(baseUrl),
    session: memorySession(),
    push: { panel: () => undefined, chip: () => undefined, badge: () => undefined, outbox: () => undefined },
    hasHostPermission: async () => true,
    ...extra,
  });
}

/** Sends `request` as a surface would; its value, or throws with the service's error. */
export async function must(service: BackgroundService, request: Request): Promise<unknown> {
  const reply = await service.handle(request);
  if (!reply.ok) throw new Error(`${request.type}: ${JSON.stringify(reply.error)}`);
  return reply.value;
}
