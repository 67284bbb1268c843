// Proves that the layout rules of eslint.config.js, and the habits of
// scripts/eslint-plugin-habits.js, hold: each rule reports a small bad snippet linted as if it
// were written where the rule applies, and stays quiet on its good counterpart; and the
// repository's own code passes them (so `npm test` keeps the layout and the habits even where
// `npm run lint` is not run). The snippets import real files, since the import rules judge where
// an import resolves: the first test checks they exist.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';

/** Files the snippets import: the import rules only judge imports that resolve. */
const IMPORTED_FILES = [
  `${SERVER}/modules/auth/users.repository.ts`,
  `${SERVER}/modules/auth/users.service.ts`,
  `${SERVER}/modules/gateway/gateway.repository.ts`,
  `${SERVER}/modules/wallets/wallets.service.ts`,
  `${SERVER}/lib/idempotency.ts`,
  `${SERVER}/jobs/queue.ts`,
  `${WEB}/features/send-money/send-money-form.ts`,
  `${WEB}/features/request-money/request-money-form.ts`,
  `${WEB}/components/amount.tsx`,
  `${WEB}/app/router.tsx`,
  `${WEB}/lib/paths.ts`,
];

const LAYOUT_RULES = new Set(['no-restricted-syntax', 'no-restricted-imports', 'boundaries/dependencies']);
/** The habits the newer modules dropped (scripts/eslint-plugin-habits.js). */
const HABIT_RULES = new Set(['habits/no-raw-status-number', 'habits/no-number-on-money', 'habits/no-throw-new-error']);

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The rules of `rules` a snippet breaks, linted as the file at `filePath` (which need not exist). */
async function rulesBroken(filePath: string, code: string, rules: Set<string>): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  expect(result).toBeDefined();
  const fatal = result!.messages.filter((message) => message.fatal);
  expect(fatal, 'the snippet parses').toEqual([]);
  return result!.messages.map((message) => message.ruleId ?? '').filter((rule) => rules.has(rule));
}

/** The layout rules a snippet breaks, linted as the file at `filePath` (which need not exist). */
const layoutRulesBroken = (filePath: string, code: string) => rulesBroken(filePath, code, LAYOUT_RULES);
/** The habits a snippet breaks, linted as the file at `filePath`. */
const habitsBroken = (filePath: string, code: string) => rulesBroken(filePath, code, HABIT_RULES);

const QUERY = (call: string) => `import type { Db } from '../../db/database.ts';\nexport const run = (db: Db) => db.${call}.execute();\n`;
const RAW_SQL =
  "import { sql } from 'kysely';\nimport type { Db } from '../../db/database.ts';\nexport const run = (db: Db) => sql`SELECT 1`.execute(db);\n";

describe('the snippets', () => {
  it('import files that exist, so an import rule that stays quiet is judging a real import', () => {
    // Proves the fixtures are meaningful: an import of a missing file would be left unjudged.
    for (const file of IMPORTED_FILES) expect(fs.existsSync(path.join(repoRoot, file)), file).toBe(true);
  });
});

describe('queries live in repositories, src/db/ and src/seed/', () => {
  it.each([
    ["selectFrom('users').selectAll()"],
    ["insertInto('users').values({})"],
    ["updateTable('users').set({ status: 1 })"],
    ["deleteFrom('users')"],
  ])('reports db.%s in a service, a route, lib/ and transport/', async (call) => {
    // Proves each query builder entry point is refused outside the query homes.
    for (const file of [
      `${SERVER}/modules/kyc/kyc.service.ts`,
      `${SERVER}/modules/kyc/kyc.routes.ts`,
      `${SERVER}/lib/rate-limit.ts`,
      `${SERVER}/transport/envelope.ts`,
    ]) {
      expect(await layoutRulesBroken(file, QUERY(call)), file).toEqual(['no-restricted-syntax']);
    }
  });

  it('reports raw SQL (the sql tag and its import) outside a repository', async () => {
    // Proves sql`...` cannot slip past the builder rule: the import and the tag are both refused.
    expect(await layoutRulesBroken(`${SERVER}/modules/auth/auth.service.ts`, RAW_SQL)).toEqual([
      'no-restricted-imports',
      'no-restricted-syntax',
    ]);
  });

  it('accepts queries in a repository, in src/db/, in the seed and in tests, and a transaction in a service', async () => {
    // Proves the rule's good side: the query homes, and a service that owns the transaction.
    for (const file of [
      `${SERVER}/modules/kyc/kyc.repository.ts`,
      `${SERVER}/lib/rate-limit.repository.ts`,
      `${SERVER}/db/lists.ts`,
      `${SERVER}/seed/seed.ts`,
      `${SERVER}/modules/kyc/kyc.test.ts`,
      `${SERVER}/test/harness.ts`,
    ]) {
      expect(await layoutRulesBroken(file, QUERY("selectFrom('users').selectAll()")), file).toEqual([]);
      expect(await layoutRulesBroken(file, RAW_SQL), file).toEqual([]);
    }
    const service =
      "import type { Db } from '../../db/database.ts';\nexport const run = (db: Db) => db.transaction().execute(async (trx) => trx);\n";
    expect(await layoutRulesBroken(`${SERVER}/modules/kyc/kyc.service.ts`, service)).toEqual([]);
  });
});

describe("a module's repositories are its own", () => {
  const importUsersRepository = (from: string) => `import { getUserById } from '${from}';\nexport const read = getUserById;\n`;

  it("reports another module's repository imported by a module, by value, by type, re-exported or loaded", async () => {
    // Proves the dashboard cannot reach auth's repository, whichever import form it uses.
    const file = `${SERVER}/modules/dashboard/dashboard.service.ts`;
    for (const code of [
      importUsersRepository('../auth/users.repository.ts'),
      "import type { UserRow } from '../auth/users.repository.ts';\nexport type Row = UserRow;\n",
      "export { getUserById } from '../auth/users.repository.ts';\n",
      "export const load = () => import('../auth/users.repository.ts');\n",
      // TypeScript resolves an import without its extension too.
      importUsersRepository('../auth/users.repository'),
    ]) {
      expect(await layoutRulesBroken(file, code), code).toEqual(['boundaries/dependencies']);
    }
  });

  it("reports a module's repository imported from outside the modules (jobs, lib, the app)", async () => {
    // Proves code outside the modules goes through services too.
    const gateway =
      "import { lockStaleChallenges } from '../modules/gateway/gateway.repository.ts';\nexport const lock = lockStaleChallenges;\n";
    expect(await layoutRulesBroken(`${SERVER}/jobs/index.ts`, gateway)).toEqual(['boundaries/dependencies']);
    expect(await layoutRulesBroken(`${SERVER}/lib/mailer.ts`, gateway)).toEqual(['boundaries/dependencies']);
    expect(await layoutRulesBroken(`${SERVER}/app.ts`, gateway.replace('../modules/', './modules/'))).toEqual(['boundaries/dependencies']);
  });

  it("accepts a module's own repository, another module's service, and the test harness", async () => {
    // Proves the rule's good side: own repository, services across modules, and the fixtures.
    expect(await layoutRulesBroken(`${SERVER}/modules/auth/auth.service.ts`, importUsersRepository('./users.repository.ts'))).toEqual([]);
    const service = "import { getUserView } from '../auth/users.service.ts';\nexport const view = getUserView;\n";
    expect(await layoutRulesBroken(`${SERVER}/modules/dashboard/dashboard.service.ts`, service)).toEqual([]);
    expect(await layoutRulesBroken(`${SERVER}/test/merchant.ts`, importUsersRepository('../modules/auth/users.repository.ts'))).toEqual([]);
  });
});

describe('the job queue imports no module', () => {
  it('reports a module imported by jobs/, by value, by type or loaded', async () => {
    // Proves jobs/ cannot go back to naming the modules' handlers (the jobs <-> reports cycle).
    for (const code of [
      "import { getWallet } from '../modules/wallets/wallets.service.ts';\nexport const run = getWallet;\n",
      "import type { WalletWithCurrency } from '../modules/wallets/wallets.service.ts';\nexport type View = WalletWithCurrency;\n",
      "export const load = () => import('../modules/wallets/wallets.service.ts');\n",
    ]) {
      expect(await layoutRulesBroken(`${SERVER}/jobs/queue.ts`, code), code).toEqual(['boundaries/dependencies']);
    }
  });

  it('accepts jobs/ importing lib/, and a module importing the queue to enqueue', async () => {
    // Proves the rule's good side: the queue may use shared code, and modules use the queue.
    const lib = "import { purgeExpiredIdempotencyKeys } from '../lib/idempotency.ts';\nexport const run = purgeExpiredIdempotencyKeys;\n";
    expect(await layoutRulesBroken(`${SERVER}/jobs/queue.ts`, lib)).toEqual([]);
    const enqueue = "import { enqueueJob } from '../../jobs/queue.ts';\nexport const run = enqueueJob;\n";
    expect(await layoutRulesBroken(`${SERVER}/modules/wallets/wallets.jobs.ts`, enqueue)).toEqual([]);
  });
});

describe('only modules/notifications writes the notifications table', () => {
  it('reports a write to notifications from another module, even from its repository', async () => {
    // Proves card postings (or anyone) cannot write the table around the registry of types.
    const builder = QUERY("insertInto('notifications').values({ user_id: 1n, type: 'x', message: 'x' })");
    const raw =
      "import { sql } from 'kysely';\nimport type { Db } from '../../db/database.ts';\nexport const run = (db: Db) => sql`INSERT INTO notifications (user_id) VALUES (1)`.execute(db);\n";
    expect(await layoutRulesBroken(`${SERVER}/modules/gateway/gateway.repository.ts`, builder)).toEqual(['no-restricted-syntax']);
    expect(await layoutRulesBroken(`${SERVER}/modules/gateway/gateway.repository.ts`, raw)).toEqual(['no-restricted-syntax']);
    // In a service the query rule reports it as well.
    expect(await layoutRulesBroken(`${SERVER}/modules/gateway/card-postings.ts`, builder)).toEqual([
      'no-restricted-syntax',
      'no-restricted-syntax',
    ]);
  });

  it("accepts the notifications module's repository writing it, and reads of it elsewhere", async () => {
    // Proves the rule's good side: the one writer, and tests or repositories that read the table.
    const builder = QUERY("insertInto('notifications').values({ user_id: 1n, type: 'x', message: 'x' })");
    expect(await layoutRulesBroken(`${SERVER}/modules/notifications/notifications.repository.ts`, builder)).toEqual([]);
    expect(
      await layoutRulesBroken(`${SERVER}/modules/gateway/gateway.repository.ts`, QUERY("selectFrom('notifications').selectAll()")),
    ).toEqual([]);
  });
});

describe('no request data through the async context in the server', () => {
  const asyncContext = (from: string) =>
    `import { AsyncLocalStorage } from '${from}';\nexport const running = new AsyncLocalStorage<string>();\n`;

  it('reports node:async_hooks (and async_hooks) in a service, a repository, a test, lib/ and the notifications module', async () => {
    // Proves AsyncLocalStorage cannot come back anywhere in the server, whichever block of the
    // config sets the file's other import rules.
    for (const file of [
      `${SERVER}/modules/checkout/checkout.service.ts`,
      `${SERVER}/modules/checkout/checkout.repository.ts`,
      `${SERVER}/modules/checkout/checkout.test.ts`,
      `${SERVER}/lib/rate-limit.ts`,
      `${SERVER}/modules/notifications/notifications.service.ts`,
      `${SERVER}/modules/notifications/notifications.repository.ts`,
    ]) {
      expect(await layoutRulesBroken(file, asyncContext('node:async_hooks')), file).toEqual(['no-restricted-imports']);
      expect(await layoutRulesBroken(file, asyncContext('async_hooks')), file).toEqual(['no-restricted-imports']);
    }
  });

  it('keeps the raw SQL rule beside it, and accepts other node modules', async () => {
    // Proves that adding the async-context paths did not replace the sql import rule, and that
    // the rule names the module, not every node: import.
    expect(await layoutRulesBroken(`${SERVER}/modules/auth/auth.service.ts`, RAW_SQL)).toEqual([
      'no-restricted-imports',
      'no-restricted-syntax',
    ]);
    const crypto = "import crypto from 'node:crypto';\nexport const id = () => crypto.randomUUID();\n";
    expect(await layoutRulesBroken(`${SERVER}/modules/checkout/checkout.service.ts`, crypto)).toEqual([]);
  });
});

describe('web features do not import each other', () => {
  const sendMoneyForm = (from: string) => `import { ZSendMoneyForm } from '${from}';\nexport const schema = ZSendMoneyForm;\n`;

  it('reports ../send-money/... written inside features/request-money/, at any depth', async () => {
    // Proves the sibling-feature import the old pattern missed, and the deeper forms of it.
    expect(
      await layoutRulesBroken(`${WEB}/features/request-money/request-money-form.ts`, sendMoneyForm('../send-money/send-money-form.ts')),
    ).toEqual(['boundaries/dependencies']);
    expect(
      await layoutRulesBroken(
        `${WEB}/features/request-money/pages/request-money-page.tsx`,
        sendMoneyForm('../../send-money/send-money-form.ts'),
      ),
    ).toEqual(['boundaries/dependencies']);
    expect(
      await layoutRulesBroken(
        `${WEB}/features/request-money/components/form.tsx`,
        sendMoneyForm('../../../features/send-money/send-money-form'),
      ),
    ).toEqual(['boundaries/dependencies']);
  });

  it('reports a feature imported by shared web code', async () => {
    // Proves components/ and the root of src/ do not reach into a feature either.
    expect(
      await layoutRulesBroken(`${WEB}/components/amount-field.tsx`, sendMoneyForm('../features/send-money/send-money-form.ts')),
    ).toEqual(['boundaries/dependencies']);
    expect(await layoutRulesBroken(`${WEB}/main.tsx`, sendMoneyForm('./features/send-money/send-money-form.ts'))).toEqual([
      'boundaries/dependencies',
    ]);
  });

  it('accepts app/ importing any feature, a feature importing itself, and shared components', async () => {
    // Proves the rule's good side: app/ composes features; a feature uses its own files and components/.
    expect(await layoutRulesBroken(`${WEB}/app/router.tsx`, sendMoneyForm('../features/send-money/send-money-form.ts'))).toEqual([]);
    const ownForm = "import { ZRequestMoneyForm } from '../request-money-form.ts';\nexport const schema = ZRequestMoneyForm;\n";
    expect(await layoutRulesBroken(`${WEB}/features/request-money/pages/request-money-page.tsx`, ownForm)).toEqual([]);
    const component = "import { Amount } from '../../../components/amount.tsx';\nexport const view = Amount;\n";
    expect(await layoutRulesBroken(`${WEB}/features/request-money/pages/request-money-page.tsx`, component)).toEqual([]);
  });
});

describe('nothing outside app/ imports the app shell', () => {
  const importRouter = (from: string) => `import { router } from '${from}';\nexport const routes = router;\n`;
  const importPaths = (from: string) => `import { PATHS } from '${from}';\nexport const home = PATHS.home;\n`;

  it('reports app/ imported by a feature, by value, by type or loaded, and by shared web code', async () => {
    // Proves features cannot go back to importing the shell (its route paths once lived there).
    const page = `${WEB}/features/send-money/pages/send-money-page.tsx`;
    for (const code of [
      importRouter('../../../app/router.tsx'),
      "import type { router } from '../../../app/router.tsx';\nexport type Router = typeof router;\n",
      "export const load = () => import('../../../app/router.tsx');\n",
      importRouter('../../../app/router'),
    ]) {
      expect(await layoutRulesBroken(page, code), code).toEqual(['boundaries/dependencies']);
    }
    expect(await layoutRulesBroken(`${WEB}/components/toaster.tsx`, importRouter('../app/router.tsx'))).toEqual([
      'boundaries/dependencies',
    ]);
    expect(await layoutRulesBroken(`${WEB}/console/console-layout.tsx`, importRouter('../app/router.tsx'))).toEqual([
      'boundaries/dependencies',
    ]);
  });

  it('accepts the paths from lib/, app/ importing itself, and main.tsx starting the app', async () => {
    // Proves the rule's good side: lib/paths.ts serves features and the shell alike.
    expect(await layoutRulesBroken(`${WEB}/features/send-money/pages/send-money-page.tsx`, importPaths('../../../lib/paths.ts'))).toEqual(
      [],
    );
    expect(await layoutRulesBroken(`${WEB}/app/routes/money.tsx`, importRouter('../router.tsx'))).toEqual([]);
    expect(await layoutRulesBroken(`${WEB}/main.tsx`, importRouter('./app/router.tsx'))).toEqual([]);
  });
});

describe('habits: a status or a type is written by its contract name', () => {
  const RAW = 'habits/no-raw-status-number';
  const service = `${SERVER}/modules/payment-links/payment-links.service.ts`;
  const repository = `${SERVER}/modules/payment-links/payment-links.repository.ts`;
  const screen = `${WEB}/features/payment-links/pages/payment-link-attempts-page.tsx`;

  it.each([
    ['a comparison', 'export const paid = (row: { status: number }) => row.status === 1;'],
    ['a comparison the other way round', 'export const open = (row: { kyc_status: number }) => 0 !== row.kyc_status;'],
    ['an ordering', 'export const late = (row: { status: number }) => row.status >= 2;'],
    [
      'a switch case',
      "export function label(row: { status: number }) {\n  switch (row.status) {\n    case 2:\n      return 'Inactive';\n  }\n  return '';\n}",
    ],
    ['a property of a row', 'export const row = { amount: 5n, status: 1 };'],
    ['a chosen number', 'export const settings = (on: boolean) => ({ smsStatus: on ? 1 : 0 });'],
    ['a number made const', 'export const link = { type: 1 as const };'],
    ['an assignment', 'export function close(row: { status: number }) {\n  row.status = 3;\n}'],
    ['a constant copying a transaction type', 'export const LINK_PAYMENT_TYPE = 8;'],
    ['a default parameter', 'export const make = (status = 1) => ({ code: status });'],
    ['a property typed as numbers', 'export interface Link {\n  status: 1 | 2;\n}'],
    ['a parameter typed as numbers', 'export const open = (isDefault: 0 | 1 | 2) => isDefault;'],
    ['a list of numbers', 'export const open = (row: { status: number }) => [0, 1].includes(row.status);'],
  ])('reports %s in a service', async (_what, code) => {
    // Proves each form a bare status number takes in our code is seen.
    expect(await habitsBroken(service, code), code).toEqual([RAW]);
  });

  it('reports a map keyed by bare statuses, once per key', async () => {
    // Proves STATUS_COLOR = { 0: ..., 1: ... } is refused: keys by name are checked complete by satisfies.
    const code = "export const STATUS_COLOR: Record<number, string> = { 0: 'gray', 1: 'green' };";
    expect(await habitsBroken(`${WEB}/components/user-status-badge.tsx`, code)).toEqual([RAW, RAW]);
  });

  it.each([
    ['a Kysely filter', "export const q = (db: any) => db.selectFrom('transactions').where('transactions.status', '=', 1);"],
    ['a Kysely list', "export const q = (db: any) => db.selectFrom('refund_requests').where('status', 'in', [0, 1]);"],
    ['an expression builder comparison', "export const q = (eb: any) => eb('wallets.is_default', '<>', 2);"],
    ['raw SQL', "import { sql } from 'kysely';\nexport const q = sql`UPDATE transactions SET status = 2 WHERE id = 1 AND status = 0`;"],
    [
      'raw SQL listing types',
      "import { sql } from 'kysely';\nexport const q = sql`SELECT 1 FROM transactions WHERE transaction_type_id IN (8, 9)`;",
    ],
  ])('reports %s in a repository', async (_what, code) => {
    // Proves queries name statuses too: a filter, a list, a comparison and raw SQL.
    expect(await habitsBroken(repository, code), code).toEqual([RAW]);
  });

  it('reports a bare status in a screen of the web app', async () => {
    // Proves the rule holds where the web app reads the numbers the server writes.
    const code = 'export const active = (status: number) => status === 1;';
    expect(await habitsBroken(screen, code)).toEqual([RAW]);
  });

  it('accepts names, HTTP statuses, words, counts, and numbers kept where they are history or on purpose', async () => {
    // Proves the rule's good side: what a status should look like, and what is not a status.
    const good = [
      "import { TRANSACTION_STATUS } from '@paywallet/contract';\nexport const paid = (row: { status: number }) => row.status === TRANSACTION_STATUS.SUCCESS;",
      "import { STORE_STATUS, type TStoreStatus } from '@paywallet/contract';\nexport const STATUS_COLOR = { [STORE_STATUS.ACTIVE]: 'green' } satisfies Partial<Record<TStoreStatus, string>>;",
      "import { sql } from 'kysely';\nimport { TRANSACTION_STATUS } from '@paywallet/contract';\nexport const q = sql`UPDATE transactions SET status = ${TRANSACTION_STATUS.FAILED} WHERE status = ${TRANSACTION_STATUS.PENDING}`;",
      'export const ok = (reply: { statusCode: number }) => reply.statusCode === 200 || reply.statusCode === 0;',
      'export const missing = (response: { status: number }) => response.status === 404;',
      "export const row = { status: 'running', type: 'pos', count: 1, page: 2 };",
      'export const NOTIFICATION_TYPE_NAME_MAX_CHARS = 60;',
      'export const JOB_KIND_NAME_LENGTH_MAX = 100;',
      "export const q = (db: any) => db.selectFrom('transactions').where('transactions.amount', '>', 0);",
    ];
    for (const code of good) expect(await habitsBroken(service, code), code).toEqual([]);
    const bare = 'export const row = { amount: 5n, status: 1 };';
    expect(await habitsBroken(`${SERVER}/modules/payment-links/payment-links.test.ts`, bare)).toEqual([]);
    expect(await habitsBroken(`${SERVER}/test/merchant.ts`, bare)).toEqual([]);
    expect(await habitsBroken(`${SERVER}/db/migrations/0013-payment-links.ts`, bare)).toEqual([]);
    // The contract is where the numbers get their names.
    expect(await habitsBroken('packages/contract/src/statuses.ts', 'export const LINK_STATUS = { ACTIVE: 1 } as const;')).toEqual([]);
  });
});

describe('habits: money leaves through minorToWire', () => {
  const MONEY = 'habits/no-number-on-money';
  const service = `${SERVER}/modules/payment-links/payment-links.service.ts`;

  it.each([
    ['Number(row.amount)'],
    ['Number(sums.total_amount)'],
    ['Number(row.available_balance)'],
    ['Number(charges.feeMinor)'],
    ['Number(sums.amount ?? 0n)'],
    ['Number(row.captured_amount - row.refunded_amount)'],
    ['Number(-amountMinor)'],
  ])('reports %s in a service', async (expression) => {
    // Proves Number() on a money amount is refused however the amount is written.
    const code = `declare const row: any, sums: any, charges: any, amountMinor: bigint;\nexport const wire = ${expression};`;
    expect(await habitsBroken(service, code), expression).toEqual([MONEY]);
  });

  it('reports it in the packages too', async () => {
    // Proves the money core is held as well (minorToWire itself carries the one exception).
    const code = 'export const wire = (amountMinor: bigint) => Number(amountMinor);';
    expect(await habitsBroken('packages/ledger/src/postings.ts', code)).toEqual([MONEY]);
  });

  it('accepts minorToWire, and Number() on what is not money: ids, counts, rates, times, words that only contain a money word', async () => {
    // Proves the rule judges whole words: a row count named total, fee_bps, activatedAt (not "vat").
    const code = [
      "import { minorToWire } from '@paywallet/ledger';",
      'declare const row: any, result: any;',
      'export const wire = [',
      '  minorToWire(row.amount),',
      '  Number(row.id),',
      '  Number(row.total),',
      '  Number(result.numUpdatedRows),',
      '  Number(row.fee_bps),',
      '  Number(row.refunded_at),',
      '  Number(row.activatedAt),',
      '  Number(row.private_count),',
      '  Number(row.feedback),',
      '  Number(row.expMonth),',
      '];',
    ].join('\n');
    expect(await habitsBroken(service, code)).toEqual([]);
    // The web app reads amounts the wire already sends as numbers.
    expect(
      await habitsBroken(
        `${WEB}/features/payment-links/pages/payment-link-attempts-page.tsx`,
        'export const n = (row: { amount: string }) => Number(row.amount);',
      ),
    ).toEqual([]);
  });
});

describe('habits: an invariant is an assertion, an expected failure a named error', () => {
  const THROW = 'habits/no-throw-new-error';
  const service = `${SERVER}/modules/payment-links/payment-links.service.ts`;

  it.each([
    ["throw new Error('the link was not read back');"],
    ["throw Error('the link was not read back');"],
    ["throw new TypeError('not a link');"],
    ["export const refused = () => Promise.reject(new Error('refused'));"],
    ["export const later = () => new Promise((_resolve, reject) => reject(new RangeError('too late')));"],
  ])('reports %s', async (code) => {
    // Proves an anonymous error cannot be thrown, whether by throw, by Error() or by a rejection.
    expect(await habitsBroken(service, code), code).toEqual([THROW]);
  });

  it('reports it in the packages too', async () => {
    expect(await habitsBroken('packages/contract/src/money.ts', "throw new Error('no');")).toEqual([THROW]);
  });

  it('accepts assert, a named failure, an error class of its own, a rethrow, and tests', async () => {
    // Proves the rule's good side: the three ways the code base fails, and rethrowing what was caught.
    const code = [
      "import { assert } from '@paywallet/ledger';",
      "import { fail } from '../../transport/errors.ts';",
      'class ConfigError extends Error {}',
      'export function check(ok: boolean, found: boolean, set: boolean) {',
      "  assert(ok, 'the link was read back');",
      "  if (!found) fail('PAYMENT_LINK_NOT_FOUND');",
      "  if (!set) throw new ConfigError('PORT must be a whole number');",
      '}',
      'export async function again(work: () => Promise<void>) {',
      '  try {',
      '    await work();',
      '  } catch (error) {',
      '    throw error;',
      '  }',
      '}',
    ].join('\n');
    expect(await habitsBroken(service, code)).toEqual([]);
    expect(await habitsBroken(`${SERVER}/modules/payment-links/payment-links.test.ts`, "throw new Error('the caller fails');")).toEqual([]);
  });
});
