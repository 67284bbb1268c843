import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { ZSchemeOption, zPaymentLinkMethodType } from './common.ts';

/** Every card scheme of the platform (spec 3 section 7: defined, not used by the screens). */
export const ZGetPaymentMethodsRequest = z.object({ type: zPaymentLinkMethodType });
export const ZGetPaymentMethodsResponse = z.array(ZSchemeOption);
export const getPaymentMethodsCall = defineCall({
  path: 'get-payment-methods',
  audience: ['merchant'],
  session: 'full',
  feature: 'payment-link',
  kind: 'read',
  audit: null,
  request: ZGetPaymentMethodsRequest,
  response: ZGetPaymentMethodsResponse,
});
export type TGetPaymentMethodsRequest = z.input<typeof ZGetPaymentMethodsRequest>;
export type TGetPaymentMethodsResponse = z.output<typeof ZGetPaymentMethodsResponse>;
