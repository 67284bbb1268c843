import { z } from 'zod';
import { defineCall } from '../call.ts';
import { ZKycInput } from '../entities.ts';

export const ZGetUserKycResponse = z.object({
  inputs: z.array(ZKycInput),
  /** 0 not submitted, 1 submitted and under review, 2 approved, 3 rejected. */
  status: z.number().int(),
});
export const getUserKyc = defineCall({
  path: 'get-user-kyc',
  auth: 'user',
  request: z.object({}).loose(),
  response: ZGetUserKycResponse,
});
export type TGetUserKycResponse = z.output<typeof ZGetUserKycResponse>;
