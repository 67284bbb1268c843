// What the App Settings calls share (spec 2 App Settings, DECISIONS 20, 28, 35): the settings
// record, the webhook URL rule, the allowed-IP rule and the limits.
import { z } from 'zod';

export const APP_SETTINGS_LIMITS = {
  webhookUrlMaxChars: 255,
  /** Whitelisted IPs per merchant. */
  allowedIpsMax: 50,
  ipMaxChars: 45,
  notificationEmailMaxChars: 191,
} as const;

export const APP_SETTINGS_MESSAGES = {
  webhookUrlRequired: 'Webhook URL is required',
  webhookUrlRequiredText: 'Please enter a valid URL before saving.',
  webhookUrlInvalid: 'The webhook url must be a valid URL starting with https:// or http://',
  webhookUrlTooLong: `The webhook url may not be greater than 255 characters.`,
  removeWebhookTitle: 'Remove Webhook',
  removeWebhookConfirm: 'Are you sure to remove webhook?',
  ipInvalid: 'Each IP must be a valid IPv4 or IPv6 address',
  ipsTooMany: 'At most 50 IPs may be whitelisted',
} as const;

/** http(s) with a host, no spaces, no credentials in the URL. */
export function webhookUrlProblem(value: string): string | undefined {
  if (value.length > APP_SETTINGS_LIMITS.webhookUrlMaxChars) return APP_SETTINGS_MESSAGES.webhookUrlTooLong;
  if (/\s/.test(value)) return APP_SETTINGS_MESSAGES.webhookUrlInvalid;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return APP_SETTINGS_MESSAGES.webhookUrlInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return APP_SETTINGS_MESSAGES.webhookUrlInvalid;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return APP_SETTINGS_MESSAGES.webhookUrlInvalid;
  return undefined;
}

/** The webhook URL as saved: required, at most 255 characters, an http or https URL. */
export const zWebhookUrl = z
  .string({ error: APP_SETTINGS_MESSAGES.webhookUrlRequired })
  .max(APP_SETTINGS_LIMITS.webhookUrlMaxChars, { message: APP_SETTINGS_MESSAGES.webhookUrlTooLong, abort: true })
  .trim()
  .min(1, { message: APP_SETTINGS_MESSAGES.webhookUrlRequired, abort: true })
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** A plain IPv4 or IPv6 address (no ranges). IPv6 is checked loosely here and exactly on the server. */
export function isIpAddress(value: string): boolean {
  if (IPV4.test(value)) return true;
  return value.includes(':') && /^[0-9a-fA-F:.]{2,45}$/.test(value) && (value.match(/::/g) ?? []).length <= 1;
}

export const zAllowedIp = z
  .string()
  .max(APP_SETTINGS_LIMITS.ipMaxChars, { message: APP_SETTINGS_MESSAGES.ipInvalid, abort: true })
  .trim()
  .refine(isIpAddress, APP_SETTINGS_MESSAGES.ipInvalid);

/**
 * The settings record (first item of the list get-merchant-app-settings answers). The secrets
 * are null for anyone but the main account (DECISIONS 20).
 */
export const ZAppSettingsRecord = z.object({
  client_id: z.string(),
  client_secret: z.string().nullable(),
  is_ip_check: z.number().int(),
  allowed_ips: z.array(z.string()),
  webhook_url: z.string().nullable(),
  /** The Standard Webhooks signing secret ('whsec_...'), main account only. */
  webhook_secret: z.string().nullable(),
  /** 1: the caller is the main account (sees the secrets, may revoke and edit the IPs). */
  can_manage: z.number().int(),
});
export type TAppSettingsRecord = z.infer<typeof ZAppSettingsRecord>;
