// Signing in for browser tests. A test of sign-in itself goes through the screens
// (signInThroughScreens); every other test signs in through the API (signInThroughApi): the
// same calls the screens make, over POST /api/v1/..., then the session put into the page's
// local storage exactly as the web app keeps it. Seconds faster per sign-in, and a money test
// does not fail because a sign-in screen changed.
import fs from 'node:fs';
import { solveChallenge } from 'altcha-lib';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import {
  getUserProfileCall,
  loginCall,
  passcodeLoginCall,
  verifyEmailCall,
  verifyOtpCall,
  type CallDef,
  type TCallRequest,
  type TCallResponse,
  type TEnvelope,
} from '@paywallet/contract';
import { baseUrl, latestCode, outboxHead, workerIndex } from './browser.ts';

export const CONSUMER = { email: 'consumer@demo.paywallet.local', password: 'Consumer123', passcode: '1234' };
export const MERCHANT = { email: 'merchant@demo.paywallet.local', password: 'Merchant123', passcode: '1234' };

/** Signs in through the screens: e-mail, the code from the dev outbox, password, passcode. */
export async function signInThroughScreens(page: Page, who: { email: string; password: string; passcode: string }): Promise<void> {
  const before = await outboxHead(who.email);
  await page.goto('/auth/send-otp');
  await page.getByLabel('Email').fill(who.email);
  await clickUntilUrl(page, 'Send', '**/auth/verify-otp**');
  const { code } = await latestCode(who.email, before);
  await page.getByLabel('OTP digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForURL('**/auth/login**');
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/auth/passcode-login**');
  await page.getByLabel('Passcode', { exact: true }).fill(who.passcode);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((url) => url.pathname === '/app');
}

/**
 * Clicks a button that mails a code and waits for the next screen. The server sends one code
 * per e-mail per 10 s: when an earlier step just asked, it answers 429, so wait and ask again.
 */
export async function clickUntilUrl(page: Page, buttonName: string, url: string): Promise<void> {
  await page.getByRole('button', { name: buttonName }).click();
  const moved = await page.waitForURL(url, { timeout: 4_000 }).then(
    () => true,
    () => false,
  );
  if (moved) return;
  await page.waitForTimeout(10_000);
  await page.getByRole('button', { name: buttonName }).click();
  await page.waitForURL(url);
}

/** The one resend wait the server asks of a second code to one e-mail (10 s), with a margin. */
const RESEND_WAIT_MAX_MS = 12_000;

export interface ApiAnswer<T> extends TEnvelope<T> {
  status: number;
  retryAfterS: number;
}

/** One call of the contract over the plain transport, as the web app makes it (typed by its definition). */
export async function apiCall<C extends CallDef>(call: C, body: TCallRequest<C>, token?: string): Promise<ApiAnswer<TCallResponse<C>>> {
  const response = await fetch(`${baseUrl()}/api/v1/${call.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { accesstoken: token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as TEnvelope<TCallResponse<C>>;
  return { ...envelope, status: response.status, retryAfterS: Number(response.headers.get('retry-after') ?? 0) };
}

export async function accepted<T>(step: string, answer: Promise<ApiAnswer<T>>): Promise<T> {
  const settled = await answer;
  if (settled.code !== 200) throw new Error(`${step} was refused: ${settled.status} ${settled.reason ?? ''} ${settled.message}`);
  return settled.data;
}

/** The ALTCHA proof the sign-in screen's widget would send: the server's challenge, solved here. */
async function solvedBotCheck(): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/altcha/challenge`);
  const challenge = (await response.json()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('The bot check challenge could not be solved');
  const proof = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(proof)).toString('base64');
}

/** Asks for the e-mail code; a code sent moments ago (the 10 s resend gap) is waited out once. */
export async function sendCode(email: string): Promise<void> {
  let sent = await apiCall(verifyEmailCall, { email, verResponse: await solvedBotCheck() });
  if (sent.status === 429 && sent.retryAfterS * 1000 <= RESEND_WAIT_MAX_MS) {
    await new Promise((resolve) => setTimeout(resolve, sent.retryAfterS * 1000));
    sent = await apiCall(verifyEmailCall, { email, verResponse: await solvedBotCheck() });
  }
  await accepted('verify-email', Promise.resolve(sent));
}

/** How the web app encodes a stored value (apps/web/src/lib/storage.ts): 'pw1.' + base64 of the UTF-8 JSON. */
interface ApiSession {
  login: { id: number };
  accessToken: string;
  user: { first_name: string; avatar: string | null };
  avatar: string | null;
}

/**
 * The server sends at most 5 sign-in codes per e-mail in 15 minutes, and the browser suite signs
 * the demo accounts in from many files: a full session is signed in once and reused by every
 * file (sessions last 12 hours), unless a test asks for a fresh one or the cached one has ended
 * (a test logged it out): the server's answer to the profile call says which.
 */
async function cachedSession(email: string): Promise<ApiSession | undefined> {
  const cache = readSessionCache();
  const session = cache[email];
  if (!session) return undefined;
  const profile = await apiCall(getUserProfileCall, {}, session.accessToken);
  return profile.code === 200 ? session : undefined;
}

async function newApiSession(who: { email: string; password: string; passcode: string }): Promise<ApiSession> {
  const before = await outboxHead(who.email);
  await sendCode(who.email);
  const { code } = await latestCode(who.email, before);
  await accepted('verify-otp', apiCall(verifyOtpCall, { email: who.email, otp: code }));
  const login = await accepted('login', apiCall(loginCall, { email: who.email, password: who.password }));
  const full = await accepted('passcode-login', apiCall(passcodeLoginCall, { passcode: who.passcode }, login.accessToken));
  const session: ApiSession = {
    login: { id: login.id },
    accessToken: full.accessToken,
    user: full.user,
    avatar: full.avatar ?? full.user.avatar,
  };
  writeSessionCache({ ...readSessionCache(), [who.email]: session });
  return session;
}

/** The session cache of this worker's platform. */
function sessionCacheFile(): string {
  const files = inject('sessionCacheFiles');
  return files[workerIndex() % files.length]!;
}

function readSessionCache(): Record<string, ApiSession> {
  try {
    return JSON.parse(fs.readFileSync(sessionCacheFile(), 'utf8')) as Record<string, ApiSession>;
  } catch {
    return {};
  }
}

function writeSessionCache(cache: Record<string, ApiSession>): void {
  fs.writeFileSync(sessionCacheFile(), JSON.stringify(cache));
}

const encodeStored = (value: unknown) => `pw1.${Buffer.from(JSON.stringify(value), 'utf8').toString('base64')}`;

/**
 * Signs in through the API (bot check, e-mail code from the dev outbox, password, passcode),
 * stores the session as the sign-in screens would (login: email, customerId, avatar;
 * passcode-login: the full accessToken, user, avatar) and opens /app, waiting for the signed-in
 * dashboard. Returns the full-stage token for API checks.
 */
export async function signInThroughApi(
  page: Page,
  who: { email: string; password: string; passcode: string },
  options: { fresh?: boolean; landing?: { path: string; text: string } } = {},
): Promise<string> {
  const signedIn = (!options.fresh && (await cachedSession(who.email))) || (await newApiSession(who));
  const { login } = signedIn;
  const stored: Record<string, unknown> = {
    email: who.email,
    customerId: login.id,
    accessToken: signedIn.accessToken,
    user: signedIn.user,
    avatar: signedIn.avatar,
  };
  // Storage belongs to the origin: a plain JSON page of the server gives it without starting the app.
  await page.goto('/api/health');
  await page.evaluate(
    (items) => {
      // Runs in the page (this package has no DOM types): the page's own localStorage.
      const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
      for (const [key, value] of Object.entries(items)) storage.setItem(`pw.${key}`, value);
    },
    Object.fromEntries(Object.entries(stored).map(([key, value]) => [key, encodeStored(value)])),
  );
  // An administrator lands on the console instead of the app (options.landing).
  await page.goto(options.landing?.path ?? '/app');
  await page
    .getByText(options.landing?.text ?? `Welcome, ${signedIn.user.first_name}`)
    .first()
    .waitFor();
  return signedIn.accessToken;
}
