import js from '@eslint/js';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

// Imports flow one way: shared -> sdk -> web; the server stands apart (docs/architecture.md §1).
const boundary = (group) =>
  restrict([{ group, message: 'Imports flow shared -> sdk -> web; the server stands apart.' }]);

// Code outside the server that needs a real one (the SDK's integration tests, the benchmark)
// takes it from the server's testing entry, and nothing else of the server.
const TESTING_MESSAGE = 'Outside the server, use the server through @campuscollab/server/testing.';
const testingEntryOnly = restrict([
  { group: ['@campuscollab/web', '**/apps/**'], message: TESTING_MESSAGE },
  { regex: '^@campuscollab/server(?!/testing$)', message: TESTING_MESSAGE },
]);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No import cycles in any workspace: a module is read after everything it imports.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mjs', '.js'] } },
    },
    rules: { 'import/no-cycle': 'error' },
  },
  {
    files: ['packages/shared/**'],
    rules: boundary([
      '@campuscollab/sdk',
      '@campuscollab/web',
      '@campuscollab/server',
      '**/apps/**',
      '**/sdk/**',
    ]),
  },
  {
    files: ['packages/sdk/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: boundary(['@campuscollab/web', '@campuscollab/server', '**/apps/**']),
  },
  {
    files: ['packages/sdk/test/**', 'bench/**'],
    rules: testingEntryOnly,
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary(['@campuscollab/server', '**/server/**']),
    },
  },
  {
    files: ['apps/server/**'],
    rules: boundary(['@campuscollab/sdk', '@campuscollab/web', '**/web/**', '**/sdk/**']),
  },
  {
    // Playwright's fixture API asks for `{}` when a fixture depends on no other fixture.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Generic libraries stay standalone: they never import an app module.
    files: ['apps/server/src/lib/**'],
    rules: boundary(['**/modules/**', '**/plugins/**', '**/app', '**/config']),
  },
);
