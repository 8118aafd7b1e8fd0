import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// The manifest asks for the least it needs; each permission is explained in the README.
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: ['storage', 'alarms', 'sidePanel', 'webNavigation'],
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: { id: 'outreach-companion@example.org', data_collection_permissions: { required: ['none'] } },
          },
        }
      : {}),
  }),
});
