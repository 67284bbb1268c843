// get-user-data and update-profile-picture: the signed-in user's own profile; the picture's
// type read from its bytes (jpeg, png, webp; a GIF or a PDF named .png is refused), its size
// capped, stored as a data URL the app shows as is, audited, and never another user's.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUserDataCall, getUserProfileCall, PROFILE_PICTURE_MAX_BYTES } from '@paywallet/contract';
import { countRows, createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestMerchant, type TestMerchant } from '../../test/merchant.ts';
import { createTestPerson, expectLedgerInvariants, type TestPerson } from '../../test/money.ts';

/** A 1x1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64, 0)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40, 0)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40, 0)]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

let t: TestApp;
let shop: TestMerchant;
let consumer: TestPerson;

function multipart(file?: { field?: string; name: string; bytes: Buffer; type: string }) {
  const boundary = `----paywallet-test-${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n`)];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'profilePic'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string, file?: { name: string; bytes: Buffer; type: string }) {
  const { payload, headers } = multipart(file);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/update-profile-picture',
    payload,
    headers: { ...headers, accesstoken: token },
  });
  const body = response.json() as {
    code: number;
    reason?: string;
    message: string;
    data: { avatar?: string; errors?: Record<string, string> } | null;
  };
  return { status: response.statusCode, ...body };
}

async function avatarOf(userId: bigint) {
  const row = await t.deps.db.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.avatar;
}

beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
  shop = await createTestMerchant(t, { staff: [{ features: [] }] });
  consumer = await createTestPerson(t);
  await t.deps.db
    .updateTable('users')
    .set({ last_login_at: new Date('2026-03-01T08:00:00Z') })
    .where('id', '=', shop.id)
    .execute();
  await t.deps.db
    .insertInto('kyc_submissions')
    .values({ user_id: shop.id, answers: JSON.stringify([]), status: 2, created_at: new Date('2026-02-01T00:00:00Z') })
    .execute();
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

describe('get-user-data', () => {
  it('answers the signed-in user, their identity submissions and no notification settings yet', async () => {
    const answer = await t.call(getUserDataCall, {}, { token: shop.token });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      id: Number(shop.id),
      first_name: shop.firstName,
      last_name: shop.lastName,
      email: shop.email,
      phone_number: shop.phone,
      last_login_at: '2026-03-01T08:00:00.000Z',
      avatar: null,
      parent_user_id: 0,
      details: { notification_settings: null },
      userkycs: [{ id: expect.any(Number), status: 2, created_at: '2026-02-01T00:00:00.000Z', reviewed_at: null }],
    });
  });

  it('answers a staff member their own profile, with the merchant as parent', async () => {
    const answer = await t.call(getUserDataCall, {}, { token: shop.staff[0]!.token });
    expect(answer.data.id).toBe(Number(shop.staff[0]!.id));
    expect(answer.data.parent_user_id).toBe(Number(shop.id));
    expect(answer.data.userkycs).toEqual([]);
  });
});

describe('update-profile-picture', () => {
  it('stores a png, jpeg or webp as a data URL of its sniffed type, whatever the name and the browser say', async () => {
    const png = await upload(shop.token, { name: 'me.jpg', bytes: PNG, type: 'image/jpeg' });
    expect(png.status, png.message).toBe(200);
    expect(png.data!.avatar).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(await avatarOf(shop.id)).toBe(png.data!.avatar);
    const profile = await t.call(getUserProfileCall, {}, { token: shop.token });
    expect(profile.data.user.avatar).toBe(png.data!.avatar);
    expect((await t.call(getUserDataCall, {}, { token: shop.token })).data.avatar).toBe(png.data!.avatar);

    const jpeg = await upload(consumer.token, { name: 'a.png', bytes: JPEG, type: 'image/png' });
    expect(jpeg.data!.avatar).toMatch(/^data:image\/jpeg;base64,/);
    const webp = await upload(consumer.token, { name: 'a.webp', bytes: WEBP, type: 'image/webp' });
    expect(webp.data!.avatar).toMatch(/^data:image\/webp;base64,/);
    expect(await avatarOf(consumer.id)).toBe(webp.data!.avatar);
    // Only the uploader's own row changed.
    expect(await avatarOf(shop.id)).toBe(png.data!.avatar);
  });

  it('records the change in the audit log', async () => {
    const rows = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'subject_id'])
      .where('action', '=', 'profile.update-picture')
      .where('actor_user_id', '=', shop.id)
      .execute();
    expect(rows).toEqual([{ action: 'profile.update-picture', subject_id: String(shop.id) }]);
  });

  it('refuses another type, an empty or missing file and a picture over the cap, changing nothing', async () => {
    const before = await avatarOf(shop.id);
    const audits = await countRows(t, ['audit_log']);
    const cases = [
      [
        { name: 'a.png', bytes: GIF, type: 'image/png' },
        'FILE_TYPE_NOT_ALLOWED',
        'The profile pic must be a file of type: jpeg, png, webp.',
      ],
      [
        { name: 'a.png', bytes: PDF, type: 'image/png' },
        'FILE_TYPE_NOT_ALLOWED',
        'The profile pic must be a file of type: jpeg, png, webp.',
      ],
      [{ name: 'a.png', bytes: Buffer.alloc(0), type: 'image/png' }, 'FILE_REQUIRED', 'The profile pic field is required'],
      [undefined, 'FILE_REQUIRED', 'The profile pic field is required'],
      [
        { name: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES)]), type: 'image/png' },
        'FILE_TOO_LARGE',
        'The profile pic may not be greater than 512 kilobytes.',
      ],
    ] as const;
    for (const [file, reason, fieldMessage] of cases) {
      const answer = await upload(shop.token, file);
      expect(answer.status).toBe(400);
      expect(answer.reason).toBe(reason);
      expect(answer.data?.errors).toEqual({ profilePic: fieldMessage });
    }
    expect(await avatarOf(shop.id)).toBe(before);
    expect(await countRows(t, ['audit_log'])).toEqual(audits);
  });

  it('takes exactly the cap', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES - PNG.length)]);
    const answer = await upload(shop.token, { name: 'exact.png', bytes: exact, type: 'image/png' });
    expect(answer.status).toBe(200);
  });
});
