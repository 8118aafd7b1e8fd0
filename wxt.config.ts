import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type TargetBrowser } from 'wxt';
import preact from '@preact/preset-vite';
import MagicString from 'magic-string';
import { compactCatalog, type Catalog } from './components/i18n';
import { TRUSTED_TYPES_POLICY } from './components/lead-panel/sanitize';

/**
 * Schemas are built at module load by calls (`z.object(...)`, `Int.check(...)`, helpers), which a
 * bundler must keep unless told they have no side effect: every bundle would carry every schema of
 * `lib/`. This marks them pure in the extension's build (source untouched, tests unaffected), so a
 * bundle holds only the schemas (and endpoints, `lib/api/endpoints.ts`) it reaches:
 * - in `lib/` modules importing `zod/mini`: each `z.<builder>(...)` and `<Schema>.check(...)` call;
 * - in `lib/api/schemas/`, which only declare: each top-level constant's initializer and function.
 */
const pureSchemas = {
  name: 'pure-schemas',
  transform(code: string, id: string) {
    if (!/\/lib\/[\w/-]+\.ts$/.test(id) || id.endsWith('.test.ts') || !/from ["']zod\/mini["']/.test(code)) return null;
    const out = new MagicString(code);
    const mark = (re: RegExp, annotation: string, at: (m: RegExpMatchArray) => number) => {
      for (const m of code.matchAll(re)) out.appendLeft(at(m), annotation);
    };
    mark(/(?<![\w$.])z\.[A-Za-z_$][\w$]*\(/g, '/* @__PURE__ */ ', (m) => m.index!);
    mark(/(?<![\w$.])[A-Z][\w$]*\.check\(/g, '/* @__PURE__ */ ', (m) => m.index!);
    if (/\/lib\/api\/schemas\//.test(id)) {
      mark(/^(?:export )?const [A-Za-z_$][\w$]* = (?=[A-Za-z_$][\w$.]*\s*(?:\(|\n\s*\.))/gm, '/* @__PURE__ */ ', (m) => m.index! + m[0].length);
      mark(/^(?:export )?const [A-Za-z_$][\w$]* = (?=\([^()]*\)\s*=>)/gm, '/* #__NO_SIDE_EFFECTS__ */ ', (m) => m.index! + m[0].length);
      mark(/^(?:export )?function /gm, '/* #__NO_SIDE_EFFECTS__ */ ', (m) => m.index!);
    }
    return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
  },
};

/**
 * Preact assigns `innerHTML` for `dangerouslySetInnerHTML`, which no component uses: message HTML is
 * mounted as the sanitiser's nodes (components/lead-panel/sanitize.ts). The assignment goes from the
 * bundle, so that no HTML string can reach the page that way (Firefox's store linter flags it too);
 * a component that tried would throw.
 */
const noInnerHtml = {
  name: 'no-inner-html',
  transform(code: string, id: string) {
    if (!/\/node_modules\/preact\/dist\/preact\.mjs$/.test(id)) return null;
    const out = code.replace(/\((\w+)\.innerHTML=(\w+)\.__html\)/g, '(()=>{throw new TypeError("dangerouslySetInnerHTML: mount nodes instead")})()');
    if (out === code) throw new Error('no-inner-html: Preact no longer assigns innerHTML as expected; update the pattern');
    return { code: out, map: null };
  },
};

/**
 * webextension-polyfill ships once, as the file its README describes, not inside each bundle (the
 * worker, the content script and the pages each carried its 9.6 kB): a classic script run before
 * anything else sets `globalThis.browser`, which `wxt/browser` exports (WXT's own module: the global
 * `browser` when it has a runtime id, else `chrome`). It goes first in every page's head (module
 * scripts run after it), first in the content script's files (and so in the registered one's:
 * lib/background/profile-scripts.ts), and first in the worker, which WXT builds as a classic script:
 * `importScripts`. Firefox has a native promise-based `browser` (the polyfill is a no-op there), and
 * so has Chrome since 148: the file keeps older Chromium browsers working; Firefox's build goes without.
 */
const POLYFILL_FILE = 'browser-polyfill.js';
const shipsPolyfill = (browser: TargetBrowser) => browser !== 'firefox';
/**
 * The worker's Trusted Types policy: the extension's CSP requires Trusted Types for scripts (Chromium),
 * `importScripts` included, and this policy admits the polyfill's URL and nothing else.
 */
const POLYFILL_POLICY = 'browser-polyfill';

/** The worker's first statement (its source is written into the bundle): loads the polyfill. */
function importPolyfill(url: string, policyName: string): void {
  type Policy = { createScriptURL(input: string): string };
  const tt = (self as unknown as { trustedTypes?: { createPolicy(name: string, rules: Policy): Policy } }).trustedTypes;
  const only = (input: string) => {
    if (input !== url) throw new TypeError(`${policyName}: not the polyfill: ${input}`);
    return input;
  };
  (self as unknown as { importScripts(url: string): void }).importScripts(tt ? tt.createPolicy(policyName, { createScriptURL: only }).createScriptURL(url) : url);
}

/** The polyfill's minified build, less its source-map comment (the map does not ship). */
function polyfillSource(): string {
  const file = createRequire(import.meta.url).resolve('webextension-polyfill/dist/browser-polyfill.min.js');
  return readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
}

const polyfillFirst = ({ browser, manifestVersion }: { browser: TargetBrowser; manifestVersion: 2 | 3 }) => ({
  name: 'polyfill-first',
  transformIndexHtml: () => (shipsPolyfill(browser) ? [{ tag: 'script', attrs: { src: `/${POLYFILL_FILE}` }, injectTo: 'head-prepend' as const }] : []),
  renderChunk(code: string, chunk: { isEntry: boolean; fileName: string }, options: { format: string }) {
    // (Manifest V2's background page lists it before its script: the manifest hook below.)
    if (!shipsPolyfill(browser) || manifestVersion !== 3 || !chunk.isEntry || chunk.fileName !== 'background.js') return null;
    // A module worker has no importScripts: it would have to import the polyfill instead.
    if (options.format !== 'iife') throw new Error(`polyfill-first: the worker is built as ${options.format}, not a classic script`);
    const out = new MagicString(code).prepend(`(${importPolyfill.toString()})(${JSON.stringify(`/${POLYFILL_FILE}`)}, ${JSON.stringify(POLYFILL_POLICY)});\n`);
    return { code: out.toString(), map: out.generateMap({ hires: true }) };
  },
});

// The manifest asks for the least it needs; each permission is explained in the README.
export default defineConfig({
  // The sources zip the Firefox store asks for (`npm run zip`): what the build reads, for reviewers to
  // rebuild the add-on with `npm ci && npm run build:firefox`; not the emulator, tests or pictures.
  zip: {
    excludeSources: ['docs/**', 'emulator/**', 'test/**', 'bench/**', 'scripts/**', 'test-results/**', '**/*.test.ts', '**/*.test.tsx', 'playwright*.config.ts', 'vitest.config.ts'],
  },
  vite: (env) => ({
    plugins: [preact(), pureSchemas, noInnerHtml, polyfillFirst(env)],
    // A property read left unused (`{...Schema.shape}` in a request map a page never validates) is
    // dropped like any unused value: none of our modules nor their packages reads for a getter's effect.
    build: { rolldownOptions: { treeshake: { propertyReadSideEffects: false } } },
  }),
  hooks: {
    'build:publicAssets': (wxt, files) => {
      if (shipsPolyfill(wxt.config.browser)) files.push({ relativeDest: POLYFILL_FILE, contents: polyfillSource() });
      // The locale catalogues ship without their indentation (the source keeps it for review) and
      // with their placeholders folded into the messages (compactCatalog).
      for (const [i, file] of files.entries()) {
        if (!('absoluteSrc' in file) || !/^_locales\/[\w-]+\/messages\.json$/.test(file.relativeDest)) continue;
        files[i] = { relativeDest: file.relativeDest, contents: JSON.stringify(compactCatalog(JSON.parse(readFileSync(file.absoluteSrc, 'utf8')) as Catalog)) };
      }
    },
    'build:manifestGenerated': (wxt, manifest) => {
      if (!shipsPolyfill(wxt.config.browser)) return;
      for (const script of manifest.content_scripts ?? []) script.js = [POLYFILL_FILE, ...(script.js ?? [])];
      // A Manifest V2 build's background is a page of scripts, not a worker.
      const background = manifest.background as { scripts?: string[] } | undefined;
      if (background?.scripts) background.scripts = [POLYFILL_FILE, ...background.scripts];
    },
  },
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // Each permission and why: README, Permissions (docs/permissions.md). Firefox's sidebar needs no
    // permission (Firefox has no sidePanel API): asking for it there only earns a lint warning.
    permissions: ['storage', 'alarms', ...(browser === 'firefox' ? [] : ['sidePanel']), 'webNavigation', 'scripting'],
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*', 'https://127.0.0.1/*', 'https://localhost/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    // Asked for only when the inbox notifications are turned on (options page).
    ...(browser === 'firefox' ? {} : { optional_permissions: ['notifications'] }),
    // No eval, no inline or remote script in extension pages (zod runs jitless: lib/zod-config.ts).
    // Trusted Types where the browser has them: no string reaches an HTML sink but through the one
    // policy, the message sanitiser's (components/lead-panel/sanitize.ts, which feeds only its inert
    // parser), and no script URL but through the worker's polyfill loader's (above), which admits
    // that one file; a browser without them ignores both directives.
    content_security_policy: {
      extension_pages: `script-src 'self'; object-src 'self'; require-trusted-types-for 'script'; trusted-types ${TRUSTED_TYPES_POLICY}${shipsPolyfill(browser) ? ` ${POLYFILL_POLICY}` : ''};`,
    },
    // The toolbar button opens the popup and the side panel (Chrome) or sidebar (Firefox) comes from
    // the `sidepanel` entrypoint (titles from their HTML). Chrome allows four suggested shortcuts.
    commands: {
      'open-panel': { suggested_key: { default: 'Alt+Shift+O' }, description: '__MSG_cmdOpenPanel__' },
      archive: { suggested_key: { default: 'Alt+Shift+E' }, description: '__MSG_cmdArchive__' },
      'snooze-tomorrow': { suggested_key: { default: 'Alt+Shift+S' }, description: '__MSG_cmdSnoozeTomorrow__' },
      'focus-note': { suggested_key: { default: 'Alt+Shift+K' }, description: '__MSG_cmdFocusNote__' },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: { id: 'outreach-companion@example.org', data_collection_permissions: { required: ['none'] } },
          },
          // Firefox builds MV2, which has no optional_host_permissions (WXT drops the key): custom
          // service and profile hosts are asked for through optional_permissions there.
          optional_permissions: ['https://*/*', 'http://*/*', 'notifications'],
        }
      : {}),
  }),
});
