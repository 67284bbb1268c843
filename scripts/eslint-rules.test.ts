// Proves that the layout rules of eslint.config.js hold: each rule reports a small bad snippet
// linted as if it were written where the rule applies, and stays quiet on its good
// counterpart; and the repository's own server and web code passes them (so `npm test`
// keeps the layout even where `npm run lint` is not run). The snippets import real files,
// since the import rules judge where an import resolves: the first test checks they exist.
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

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The layout rules a snippet breaks, linted as the file at `filePath` (which need not exist). */
async function layoutRulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  expect(result).toBeDefined();
  const fatal = result!.messages.filter((message) => message.fatal);
  expect(fatal, 'the snippet parses').toEqual([]);
  return result!.messages.map((message) => message.ruleId ?? '').filter((rule) => LAYOUT_RULES.has(rule));
}

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

describe("the repository's own code", () => {
  it('keeps every layout rule in the server and the web app', async () => {
    // Proves the layout holds today, whether or not `npm run lint` runs where this suite runs.
    const results = await eslint.lintFiles([`${SERVER}/**/*.ts`, `${WEB}/**/*.{ts,tsx}`]);
    const broken = results.flatMap((result) =>
      result.messages
        .filter((message) => message.fatal || LAYOUT_RULES.has(message.ruleId ?? ''))
        .map((message) => `${path.relative(repoRoot, result.filePath)}:${message.line} ${message.ruleId}: ${message.message}`),
    );
    expect(results.length).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });
});
