// One lint setup for every workspace: TypeScript rules, React hooks rules for the web app,
// and the layering of STYLE.md and docs/modules.md, each rule proved by a fixture in
// scripts/eslint-rules.test.ts:
//   - the money core imports nothing of ours;
//   - server: queries only in *.repository.ts files, src/db/ and src/seed/; a module's
//     repositories are its own (another module calls its service); only modules/notifications
//     writes the notifications table; jobs/ imports no module (modules register their job kinds);
//     no request data through the async context (node:async_hooks);
//   - web: features do not import each other; app/ composes them, and nothing else imports app/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import habits from './scripts/eslint-plugin-habits.js';

const SERVER = 'apps/server/src';

// Where queries may be written: repositories, the database folder (connection, migrations,
// lists), the seed (reference and demo data), and tests, which read the database directly to
// prove what a call wrote or did not.
const QUERY_HOMES = [`${SERVER}/**/*.repository.ts`, `${SERVER}/db/**`, `${SERVER}/seed/**`, `${SERVER}/**/*.test.ts`, `${SERVER}/test/**`];

// The entry points of a query. A service keeps `db.transaction()` (it owns the transaction and
// passes `trx` to the repositories) and the `Transaction` type; everything that builds SQL
// starts from one of these, so forbidding them keeps SQL in the query homes.
const QUERY_BUILDERS = [
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'replaceInto',
  'selectNoFrom',
  'executeQuery',
];
const QUERY_MESSAGE =
  'Queries live in *.repository.ts files (or src/db/): move this one into the repository of its module (docs/modules.md).';

const queryOutsideRepository = [
  {
    selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${QUERY_BUILDERS.join('|')})$/]`,
    message: QUERY_MESSAGE,
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: QUERY_MESSAGE },
];

// The notifications table has one writer: modules/notifications, through the registry of types
// (a module adds its types and calls notify). Written as a builder call or as raw SQL.
const NOTIFICATIONS_MESSAGE =
  'Only modules/notifications writes the notifications table: define the type with defineNotificationType and call notify (docs/modules.md).';
const notificationsWrite = [
  {
    selector: "CallExpression[callee.property.name=/^(insertInto|updateTable|deleteFrom|mergeInto)$/][arguments.0.value='notifications']",
    message: NOTIFICATIONS_MESSAGE,
  },
  { selector: 'TemplateElement[value.raw=/(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+notifications\\b/i]', message: NOTIFICATIONS_MESSAGE },
];

// Request data travels as arguments and on events, never through the async context: a value
// stored in an AsyncLocalStorage reaches whatever runs later in that context, unseen by the
// reader of the call (docs/payment-events.md). The rule that refuses it is set on every server
// file, and repeated in each later block that sets no-restricted-imports (a later block replaces
// the rule's options rather than adding to them).
const ASYNC_CONTEXT_MESSAGE =
  'No AsyncLocalStorage in the server: pass what a listener needs as an argument or on the event (docs/payment-events.md).';
const asyncContextImports = [
  { name: 'node:async_hooks', message: ASYNC_CONTEXT_MESSAGE },
  { name: 'async_hooks', message: ASYNC_CONTEXT_MESSAGE },
];

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

  // ---- server: no async context; where queries live ----------------------------------------
  {
    files: [`${SERVER}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { paths: asyncContextImports }] },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/modules/notifications/**`],
    rules: { 'no-restricted-syntax': ['error', ...notificationsWrite] },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: [...QUERY_HOMES, `${SERVER}/modules/notifications/**`],
    rules: {
      'no-restricted-syntax': ['error', ...queryOutsideRepository, ...notificationsWrite],
      // `sql` builds raw SQL however it is called (sql`...`, sql.raw, sql.join): repositories only.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', importNames: ['sql'], message: QUERY_MESSAGE }, ...asyncContextImports] },
      ],
    },
  },
  {
    // The notifications module may write its own table, and still keeps queries in its repository.
    files: [`${SERVER}/modules/notifications/**/*.ts`],
    ignores: QUERY_HOMES,
    rules: {
      'no-restricted-syntax': ['error', ...queryOutsideRepository],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', importNames: ['sql'], message: QUERY_MESSAGE }, ...asyncContextImports] },
      ],
    },
  },

  // ---- boundaries: server modules and web features ----------------------------------------
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      // Each file belongs to the first element whose pattern matches its folder.
      'boundaries/elements': [
        { type: 'server-module', pattern: `${SERVER}/modules/*`, capture: ['module'] },
        // The server's code outside modules: transport, jobs, lib, db, plugins, the test harness,
        // and the files at the root of src/ (app.ts, main.ts, deps.ts, config.ts).
        { type: 'server-shared', pattern: `${SERVER}/*`, capture: ['part'] },
        { type: 'server-root', pattern: SERVER },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-shared', pattern: 'apps/web/src/*', capture: ['part'] },
        { type: 'web-root', pattern: 'apps/web/src' },
      ],
      'boundaries/files': [{ category: 'repository', pattern: '**/*.repository.ts' }],
      // Imports name their .ts/.tsx file, but TypeScript also resolves one written without the
      // extension: resolve those too, or the rules would not see where they lead.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              // A module's repositories are its own: another module calls that module's service.
              from: { element: { type: 'server-module' } },
              disallow: {
                to: {
                  element: { type: 'server-module', captured: { module: '!{{ from.element.captured.module }}' } },
                  file: { categories: 'repository' },
                },
              },
              message: "A module calls another module's service, never its repository (docs/modules.md).",
            },
            {
              // Nor does code outside the modules reach a module's repository. The test harness
              // may: fixtures set up rows that no call creates.
              from: [{ element: { type: 'server-shared', captured: { part: '!test' } } }, { element: { type: 'server-root' } }],
              disallow: { to: { element: { type: 'server-module' }, file: { categories: 'repository' } } },
              message: "Code outside a module calls the module's service, never its repository (docs/modules.md).",
            },
            {
              // The job queue knows no module: each module declares its job kinds in its own
              // *.jobs.ts and app.ts registers them, so jobs/ and the modules never import in a
              // circle (docs/jobs.md).
              from: { element: { type: 'server-shared', captured: { part: 'jobs' } } },
              disallow: { to: { element: { type: 'server-module' } } },
              message: "jobs/ imports no module: declare the kind in the module's *.jobs.ts and register it in app.ts (docs/jobs.md).",
            },
            {
              // Features do not import each other; what two features share lives in components/,
              // hooks/, lib/ or api/, and app/ composes the features into routes.
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: { element: { type: 'web-feature', captured: { feature: '!{{ from.element.captured.feature }}' } } },
              },
              message: 'Features do not import each other; share through components/, hooks/, lib/ or api/, or compose them in app/.',
            },
            {
              from: [{ element: { type: 'web-shared' } }, { element: { type: 'web-root' } }],
              disallow: { to: { element: { type: 'web-feature' } } },
              message: 'Shared web code does not import a feature; only app/ composes features.',
            },
            {
              // The app shell imports the features, never the other way round: a feature (or
              // shared code) that imported app/ would depend on every other feature through it.
              // What they need of the shell lives outside it: the paths in lib/paths.ts
              // (DECISIONS 33: all paths in one place), the shell's sizes in
              // components/shell-metrics.ts. main.tsx, the entry, starts the app.
              from: [{ element: { type: 'web-feature' } }, { element: { type: 'web-shared' } }],
              disallow: { to: { element: { type: 'web-app' } } },
              message: 'Only app/ imports the app shell: take paths from lib/paths.ts, and move what features share out of app/.',
            },
          ],
        },
      ],
    },
  },

  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },

  // ---- habits: names for statuses, minorToWire for money, assertions for invariants -------
  // (scripts/eslint-plugin-habits.js). Tests state numbers on purpose; migrations are history.
  {
    files: [`${SERVER}/**/*.ts`, 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', `${SERVER}/test/**`, `${SERVER}/db/migrations/**`],
    plugins: { habits },
    rules: { 'habits/no-raw-status-number': 'error' },
  },
  {
    files: [`${SERVER}/**/*.ts`, 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.ts', `${SERVER}/test/**`],
    plugins: { habits },
    rules: { 'habits/no-number-on-money': 'error', 'habits/no-throw-new-error': 'error' },
  },
);
