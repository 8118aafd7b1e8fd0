import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.output/**', '.wxt/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results*', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Layering: lib decides and never reaches up into UI or entrypoints; the emulator uses lib only.
    files: ['lib/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/components/**', '**/entrypoints/**', '**/emulator/**'] }],
    },
  },
  {
    files: ['components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/entrypoints/**', '**/emulator/**'] }] },
  },
  {
    files: ['emulator/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/components/**', '**/entrypoints/**'] }] },
  },
  {
    files: ['scripts/**', 'emulator/main.ts', 'bench/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
);
