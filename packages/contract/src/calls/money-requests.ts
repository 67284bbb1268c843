import { z } from 'zod';
import { defineCall } from '../call.ts';
import { zPagination, zPaginationData } from '../rules.ts';
import { zAmountMinor, zEmailOrPhone, zId } from './money-common.ts';

export const MONEY_REQUEST_STATUS = ['PENDING', 'CANCELED', 'ACCEPTED', 'REJECTED'] as const;
export type TMoneyRequestStatus = (typeof MONEY_REQUEST_STATUS)[number];

export const ZInitiateRequestMoneyRequest = z.object({
  emailOrPhone: zEmailOrPhone,
  amount: zAmountMinor,
  userAccountId: zId('wallet'),
  notes: z.string().trim().max(255, 'The notes may not be greater than 255 characters').optional().default(''),
});
export const initiateRequestMoney = defineCall({
  path: 'initiate-request-money',
  auth: 'user',
  request: ZInitiateRequestMoneyRequest,
  response: z.object({ id: z.number().int() }),
});
export type TInitiateRequestMoneyRequest = z.input<typeof ZInitiateRequestMoneyRequest>;

const ZCurrencyRef = z.object({ code: z.string() });

export const ZMyMoneyRequest = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  amount: z.number().int(),
  notes: z.string(),
  user_account: z.object({ currency: ZCurrencyRef }),
  status: z.enum(MONEY_REQUEST_STATUS),
  statusStr: z.string(),
  created_at: z.string(),
});
export const ZReceivedMoneyRequest = z.object({
  id: z.number().int(),
  user_account: z.object({ currency: ZCurrencyRef, user: z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }) }),
  notes: z.string(),
  amount: z.number().int(),
  status: z.enum(MONEY_REQUEST_STATUS),
  statusStr: z.string(),
  created_at: z.string(),
});
export type TMyMoneyRequest = z.infer<typeof ZMyMoneyRequest>;
export type TReceivedMoneyRequest = z.infer<typeof ZReceivedMoneyRequest>;

export const getMoneyRequests = defineCall({
  path: 'get-money-requests',
  auth: 'user',
  request: z.object(zPagination),
  response: z.object({ data: z.array(ZMyMoneyRequest), paginationData: zPaginationData }),
});
export const getUserRequestMoney = defineCall({
  path: 'get-user-request-money',
  auth: 'user',
  request: z.object(zPagination),
  response: z.object({ data: z.array(ZReceivedMoneyRequest), paginationData: zPaginationData }),
});
const ZRequestIdRequest = z.object({ requestId: zId('request id') });
const ZRequestStatusResponse = z.object({ id: z.number().int(), status: z.enum(MONEY_REQUEST_STATUS), statusStr: z.string() });
export const cancelRequestMoney = defineCall({
  path: 'cancel-request-money',
  auth: 'user',
  request: ZRequestIdRequest,
  response: ZRequestStatusResponse,
});
export const rejectRequestMoney = defineCall({
  path: 'reject-request-money',
  auth: 'user',
  request: ZRequestIdRequest,
  response: ZRequestStatusResponse,
});
