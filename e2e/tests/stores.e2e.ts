// Store onboarding in a real browser against the platform as `npm start` runs it: the demo
// merchant opens the Stores list, onboards a store (the Onboard modal, Begin, Business Details
// and Create, an owner with a small PNG document, Submit, Submit for Approval) and finds it
// Pending Approval in the list, with no comments yet; another store's update refuses that
// store's reference on its Reference field; the update screen shows the pending
// notice with Update and Submit for Approval disabled. axe finds no serious or critical
// violation on each screen, which has one h1; the list is checked again at phone width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createStoreCall, deleteStoreCall, TEXTS } from '@paywallet/contract';
import { baseUrl, launch, screenshot } from '../support/browser.ts';
import { DESKTOP, expectAccessible, PHONE } from '../support/axe.ts';
import { DEMO_ADMIN } from '../support/accounts.ts';
import { accepted, apiCall, MERCHANT, signInThroughApi } from '../support/sign-in.ts';
import { pickBySearch } from '../support/select.ts';

const POLL = { timeout: 15_000 };
/** A valid 1x1 PNG: the owner's document. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A store name of letters only (the rule), different on every run. */
function storeName(): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `Rose Garden ${letters}`;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let merchantToken: string;

beforeAll(async () => {
  browser = await launch();
  context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
  page = await context.newPage();
  merchantToken = await signInThroughApi(page, MERCHANT);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('store onboarding', () => {
  const name = storeName();
  /** The run's own reference: a reference opens its store, so each run needs a new one. */
  const reference = `REF-${name.slice(-6).toUpperCase()}`;

  it('onboards a store from the list to Pending Approval', async () => {
    await page.goto('/app/store');
    await page.getByRole('heading', { level: 1, name: 'Stores' }).waitFor();
    await page.getByRole('table', { name: 'Stores' }).getByText('Haddad Coffee Roasters Marina').first().waitFor(POLL);
    // The demo's default Draft store shows Pending and Default with its hint.
    await page.getByText('Please complete store onboarding for store').first().waitFor();
    await expectAccessible(page, 'stores list');
    await screenshot(page, 'stores-list-desktop');

    await page.getByRole('button', { name: 'Onboard', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Store Onboarding' });
    await modal.getByRole('button', { name: 'Continue' }).click();
    await modal.getByText('The parent entity field is required').waitFor();
    await modal.getByText('The unique reference field is required').waitFor();
    await modal.getByLabel('Parent Entity').fill('Haddad Holdings');
    await modal.getByLabel('Unique Reference').fill(reference);
    await expectAccessible(page, 'onboarding modal');
    await modal.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(new RegExp(`/app/store/account-activation/${reference}/Haddad%20Holdings$`));
    await page.getByRole('heading', { level: 1, name: 'Merchant Store Manual Verification' }).waitFor();
    await page.getByRole('radio', { name: 'Registered Business' }).check();
    await expectAccessible(page, 'onboard store: begin');
    await page.getByRole('button', { name: 'Begin' }).click();

    await page.getByRole('tab', { name: 'Business Details' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Business Owner' }).isDisabled()).toBe(true);
    await page.getByLabel('Name', { exact: false }).first().fill('Rose & Co');
    await page.getByText('The name may only contain letters and spaces').waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Phone' }).fill('12345');
    await page.getByText('Phone number must be between 9 and 15 digits').waitFor();
    await page.getByRole('textbox', { name: 'Phone' }).fill('+971501234567');
    await page.getByRole('textbox', { name: 'Website' }).fill('not a url');
    await page.getByText('The URL format is invalid').waitFor();
    await page.getByRole('textbox', { name: 'Website' }).fill('https://rose.example.com');
    // Enter picks the highlighted (first) match of the search.
    await pickBySearch(page, page.getByLabel('Merchant Category Code').first(), '5992', '5992 – Florists');
    await expect.poll(() => page.getByLabel('Merchant Category Code').first().inputValue()).toBe('5992 – Florists');
    await page.getByRole('textbox', { name: 'City' }).fill('Dubai');
    await page.getByRole('textbox', { name: 'Post Code' }).fill('00000');
    await expectAccessible(page, 'onboard store: business details');
    await screenshot(page, 'stores-onboard-business');
    await page.getByRole('button', { name: 'Create' }).click();

    await expect.poll(() => page.getByRole('tab', { name: 'Business Owner' }).isDisabled(), POLL).toBe(false);
    await page.getByRole('tab', { name: 'Business Owner', selected: true }).waitFor(POLL);
    await page.getByText('No Data Available').waitFor();
    // Submit for Approval is there from the start, disabled with its reason (DECISIONS 50).
    await page.getByText('Save at least one owner first').waitFor();
    expect(await page.getByRole('button', { name: 'Submit for Approval' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add owner' }).click();
    await page.getByRole('textbox', { name: 'First Name' }).fill('Rania');
    await page.getByRole('textbox', { name: 'Last Name' }).fill('Haddad');
    await page.getByLabel('Date of Birth').fill('1985-04-12');
    // A text file named .png is refused in the browser before anything is sent.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await page.getByText('Only jpeg and png files are allowed').first().waitFor();
    await fileInput.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Enlarge the document' }).waitFor();
    await expectAccessible(page, 'onboard store: owners');
    await screenshot(page, 'stores-onboard-owner');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('button', { name: 'Update Owner' }).waitFor(POLL);

    await page.getByRole('button', { name: 'Submit for Approval' }).click();
    await page.waitForURL(/\/app\/store$/, POLL);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('Pending Approval').waitFor(POLL);

    await row.getByRole('button', { name: 'View Comments' }).click();
    const comments = page.getByRole('dialog');
    await comments.getByText(TEXTS.noData).waitFor();
    await expectAccessible(page, 'view comments');
    await comments.getByRole('button').first().click();
  });

  it('opens the store a used reference belongs to instead of onboarding a second one', async () => {
    await page.goto('/app/store');
    await page.getByRole('button', { name: 'Onboard', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Store Onboarding' });
    await modal.getByLabel('Parent Entity').fill('Haddad Holdings');
    await modal.getByLabel('Unique Reference').fill(reference);
    await modal.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/app\/store\/update\/account-activation\?storeId=\d+$/, POLL);
    await page.getByText(`Reference ${reference}`, { exact: false }).waitFor(POLL);
  });

  it('deletes a Draft store after a confirm; other stores offer no Delete', async () => {
    const draftName = storeName();
    await accepted(
      'create-store',
      apiCall(
        createStoreCall,
        {
          parentEntity: 'Haddad Holdings',
          reference: `DEL-${draftName.slice(-6)}`,
          name: draftName,
          postCode: '00000',
          type: 2,
          mcc: '5992',
        },
        merchantToken,
      ),
    );
    await page.goto('/app/store');
    const row = page.getByRole('row').filter({ hasText: draftName });
    await row.waitFor(POLL);
    expect(await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Store' });
    await confirm.getByText(`Are you sure you want to delete the Draft store ${draftName}?`, { exact: false }).waitFor();
    await expectAccessible(page, 'delete store confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await row.waitFor({ state: 'detached', ...POLL });
  });

  it('shows a reference another store uses under the Reference field of the update screen', async () => {
    // update-store refuses a reference changed to another store's (STORE_REFERENCE_TAKEN), as
    // create-store does; the form puts the message on the field.
    const draftName = storeName();
    const ownReference = `OWN-${draftName.slice(-6).toUpperCase()}`;
    const draft = await accepted(
      'create-store',
      apiCall(
        createStoreCall,
        { parentEntity: 'Haddad Holdings', reference: ownReference, name: draftName, postCode: '00000', type: 2, mcc: '5992' },
        merchantToken,
      ),
    );
    await page.goto(`/app/store/update/account-activation?storeId=${draft.id}`);
    const field = page.getByRole('textbox', { name: 'Reference' });
    await field.fill(reference);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    // Under the field (the toast says it too), and the field is marked invalid.
    const form = page.getByRole('tabpanel', { name: 'Business Details' });
    await form.getByText('The reference is already used by store', { exact: false }).waitFor(POLL);
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'update store: reference taken');
    await screenshot(page, 'stores-update-reference-taken');
    await accepted('delete-store', apiCall(deleteStoreCall, { storeId: draft.id }, merchantToken));
    // The next test starts from the list, where the previous ones left the page.
    await page.goto('/app/store');
    await page.getByRole('row').filter({ hasText: name }).waitFor(POLL);
  });

  it('shows the pending notice on the update screen, with Update and Submit for Approval disabled', async () => {
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: 'View/Update Store Onboarding' }).click();
    await page.waitForURL(/\/app\/store\/update\/account-activation\?storeId=\d+$/, POLL);
    await page.getByText('This store is pending approval').waitFor(POLL);
    expect(await page.getByRole('button', { name: 'Update', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Submit for Approval' }).isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'Business Owner' }).click();
    await page.getByRole('button', { name: /Owner 1: Rania Haddad/ }).click();
    // The saved document is fetched when the panel first opens.
    await page.getByRole('button', { name: 'Enlarge the document' }).waitFor(POLL);
    await expectAccessible(page, 'update store');
    await screenshot(page, 'stores-update-pending');
  });

  it('is approved in the operations console with a comment, and the merchant sees it Active with that comment', async () => {
    // The whole path of a store: the merchant's submission above, the administrator's review in
    // the console (its own browser context and session), the merchant's list and View Comments.
    const comment = `Documents verified for ${name}.`;
    const adminContext = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl() });
    try {
      const admin = await adminContext.newPage();
      await signInThroughApi(admin, DEMO_ADMIN, { landing: { path: '/', text: 'Review the stores' } });
      await admin.goto('/console/stores');
      const queued = admin.locator('tr', { hasText: name });
      await queued.waitFor(POLL);
      await queued.getByRole('button', { name: 'Review' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Review store' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Decision').inputValue()).toBe('Approve');
      await dialog.getByLabel('Comment').fill(comment);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await queued.waitFor({ state: 'detached', ...POLL });
    } finally {
      await adminContext.close();
    }

    await page.goto('/app/store');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('Active', { exact: true }).waitFor(POLL);
    await row.getByRole('button', { name: 'View Comments' }).click();
    const comments = page.getByRole('dialog');
    const entry = comments.getByRole('row').filter({ hasText: comment });
    await entry.waitFor(POLL);
    expect(await entry.textContent()).toContain('Active');
    await screenshot(page, 'stores-comments-after-approval');
    await comments.getByRole('button').first().click();
  });

  it('goes back to the list without a store to update, and fits the list at phone width', async () => {
    await page.goto('/app/store/update/account-activation');
    await page.waitForURL(/\/app\/store$/, POLL);
    await page.setViewportSize(PHONE);
    await page.getByRole('heading', { level: 1, name: 'Stores' }).waitFor();
    await page.getByText(name).first().waitFor(POLL);
    const overflow = (await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'stores list (phone)');
    await screenshot(page, 'stores-list-phone');
    await page.setViewportSize(DESKTOP);
  });
});
