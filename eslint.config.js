import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const stateLibraries = [
  { name: 'valtio', message: 'valtio lives in src/state/ only: read the store through its hooks there.' },
  { name: '@tanstack/react-query', message: 'react-query lives in src/data/ only: use the hooks exported there.' },
  { name: 'dexie', message: 'Dexie lives in src/data/ only: use the local database module there.' },
];
// Code shared by the server and the browser lives below both (common/, proto/).
const noServer = { group: ['**/server/**'], message: 'The client does not import server/: shared code lives in common/; tests reach the real server through tests/support/real-server.ts.' };
const noClient = { group: ['**/src/**', '../src', '../../src', '../../../src'], message: 'server/, tools/ and common/ do not import src/: shared code lives in common/.' };
const stateLibraryPatterns = [
  { group: ['valtio/*'], message: 'valtio lives in src/state/ only.' },
  { group: ['@tanstack/react-query/*'], message: 'react-query lives in src/data/ only.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'proto/generated/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: stateLibraries, patterns: stateLibraryPatterns }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Each state library has one home (STYLE.md).
  {
    files: ['src/state/**'],
    rules: { 'no-restricted-imports': ['error', { paths: stateLibraries.filter((p) => p.name !== 'valtio'), patterns: [noServer] }] },
  },
  {
    files: ['src/data/**'],
    rules: { 'no-restricted-imports': ['error', { paths: stateLibraries.filter((p) => p.name === 'valtio'), patterns: [noServer] }] },
  },
  {
    files: ['server/**', 'tools/**'],
    rules: { 'no-restricted-imports': ['error', { paths: stateLibraries, patterns: [...stateLibraryPatterns, noClient] }] },
  },
  {
    files: ['common/**', 'proto/**'],
    rules: { 'no-restricted-imports': ['error', { paths: stateLibraries, patterns: [...stateLibraryPatterns, noClient, noServer] }] },
  },
  {
    files: ['src/**', 'workers/**'],
    ignores: ['src/state/**', 'src/data/**', 'src/engine/**'],
    rules: { 'no-restricted-imports': ['error', { paths: stateLibraries, patterns: [...stateLibraryPatterns, noServer] }] },
  },
  // The engine stands alone: plain TypeScript, no React and no state library.
  {
    files: ['src/engine/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [...stateLibraries, { name: 'react', message: 'src/engine is plain TypeScript: no React.' }, { name: 'react-dom', message: 'src/engine is plain TypeScript: no React.' }],
        patterns: [...stateLibraryPatterns, { group: ['react/*', 'react-dom/*', '@pixi/react', '**/state/**', '**/data/**'], message: 'src/engine stands alone.' }, noServer],
      }],
    },
  },
);
