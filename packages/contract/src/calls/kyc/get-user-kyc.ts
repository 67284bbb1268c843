import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { ZKycInput } from '../../entities.ts';

/** Screen 11: the identity-verification form of the signed-in person, and where they stand. */
export const ZGetUserKycResponse = z.object({
  inputs: z.array(ZKycInput),
  /** KYC_STATUS: 0 not submitted, 1 submitted and under review, 2 approved, 3 rejected. */
  status: z.number().int(),
});
export const getUserKycCall = defineCall({
  path: 'get-user-kyc',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: z.object({}).loose(),
  response: ZGetUserKycResponse,
});
export type TGetUserKycResponse = z.output<typeof ZGetUserKycResponse>;
