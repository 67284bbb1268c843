import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { ZCurrencyOption, zPaymentLinkMethodType } from './common.ts';

/** The currencies a payment link may be in: those the merchant has a card fee schedule in. */
export const ZGetAllowedCurrenciesRequest = z.object({ type: zPaymentLinkMethodType });
export const ZGetAllowedCurrenciesResponse = z.array(ZCurrencyOption);
export const getAllowedCurrenciesCall = defineCall({
  path: 'get-allowed-currencies',
  audience: ['merchant'],
  session: 'full',
  feature: 'payment-link',
  kind: 'read',
  audit: null,
  request: ZGetAllowedCurrenciesRequest,
  response: ZGetAllowedCurrenciesResponse,
});
export type TGetAllowedCurrenciesRequest = z.input<typeof ZGetAllowedCurrenciesRequest>;
export type TGetAllowedCurrenciesResponse = z.output<typeof ZGetAllowedCurrenciesResponse>;
