// Proves where a refusal's message lands on a form: the server's field messages (renamed from
// wire names, on any refusal that carries them) win; otherwise the refusal's name routes its
// message to the field it is about; anything else stays off the fields (the toast shows it).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { AMOUNT_REFUSALS, onField, serverFieldMessages, WALLET_REFUSALS } from './server-field-errors.ts';

const SEND_MONEY = {
  fields: ['amount', 'walletId', 'deductCharges'] as const,
  wireNames: { payerAccountId: 'walletId', deductChargesFromTransactionAmount: 'deductCharges' } as const,
  refusalFields: { ...onField(AMOUNT_REFUSALS, 'amount'), ...onField(WALLET_REFUSALS, 'walletId') },
};

describe('serverFieldMessages', () => {
  it('places a 400 VALIDATION_FAILED on the form fields, renaming wire names and dropping fields the form lacks', () => {
    const error = new ApiError(
      400,
      'The wallet field is required',
      { errors: { payerAccountId: 'The wallet field is required', amount: 'The amount is too large', hash: 'The hash field is required' } },
      'VALIDATION_FAILED',
    );
    expect(serverFieldMessages(error, SEND_MONEY)).toEqual({ walletId: 'The wallet field is required', amount: 'The amount is too large' });
  });

  it('places the field messages of a refusal that is not a 400 (EMAIL_TAKEN, 409)', () => {
    const error = new ApiError(
      409,
      'The email has already been taken.',
      { errors: { email: 'The email has already been taken.' } },
      'EMAIL_TAKEN',
    );
    expect(error.reason).toBe('EMAIL_TAKEN');
    expect(serverFieldMessages(error, { fields: ['email', 'phone'] })).toEqual({ email: 'The email has already been taken.' });
  });

  it('routes a refusal without field messages to the field its name is about', () => {
    const error = new ApiError(422, 'Insufficient balance.', null, 'INSUFFICIENT_FUNDS');
    expect(serverFieldMessages(error, SEND_MONEY)).toEqual({ amount: 'Insufficient balance.' });
    const wallet = new ApiError(422, 'The rolling-reserve wallet cannot send or receive payments.', null, 'RESERVE_WALLET_REFUSED');
    expect(serverFieldMessages(wallet, SEND_MONEY)).toEqual({ walletId: wallet.message });
  });

  it('leaves off the fields what belongs to none: an unrouted refusal, a reason the client does not know, a field the form lacks', () => {
    expect(serverFieldMessages(new ApiError(422, 'This payment has expired.', null, 'QUOTE_INVALID'), SEND_MONEY)).toEqual({});
    expect(serverFieldMessages(new ApiError(422, 'Something new.', null, 'NOT_A_KNOWN_NAME'), SEND_MONEY)).toEqual({});
    expect(serverFieldMessages(new ApiError(0, '👋 An error occurred'), SEND_MONEY)).toEqual({});
    expect(serverFieldMessages(new Error('not a refusal'), SEND_MONEY)).toEqual({});
    const elsewhere = { fields: ['email'] as const, refusalFields: { INSUFFICIENT_FUNDS: 'amount' } };
    expect(serverFieldMessages(new ApiError(422, 'Insufficient balance.', null, 'INSUFFICIENT_FUNDS'), elsewhere)).toEqual({});
  });

  it("prefers the server's field messages over routing by name", () => {
    const error = new ApiError(
      422,
      'Insufficient balance.',
      { errors: { payerAccountId: 'Pay from another wallet' } },
      'INSUFFICIENT_FUNDS',
    );
    expect(serverFieldMessages(error, SEND_MONEY)).toEqual({ walletId: 'Pay from another wallet' });
  });

  it('reads only string messages from data.errors', () => {
    const error = new ApiError(
      400,
      'x',
      { errors: { amount: 12, walletId: '', deductCharges: 'The deduct charges field is invalid' } },
      'VALIDATION_FAILED',
    );
    expect(serverFieldMessages(error, SEND_MONEY)).toEqual({ deductCharges: 'The deduct charges field is invalid' });
  });
});
