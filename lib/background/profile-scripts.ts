/**
 * The content script on the profile hosts the user added. The manifest runs it on the built-in hosts
 * only; for the others the background registers it (`scripting.registerContentScripts`), for exactly
 * the hosts whose permission the user granted, and syncs that registration again whenever the
 * settings or the granted permissions change, and at every start.
 */
import { isProfileHost, profileHostPatterns } from '../pronet/canonical-url';


/** The id of the dynamic registration (one script, every extra host). */
export const PROFILE_SCRIPT_ID = 'profile-extra-hosts';
/** The manifest's content script, as WXT builds it (`entrypoints/profile.content.ts`). */
export const PROFILE_SCRIPT_JS = 'content-scripts/profile.js';

/**
 * The files the manifest runs for the profile content script, in order: the build may put others
 * before it (Chrome's: the browser polyfill, wxt.config.ts), and the registered script runs the same.
 */
export function profileScriptFiles(manifest: { content_scripts?: { js?: string[] }[] }): string[] {
  return manifest.content_scripts?.find((script) => script.js?.includes(PROFILE_SCRIPT_JS))?.js ?? [PROFILE_SCRIPT_JS];
}
/**
 * When it runs, as the manifest's (`entrypoints/profile.content.ts`): once the document is parsed,
 * right after DOMContentLoaded, not at "idle", a task later (tens of ms on a busy machine) before
 * the chip and the list badges can ask for anything.
 */
export const PROFILE_SCRIPT_RUN_AT = 'document_end';


/**
 * The patterns to register for the configured hosts: those the manifest does not cover already,
 * each one only when its permission is granted.
 */
export async function extraProfileMatches(
  hosts: readonly string[],
  hasPermission: (pattern: string) => Promise<boolean>,
): Promise<string[]> {
  const wanted = [...new Set(hosts.map((h) => h.trim().toLowerCase()))].filter((h) => h !== '' && !isProfileHost(h));
  const patterns = wanted.flatMap(profileHostPatterns);
  const granted = await Promise.all(patterns.map((p) => hasPermission(p).catch(() => false)));
  return patterns.filter((_, i) => granted[i]);
}

export interface ProfileScript {
  id: string;
  matches: string[];
  js: string[];
  runAt: typeof PROFILE_SCRIPT_RUN_AT;
  persistAcrossSessions: boolean;
}

/** The part of `browser.scripting` the sync uses. */
export interface ScriptingApi {
  getRegisteredContentScripts(filter: { ids: string[] }): Promise<{ id: string; matches?: string[]; js?: string[]; runAt?: string }[]>;
  registerContentScripts(scripts: ProfileScript[]): Promise<void>;
  updateContentScripts(scripts: ProfileScript[]): Promise<void>;
  unregisterContentScripts(filter: { ids: string[] }): Promise<void>;
}

export interface ProfileScriptSyncDeps {
  scripting: ScriptingApi;
  /** The files to run, as the manifest's content script (`profileScriptFiles`). */
  js: readonly string[];
  /** The configured extra profile hosts now. */
  hosts(): Promise<readonly string[]> | readonly string[];
  /** `browser.permissions.contains({origins: [pattern]})`. */
  hasPermission(pattern: string): Promise<boolean>;
}

/**
 * Returns `sync()`: brings the registration in line with the hosts and permissions of the moment
 * and resolves to the patterns registered. Calls run one after the other (two at once would both
 * register the same id).
 */
export function createProfileScriptSync(deps: ProfileScriptSyncDeps): () => Promise<string[]> {
  let queue: Promise<unknown> = Promise.resolve();
  const once = async (): Promise<string[]> => {
    const matches = await extraProfileMatches(await deps.hosts(), deps.hasPermission);
    const [existing] = await deps.scripting.getRegisteredContentScripts({ ids: [PROFILE_SCRIPT_ID] });
    if (matches.length === 0) {
      if (existing) await deps.scripting.unregisterContentScripts({ ids: [PROFILE_SCRIPT_ID] });
      return [];
    }
    const script: ProfileScript = {
      id: PROFILE_SCRIPT_ID,
      matches,
      js: [...deps.js],
      runAt: PROFILE_SCRIPT_RUN_AT,
      persistAcrossSessions: true,
    };
    if (!existing) await deps.scripting.registerContentScripts([script]);
    else if (!sameSet(existing.matches ?? [], matches) || existing.runAt !== script.runAt || !sameList(existing.js ?? [], script.js)) {
      // A registration persists across updates: one an earlier version made may run other files.
      await deps.scripting.updateContentScripts([script]);
    }
    return matches;
  };
  return () => {
    const run = queue.then(once, once);
    queue = run.catch(() => undefined);
    return run;
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}
