/** Settings and the key: read and change them, store, test and clear the key, read the call log. */
import type { Settings } from '../../settings';
import type { CallLog } from '../../store/call-log';
import type { SettingsStore } from '../../store/settings';
import { KEY_TEST_MEMBERS_MAX, type SettingsView } from '../../views';
import type { BackgroundApi } from '../api';
import type { HandlerMap } from '../dispatch';
import { NetworkError } from '../../api/errors';
import { RequestError, UnreachableError } from '../error-view';
import type { IdentityDirectory } from '../identity-directory';
import type { KeySession } from '../key-session';
import { hostPermissionPattern } from '../../host-permission';

export interface SettingsHandlerDeps {
  settings: {
    current(): Settings;
    store: SettingsStore;
    /** Makes `next` the settings in force (`previous`: those it replaces). */
    apply(next: Settings, previous: Settings): Promise<void>;
  };
  keys: KeySession;
  /** Calls with the stored key, and with a key being tried. */
  client: { api: Pick<BackgroundApi, 'members'>; trying(typed: { key?: string; baseUrl?: string }): Pick<BackgroundApi, 'members'> };
  identities: Pick<IdentityDirectory, 'load'>;
  callLog: CallLog;
  /** `browser.permissions.contains({origins: [pattern]})`. */
  hasHostPermission(originPattern: string): Promise<boolean>;
}

type SettingsRequests = 'settings-get' | 'settings-set' | 'key-set' | 'key-test' | 'key-clear' | 'call-log';

const user = { priority: 'user' as const };

export function settingsHandlers(deps: SettingsHandlerDeps): HandlerMap<SettingsRequests> {
  const { settings, keys } = deps;

  async function view(): Promise<SettingsView> {
    const location = await keys.location();
    return { ...settings.current(), key: { set: location !== null, storage: location } };
  }

  async function change(patch: Partial<Settings>) {
    const previous = settings.current();
    await settings.apply(await settings.store.set(patch), previous);
  }

  return {
    'settings-get': () => view(),
    async 'settings-set'(req) {
      const previous = settings.current();
      if (req.patch.baseUrl !== undefined && req.patch.baseUrl !== previous.baseUrl) {
        const origin = new URL(req.patch.baseUrl).origin;
        if (!(await deps.hasHostPermission(hostPermissionPattern(origin)))) {
          throw new RequestError('permission-required', undefined, { subject: origin });
        }
      }
      // Moving the key keeps it in exactly one place.
      if (req.patch.sessionOnlyKey !== undefined && req.patch.sessionOnlyKey !== previous.sessionOnlyKey) await keys.move(req.patch.sessionOnlyKey);
      await change(req.patch);
      return view();
    },
    async 'key-set'(req) {
      if (req.sessionOnly !== settings.current().sessionOnlyKey) await change({ sessionOnlyKey: req.sessionOnly });
      await keys.save(req.key, req.sessionOnly);
      return view();
    },
    async 'key-test'(req) {
      const current = settings.current().baseUrl;
      const otherUrl = req.baseUrl !== undefined && req.baseUrl !== current ? req.baseUrl : undefined;
      const typed = { ...(req.key ? { key: req.key } : {}), ...(otherUrl ? { baseUrl: otherUrl } : {}) };
      // The connection in force: its answers tell the key session whether the stored key works.
      const stored = !req.key && !otherUrl;
      if (otherUrl && !(await deps.hasHostPermission(hostPermissionPattern(otherUrl)))) {
        throw new RequestError('permission-required', undefined, { subject: new URL(otherUrl).origin });
      }
      let members;
      try {
        members = await (stored ? deps.client.api : deps.client.trying(typed)).members(user);
      } catch (error) {
        // Which address failed: the base URL is no secret, and a user who typed it needs to see it.
        if (error instanceof NetworkError) throw new UnreachableError(otherUrl ?? current, error.timedOut);
        throw error;
      }
      // The stored key works (the key session saw it): the names it can see are due.
      if (stored) deps.identities.load();
      return {
        members: members.length,
        list: members.slice(0, KEY_TEST_MEMBERS_MAX).map((m) => ({ id: m.id, name: m.name, label: m.label })),
      };
    },
    async 'key-clear'() {
      await keys.clear();
      return view();
    },
    'call-log': (req) => deps.callLog.list({ ...(req.failedOnly ? { failedOnly: true } : {}), ...(req.limit ? { limit: req.limit } : {}) }),
  };
}
