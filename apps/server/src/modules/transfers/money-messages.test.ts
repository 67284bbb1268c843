// Proves no framework default message reaches a user of the money screens: every money call
// (send money, request money, deposit, the lists the screens read), sent hostile values in
// every field, answers a named refusal whose message and field messages are the contract's
// words, never zod's English ('Too big: expected number to be <=250') and never empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelRequestMoneyCall,
  checkBalanceAndLimitsCall,
  confirmSendMoneyCall,
  getAllowedPaymentMethodsCall,
  getMoneyRequestsCall,
  getTransactionsCall,
  getUserRequestMoneyCall,
  initiateDepositCall,
  initiateRequestMoneyCall,
  initiateSendMoneyCall,
  rejectRequestMoneyCall,
  verifyEmailPhoneCall,
  type CallDef,
} from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestPerson } from '../../test/money.ts';

const MONEY_CALLS: Record<string, { call: CallDef; fields: string[] }> = {
  'verify-email-phone': { call: verifyEmailPhoneCall, fields: ['emailOrPhone'] },
  'initiate-send-money': {
    call: initiateSendMoneyCall,
    fields: ['emailOrPhone', 'amount', 'deductChargesFromTransactionAmount', 'payerAccountId', 'request_id'],
  },
  'confirm-send-money': { call: confirmSendMoneyCall, fields: ['transactionHash', 'request_id'] },
  'initiate-request-money': { call: initiateRequestMoneyCall, fields: ['emailOrPhone', 'amount', 'userAccountId', 'notes'] },
  'get-money-requests': { call: getMoneyRequestsCall, fields: ['page', 'perPage'] },
  'get-user-request-money': { call: getUserRequestMoneyCall, fields: ['page', 'perPage'] },
  'cancel-request-money': { call: cancelRequestMoneyCall, fields: ['requestId'] },
  'reject-request-money': { call: rejectRequestMoneyCall, fields: ['requestId'] },
  'get-allowed-payment-methods': { call: getAllowedPaymentMethodsCall, fields: ['type', 'currencyId'] },
  'check-balance-and-limits': { call: checkBalanceAndLimitsCall, fields: ['amount', 'userAccountId', 'paymentMethodId', 'type'] },
  'initiate-deposit': { call: initiateDepositCall, fields: ['cardHolderName', 'cardNumber', 'expMonth', 'expYear', 'cvc', 'hash'] },
  'get-transactions': { call: getTransactionsCall, fields: ['page', 'perPage', 'status', 'transactionTypeId', 'userAccountId'] },
};

/** Values no field expects: the wrong type, empty, blank, far too big or long, signs, symbols. */
const HOSTILE_VALUES: unknown[] = [
  null,
  '',
  '   ',
  true,
  {},
  [],
  -1,
  0,
  1.5,
  1e15,
  999_999,
  'abc',
  '@@@',
  'x'.repeat(5000),
  '9'.repeat(400),
];

/** The openings of zod's English messages (its `en` locale). */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

describe('money call messages', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await createTestPerson(t)).token;
  });
  afterAll(async () => t.close());

  it.each(Object.entries(MONEY_CALLS))('%s answers hostile values in its own words', async (_name, { call, fields }) => {
    const problems: string[] = [];
    let refusals = 0;
    for (const field of fields) {
      for (const value of HOSTILE_VALUES) {
        const answer = await t.post(call.path, { [field]: value }, { token });
        if (answer.code === 200) continue;
        refusals += 1;
        expect(answer.status).toBe(answer.code);
        const errors = (answer.data as { errors?: Record<string, string> } | null)?.errors ?? {};
        for (const message of [answer.message, ...Object.values(errors)]) {
          if (message.trim() === '' || ZOD_DEFAULT.test(message))
            problems.push(`${field}=${JSON.stringify(value).slice(0, 20)}: ${message}`);
        }
      }
    }
    expect(refusals).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
