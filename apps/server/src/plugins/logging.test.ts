// The server log at trace level, captured through the logger's stream while a whole sign-in,
// a money call, a card deposit with a 3-D Secure challenge and a database failure run, never
// carries a secret: no access token (either stage), no session hash, no quote hash, no
// password or its hash, no passcode or its hash, no one-time code, no card number or CVC, no
// 3-D Secure token, and no database error detail quoting a row.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  checkBalanceAndLimitsCall,
  confirmSendMoneyCall,
  initiateDepositCall,
  initiateSendMoneyCall,
  loginCall,
  passcodeLoginCall,
  verifyEmailCall,
  verifyOtpCall,
} from '@paywallet/contract';
import { createTestApp, DEMO_CONSUMER, DEMO_MERCHANT, forgetSendLimits, latestCode, type TestApp } from '../test/harness.ts';
import { expectLedgerInvariants } from '../test/money.ts';
import { sha256Hex } from '../lib/secrets.ts';
import { loggedPath, safeError, scrubbedText } from './logging.ts';

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

let t: TestApp;
/** Every secret the scenario handled; none may appear in the log. */
const secrets = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'trace' }, { logStream: capture });
});
afterAll(async () => t.close());

const FAILING_DEVICE_TOKEN = 'device-token-the-database-refuses';
const CARD = { cardHolderName: 'Omar Nasser', cardNumber: '4000000000003220', expMonth: '09', expYear: '39', cvc: '7319' };

describe('the log at trace level', () => {
  it('carries no secret through a sign-in, a payment, a card deposit, its 3-D Secure page and a failure', async () => {
    // Proves every secret the server handled in these calls stays out of the log, at the most
    // talkative level, including a failure whose database error quotes the row it refused.
    const who = DEMO_CONSUMER;
    await forgetSendLimits(t, who.email);
    expect((await t.call(verifyEmailCall, { email: who.email })).status).toBe(200);
    const otp = await latestCode(t, who.email);
    secrets.set('one-time code', otp);
    expect((await t.call(verifyOtpCall, { email: who.email, otp })).status).toBe(200);
    const login = await t.call(loginCall, { email: who.email, password: who.password });
    expect(login.status).toBe(200);
    const passcodeStageToken = login.data.accessToken;
    secrets.set('password', who.password);
    secrets.set('password-stage token', passcodeStageToken);
    secrets.set('password-stage session hash', sha256Hex(passcodeStageToken));

    // A failure after the passcode was found right: the database refuses the device token and
    // its error's detail quotes the whole users row (hashes included).
    await sql`ALTER TABLE users ADD CONSTRAINT test_log_device_token CHECK (device_token IS DISTINCT FROM ${sql.lit(FAILING_DEVICE_TOKEN)})`.execute(
      t.deps.db,
    );
    const failed = await t.call(
      passcodeLoginCall,
      { passcode: who.passcode, deviceToken: FAILING_DEVICE_TOKEN },
      { token: passcodeStageToken },
    );
    expect(failed.status).toBe(500);
    const passcode = await t.call(
      passcodeLoginCall,
      { passcode: who.passcode, deviceToken: 'a-push-token-1' },
      { token: passcodeStageToken },
    );
    expect(passcode.status).toBe(200);
    const token = passcode.data.accessToken;
    secrets.set('passcode', `"${who.passcode}"`);
    secrets.set('full token', token);
    secrets.set('full session hash', sha256Hex(token));
    secrets.set('device token', 'a-push-token-1');
    const hashes = await t.deps.db
      .selectFrom('users')
      .select(['password_hash', 'passcode_hash'])
      .where('email', '=', who.email)
      .executeTakeFirstOrThrow();
    secrets.set('password hash', hashes.password_hash);
    secrets.set('passcode hash', hashes.passcode_hash!);

    const wallets = await t.deps.db
      .selectFrom('wallets')
      .innerJoin('users', 'users.id', 'wallets.user_id')
      .select(['wallets.id', 'wallets.currency_id'])
      .where('users.email', '=', who.email)
      .where('wallets.is_default', '=', 1)
      .executeTakeFirstOrThrow();
    const quote = await t.call(
      initiateSendMoneyCall,
      { emailOrPhone: DEMO_MERCHANT.email, amount: 1_000, payerAccountId: Number(wallets.id) },
      { token },
    );
    expect(quote.status).toBe(200);
    secrets.set('quote hash', quote.data.hash);
    expect((await t.call(confirmSendMoneyCall, { transactionHash: quote.data.hash }, { token })).status).toBe(200);

    const card = await t.deps.db.selectFrom('payment_methods').select('id').where('code', '=', 'CARD').executeTakeFirstOrThrow();
    const depositQuote = await t.call(
      checkBalanceAndLimitsCall,
      { amount: 5_000, userAccountId: Number(wallets.id), paymentMethodId: card.id, type: 'DEPOSIT' },
      { token },
    );
    expect(depositQuote.status).toBe(200);
    secrets.set('deposit quote hash', depositQuote.data.hash);
    const deposit = await t.call(initiateDepositCall, { ...CARD, hash: depositQuote.data.hash }, { token });
    expect(deposit.status).toBe(200);
    secrets.set('card number', CARD.cardNumber);
    secrets.set('cvc', `"${CARD.cvc}"`);
    const pagePath = new URL(deposit.data.paymentUrl!).pathname;
    const threeDsToken = decodeURIComponent(pagePath.replace('/gateway/3ds/', ''));
    secrets.set('3-D Secure token', threeDsToken);
    expect((await t.app.inject({ method: 'GET', url: `${pagePath}?from=test` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `${pagePath}/approve` })).statusCode).toBe(303);
    // A path under the page that matches no route goes through the not-found handler's log.
    await t.app.inject({ method: 'GET', url: `${pagePath}/nothing-here` });

    const log = lines.join('');
    // The capture works at the most talkative level: request lines and the failure are in it.
    expect(t.app.log.level).toBe('trace');
    expect(log).toContain('incoming request');
    expect(log).toContain('not found');
    expect(log).toContain('call failed');
    expect(log).toContain('test_log_device_token');
    const found = [...secrets].filter(([, value]) => log.includes(value)).map(([name]) => name);
    expect(found).toEqual([]);
    expect(log).not.toContain('Failing row contains');
    await expectLedgerInvariants(t);
  });
});

describe('what the logger keeps of an error and a path', () => {
  it('keeps an error by its type, message, code and stack only', () => {
    // Proves the fields a database error quotes rows and values in never reach the log.
    const error = Object.assign(new Error('new row violates check constraint'), {
      code: '23514',
      detail: 'Failing row contains (1, secret-hash)',
      parameters: ['secret-hash'],
      query: 'UPDATE users SET ...',
    });
    const logged = safeError(error);
    expect(Object.keys(logged).sort()).toEqual(['code', 'message', 'stack', 'type']);
    expect(JSON.stringify(logged)).not.toContain('secret-hash');
  });

  it('logs a path without its query and without a bearer secret in it', () => {
    // Proves a request line shows where a request went, not the secret in its address.
    expect(loggedPath('/api/v1/login?token=abc')).toBe('/api/v1/login');
    expect(loggedPath('/gateway/3ds/AbCdEf0123456789abcdef/approve')).toBe('/gateway/3ds/[redacted]');
    expect(scrubbedText('Route GET:/gateway/3ds/AbCdEf0123456789abcdef/x not found')).toBe('Route GET:/gateway/3ds/[redacted] not found');
  });
});
