// POS devices on real screens, in a real browser against the platform as `npm start` runs it:
// the demo merchant registers a device (Add Details), renames and deactivates it (Update Details), assigns the
// demo staff member on Assign Staff, resets that member's device password (confirmed, then shown
// once with a copy button, and gone once the dialog closes) and saves their terminal
// configuration. axe finds no serious or critical violation on each screen and dialog, at
// desktop (1280x800) and phone (390x844) width, and each screen is photographed at both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { getPosDevicesCall, POS_TEXTS } from '@paywallet/contract';
import { DESKTOP, expectAccessible, photographAndCheck } from '../support/axe.ts';
import { baseUrl, launch } from '../support/browser.ts';
import { apiCall, MERCHANT, signInThroughApi } from '../support/sign-in.ts';

const POLL = { timeout: 15_000 };
const STAFF_NAME = 'Sami Karam';

describe('POS devices', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  const deviceId = `E2E-${Date.now()}`;
  let posDeviceId: number;
  let shownPassword = '';

  beforeAll(async () => {
    browser = await launch();
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    token = await signInThroughApi(page, MERCHANT);
  });
  afterAll(async () => browser?.close());

  it('lists the demo devices under App > POS', async () => {
    await page.goto('/app/pos-devices');
    await expect.poll(() => page.locator('[data-device-id="HCR-ALQ-D1"]').count(), POLL).toBeGreaterThan(0);
    expect(await page.getByLabel('Breadcrumb').innerText()).toMatch(/^App\s*\/\s*POS$/);
    await expect.poll(() => page.getByText('Counter POS/HCR-ALQ-POS1').first().isVisible()).toBe(true);
    await photographAndCheck(page, 'pos-10-list');
  });

  it('registers a device with Add Details', async () => {
    await page.getByRole('link', { name: 'Add', exact: true }).click();
    await page.waitForURL('**/app/pos/add');
    await page.getByRole('heading', { name: 'Add Details' }).waitFor();
    // Create with nothing filled: every field says it is required.
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByText('The device id field is required').isVisible()).toBe(true);
    await page.getByLabel('Device ID').fill(deviceId);
    await page.getByLabel('Serial ID').fill('SN-E2E-1');
    await page.getByLabel('Name').fill('E2E Till');
    await page.getByRole('combobox', { name: /Channel/ }).click();
    await page.getByRole('option', { name: /Roastery Counter \/ Counter POS/ }).click();
    await photographAndCheck(page, 'pos-20-add');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/app/pos-devices');
    await expect.poll(() => page.locator(`[data-device-id="${deviceId}"]`).count(), POLL).toBeGreaterThan(0);
    const answer = await apiCall(getPosDevicesCall, { perPage: 50 }, token);
    posDeviceId = answer.data.data.find((row) => row.device_id === deviceId)!.id;
    expect(posDeviceId).toBeGreaterThan(0);
  });

  it('renames it with Update Details', async () => {
    await page.goto(`/app/pos/update?id=${posDeviceId}`);
    await page.getByRole('heading', { name: 'Update Details' }).waitFor();
    await expect.poll(() => page.getByLabel('Device ID').inputValue(), POLL).toBe(deviceId);
    await photographAndCheck(page, 'pos-30-update');
    await page.getByLabel('Name').fill('E2E Till Renamed');
    await page.getByRole('combobox', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL('**/app/pos-devices');
    const row = page.locator(`[data-device-id="${deviceId}"]`).first();
    await expect.poll(() => row.innerText(), POLL).toMatch(/E2E Till Renamed[\s\S]*Inactive/i);
  });

  it('assigns the demo staff member on Assign Staff', async () => {
    await page.goto(`/app/pos/assign-staff/${posDeviceId}`);
    await page.getByRole('heading', { name: 'Manage Staff' }).waitFor();
    // The demo merchant is the main account: the Main Account toggle is offered.
    await page.getByRole('switch', { name: /Main Account/ }).waitFor();
    await photographAndCheck(page, 'pos-40-assign-staff');
    await page.getByRole('switch', { name: new RegExp(STAFF_NAME) }).check({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/pos-devices');
    const answer = await apiCall(getPosDevicesCall, { posDeviceId, posDeviceStaff: 1 }, token);
    expect(answer.data.device!.staff.map((person) => `${person.first_name} ${person.last_name}`)).toEqual([STAFF_NAME]);
  });

  it('resets the device password and shows it once, with a copy button', async () => {
    await page.goto(`/app/pos/assign-staff/${posDeviceId}`);
    await page.getByRole('button', { name: `Show details of ${STAFF_NAME}` }).click();
    await page.getByRole('button', { name: `Reset Password of ${STAFF_NAME}` }).click();
    const confirm = page.getByRole('dialog', { name: POS_TEXTS.resetPasswordTitle });
    await confirm.getByText(POS_TEXTS.resetPasswordConfirm).waitFor();
    await expectAccessible(page, 'reset confirm', { outline: false });
    await confirm.getByRole('button', { name: 'Yes' }).click();

    const shown = page.getByRole('dialog', { name: POS_TEXTS.newPasswordTitle });
    await shown.waitFor();
    shownPassword = (await shown.getByTestId('pos-new-password').innerText()).trim();
    expect(shownPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    await photographAndCheck(page, 'pos-50-new-password', { outline: false });
    await shown.getByRole('button', { name: 'Copy password' }).click();
    await expect.poll(() => page.getByText('Text Copied').first().isVisible()).toBe(true);
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(shownPassword);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => shown.isVisible()).toBe(false);
    // Shown once: nowhere on the page any more, and never sent again by the server.
    expect(await page.content()).not.toContain(shownPassword);
    const answer = await apiCall(getPosDevicesCall, { posDeviceId, posDeviceStaff: 1 }, token);
    expect(JSON.stringify(answer.data)).not.toContain(shownPassword);
    expect(answer.data.device!.staff[0]!.pivot.has_password).toBe(true);
  });

  it('saves the terminal configuration and goes to the devices list', async () => {
    await page.goto(`/app/pos/assign-staff/${posDeviceId}`);
    await page.getByRole('button', { name: `Show details of ${STAFF_NAME}` }).click();
    await page.getByRole('button', { name: `Manage Terminal Configuration of ${STAFF_NAME}` }).click();
    const modal = page.getByRole('dialog', { name: new RegExp(POS_TEXTS.terminalConfigurationTitle) });
    await modal.waitFor();
    await modal.getByRole('checkbox', { name: 'Sale' }).check();
    await modal.getByRole('checkbox', { name: 'Refund' }).check();
    await photographAndCheck(page, 'pos-60-terminal-configuration', { outline: false });
    await modal.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL('**/app/pos-devices');
    const answer = await apiCall(getPosDevicesCall, { posDeviceId, posDeviceStaff: 1 }, token);
    expect(answer.data.device!.staff[0]!.pivot.settings).toEqual(['SALE', 'REFUND']);
  });
});
