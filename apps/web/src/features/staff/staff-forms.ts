// The add and update forms type the status as the select's text; the rest are the calls' own rules.
import { z } from 'zod';
import {
  MESSAGES,
  ZAddMerchantStaffRequest,
  ZUpdateMerchantStaffRequest,
  type TAddMerchantStaffRequest,
  type TUpdateMerchantStaffRequest,
} from '@paywallet/contract';

const zStatusChoice = z.string().min(1, MESSAGES.required('status'));

export const ZAddStaffForm = z
  .object({ ...ZAddMerchantStaffRequest.shape, status: zStatusChoice })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordMismatch, path: ['confirmPassword'] });
export type TAddStaffFormOut = z.output<typeof ZAddStaffForm>;

export function toAddStaffRequest(values: TAddStaffFormOut): TAddMerchantStaffRequest {
  return { ...values, status: Number(values.status) };
}

export const ZUpdateStaffForm = z.object({
  firstName: ZUpdateMerchantStaffRequest.shape.firstName,
  lastName: ZUpdateMerchantStaffRequest.shape.lastName,
  status: zStatusChoice,
});
export type TUpdateStaffFormOut = z.output<typeof ZUpdateStaffForm>;

export function toUpdateStaffRequest(userId: number, values: TUpdateStaffFormOut): TUpdateMerchantStaffRequest {
  return { userId, ...values, status: Number(values.status) };
}
