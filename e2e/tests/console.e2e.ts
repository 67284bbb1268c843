// The operations console in a real browser against the platform as `npm start` runs it:
// - the demo administrator signs in and lands on /console (the home and /app send them there);
// - the store the demo merchant submitted for approval is approved with a comment in the review
//   modal, and gets its terminal with an online and a POS channel;
// - the administrator logs in as the demo merchant: the app shows 'Logged In By Admin', the user
//   menu has no Profile, the dashboard says Active; 'Back to console' ends the impersonation and
//   returns to the console with the administrator's own session;
// - the audit log shows the approval and the impersonation with both identities;
// - a new merchant submits the KYC form with a passport image; the operator opens 'View document'
//   in the KYC review (at phone width too, axe-checked) and sees the image before approving (after
//   the audit log check, whose rows the sign-up's many calls would push off its first page);
// - a merchant who sets the admin_login cookie by hand sees nothing of the admin state, and a
//   merchant who opens /console is sent home;
// - axe finds no serious or critical violation on each console screen, each has one h1, and
//   each is photographed at desktop (1280x800) and phone (390x844) width without sideways overflow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { getUserKycCall, KYC_STATUS, manageUserKycCall, registerCall, setPasscodeCall, TEXTS, verifyOtpCall } from '@paywallet/contract';
import { DEMO_ADMIN } from '../support/accounts.ts';
import { outlineProblems, seriousViolations } from '../support/axe.ts';
import { baseUrl, latestCode, launch, outboxHead, screenshot } from '../support/browser.ts';
import { accepted, apiCall, MERCHANT, sendCode, signInThroughApi } from '../support/sign-in.ts';
import { expectFitsWidth } from '../support/console.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const POLL = { timeout: 15_000 };
const PENDING_STORE_CODE = 'HCR-JUM';
const CONSOLE_SCREENS = [
  { path: '/console/stores', title: 'Stores' },
  { path: '/console/kyc', title: 'KYC' },
  { path: '/console/merchants', title: 'Merchants' },
  { path: '/console/audit-log', title: 'Audit log' },
] as const;

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function api<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', accessToken: token },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${path} answered ${envelope.code}: ${envelope.message}`);
  return envelope.data;
}

async function pathname(page: Page): Promise<string> {
  return new URL(page.url()).pathname;
}

/** A valid 1x1 PNG: the passport scan the applicant uploads. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const IDENTITY_INPUT = 'Identity document (passport or national ID)';

/**
 * A new merchant who submitted the KYC form through the calls its screens make (sign-up, the
 * passcode, the document upload, the answers): their e-mail and the uploaded file's name.
 */
async function submittedApplicant(): Promise<{ email: string; fileName: string }> {
  const stamp = `${Date.now()}`;
  const email = `kyc.review.${stamp}@example.com`;
  const before = await outboxHead(email);
  await sendCode(email);
  const { code } = await latestCode(email, before);
  await accepted('verify-otp', apiCall(verifyOtpCall, { email, otp: code }));
  const registered = await accepted(
    'register',
    apiCall(registerCall, {
      firstName: 'Rana',
      lastName: 'Khoury',
      businessName: 'Khoury Spices',
      email,
      password: 'Garden2026',
      confirmPassword: 'Garden2026',
      carrierCode: '+971',
      phone: `56${stamp.slice(-7)}`,
      type: 'merchant',
    }),
  );
  const session = await accepted(
    'set-passcode',
    apiCall(setPasscodeCall, { passcode: '2468', confirmPasscode: '2468' }, registered.accessToken),
  );
  const token = session.accessToken;
  const { inputs } = await accepted('get-user-kyc', apiCall(getUserKycCall, {}, token));
  const inputId = (name: string): number => {
    const input = inputs.find((candidate) => candidate.name === name);
    if (!input) throw new Error(`The KYC form has no input named ${name}`);
    return input.id;
  };
  const fileName = `passport-${stamp}.png`;
  const form = new FormData();
  form.append('inputId', String(inputId(IDENTITY_INPUT)));
  form.append('file', new Blob([PNG], { type: 'image/png' }), fileName);
  const response = await fetch(`${baseUrl()}/api/v1/upload-user-kyc-file`, { method: 'POST', headers: { accesstoken: token }, body: form });
  const upload = (await response.json()) as Envelope<{ fileId: number }>;
  if (upload.code !== 200) throw new Error(`upload-user-kyc-file answered ${upload.code}: ${upload.message}`);
  const answers = [
    { inputId: inputId('Full legal name'), value: 'Rana Khoury' },
    { inputId: inputId('Date of birth (YYYY-MM-DD)'), value: '1988-09-03' },
    { inputId: inputId('Nationality'), value: 'Lebanese' },
    { inputId: inputId('Source of funds'), value: 'Salary' },
    { inputId: inputId(IDENTITY_INPUT), value: String(upload.data.fileId) },
    { inputId: inputId('I confirm the information above is true'), value: '1' },
  ];
  await accepted('manage-user-kyc', apiCall(manageUserKycCall, { kyc: JSON.stringify(answers) }, token));
  return { email, fileName };
}

describe('the operations console', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken: string;

  beforeAll(async () => {
    browser = await launch();
    context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    adminToken = await signInThroughApi(page, DEMO_ADMIN, { landing: { path: '/', text: 'Review the stores' } });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('lands the administrator on the console, from the home and from /app', async () => {
    expect(await pathname(page)).toBe('/console/stores');
    await page.goto('/app');
    await page.waitForURL('**/console/stores');
    expect(await page.getByRole('navigation', { name: 'Console menu' }).getByRole('link').allTextContents()).toEqual([
      'Stores',
      'KYC',
      'Merchants',
      'Audit log',
      'Refunds',
      'Withdrawals',
      'Settlement configs',
      'Settlement runs',
      'Ledger health',
    ]);
  });

  it('approves the store submitted for approval with a comment; it gets its channels', async () => {
    await page.goto('/console/stores');
    const row = page.locator('tr', { hasText: PENDING_STORE_CODE });
    await row.waitFor(POLL);
    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review store' });
    await dialog.waitFor();
    // The review shows what it approves: the business details with the MCC in words, the owners.
    await dialog.getByRole('heading', { name: 'Business details' }).waitFor(POLL);
    await dialog.getByText('5814 – Fast Food Restaurants').waitFor();
    await dialog.getByText('HCR-JUMEIRAH').waitFor();
    await dialog.getByRole('heading', { name: 'Owners' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Close' }).count()).toBe(1);
    expect(await dialog.getByLabel('Decision').inputValue()).toBe('Approve');
    // Saving without a comment shows the rule's message on the field.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The comment field is required').waitFor();
    await dialog.getByLabel('Comment').fill('Documents verified. Welcome aboard.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The queue shows Pending Approval: the approved store leaves it.
    await row.waitFor({ state: 'detached', ...POLL });
    const stores = await api<{ data: Array<{ code: string; status: number; terminals: number; comments: number }> }>(
      adminToken,
      'admin/get-stores',
      { search: PENDING_STORE_CODE },
    );
    expect(stores.data).toEqual([expect.objectContaining({ code: PENDING_STORE_CODE, status: 1, terminals: 1, comments: 1 })]);
  });

  it('logs in as the demo merchant: Logged In By Admin, no Profile, status Active; Back to console', async () => {
    await page.goto('/console/merchants');
    const row = page.locator('tr', { hasText: MERCHANT.email });
    await row.waitFor(POLL);
    await row.getByRole('button', { name: 'Log in as merchant' }).click();
    await page.waitForURL((url) => url.pathname === '/app', POLL);
    await page.getByText(TEXTS.loggedInByAdmin).first().waitFor(POLL);
    await page.getByText('Active', { exact: true }).first().waitFor(POLL);
    await page.getByRole('button', { name: 'Maya Haddad' }).first().click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Profile' }).count()).toBe(0);
    // The merchant holds App Settings: the user menu leads there.
    expect(await page.getByRole('menuitem', { name: 'Settings' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Visit Profile' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    // The 'Logged in as the merchant.' toast fades out first (axe reads colours mid-transition).
    await page.getByText('Logged in as the merchant.').waitFor({ state: 'hidden', ...POLL });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-impersonation');
    // At phone width the notice is a strip across the screen, shown without opening anything,
    // and the way back moves into the drawer.
    await page.setViewportSize(PHONE);
    await page.getByRole('status').filter({ hasText: TEXTS.loggedInByAdmin }).waitFor(POLL);
    await screenshot(page, 'console-impersonation-phone-strip');
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByRole('button', { name: 'Back to console' }).waitFor();
    await expectFitsWidth(page);
    await page.waitForTimeout(500); // the drawer's slide-in, for the photograph
    await screenshot(page, 'console-impersonation-phone');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Back to console' }).first().click();
    await page.waitForURL('**/console/stores', POLL);
    await page.getByRole('heading', { level: 1, name: 'Stores' }).waitFor();
  });

  it('shows the approval and the impersonation in the audit log, with both identities', async () => {
    await page.goto('/console/audit-log');
    await page.locator('tr[data-action="store.review"]').first().waitFor(POLL);
    await page.locator('tr[data-action="impersonation.start"]').first().waitFor(POLL);
    await page.locator('tr[data-action="impersonation.end"]').first().waitFor(POLL);
    const impersonatedCall = page.locator('tr[data-action="impersonation.call"]').first();
    await impersonatedCall.waitFor(POLL);
    expect(await impersonatedCall.textContent()).toContain(DEMO_ADMIN.email);
    expect(await impersonatedCall.textContent()).toContain(MERCHANT.email);
    // Filtering by action narrows the list to the reviews.
    await page.getByLabel('Action').fill('store.');
    await page.waitForFunction(
      "[...document.querySelectorAll('tr[data-action]')].every((row) => row.getAttribute('data-action').startsWith('store.'))",
      undefined,
      POLL,
    );
  });

  it('opens the applicant’s document before approving their identity verification, at phone and desktop width', async () => {
    const applicant = await submittedApplicant();
    const documentName = `${IDENTITY_INPUT}: ${applicant.fileName}`;
    /** Opens the document from the submission's answers and waits until the image has decoded. */
    const openDocument = async () => {
      const row = page.locator('tr', { hasText: applicant.email });
      await row.waitFor(POLL);
      await row.getByRole('button', { name: 'Show answers' }).click();
      await page.getByRole('button', { name: `View document: ${IDENTITY_INPUT}, ${applicant.fileName}` }).click();
      const dialog = page.getByRole('dialog', { name: documentName });
      await dialog.waitFor();
      const image = dialog.getByRole('img', { name: documentName });
      await image.waitFor(POLL);
      // The bytes arrive as a data URL once the modal opens; the image must have decoded them.
      const naturalWidth = `[...document.querySelectorAll('img')].find((img) => img.alt === ${JSON.stringify(documentName)} && img.complete)?.naturalWidth ?? 0`;
      await page.waitForFunction(`(${naturalWidth}) > 0`, undefined, POLL);
      expect(await page.evaluate(naturalWidth)).toBeGreaterThan(0);
      return dialog;
    };

    await page.setViewportSize(PHONE);
    await page.goto('/console/kyc');
    const phoneDialog = await openDocument();
    expect(await seriousViolations(page)).toEqual([]);
    await expectFitsWidth(page);
    await screenshot(page, 'console-kyc-document-phone');
    await phoneDialog.getByRole('button', { name: 'Close' }).click();
    await phoneDialog.waitFor({ state: 'hidden' });

    await page.setViewportSize(DESKTOP);
    await page.goto('/console/kyc');
    const dialog = await openDocument();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-kyc-document');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // A yes/no answer reads as a word, not 0 or 1.
    const confirmation = page.locator('p', { hasText: 'I confirm the information above is true' }).first();
    expect(await confirmation.textContent()).toBe('I confirm the information above is true: Yes');

    // Having seen the document, the operator approves the verification.
    const row = page.locator('tr', { hasText: applicant.email });
    await row.getByRole('button', { name: 'Review' }).click();
    const review = page.getByRole('dialog', { name: 'Review identity verification' });
    await review.waitFor();
    await review.getByLabel('Comment').fill('Passport checked against the answers.');
    await review.getByRole('button', { name: 'Save' }).click();
    await review.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached', ...POLL });
    const submissions = await api<{ data: Array<{ status: number; user: { email: string } }> }>(adminToken, 'admin/get-kyc-submissions', {
      search: applicant.email,
    });
    expect(submissions.data).toEqual([
      expect.objectContaining({ status: KYC_STATUS.APPROVED, user: expect.objectContaining({ email: applicant.email }) }),
    ]);
  });

  it('passes axe with one h1 on every console screen, at desktop and phone width', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const screen of CONSOLE_SCREENS) {
        await page.goto(screen.path);
        await page.getByRole('heading', { level: 1, name: screen.title }).waitFor(POLL);
        // Wait for the list to settle (rows or 'No data available').
        await page.waitForFunction("!document.body.innerText.includes('Loading')", undefined, POLL);
        expect({ screen: screen.path, problems: await outlineProblems(page) }).toEqual({ screen: screen.path, problems: [] });
        expect({ screen: screen.path, violations: await seriousViolations(page) }).toEqual({ screen: screen.path, violations: [] });
        await expectFitsWidth(page, screen.path);
        await screenshot(page, `console-${viewport === PHONE ? 'phone' : 'desktop'}-${screen.path.split('/').pop()}`);
      }
    }
    await page.setViewportSize(DESKTOP);
  });

  it('shows nothing of the admin state to a merchant who sets the admin_login cookie, and keeps merchants out of /console', async () => {
    const merchantContext = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP });
    try {
      const merchantPage = await merchantContext.newPage();
      await signInThroughApi(merchantPage, MERCHANT);
      await merchantContext.addCookies([{ name: 'admin_login', value: '1', url: baseUrl() }]);
      await merchantPage.reload();
      await merchantPage.getByText(`Welcome, `).first().waitFor(POLL);
      await merchantPage.waitForTimeout(1_000);
      expect(await merchantPage.getByText(TEXTS.loggedInByAdmin).count()).toBe(0);
      expect(await merchantPage.getByRole('button', { name: 'Back to console' }).count()).toBe(0);
      await merchantPage.goto('/console/stores');
      await merchantPage.waitForURL((url) => url.pathname === '/app', POLL);
    } finally {
      await merchantContext.close();
    }
  });
});
