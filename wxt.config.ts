import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import MagicString from 'magic-string';

/**
 * The wire schemas' modules only declare schemas, but a bundler cannot tell that `X.check(...)` or a
 * helper building a schema has no side effect, and keeps every schema of the catalogue in every
 * bundle. Marking each top-level constant of those modules pure lets a bundle leave out the schemas
 * (and the endpoints, `lib/api/endpoints.ts`) it never reaches. Source untouched; the build only.
 */
const pureSchemas = {
  name: 'pure-wire-schemas',
  transform(code: string, id: string) {
    if (!/\/lib\/api\/schemas\/[\w-]+\.ts$/.test(id) || id.endsWith('.test.ts')) return null;
    const out = new MagicString(code);
    // `const X = <a call or a chain of calls>`, at the start of a line (top level).
    for (const m of code.matchAll(/^(?:export )?const [A-Za-z_$][\w$]* = (?=[A-Za-z_$][\w$.]*\s*(?:\(|\n\s*\.))/gm)) {
      out.appendLeft(m.index + m[0].length, '/* @__PURE__ */ ');
    }
    return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
  },
};

// The manifest asks for the least it needs; each permission is explained in the README.
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({
    plugins: [preact(), pureSchemas],
    build: {
      rolldownOptions: {
        // zod's builders (`z.object(...)`) only build a schema: a schema no code reaches is left out.
        treeshake: { manualPureFunctions: ['z'] },
      },
    },
  }),
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // Each permission and why: README, Permissions (docs/permissions.md). Firefox's sidebar needs no
    // permission (Firefox has no sidePanel API): asking for it there only earns a lint warning.
    permissions: ['storage', 'alarms', ...(browser === 'firefox' ? [] : ['sidePanel']), 'webNavigation', 'scripting'],
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    // Asked for only when the inbox notifications are turned on (options page).
    ...(browser === 'firefox' ? {} : { optional_permissions: ['notifications'] }),
    // No eval, no inline or remote script in extension pages (zod runs jitless: lib/zod-config.ts).
    content_security_policy: { extension_pages: "script-src 'self'; object-src 'self';" },
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
