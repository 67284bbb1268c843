// Proves that no framework default message can reach a user through a form of the app: every
// form schema, parsed with hostile values the way the form kit parses it, answers only the
// contract's or the form schema's messages (spec wording), never zod's English ('Invalid input:
// expected string, received undefined'). The control case shows the guard is needed: the
// request-money and passcode-login schemas without the kit's map do leak zod's words.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZLoginRequest,
  ZPasscodeLoginRequest,
  ZRegisterRequest,
  ZSetPasscodeRequest,
  ZVerifyEmailGeneralRequest,
  ZVerifyEmailPhoneRequest,
  ZVerifyEmailRequest,
} from '@paywallet/contract';
import type { TKycInput } from '@paywallet/contract';
import { formErrorMap } from '../components/form/form-error-map.ts';
import { ZResetPasswordForm, ZResetPinForm, ZVerifyOtpForm } from '../features/auth/form-schemas.ts';
import { ZCardForm } from '../features/deposit/card-form.ts';
import { ZDepositForm } from '../features/deposit/deposit-form.ts';
import { buildKycSchema } from '../features/kyc/kyc-form.ts';
import { ZPayRequestForm, ZRequestMoneyForm } from '../features/request-money/request-money-form.ts';
import { ZSendMoneyForm } from '../features/send-money/send-money-form.ts';
import { ZAddStaffForm, ZUpdateStaffForm } from '../features/staff/staff-forms.ts';
import { ZPaymentLinkForm } from '../features/payment-links/payment-link-form.ts';
import { buildMethodSchema, ZWithdrawalRequestForm } from '../features/withdrawals/withdrawal-forms.ts';
import { ZRunSettlementsForm, ZSettlementConfigForm } from '../console/settlement-forms.ts';

const KYC_INPUTS: TKycInput[] = [
  { id: 1, name: 'Full legal name', input_type: { type: 'text' }, input_attributes: { required: 1 } },
  { id: 2, name: 'Salary', input_type: { type: 'checkbox' }, input_attributes: { required: 1 } },
  { id: 3, name: 'Source of funds', input_type: { type: 'radio' }, input_attributes: { required: 0, options: ['Salary', 'Savings'] } },
  { id: 4, name: 'Passport', input_type: { type: 'file' }, input_attributes: { required: 1 } },
] as TKycInput[];

const FORM_SCHEMAS: Record<string, z.ZodObject> = {
  'send-otp': ZVerifyEmailRequest,
  'verify-otp': ZVerifyOtpForm,
  signup: ZRegisterRequest,
  login: ZLoginRequest,
  'set-passcode': ZSetPasscodeRequest,
  'passcode-login': ZPasscodeLoginRequest,
  'verify-email-general': ZVerifyEmailGeneralRequest,
  'forget-password': ZVerifyEmailGeneralRequest,
  'reset-password': ZResetPasswordForm,
  'reset-pin': ZResetPinForm,
  kyc: buildKycSchema(KYC_INPUTS),
  'send-money step 1': ZVerifyEmailPhoneRequest,
  'send-money amount': ZSendMoneyForm,
  'request-money': ZRequestMoneyForm,
  'pay a request': ZPayRequestForm,
  deposit: ZDepositForm,
  'deposit card': ZCardForm,
  'merchant-staff add': ZAddStaffForm,
  'merchant-staff update': ZUpdateStaffForm,
  'payment-link add': ZPaymentLinkForm,
  'withdrawal method': buildMethodSchema([
    { type: 'text', Name: 'Account Name', required: true, rule: 'text' },
    { type: 'text', Name: 'IBAN', required: true, rule: 'iban' },
    { type: 'text', Name: 'Reference', required: false, rule: 'text' },
  ]),
  'withdrawal request': ZWithdrawalRequestForm,
  'console settlement configuration': ZSettlementConfigForm,
  'console run settlements': ZRunSettlementsForm,
};

/** Values no field expects: missing, empty, blank, the wrong type, far too long, symbols. */
const HOSTILE_VALUES: unknown[] = [undefined, null, '', '   ', 42, true, {}, 'x'.repeat(5000), '9'.repeat(5000), '@@@', '-1', 'abc'];

/** The openings of zod's English messages (its `en` locale). */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

function messagesOf(schema: z.ZodObject, params?: { error: typeof formErrorMap }): string[] {
  const messages: string[] = [];
  for (const hostile of HOSTILE_VALUES) {
    const values = Object.fromEntries(Object.keys(schema.shape).map((field) => [field, hostile]));
    const result = schema.safeParse(values, params);
    for (const issue of result.error?.issues ?? []) messages.push(issue.message);
  }
  return messages;
}

describe('form messages', () => {
  it.each(Object.entries(FORM_SCHEMAS))('the %s form says only its own messages', (_name, schema) => {
    const messages = messagesOf(schema, { error: formErrorMap });
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.filter((message) => ZOD_DEFAULT.test(message))).toEqual([]);
  });

  it("needs the kit's map: without it the schemas leak zod's own words", () => {
    expect(messagesOf(ZRequestMoneyForm).filter((message) => ZOD_DEFAULT.test(message)).length).toBeGreaterThan(0);
    expect(messagesOf(ZPasscodeLoginRequest)).toContain('Too big: expected string to have <=500 characters');
    expect(messagesOf(ZRequestMoneyForm, { error: formErrorMap })).toContain('The amount field is required');
    expect(messagesOf(ZPasscodeLoginRequest, { error: formErrorMap })).toContain('The device token may not be greater than 500 characters');
  });

  it('keeps the spec messages the schemas carry', () => {
    const amount = ZSendMoneyForm.safeParse({ amount: '12a', walletId: '1', deductCharges: false }, { error: formErrorMap });
    expect(amount.error?.issues.map((issue) => issue.message)).toEqual(['Only numeric characters are allowed']);
    const email = ZVerifyEmailRequest.safeParse({ email: 'nadia@' }, { error: formErrorMap });
    expect(email.error?.issues.map((issue) => issue.message)).toEqual(['The email must be a valid email address']);
    const passcode = ZSetPasscodeRequest.safeParse({ passcode: '12a4', confirmPasscode: '12a4' }, { error: formErrorMap });
    expect(passcode.error?.issues.map((issue) => issue.message)).toEqual(['The passcode must be exactly 4 digits']);
  });
});
