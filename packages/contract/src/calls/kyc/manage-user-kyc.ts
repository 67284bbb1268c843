import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { zId } from '../../rules.ts';

export const ZKycValue = z.object({
  inputId: zId('input id', 'int'),
  value: z.union([z.string().max(500), z.number().gte(-1e15).lte(1e15)]).transform((v) => String(v)),
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
export const manageUserKycCall = defineCall({
  path: 'manage-user-kyc',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: null,
  kind: 'write',
  audit: 'kyc.submit',
  request: ZManageUserKycRequest,
  response: z.null(),
});
export type TManageUserKycRequest = z.input<typeof ZManageUserKycRequest>;
export type TManageUserKycInput = z.output<typeof ZManageUserKycRequest>;
