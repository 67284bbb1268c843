// One lint setup for every workspace: TypeScript rules, React hooks rules for the web app,
// and the layering of STYLE.md (the money core imports nothing of ours; features do not
// import each other).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/ledger/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@paywallet/*', 'zod', 'kysely', 'fastify', 'react'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../features/*', '../features/*'], message: 'Features do not import each other; share through components/ or app/.' }] }],
    },
  },
  {
    // app/ is where features are composed into routes and layouts: it may import any of them.
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
