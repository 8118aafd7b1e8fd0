import { readFileSync } from 'node:fs';
import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import MagicString from 'magic-string';
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

// The manifest asks for the least it needs; each permission is explained in the README.
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // The sources zip the Firefox store asks for (`npm run zip`): what the build reads, for reviewers to
  // rebuild the add-on with `npm ci && npm run build:firefox`; not the emulator, tests or pictures.
  zip: {
    excludeSources: ['docs/**', 'emulator/**', 'test/**', 'bench/**', 'scripts/**', 'test-results/**', '**/*.test.ts', '**/*.test.tsx', 'playwright*.config.ts', 'vitest.config.ts'],
  },
  vite: () => ({
    plugins: [preact(), pureSchemas, noInnerHtml],
    // A property read left unused (`{...Schema.shape}` in a request map a page never validates) is
    // dropped like any unused value: none of our modules nor their packages reads for a getter's effect.
    build: { rolldownOptions: { treeshake: { propertyReadSideEffects: false } } },
  }),
  hooks: {
    // The locale catalogues ship without their indentation (the source keeps it for review).
    'build:publicAssets': (_wxt, files) => {
      for (const [i, file] of files.entries()) {
        if (!('absoluteSrc' in file) || !/^_locales\/[\w-]+\/messages\.json$/.test(file.relativeDest)) continue;
        files[i] = { relativeDest: file.relativeDest, contents: JSON.stringify(JSON.parse(readFileSync(file.absoluteSrc, 'utf8'))) };
      }
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
    // parser); a browser without them ignores both directives.
    content_security_policy: {
      extension_pages: `script-src 'self'; object-src 'self'; require-trusted-types-for 'script'; trusted-types ${TRUSTED_TYPES_POLICY};`,
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
