// App Settings on real screens against the platform as `npm start` runs it: the demo merchant
// (the main account) reads and copies its credentials, edits the whitelisted IPs and the IP
// check, revokes access (new credentials replace the shown ones), saves notification settings,
// saves and removes the POS webhook (blank URL toast, Remove confirmation) and opens the top
// bar's API Keys modal. axe finds no serious violation, at desktop and phone width, and each
// screen is photographed at both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { APP_SETTINGS_MESSAGES, getMerchantAppSettingsCall, getUserDataCall } from '@paywallet/contract';
import { DESKTOP, PHONE, photographAndCheck } from '../support/axe.ts';
import { baseUrl, launch } from '../support/browser.ts';
import { apiCall, MERCHANT, signInThroughApi } from '../support/sign-in.ts';

const POLL = { timeout: 15_000 };

describe('App Settings', () => {
  let browser: Browser;
  let page: Page;
  let token: string;

  async function settings() {
    const answer = await apiCall(getMerchantAppSettingsCall, {}, token);
    expect(answer.code).toBe(200);
    return answer.data[0]!;
  }

  beforeAll(async () => {
    browser = await launch();
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    token = await signInThroughApi(page, MERCHANT);
  });
  afterAll(async () => browser?.close());

  it('shows the API keys to the main account, with Copy', async () => {
    const record = await settings();
    await page.goto('/app/app-setting');
    await expect.poll(() => page.getByRole('textbox', { name: 'Client ID', exact: true }).inputValue(), POLL).toBe(record.client_id);
    expect(await page.getByRole('textbox', { name: 'Client Secret', exact: true }).inputValue()).toBe(record.client_secret);
    expect(await page.getByTestId('ip-check-indicator').getAttribute('data-on')).toBe('0');
    await page.getByRole('button', { name: 'Copy Client Secret' }).click();
    await expect.poll(() => page.getByText('Text Copied').isVisible(), POLL).toBe(true);
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(record.client_secret);
    await photographAndCheck(page, 'app-settings-10-api-keys', { outline: false });
  });

  it('edits the whitelisted IPs and switches the IP check on', async () => {
    await page.getByRole('button', { name: 'Add IP' }).click();
    await page.getByRole('textbox', { name: 'IP#1', exact: true }).fill('not-an-ip');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText(APP_SETTINGS_MESSAGES.ipInvalid).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'IP#1', exact: true }).fill('203.0.113.5');
    await page.getByRole('button', { name: 'Add IP' }).click();
    await page.getByRole('textbox', { name: 'IP#2', exact: true }).fill('198.51.100.20');
    await page.getByRole('switch', { name: 'IP check' }).click({ force: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await settings()).allowed_ips, POLL).toEqual(['203.0.113.5', '198.51.100.20']);
    expect((await settings()).is_ip_check).toBe(1);
    await expect.poll(() => page.getByTestId('ip-check-indicator').getAttribute('data-on'), POLL).toBe('1');
    // Remove the second one and switch the check off again.
    await page.getByRole('button', { name: 'Remove IP#2' }).click();
    await page.getByRole('switch', { name: 'IP check' }).click({ force: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await settings()).allowed_ips, POLL).toEqual(['203.0.113.5']);
    expect((await settings()).is_ip_check).toBe(0);
    await photographAndCheck(page, 'app-settings-11-ips', { outline: false });
  });

  it('revokes access after confirmation: new credentials replace the shown ones', async () => {
    const before = await settings();
    await page.getByRole('button', { name: 'Revoke Access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke Access' });
    await dialog.waitFor();
    await photographAndCheck(page, 'app-settings-12-revoke-confirm', { outline: false });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Client ID', exact: true }).inputValue(), POLL).not.toBe(before.client_id);
    const after = await settings();
    expect(after.client_id).not.toBe(before.client_id);
    expect(await page.getByRole('textbox', { name: 'Client ID', exact: true }).inputValue()).toBe(after.client_id);
    expect(await page.getByRole('textbox', { name: 'Client Secret', exact: true }).inputValue()).toBe(after.client_secret);
  });

  it('saves the notification settings', async () => {
    await page.getByRole('tab', { name: 'Notification' }).click();
    await page.getByRole('textbox', { name: 'Email Address', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Email Address', exact: true }).inputValue()).toBe(MERCHANT.email);
    await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill('alerts@demo.paywallet.local');
    await page.getByRole('switch', { name: 'SMS Notification' }).click({ force: true });
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect
      .poll(async () => (await apiCall(getUserDataCall, {}, token)).data.details.notification_settings, POLL)
      .toMatchObject({ email: 'alerts@demo.paywallet.local', smsStatus: 0, emailStatus: 1 });
    await photographAndCheck(page, 'app-settings-20-notification', { outline: false });
  });

  it('saves and removes the POS webhook, with the blank-URL toast and the Remove confirmation', async () => {
    await page.getByRole('tab', { name: 'POS Webhook Settings' }).click();
    await page.getByRole('textbox', { name: 'Webhook URL', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText(APP_SETTINGS_MESSAGES.webhookUrlRequiredText).isVisible(), POLL).toBe(true);
    expect(await page.getByText(APP_SETTINGS_MESSAGES.webhookUrlRequired, { exact: true }).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Webhook URL', exact: true }).fill('ftp://example.com');
    await expect.poll(() => page.getByText(APP_SETTINGS_MESSAGES.webhookUrlInvalid).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Webhook URL', exact: true }).fill('https://hooks.example.com/pos');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await settings()).webhook_url, POLL).toBe('https://hooks.example.com/pos');
    await page.getByRole('button', { name: 'Remove' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Webhook Secret', exact: true }).inputValue()).toBe((await settings()).webhook_secret);
    await expect.poll(() => page.getByText('No data available').first().isVisible(), POLL).toBe(true);
    await photographAndCheck(page, 'app-settings-30-webhook', { outline: false });
    await page.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: APP_SETTINGS_MESSAGES.removeWebhookTitle });
    await dialog.waitFor();
    expect(await dialog.getByText(APP_SETTINGS_MESSAGES.removeWebhookConfirm).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(async () => (await settings()).webhook_url, POLL).toBeNull();
    await expect.poll(() => page.getByRole('button', { name: 'Remove' }).count(), POLL).toBe(0);
  });

  it("opens the top bar's API Keys modal with copy buttons and a link to the API Keys tab", async () => {
    const record = await settings();
    await page.goto('/app');
    await page.getByRole('button', { name: 'API Keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'API Keys' });
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Client ID', exact: true }).inputValue(), POLL).toBe(record.client_id);
    expect(await dialog.getByRole('textbox', { name: 'Client Secret', exact: true }).inputValue()).toBe(record.client_secret);
    await dialog.getByRole('button', { name: 'Copy Client ID' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(record.client_id);
    await photographAndCheck(page, 'app-settings-40-top-bar-modal', { outline: false });
    await dialog.getByRole('link', { name: 'Manage API keys in App Settings' }).click();
    await page.waitForURL('**/app/app-setting?tab=api-keys');
    await expect.poll(() => page.getByRole('textbox', { name: 'Client ID', exact: true }).inputValue(), POLL).toBe(record.client_id);
  });

  it('shows the tabs as a select at phone width', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/app/app-setting?tab=webhook');
    await page.getByLabel('Section').waitFor();
    await page.getByLabel('Section').selectOption('api-keys');
    await expect.poll(() => page.getByRole('textbox', { name: 'Client ID', exact: true }).isVisible(), POLL).toBe(true);
    await page.setViewportSize(DESKTOP);
  });
});
