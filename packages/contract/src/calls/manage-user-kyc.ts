import { z } from 'zod';
import { defineCall } from '../call.ts';

export const ZKycValue = z.object({
  inputId: z.coerce.number().int().positive(),
  value: z.union([z.string().max(500), z.number()]).transform((v) => String(v)),
});

/** The spec sends `kyc` as a JSON string of {inputId, value}; an array is accepted too. */
export const ZManageUserKycRequest = z.object({
  kyc: z
    .union([z.string().max(20_000), z.array(z.unknown()).max(100)])
    .transform((raw, ctx) => {
      if (Array.isArray(raw)) return raw;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (Array.isArray(parsed)) return parsed;
      } catch {
        // fall through to the issue below
      }
      ctx.addIssue({ code: 'custom', message: 'The kyc field must be a list of answers' });
      return z.NEVER;
    })
    .pipe(z.array(ZKycValue).max(100)),
});
export const manageUserKyc = defineCall({
  path: 'manage-user-kyc',
  auth: 'user',
  request: ZManageUserKycRequest,
  response: z.null(),
});
export type TManageUserKycRequest = z.input<typeof ZManageUserKycRequest>;
