import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { MESSAGES, phoneProblem } from '../../rules.ts';
import { NOTIFICATION_SWITCH } from '../../statuses.ts';
import { limitFirst } from '../../text.ts';
import { ZNotificationSettings } from '../profile/get-user-data.ts';
import { APP_SETTINGS_LIMITS } from './common.ts';

const zSwitch = z.coerce
  .number()
  .int()
  .refine((value) => value === NOTIFICATION_SWITCH.OFF || value === NOTIFICATION_SWITCH.ON, 'The status must be 0 or 1');

/** The Notification tab: where and how the signed-in user is told. Empty email or phone reads as none. */
export const ZUpdateNotificationSettingsRequest = z.object({
  email: z
    .string()
    .max(APP_SETTINGS_LIMITS.notificationEmailMaxChars, limitFirst('email', APP_SETTINGS_LIMITS.notificationEmailMaxChars))
    .trim()
    .refine((value) => value === '' || z.email().safeParse(value).success, MESSAGES.emailInvalid)
    .optional()
    .nullable()
    .transform((value) => (value ? value.toLowerCase() : null)),
  phoneNumber: z
    .string()
    .max(30, { message: MESSAGES.phoneLength, abort: true })
    .trim()
    .superRefine((value, ctx) => {
      const problem = phoneProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  smsStatus: zSwitch,
  emailStatus: zSwitch,
});
export const updateNotificationSettingsCall = defineCall({
  path: 'update-notification-settings',
  audience: ['merchant'],
  session: 'full',
  feature: 'app-setting',
  kind: 'write',
  audit: 'notification-settings.update',
  request: ZUpdateNotificationSettingsRequest,
  response: ZNotificationSettings,
});
export type TUpdateNotificationSettingsRequest = z.input<typeof ZUpdateNotificationSettingsRequest>;
export type TUpdateNotificationSettingsInput = z.output<typeof ZUpdateNotificationSettingsRequest>;
