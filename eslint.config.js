import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The direction of imports (docs/architecture.md): entrypoints → components → lib; emulator → lib;
 * inside lib, the layers below never reach the ones above. One import style: relative paths.
 */
const FULL_ZOD = {
  name: 'zod',
  message: "What ships imports { z } from 'zod/mini' (a fraction of the bundle); full zod is for the emulator, tests, bench and scripts.",
};

/** `shipped`: the extension build loads these files, so full zod stays out of them. */
const layer = (files, forbidden, why, shipped = false) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        ...(shipped ? { paths: [FULL_ZOD] } : {}),
        patterns: [
          { group: ['@/*', '~/*', '@@/*', '~~/*'], message: 'Import with a relative path: one style across the repo.' },
          // Test helpers (test/**) may share names with a layer's folders.
          ...(forbidden.length ? [{ group: [...forbidden, '!**/test/**'], message: why }] : []),
        ],
      },
    ],
  },
});

const UI = ['**/components/**', '**/entrypoints/**'];

export default tseslint.config(
  { ignores: ['.output/**', '.wxt/**', 'node_modules/**', 'test-results/**', 'test-results-firefox/**', 'playwright-report/**', 'bench/results*', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  layer(['**/*.{ts,tsx,js}'], [], ''),
  layer(['entrypoints/**'], [], '', true),
  layer(['components/**'], ['**/entrypoints/**', '**/emulator/**', '**/lib/background/**', '**/lib/store/**'], 'Components render: they reach the background through lib/messages, never its modules or storage.', true),
  layer(['lib/**'], [...UI, '**/emulator/**'], 'lib decides: it never reaches up into UI, entrypoints or the emulator.', true),
  layer(['lib/store/**'], [...UI, '**/emulator/**', '**/messages', '**/messages/**', '**/background/**'], 'lib/store keeps data: it knows no message protocol and no background module.', true),
  layer(
    ['lib/api/**', 'lib/inbox/**', 'lib/pronet/**', 'lib/views/**', 'lib/settings.ts'],
    [...UI, '**/emulator/**', '**/messages', '**/messages/**', '**/background/**', '**/store/**'],
    'The vocabulary (wire schemas, rules of the spec, view models, settings) depends on no protocol, background or storage.',
    true,
  ),
  layer(['emulator/**'], [...UI, '**/lib/store/**', '**/lib/background/**', '**/lib/messages', '**/lib/messages/**', '**/lib/views/**'], 'The emulator is the service: it shares the spec (lib/api, lib/inbox, lib/pronet), never the extension.'),
  layer(
    ['relay/**'],
    [...UI, '**/emulator/**', '**/lib/store/**', '**/lib/background/**', '**/lib/messages', '**/lib/messages/**', '**/lib/views/**', '**/lib/content/**', '**/lib/pronet/**'],
    'The relay forwards the service\'s webhooks: it shares the wire (lib/api) and the inbox rules (lib/inbox), never the extension nor the emulator.',
  ),
  {
    ...layer(
      ['bench/**'],
      ['./report', '../bench/report', './summary', '../bench/summary', './run-results', '../bench/run-results'],
      'bench/report.ts, bench/summary.ts and bench/run-results.ts read the results of every section: a section importing them closes a circle (the load is bench/load.ts, the table\'s format bench/figure-format.ts).',
    ),
    // The report's own parts: the report reads the summary, both the results' shape.
    ignores: ['bench/run.ts', 'bench/report.ts', 'bench/summary.ts'],
  },
  {
    files: ['scripts/**', 'emulator/main.ts', 'relay/main.ts', 'bench/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
);
