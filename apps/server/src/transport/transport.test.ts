import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWalletListCall, registerCall, verifyEmailCall } from '@paywallet/contract';
import {
  countRows,
  createTestApp,
  DEMO_MERCHANT,
  fieldErrors,
  forgetSendLimits,
  latestCode,
  signIn,
  type TestApp,
} from '../test/harness.ts';
import { openWithKey, sealForServer, sealWithKey } from './envelope.ts';

const WATCHED = ['users', 'otps', 'outbox_emails', 'sessions', 'email_verifications', 'rate_limits'] as const;

/** Flips one bit of one byte in the middle of a base64 string. */
function flipByte(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  const at = Math.floor(bytes.length / 2);
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}

describe('transport', () => {
  let t: TestApp;
  let publicPem: string;

  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/public-key' });
    publicPem = (response.json() as { data: { publicKey: string } }).data.publicKey;
  });
  afterAll(async () => t.close());

  async function envelopeCall(uri: string, payload: unknown, token?: string) {
    const { key, body } = sealForServer(publicPem, uri, payload);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api',
      payload: body,
      headers: token ? { accesstoken: token } : {},
    });
    const sealed = (response.json() as { payload: string }).payload;
    return {
      status: response.statusCode,
      raw: response.body,
      headers: response.headers,
      answer: openWithKey(key, sealed) as { code: number; message: string; data: unknown },
    };
  }

  async function postRaw(url: string, payload: string, contentType = 'application/json') {
    return t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });
  }

  it('answers a plain call with {code, message, data} and an HTTP status equal to the code', async () => {
    // Proves the plain transport's response shape and that status mirrors code.
    const email = 'plain-shape@example.com';
    await forgetSendLimits(t, email);
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { email } });
    const body = response.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message']);
    expect(body.code).toBe(200);
    expect(response.statusCode).toBe(200);
    expect(body.data).toEqual({ otpVerification: 1, accountExist: 0 });
    expect(response.headers['content-type']).toMatch(/application\/json/);

    const refused = await t.call(getWalletListCall, {});
    expect(refused.code).toBe(401);
    expect(refused.status).toBe(401);
  });

  it('accepts the logical path with or without the v1 prefix and trailing slash', async () => {
    // Proves that v1/<path>, <path> and <path>/ name the same call.
    const email = 'path-forms@example.com';
    await forgetSendLimits(t, email);
    const viaPrefix = await t.post('v1/verify-email', { email });
    expect(viaPrefix.code).toBe(200);
    await forgetSendLimits(t, email);
    const withSlash = await t.post('verify-email/', { email });
    expect(withSlash.code).toBe(200);
  });

  it('answers 404 for an unknown call and an unknown /api path, writing nothing', async () => {
    // Proves that unknown paths give a uniform 404 envelope on both routes.
    const before = await countRows(t, WATCHED);
    const unknownCall = await t.post('no-such-call', { email: 'x@example.com' });
    expect(unknownCall.status).toBe(404);
    expect(unknownCall.code).toBe(404);
    expect(unknownCall.data).toBeNull();

    const unknownRoute = await t.app.inject({ method: 'POST', url: '/api/nothing-here', payload: {} });
    expect(unknownRoute.statusCode).toBe(404);
    expect(unknownRoute.json()).toMatchObject({ code: 404, data: null });

    const getOnCall = await t.app.inject({ method: 'GET', url: '/api/v1/verify-email' });
    expect(getOnCall.statusCode).toBe(404);
    expect(await countRows(t, WATCHED)).toEqual(before);
  });

  it('answers malformed JSON with one uniform 400 and changes nothing', async () => {
    // Proves that an unreadable body is refused before any handler runs.
    const before = await countRows(t, WATCHED);
    for (const payload of ['{"email": "a@example.com"', '{email: a}', 'null,', '']) {
      const response = await postRaw('/api/v1/verify-email', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, reason: 'MALFORMED_REQUEST', message: 'The request could not be read.', data: null });
    }
    expect(await countRows(t, WATCHED)).toEqual(before);
  });

  it('reports validation failures as code 400 with the first message and one message per field', async () => {
    // Proves the validation error shape: message = first issue, data.errors = {field: message}.
    const before = await countRows(t, WATCHED);
    const response = await t.call(registerCall, {
      firstName: 'L',
      lastName: 'Farouk',
      businessName: 'Farouk Trading',
      email: 'not-an-email',
      password: 'weakpassword',
      confirmPassword: 'weakpassword',
      carrierCode: '+971',
      phone: '501112233',
    });
    expect(response.status).toBe(400);
    expect(response.code).toBe(400);
    expect(response.message).toBe('The first name must be at least 2 characters');
    expect(fieldErrors(response)).toEqual({
      firstName: 'The first name must be at least 2 characters',
      email: 'The email must be a valid email address',
      password: 'Password must contain at least one number, uppercase and lowercase character',
    });
    expect(await countRows(t, WATCHED)).toEqual(before);
  });

  it("words every validation problem in the spec's wording, never zod's own English", async () => {
    // Proves the contract's error map on the server: checks without a message of their own
    // (a bare max, a number that is not one) still answer a sentence naming the field.
    const token = await signIn(t, DEMO_MERCHANT);
    const tooLong = await t.post('get-transactions', { transactionId: 'x'.repeat(65) }, { token });
    expect({ status: tooLong.status, reason: tooLong.reason, message: tooLong.message }).toEqual({
      status: 400,
      reason: 'VALIDATION_FAILED',
      message: 'The transaction id may not be greater than 64 characters',
    });
    const notANumber = await t.post('get-transactions', { transactionDetail: 'yes' }, { token });
    expect(notANumber.message).toBe('The transaction detail is invalid');
    const answers = [tooLong, notANumber, await t.post('get-stores', { type: 7, paginate: 'x' }, { token })];
    for (const answer of answers) {
      for (const message of [answer.message, ...Object.values(fieldErrors(answer))]) {
        expect(message).toMatch(/^The /);
        expect(message).not.toMatch(/expected|Too big|Too small|Invalid input/);
      }
    }
  });

  it('serves the RSA public key for the envelope', async () => {
    // Proves GET /api/public-key gives a PEM public key (and never the private one).
    const response = await t.app.inject({ method: 'GET', url: '/api/public-key' });
    expect(response.statusCode).toBe(200);
    expect(publicPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(response.body).not.toMatch(/PRIVATE KEY/);
  });

  it('answers an envelope call with an encrypted answer equal to the plain one', async () => {
    // Proves the envelope reaches the same dispatcher and seals the same {code, message, data}.
    const sealedEmail = 'envelope-a@example.com';
    const plainEmail = 'envelope-b@example.com';
    await forgetSendLimits(t, sealedEmail);
    await forgetSendLimits(t, plainEmail);
    const sealed = await envelopeCall('v1/verify-email', { email: sealedEmail });
    const plain = await t.call(verifyEmailCall, { email: plainEmail });
    expect(sealed.status).toBe(200);
    expect(sealed.answer).toEqual({ code: plain.code, message: plain.message, data: plain.data });
    expect(sealed.answer.data).toEqual({ otpVerification: 1, accountExist: 0 });

    // A refused call: the same validation answer, with the status equal to its code.
    const invalidSealed = await envelopeCall('v1/verify-email', { email: 'nope' });
    const invalidPlain = await t.call(verifyEmailCall, { email: 'nope' });
    expect(invalidSealed.status).toBe(400);
    expect(invalidSealed.answer).toEqual({
      code: invalidPlain.code,
      reason: invalidPlain.reason,
      message: invalidPlain.message,
      data: invalidPlain.data,
    });
    expect(invalidSealed.answer).toMatchObject({ reason: 'VALIDATION_FAILED' });

    // A limited call: 429 in the status and Retry-After on the response, as on the plain route.
    const limited = await envelopeCall('v1/verify-email', { email: sealedEmail });
    expect(limited.status).toBe(429);
    expect(limited.answer.code).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();

    // An unknown call through the envelope.
    const unknown = await envelopeCall('v1/no-such-call', {});
    expect(unknown.status).toBe(404);
    expect(unknown.answer.code).toBe(404);
  });

  it('carries the accessToken header through the envelope', async () => {
    // Proves authenticated calls work and are refused alike on both transports.
    const anonymous = await envelopeCall('v1/get-wallet-list', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.answer.code).toBe(401);

    await forgetSendLimits(t, DEMO_MERCHANT.email);
    await t.call(verifyEmailCall, { email: DEMO_MERCHANT.email });
    const code = await latestCode(t, DEMO_MERCHANT.email);
    const otp = await envelopeCall('v1/verify-otp', { email: DEMO_MERCHANT.email, otp: code });
    expect(otp.answer).toMatchObject({ code: 200, data: { accountExist: 1 } });
    const login = await envelopeCall('v1/login', { email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password });
    const passcodeToken = (login.answer.data as { accessToken: string }).accessToken;
    const passcode = await envelopeCall('v1/passcode-login', { passcode: DEMO_MERCHANT.passcode }, passcodeToken);
    const token = (passcode.answer.data as { accessToken: string }).accessToken;
    const sealed = await envelopeCall('v1/get-wallet-list', {}, token);
    const plain = await t.call(getWalletListCall, {}, { token });
    expect(sealed.status).toBe(200);
    expect(sealed.answer).toEqual({ code: plain.code, message: plain.message, data: plain.data });
  });

  it('keeps the answer of an envelope call unreadable without the key', async () => {
    // Proves the raw response body carries only ciphertext.
    const email = 'envelope-secret@example.com';
    await forgetSendLimits(t, email);
    const sealed = await envelopeCall('v1/verify-email', { email });
    expect(sealed.answer.code).toBe(200);
    expect(Object.keys(JSON.parse(sealed.raw) as object)).toEqual(['payload']);
    expect(sealed.raw).not.toContain('otpVerification');
    expect(sealed.raw).not.toContain('accountExist');
    expect(sealed.raw).not.toContain('Success');
    expect(() => openWithKey(Buffer.alloc(16), JSON.parse(sealed.raw).payload)).toThrow();
  });

  it('refuses a tampered or incomplete envelope with one uniform plain 400 and writes nothing', async () => {
    // Proves every way an envelope can fail to open gives the same answer and no side effect.
    const email = 'tampered@example.com';
    await forgetSendLimits(t, email);
    const before = await countRows(t, WATCHED);
    const good = sealForServer(publicPem, 'v1/verify-email', { email });
    const otherKey = sealForServer(publicPem, 'v1/verify-email', { email });
    const uniform = { code: 400, reason: 'MALFORMED_REQUEST', message: 'The request could not be read.', data: null };
    const bodies: unknown[] = [
      { ...good.body, backend: flipByte(good.body.backend) },
      { ...good.body, client: flipByte(good.body.client) },
      { client: otherKey.body.client, backend: good.body.backend },
      { client: good.body.client },
      { backend: good.body.backend },
      {},
      { client: 42, backend: good.body.backend },
      { client: good.body.client, backend: 'AAAA' },
      { client: 'not base64 at all!', backend: good.body.backend },
      [good.body.client, good.body.backend],
    ];
    for (const payload of bodies) {
      const response = await t.app.inject({ method: 'POST', url: '/api', payload: payload as object });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(uniform);
    }
    for (const raw of ['{"client": "abc", "backend"', 'client=abc&backend=def']) {
      const response = await postRaw('/api', raw, raw.startsWith('{') ? 'application/json' : 'text/plain');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(uniform);
    }
    expect(await countRows(t, WATCHED)).toEqual(before);

    // The untampered envelope still opens: the refusals above were about the tampering.
    const response = await t.app.inject({ method: 'POST', url: '/api', payload: good.body });
    expect(response.statusCode).toBe(200);
    expect(openWithKey(good.key, (response.json() as { payload: string }).payload)).toMatchObject({ code: 200 });
  });

  it('refuses an envelope whose sealed content is not {uri, payload}', async () => {
    // Proves a correctly encrypted but meaningless body is refused like a tampered one.
    const before = await countRows(t, WATCHED);
    // A key wrapped like the client does: the server can open what follows but finds no call in it.
    const key = crypto.randomBytes(16);
    const client = crypto
      .publicEncrypt({ key: publicPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, key)
      .toString('base64');
    for (const clear of ['null', '"text"', '{"payload": {}}', '{"uri": 5}', 'not json']) {
      const response = await t.app.inject({ method: 'POST', url: '/api', payload: { client, backend: sealWithKey(key, clear) } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, reason: 'MALFORMED_REQUEST', message: 'The request could not be read.', data: null });
    }
    expect(await countRows(t, WATCHED)).toEqual(before);
  });

  it('sends the security headers on every kind of response', async () => {
    // Proves X-Frame-Options DENY (and its companions) on success, error and envelope answers.
    const responses = [
      await t.app.inject({ method: 'GET', url: '/api/public-key' }),
      await t.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { email: '' } }),
      await postRaw('/api/v1/verify-email', '{bad'),
      await t.app.inject({ method: 'POST', url: '/api/nothing-here', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api', payload: {} }),
      await t.app.inject({ method: 'GET', url: '/' }),
    ];
    for (const response of responses) {
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
