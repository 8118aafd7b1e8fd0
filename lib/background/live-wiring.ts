/**
 * Live replies (issue 36) as the worker wires them: one stream (`live-relay.ts`) from the relay the
 * settings name, resumed after the last event applied (its id kept in `meta`, so a restarted worker
 * goes on from there), each event applied with no call (`live-apply.ts`); and the requests of
 * `handlers/live.ts`, whose revalidation reads the service only while the stream is not live.
 */
import type { Settings } from '../settings';
import type { MetaStore } from '../store/meta';
import type { Timers } from '../timers';
import type { BackgroundApi } from './api';
import { liveHandlers } from './handlers/live';
import { createLiveApply, type LiveApplyDeps } from './live-apply';
import { createLiveRelay } from './live-relay';

/** The id of the last relayed event applied: a restarted worker resumes after it. */
export const LIVE_POSITION_META = 'relay-position';

export interface LiveWiringDeps extends LiveApplyDeps {
  /** The settings now (null before the service started): the relay's address and token. */
  settings(): Settings | null;
  meta: Pick<MetaStore, 'get' | 'set'>;
  api: Pick<BackgroundApi, 'conversationMessages' | 'leadConversations'>;
  timers: Timers;
  fetch?: typeof fetch;
}

export function createLiveWiring(deps: LiveWiringDeps) {
  const fetchDep = deps.fetch ? { fetch: deps.fetch } : {};
  const relay = createLiveRelay({
    config() {
      const s = deps.settings();
      return s && s.relayUrl !== '' && s.relayToken !== '' ? { url: s.relayUrl, token: s.relayToken } : null;
    },
    position: {
      get: async () => (await deps.meta.get<string>(LIVE_POSITION_META)) ?? null,
      set: (id) => deps.meta.set(LIVE_POSITION_META, id),
    },
    apply: createLiveApply(deps),
    timers: deps.timers,
    ...fetchDep,
  });
  const { api, cache, panelData, underLock, notify } = deps;
  return {
    ...relay,
    handlers: liveHandlers({ ...fetchDep, api, cache, panelData, underLock, notify }),
    /** New settings: a changed relay address or token opens a new stream. */
    settingsChanged(previous: Settings, next: Settings) {
      if (previous.relayUrl !== next.relayUrl || previous.relayToken !== next.relayToken) relay.reconfigure();
    },
  };
}
