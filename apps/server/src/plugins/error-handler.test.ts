// Proves a body over the server's limit is a 400 with a named reason and a clear message, on
// every door (the plain JSON route, the encrypted envelope, a multipart upload), in the API's
// shape with the HTTP status equal to the body's code, and that such a request writes nothing.
// Unreadable bodies stay MALFORMED_REQUEST; neither answer carries Fastify's own words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, loginCall } from '@paywallet/contract';
import { BODY_MAX_BYTES } from '../app.ts';
import { UPLOAD_MAX_BYTES } from '../transport/plain-api.ts';
import { countAllRows, createTestApp, type TestApp } from '../test/harness.ts';
import { createTestPerson } from '../test/money.ts';

describe('bodies the server will not read', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A JSON body a little over the limit: one long string field. */
  const oversizedJson = () => JSON.stringify({ email: 'someone@example.com', password: 'x'.repeat(BODY_MAX_BYTES + 1024) });

  async function expectBodyTooLarge(response: { statusCode: number; body: string }) {
    const body = JSON.parse(response.body) as { code: number; reason: string; message: string; data: unknown };
    expect(response.statusCode).toBe(400);
    expect(body).toEqual({ code: 400, reason: 'BODY_TOO_LARGE', message: errorMessage('BODY_TOO_LARGE'), data: null });
    expect(body.message).toBe('The request is too large. Please send less data or a smaller file.');
  }

  it('answers 400 BODY_TOO_LARGE to a JSON call over the body limit, writing nothing', async () => {
    const before = await countAllRows(t);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/${loginCall.path}`,
      headers: { 'content-type': 'application/json' },
      payload: oversizedJson(),
    });
    await expectBodyTooLarge(response);
    expect(await countAllRows(t)).toEqual(before);
  });

  it('answers 400 BODY_TOO_LARGE to an envelope over the body limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ client: 'x', backend: 'y'.repeat(BODY_MAX_BYTES + 1024) }),
    });
    await expectBodyTooLarge(response);
  });

  it('answers 400 BODY_TOO_LARGE to a multipart file over the upload cap, writing nothing', async () => {
    const { token } = await createTestPerson(t);
    const before = await countAllRows(t);
    const boundary = 'pw-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="inputId"\r\n\r\n1\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.alloc(UPLOAD_MAX_BYTES + 1024, 0x61),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload-user-kyc-file',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accesstoken: token },
      payload,
    });
    await expectBodyTooLarge(response);
    expect(await countAllRows(t)).toEqual(before);
  });

  it('keeps an unreadable body a 400 MALFORMED_REQUEST, in our words', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/${loginCall.path}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ code: 400, reason: 'MALFORMED_REQUEST', message: errorMessage('MALFORMED_REQUEST') });
  });
});
