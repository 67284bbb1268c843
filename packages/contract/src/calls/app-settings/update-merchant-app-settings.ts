import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { APP_SETTINGS_LIMITS, APP_SETTINGS_MESSAGES, ZAppSettingsRecord, zAllowedIp, webhookUrlProblem } from './common.ts';

/**
 * One call, three changes (spec 2 and DECISIONS 28): type 'webhook' saves webhookUrl,
 * 'removeWebHook' clears it (webhookUrl empty), 'allowedIps' replaces the whitelisted IPs and
 * the IP check switch (main account only).
 */
// One object with a type rather than a discriminated union: the web app's sign-in bundle shares
// zod's core with every screen, and a discriminated union there would add its code to it.
export const ZUpdateMerchantAppSettingsRequest = z
  .object({
    type: z.enum(['webhook', 'removeWebHook', 'allowedIps'], { error: 'The selected type is invalid' }),
    webhookUrl: z
      .string()
      .max(APP_SETTINGS_LIMITS.webhookUrlMaxChars, { message: APP_SETTINGS_MESSAGES.webhookUrlTooLong, abort: true })
      .trim()
      .optional(),
    ips: z.array(zAllowedIp).max(APP_SETTINGS_LIMITS.allowedIpsMax, APP_SETTINGS_MESSAGES.ipsTooMany).optional(),
    isIpCheck: z.coerce
      .number()
      .int()
      .refine((value) => value === 0 || value === 1, 'The IP check must be 0 or 1')
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'webhook') {
      const problem = value.webhookUrl ? webhookUrlProblem(value.webhookUrl) : APP_SETTINGS_MESSAGES.webhookUrlRequired;
      if (problem) ctx.addIssue({ code: 'custom', path: ['webhookUrl'], message: problem });
    }
    if (value.type === 'allowedIps') {
      if (value.ips === undefined) ctx.addIssue({ code: 'custom', path: ['ips'], message: 'The ips field is required' });
      if (value.isIpCheck === undefined) ctx.addIssue({ code: 'custom', path: ['isIpCheck'], message: 'The IP check field is required' });
    }
  });
export const updateMerchantAppSettingsCall = defineCall({
  path: 'update-merchant-app-settings',
  audience: ['merchant'],
  session: 'full',
  feature: 'app-setting',
  kind: 'write',
  audit: 'app-settings.update',
  request: ZUpdateMerchantAppSettingsRequest,
  response: ZAppSettingsRecord,
});
export type TUpdateMerchantAppSettingsRequest = z.input<typeof ZUpdateMerchantAppSettingsRequest>;
export type TUpdateMerchantAppSettingsInput = z.output<typeof ZUpdateMerchantAppSettingsRequest>;
