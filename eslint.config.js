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
const noServer = {
  group: ['**/server/**'],
  message:
    'The client does not import server/: shared code lives in common/; tests reach the real server through tests/support/real-server.ts.',
};
const noClient = {
  group: ['**/src/**', '../src', '../../src', '../../../src'],
  message: 'server/, tools/ and common/ do not import src/: shared code lives in common/.',
};
// The layers below the UI emit notices (src/state/notices.ts); the UI shows them. Tests may render UI.
const noUi = {
  group: ['**/ui', '**/ui/**'],
  message:
    'src/api, src/data, src/state, src/engine and src/tracker do not import src/ui: emit a notice (src/state/notices.ts) and let the UI show it.',
};
const testFiles = ['**/*.test.*', '**/*.spec.*', '**/test-support.ts'];
const mapHost = [
  'src/map/MapStage.tsx',
  'src/map/MapView.tsx',
  'src/map/PinTooltip.tsx',
  'src/map/AggregateTip.tsx',
  'src/map/engine-context.ts',
  'src/map/use-engine-snapshot.ts',
  'src/map/test-support.tsx',
  'src/pages/shell/Shell.tsx',
  'src/pages/overlay/**',
];
const engineHeld = 'Pages and map components hold no engine: read it through useMapSnapshot, ask it through src/state/map-commands.ts.';
const noEngine = [
  { group: ['**/engine-context'], importNames: ['useEngine', 'EngineContext'], message: engineHeld },
  { group: ['**/engine', '**/engine/MapEngine'], importNames: ['MapEngine'], message: engineHeld },
];
const stateLibraryPatterns = [
  { group: ['valtio/*'], message: 'valtio lives in src/state/ only.' },
  { group: ['@tanstack/react-query/*'], message: 'react-query lives in src/data/ only.' },
];

/**
 * The import rule of one layer below the UI: `options` for every file, plus no src/ui outside tests
 * (a later config block replaces the rule's options, so the second block repeats them).
 */
function layer(files, options) {
  return [
    { files, rules: { 'no-restricted-imports': ['error', options] } },
    { files, ignores: testFiles, rules: { 'no-restricted-imports': ['error', { ...options, patterns: [...options.patterns, noUi] }] } },
  ];
}

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
  ...layer(['src/state/**'], { paths: stateLibraries.filter((p) => p.name !== 'valtio'), patterns: [noServer] }),
  ...layer(['src/data/**'], { paths: stateLibraries.filter((p) => p.name === 'valtio'), patterns: [noServer] }),
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
    ignores: ['src/state/**', 'src/data/**', 'src/engine/**', 'src/api/**', 'src/tracker/**'],
    rules: { 'no-restricted-imports': ['error', { paths: stateLibraries, patterns: [...stateLibraryPatterns, noServer] }] },
  },
  // Pages and map components hold no engine: they read the map through useMapSnapshot (src/map/use-engine-snapshot.ts)
  // and ask it through src/state/map-commands.ts (issue 24 item 1). The map host holds it: MapStage makes it (MapView)
  // and draws its tooltips beside it, the shell hands it to the snapshot hook; the streamer overlay runs its own.
  {
    files: ['src/pages/**', 'src/map/**'],
    ignores: [...mapHost, ...testFiles],
    rules: { 'no-restricted-imports': ['error', { paths: stateLibraries, patterns: [...stateLibraryPatterns, noServer, ...noEngine] }] },
  },
  ...layer(['src/api/**', 'src/tracker/**'], { paths: stateLibraries, patterns: [...stateLibraryPatterns, noServer] }),
  // The engine stands alone: plain TypeScript, no React and no state library.
  ...layer(['src/engine/**'], {
    paths: [
      ...stateLibraries,
      { name: 'react', message: 'src/engine is plain TypeScript: no React.' },
      { name: 'react-dom', message: 'src/engine is plain TypeScript: no React.' },
    ],
    patterns: [
      ...stateLibraryPatterns,
      { group: ['react/*', 'react-dom/*', '@pixi/react', '**/state/**', '**/data/**'], message: 'src/engine stands alone.' },
      {
        group: ['**/workers/**'],
        message: 'src/engine imports no worker code: the pin buffer layout is common/pin-buffers.ts; the page hands the engine its worker.',
      },
      noServer,
    ],
  }),
  // Korean UI text lives in src/i18n (one string, one place; legal texts are documents there).
  // Tests may say what they expect in Korean; test-pins.ts is server content (category names).
  {
    files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts'],
    ignores: ['src/i18n/**', ...testFiles, 'workers/pins/test-pins.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/[가-힣]/]', 'TemplateElement[value.raw=/[가-힣]/]', 'JSXText[value=/[가-힣]/]'].map((selector) => ({
          selector,
          message: 'Korean UI text belongs in src/i18n (ko.<feature>.<key>): add or reuse a key there.',
        })),
      ],
    },
  },
);
