// Malformed input is a 400 (or a 422) with a named reason, never a 5xx, and writes nothing:
// integers past a column's range, text with a NUL or another control character in every call
// that used to pass it to the database, a KYC answer hiding a NUL behind a JSON escape,
// multipart bodies with a broken or missing boundary, a NUL in the file name, too many parts
// or files, and a megabyte password refused by its length limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getStoresCall,
  getTransactionsCall,
  initiateRequestMoneyCall,
  initiateSendMoneyCall,
  registerCall,
  resetPasswordCall,
  verifyEmailPhoneCall,
} from '@paywallet/contract';
import { countAllRows, createTestApp, fieldErrors, proveEmail, type TestAnswer, type TestApp } from '../test/harness.ts';
import { createTestPerson, expectLedgerInvariants, fundWallet, type TestPerson } from '../test/money.ts';
import { createTestMerchant, type TestMerchant } from '../test/merchant.ts';
import { multipartBody, TINY_PNG, type MultipartPart } from '../test/hostile-input.ts';

let t: TestApp;
let consumer: TestPerson;
let merchant: TestMerchant;

beforeAll(async () => {
  t = await createTestApp();
  consumer = await createTestPerson(t);
  merchant = await createTestMerchant(t);
  await fundWallet(t, consumer.wallets.AED!, 100_000, 'AED');
});
afterAll(async () => t.close());

const NUL = 'x\u0000y';

/** A refusal of validation naming the field, with nothing written anywhere. */
async function expectRefusedWithNothingWritten(send: () => Promise<TestAnswer<unknown>>, field: string, message: string) {
  const before = await countAllRows(t);
  const answer = await send();
  expect({ status: answer.status, code: answer.code, reason: answer.reason }).toEqual({
    status: 400,
    code: 400,
    reason: 'VALIDATION_FAILED',
  });
  expect(fieldErrors(answer)[field]).toBe(message);
  expect(await countAllRows(t)).toEqual(before);
}

describe('control characters in text', () => {
  it('refuses a NUL in every field that used to reach the database, naming the field', async () => {
    // Proves each of the bodies that answered 500 before (PostgreSQL refuses NUL in text) is
    // now a validation refusal that names the field and writes nothing.
    const wallet = Number(consumer.wallets.AED);
    const cases: Array<[() => Promise<TestAnswer<unknown>>, string, string]> = [
      [
        () => t.call(verifyEmailPhoneCall, { emailOrPhone: `${merchant.email}${NUL}` }, { token: consumer.token }),
        'emailOrPhone',
        'email or phone',
      ],
      [
        () =>
          t.call(initiateSendMoneyCall, { emailOrPhone: `a${NUL}@b.co`, amount: 100, payerAccountId: wallet }, { token: consumer.token }),
        'emailOrPhone',
        'email or phone',
      ],
      [
        () =>
          t.call(
            initiateRequestMoneyCall,
            { emailOrPhone: merchant.email, amount: 100, userAccountId: wallet, notes: NUL },
            { token: consumer.token },
          ),
        'notes',
        'notes',
      ],
      [() => t.call(getStoresCall, { search: `ab${NUL}` }, { token: merchant.token }), 'search', 'search'],
      [() => t.call(getTransactionsCall, { transactionId: NUL }, { token: consumer.token }), 'transactionId', 'transaction id'],
    ];
    for (const [send, field, label] of cases) {
      await expectRefusedWithNothingWritten(send, field, `The ${label} may not contain control characters`);
    }
  });

  it('allows tab and line breaks in free text only', async () => {
    // Proves free text (the notes of a request) keeps its line breaks, and a single-line field
    // refuses them with the same clear message as any other control character.
    const asked = await t.call(
      initiateRequestMoneyCall,
      { emailOrPhone: merchant.email, amount: 100, userAccountId: Number(consumer.wallets.AED), notes: 'for the\r\ndinner\tthanks' },
      { token: consumer.token },
    );
    expect(asked.status).toBe(200);
    const stored = await t.deps.db
      .selectFrom('money_requests')
      .select('notes')
      .where('id', '=', BigInt(asked.data.id))
      .executeTakeFirstOrThrow();
    expect(stored.notes).toBe('for the\r\ndinner\tthanks');
    await expectRefusedWithNothingWritten(
      () => t.call(verifyEmailPhoneCall, { emailOrPhone: `${merchant.email}\t` }, { token: consumer.token }),
      'emailOrPhone',
      'The email or phone may not contain control characters',
    );
  });

  it('finds a NUL hidden behind a JSON escape in the KYC answers', async () => {
    // Proves the text the schema decodes is checked too: the KYC answers travel as a JSON
    // string, so the NUL is a six-character escape until the schema parses it.
    const input = await t.deps.db.selectFrom('kyc_inputs').select('id').where('type', '=', 'text').executeTakeFirstOrThrow();
    await expectRefusedWithNothingWritten(
      () =>
        t.post('manage-user-kyc', { kyc: JSON.stringify([{ inputId: input.id, value: 'Mona\u0000Saleh' }]) }, { token: consumer.token }),
      'kyc.0.value',
      'The value may not contain control characters',
    );
  });

  it('refuses a control character in a field name', async () => {
    // Proves keys are text too: a NUL in a key is refused, not passed along.
    await expectRefusedWithNothingWritten(
      () => t.post('get-wallet-list', { 'a\u0000b': 1 }, { token: consumer.token }),
      'a?b',
      'A field name may not contain control characters',
    );
  });
});

describe('integers past a column', () => {
  it('refuses ids beyond their column with a named validation failure', async () => {
    // Proves the ids the first fuzzing found (currencyId and paymentMethodId of 100000000001,
    // int4 columns) and ids past int8 are refused before any query.
    const sends: Array<[string, unknown, string]> = [
      ['get-allowed-payment-methods', { type: 'DEPOSIT', currencyId: 100_000_000_001 }, 'currencyId'],
      [
        'check-balance-and-limits',
        { type: 'DEPOSIT', amount: 100, userAccountId: Number(consumer.wallets.AED), paymentMethodId: 100_000_000_001 },
        'paymentMethodId',
      ],
      ['initiate-send-money', { emailOrPhone: merchant.email, amount: 100, payerAccountId: 2 ** 63 }, 'payerAccountId'],
      ['cancel-request-money', { requestId: '9223372036854775808' }, 'requestId'],
      ['get-transactions', { userAccountId: -1 }, 'userAccountId'],
    ];
    for (const [path, body, field] of sends) {
      const before = await countAllRows(t);
      const answer = await t.post(path, body, { token: consumer.token });
      expect({ path, status: answer.status, reason: answer.reason }).toEqual({ path, status: 400, reason: 'VALIDATION_FAILED' });
      expect(Object.keys(fieldErrors(answer))).toContain(field);
      expect(await countAllRows(t)).toEqual(before);
    }
  });
});

describe('multipart bodies', () => {
  const boundary = '----hostile-test-boundary';
  const upload = (body: Buffer, contentType = `multipart/form-data; boundary=${boundary}`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/upload-user-kyc-file',
      payload: body,
      headers: { 'content-type': contentType, accesstoken: consumer.token },
    });
  const file = (fileName: string): MultipartPart => ({ name: 'file', value: TINY_PNG, fileName, contentType: 'image/png' });

  it('answers 400 MALFORMED_REQUEST to every broken body, writing nothing', async () => {
    // Proves each way a multipart body can be broken is the caller's 400, never a 500.
    const input = await t.deps.db.selectFrom('kyc_inputs').select('id').where('type', '=', 'file').executeTakeFirstOrThrow();
    const inputId: MultipartPart = { name: 'inputId', value: String(input.id) };
    const broken: Array<[string, Buffer, string?]> = [
      ['no closing boundary', multipartBody([inputId, file('id.png')], boundary, { close: false })],
      ['a boundary the body does not use', multipartBody([inputId, file('id.png')], boundary), 'multipart/form-data; boundary=another'],
      ['no boundary in the header', multipartBody([inputId, file('id.png')], boundary), 'multipart/form-data'],
      ['an empty boundary', multipartBody([inputId, file('id.png')], boundary), 'multipart/form-data; boundary='],
      ['a NUL in the file name', multipartBody([inputId, file('id\u0000.png')], boundary)],
      ['a control character in the file name', multipartBody([inputId, file('id\u001b.png')], boundary)],
      ['two files', multipartBody([inputId, file('a.png'), file('b.png')], boundary)],
      [
        'too many parts',
        multipartBody(
          Array.from({ length: 40 }, (_, index) => ({ name: `field${index}`, value: 'x' })),
          boundary,
        ),
      ],
      ['garbage', Buffer.from('this is not a multipart body at all')],
    ];
    for (const [what, body, contentType] of broken) {
      const before = await countAllRows(t);
      const response = await upload(body, contentType);
      const answer = response.json() as { code: number; reason: string };
      expect({ what, status: response.statusCode, code: answer.code, reason: answer.reason }).toEqual({
        what,
        status: 400,
        code: 400,
        reason: 'MALFORMED_REQUEST',
      });
      expect(await countAllRows(t)).toEqual(before);
    }
    // The same form, well made, is accepted: the refusals above are about the breakage.
    const good = await upload(multipartBody([inputId, file('id.png')], boundary));
    expect(good.statusCode).toBe(200);
  });

  it('refuses a NUL in a text part through the same rule as JSON', async () => {
    // Proves multipart fields reach the dispatcher's control-character check like any body.
    const answer = await upload(
      multipartBody([{ name: 'inputId', value: '1' }, { name: 'deviceId', value: NUL }, file('id.png')], boundary),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      reason: 'VALIDATION_FAILED',
      data: { errors: { deviceId: 'The device id may not contain control characters' } },
    });
  });
});

describe('a megabyte password', () => {
  it('is refused by the length limit on register and reset-password', async () => {
    // Proves the oversized password is answered by its length limit (the message of the limit,
    // not of the password rule, which a million 'a' would break) and nothing is written.
    const huge = 'a'.repeat(1024 * 1024);
    const email = 'huge-password@test.paywallet.local';
    await proveEmail(t, email);
    const before = await countAllRows(t);
    const registered = await t.call(registerCall, {
      firstName: 'Huge',
      lastName: 'Password',
      businessName: 'Huge Ltd',
      email,
      password: huge,
      confirmPassword: huge,
      carrierCode: '+971',
      phone: '501234567',
    });
    const reset = await t.call(resetPasswordCall, { email, password: huge, confirmPassword: huge, otp: '123456' });
    for (const answer of [registered, reset]) {
      expect({ status: answer.status, reason: answer.reason }).toEqual({ status: 400, reason: 'VALIDATION_FAILED' });
      expect(fieldErrors(answer).password).toBe('The password may not be greater than 128 characters');
      expect(fieldErrors(answer).confirmPassword).toBe('The confirm password may not be greater than 128 characters');
    }
    expect(await countAllRows(t)).toEqual(before);
    await expectLedgerInvariants(t);
  });
});
