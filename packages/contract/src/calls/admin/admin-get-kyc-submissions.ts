import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { zPage, zPageOf, zSearch } from '../../lists.ts';
import { KYC_STATUS } from '../../statuses.ts';
import { ZAdminPerson } from './common.ts';

export const ZKycAnswerView = z.object({
  inputId: z.number().int(),
  name: z.string(),
  type: z.string(),
  value: z.string(),
  /** For a file input: the uploaded file the answer names. */
  file: z.object({ id: z.number().int(), fileName: z.string(), mimeType: z.string(), sizeBytes: z.number().int() }).nullable(),
});
export const ZKycSubmissionRow = z.object({
  id: z.number().int(),
  user: ZAdminPerson.extend({ type: z.string(), status: z.number().int(), kyc_status: z.number().int() }),
  /** 1 awaiting review, 2 approved, 3 rejected (KYC_STATUS). */
  status: z.number().int(),
  answers: z.array(ZKycAnswerView),
  review_comment: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type TKycSubmissionRow = z.infer<typeof ZKycSubmissionRow>;

const SUBMISSION_STATUS_VALUES: number[] = [KYC_STATUS.SUBMITTED, KYC_STATUS.APPROVED, KYC_STATUS.REJECTED];

export const ZAdminGetKycSubmissionsRequest = z.object({
  ...zPage,
  status: z.coerce
    .number()
    .int()
    .refine((value) => SUBMISSION_STATUS_VALUES.includes(value), 'The selected status is invalid')
    .optional(),
  /** Part of the applicant's name, business name or e-mail. */
  search: zSearch,
});
export const adminGetKycSubmissionsCall = defineCall({
  path: 'admin/get-kyc-submissions',
  audience: ['admin'],
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: ZAdminGetKycSubmissionsRequest,
  response: zPageOf(ZKycSubmissionRow),
});
export type TAdminGetKycSubmissionsRequest = z.input<typeof ZAdminGetKycSubmissionsRequest>;
export type TAdminGetKycSubmissionsInput = z.output<typeof ZAdminGetKycSubmissionsRequest>;
