import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUserKycCall, loginCall, manageUserKycCall, passcodeLoginCall, setPasscodeCall } from '@paywallet/contract';
import { LIST_KEYS_MAX } from '../../lib/file-store/file-store.ts';
import {
  countRows,
  createTestApp,
  DEMO_MERCHANT,
  fieldErrors,
  proveEmail,
  signIn,
  signUp,
  VALID_SIGN_UP,
  type TestApp,
} from '../../test/harness.ts';

interface KycInput {
  id: number;
  name: string;
  input_type: { type: 'text' | 'checkbox' | 'radio' | 'file' };
  input_attributes: { required: number; options?: string[] };
}
interface Upload {
  fileId: number;
  inputId: number;
  fileName: string;
  sizeBytes: number;
  mimeType: string;
}

/** A valid 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const KYC_FILE_MAX_BYTES = 600 * 1024;
const NAMES = {
  fullName: 'Full legal name',
  birth: 'Date of birth (YYYY-MM-DD)',
  nationality: 'Nationality',
  funds: 'Source of funds',
  pep: 'Politically exposed person',
  identity: 'Identity document (passport or national ID)',
  address: 'Proof of address',
  confirm: 'I confirm the information above is true',
} as const;

/** A PNG padded to the given size (the type is read from the first bytes). */
const pngOfSize = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length, 0)]);

/** A multipart/form-data body built by hand, like a browser's FormData. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
  const boundary = `----paywallet-test-${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** How many files the app's file store holds, whichever store it is. */
async function storedFileCount(t: TestApp): Promise<number> {
  return (await t.deps.files.list('', LIST_KEYS_MAX)).length;
}

describe('kyc', () => {
  let t: TestApp;
  let inputs: KycInput[];
  let id: Record<keyof typeof NAMES, number>;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const token = await signIn(t, DEMO_MERCHANT);
    const kyc = await t.call(getUserKycCall, {}, { token });
    inputs = kyc.data.inputs;
    id = Object.fromEntries(
      Object.entries(NAMES).map(([key, name]) => [key, inputs.find((input) => input.name === name)?.id ?? -1]),
    ) as Record<keyof typeof NAMES, number>;
  });
  afterAll(async () => t.close());

  /** A new merchant through sign-up and set-passcode: the set-passcode answer and the person. */
  async function newUser() {
    serial += 1;
    const email = `kyc-${serial}@example.com`;
    const passwordToken = await signUp(t, email, { phone: `53${String(serial).padStart(7, '0')}` });
    const set = await t.call(setPasscodeCall, { passcode: '2580', confirmPasscode: '2580' }, { token: passwordToken });
    expect(set.status).toBe(200);
    return { email, token: set.data.accessToken, set: set.data };
  }

  async function upload(token: string | undefined, fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
    const { payload, headers } = multipart(fields, file);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload-user-kyc-file',
      payload,
      headers: { ...headers, ...(token ? { accesstoken: token } : {}) },
    });
    const body = response.json() as { code: number; reason?: string; message: string; data: unknown };
    return { status: response.statusCode, ...body };
  }

  async function kycStatus(email: string): Promise<number> {
    const row = await t.deps.db.selectFrom('users').select('kyc_status').where('email', '=', email).executeTakeFirstOrThrow();
    return row.kyc_status;
  }

  /** A complete, valid answer set for a user (uploading the identity document). */
  async function validAnswers(token: string): Promise<Array<{ inputId: number; value: string }>> {
    const identity = await upload(token, { inputId: String(id.identity) }, { name: 'passport.png', bytes: PNG, type: 'image/png' });
    expect(identity.status).toBe(200);
    return [
      { inputId: id.fullName, value: 'Lina Farouk' },
      { inputId: id.birth, value: '1990-04-12' },
      { inputId: id.nationality, value: 'Jordanian' },
      { inputId: id.funds, value: 'Salary' },
      { inputId: id.identity, value: String((identity.data as Upload).fileId) },
      { inputId: id.confirm, value: '1' },
    ];
  }

  const replace = (answers: Array<{ inputId: number; value: string }>, inputId: number, value: string) =>
    answers.map((answer) => (answer.inputId === inputId ? { inputId, value } : answer));

  describe('the form', () => {
    it('lists the seeded inputs with their types, required flags and options', async () => {
      // Proves get-user-kyc answers the server-defined form of text, checkbox, radio and file inputs.
      const { token } = await newUser();
      const kyc = await t.call(getUserKycCall, {}, { token });
      expect(kyc.status).toBe(200);
      expect(kyc.data.status).toBe(0);
      const shape = kyc.data.inputs.map((input) => [input.name, input.input_type.type, input.input_attributes.required]);
      expect(shape).toEqual([
        [NAMES.fullName, 'text', 1],
        [NAMES.birth, 'text', 1],
        [NAMES.nationality, 'text', 1],
        [NAMES.funds, 'radio', 1],
        [NAMES.pep, 'radio', 0],
        [NAMES.identity, 'file', 1],
        [NAMES.address, 'file', 0],
        [NAMES.confirm, 'checkbox', 1],
      ]);
      const funds = kyc.data.inputs.find((input) => input.name === NAMES.funds);
      expect(funds?.input_attributes.options).toEqual(['Salary', 'Business income', 'Savings', 'Other']);
      expect(kyc.data.inputs.find((input) => input.name === NAMES.pep)?.input_attributes.options).toBeUndefined();
    });

    it('asks a new user for the form after set-passcode, and not the approved demo merchant', async () => {
      // Proves userKyc: 1 (with kycFlow 'form') for a new user, 0 for an account whose KYC is approved.
      const { set } = await newUser();
      expect(set).toMatchObject({ userKyc: 1, kycFlow: 'form', sumsubToken: null, sumsubUrl: null });

      await proveEmail(t, DEMO_MERCHANT.email);
      const login = await t.call(loginCall, { email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password });
      expect(login.data).toMatchObject({ userKyc: 0, kycFlow: null });
      const passcode = await t.call(passcodeLoginCall, { passcode: DEMO_MERCHANT.passcode }, { token: login.data.accessToken });
      expect(passcode.data).toMatchObject({ userKyc: 0, kycFlow: null });
      const kyc = await t.call(getUserKycCall, {}, { token: passcode.data.accessToken });
      expect(kyc.data.status).toBe(2);
    });
  });

  describe('upload-user-kyc-file', () => {
    it('stores a real PNG and a PDF outside the web root and answers a fileId', async () => {
      // Proves a multipart upload of an accepted type is stored (by a random key) and recorded.
      const { email, token } = await newUser();
      const diskBefore = await storedFileCount(t);
      const png = await upload(
        token,
        { inputId: String(id.identity), application: 'web', deviceId: 'browser-1' },
        { name: 'my passport.png', bytes: PNG, type: 'image/png' },
      );
      expect(png.status).toBe(200);
      expect(png.code).toBe(200);
      const data = png.data as Upload;
      expect(data).toMatchObject({ inputId: id.identity, fileName: 'my passport.png', sizeBytes: PNG.length, mimeType: 'image/png' });
      expect(data.fileId).toEqual(expect.any(Number));

      const row = await t.deps.db.selectFrom('kyc_files').selectAll().where('id', '=', BigInt(data.fileId)).executeTakeFirstOrThrow();
      const user = await t.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      expect(row.user_id).toBe(user.id);
      expect(row.storage_key).toMatch(/\.png$/);
      expect(row.storage_key).not.toContain('passport');
      expect(Buffer.compare(await t.deps.files.get(row.storage_key), PNG)).toBe(0);
      expect(await storedFileCount(t)).toBe(diskBefore + 1);

      // The browser's word is not trusted: a PDF sent as image/png is stored as the PDF it is.
      const pdf = await upload(token, { inputId: String(id.address) }, { name: 'bill.png', bytes: PDF, type: 'image/png' });
      expect(pdf.status).toBe(200);
      expect((pdf.data as Upload).mimeType).toBe('application/pdf');
    });

    it('accepts a file of exactly 600 KB and refuses one byte more, writing nothing', async () => {
      // Proves the size cap (0.6 MB) at its boundary.
      const { token } = await newUser();
      const atLimit = await upload(
        token,
        { inputId: String(id.identity) },
        { name: 'big.png', bytes: pngOfSize(KYC_FILE_MAX_BYTES), type: 'image/png' },
      );
      expect(atLimit.status).toBe(200);

      const before = await countRows(t, ['kyc_files']);
      const diskBefore = await storedFileCount(t);
      for (const size of [KYC_FILE_MAX_BYTES + 1, 700 * 1024]) {
        const tooBig = await upload(
          token,
          { inputId: String(id.identity) },
          { name: 'huge.png', bytes: pngOfSize(size), type: 'image/png' },
        );
        expect(tooBig.status).toBe(400);
        expect(tooBig.message).toBe('The file may not be greater than 600 kilobytes.');
        expect(tooBig.data).toEqual({ errors: { file: 'The file may not be greater than 600 kilobytes.' } });
      }
      // Past the transport's upload cap (5 MB) the request itself is refused as too large (a 400).
      const huge = await upload(
        token,
        { inputId: String(id.identity) },
        { name: 'huge.png', bytes: pngOfSize(6 * 1024 * 1024), type: 'image/png' },
      );
      expect(huge.status).toBe(400);
      expect(huge.code).toBe(400);
      expect(huge.reason).toBe('BODY_TOO_LARGE');
      expect(await countRows(t, ['kyc_files'])).toEqual(before);
      expect(await storedFileCount(t)).toBe(diskBefore);
    });

    it('refuses a file whose bytes are not jpeg, png or pdf, whatever its name says', async () => {
      // Proves the type is sniffed from the bytes: a text file renamed .png is refused.
      const { token } = await newUser();
      const before = await countRows(t, ['kyc_files']);
      const diskBefore = await storedFileCount(t);
      const fakes = [
        { name: 'notes.png', bytes: Buffer.from('just some text, not an image\n'), type: 'image/png' },
        { name: 'page.pdf', bytes: Buffer.from('<html><body>hi</body></html>'), type: 'application/pdf' },
        { name: 'anim.gif', bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'), type: 'image/gif' },
      ];
      for (const file of fakes) {
        const refused = await upload(token, { inputId: String(id.identity) }, file);
        expect(refused.status, file.name).toBe(400);
        expect(refused.message).toBe('The file must be a file of type: jpeg, png, pdf.');
      }
      expect(await countRows(t, ['kyc_files'])).toEqual(before);
      expect(await storedFileCount(t)).toBe(diskBefore);
    });

    it('refuses an upload without a file, without an input id, or for an input that is not a file', async () => {
      // Proves the other upload refusals, each with nothing written.
      const { token } = await newUser();
      const before = await countRows(t, ['kyc_files']);
      const diskBefore = await storedFileCount(t);

      const noFile = await upload(token, { inputId: String(id.identity) });
      expect(noFile.status).toBe(400);
      expect(noFile.message).toBe('The file field is required');
      const emptyFile = await upload(
        token,
        { inputId: String(id.identity) },
        { name: 'empty.png', bytes: Buffer.alloc(0), type: 'image/png' },
      );
      expect(emptyFile.status).toBe(400);
      expect(emptyFile.message).toBe('The file field is required');

      const noInput = await upload(token, {}, { name: 'passport.png', bytes: PNG, type: 'image/png' });
      expect(noInput.status).toBe(400);
      expect(noInput.message).toBe('The input id field is required');

      for (const inputId of [id.fullName, id.confirm, id.funds, 9999]) {
        const wrongInput = await upload(token, { inputId: String(inputId) }, { name: 'passport.png', bytes: PNG, type: 'image/png' });
        expect(wrongInput.status, String(inputId)).toBe(400);
        expect(wrongInput.message).toBe('The selected input is invalid.');
      }
      expect(await countRows(t, ['kyc_files'])).toEqual(before);
      expect(await storedFileCount(t)).toBe(diskBefore);
    });

    it('needs a full session to upload', async () => {
      // Proves uploads answer 401 without a token and to a password-stage token.
      const before = await countRows(t, ['kyc_files']);
      const file = { name: 'passport.png', bytes: PNG, type: 'image/png' };
      expect((await upload(undefined, { inputId: String(id.identity) }, file)).status).toBe(401);
      serial += 1;
      const passwordToken = await signUp(t, `kyc-stage-${serial}@example.com`, { phone: `54${String(serial).padStart(7, '0')}` });
      expect((await upload(passwordToken, { inputId: String(id.identity) }, file)).status).toBe(401);
      expect(await countRows(t, ['kyc_files'])).toEqual(before);
    });
  });

  describe('manage-user-kyc', () => {
    it('names every missing required answer under kyc.<inputId>, writing nothing', async () => {
      // Proves the required rule per input: required ones are listed, optional ones are not.
      const { email, token } = await newUser();
      const before = await countRows(t, ['kyc_submissions']);
      const refused = await t.call(manageUserKycCall, { kyc: '[]' }, { token });
      expect(refused.status).toBe(400);
      expect(refused.message).toBe(`The ${NAMES.fullName} field is required`);
      expect(fieldErrors(refused)).toEqual({
        [`kyc.${id.fullName}`]: `The ${NAMES.fullName} field is required`,
        [`kyc.${id.birth}`]: `The ${NAMES.birth} field is required`,
        [`kyc.${id.nationality}`]: `The ${NAMES.nationality} field is required`,
        [`kyc.${id.funds}`]: `The ${NAMES.funds} field is required`,
        [`kyc.${id.identity}`]: `The ${NAMES.identity} field is required`,
        [`kyc.${id.confirm}`]: `The ${NAMES.confirm} field is required`,
      });
      // Blank text counts as missing.
      const answers = await validAnswers(token);
      const blank = await t.call(manageUserKycCall, { kyc: JSON.stringify(replace(answers, id.nationality, '   ')) }, { token });
      expect(blank.status).toBe(400);
      expect(fieldErrors(blank)).toEqual({ [`kyc.${id.nationality}`]: `The ${NAMES.nationality} field is required` });
      expect(await countRows(t, ['kyc_submissions'])).toEqual(before);
      expect(await kycStatus(email)).toBe(0);
    });

    it('needs the required checkbox to be 1', async () => {
      // Proves a required checkbox sent as 0 (or anything but 1) is refused.
      const { email, token } = await newUser();
      const answers = await validAnswers(token);
      const before = await countRows(t, ['kyc_submissions']);
      for (const value of ['0', '', 'yes', '2']) {
        const refused = await t.call(manageUserKycCall, { kyc: JSON.stringify(replace(answers, id.confirm, value)) }, { token });
        expect(refused.status, value).toBe(400);
        expect(fieldErrors(refused)).toEqual({ [`kyc.${id.confirm}`]: `The ${NAMES.confirm} field is required` });
      }
      expect(await countRows(t, ['kyc_submissions'])).toEqual(before);
      expect(await kycStatus(email)).toBe(0);
    });

    it('needs a radio answer to be one of its options (or 1/0 when it has none)', async () => {
      // Proves the radio rules for an input with options and one without.
      const { email, token } = await newUser();
      const answers = await validAnswers(token);
      const before = await countRows(t, ['kyc_submissions']);
      for (const value of ['Crypto', 'salary', '1']) {
        const refused = await t.call(manageUserKycCall, { kyc: JSON.stringify(replace(answers, id.funds, value)) }, { token });
        expect(refused.status, value).toBe(400);
        expect(refused.message).toBe(`The selected ${NAMES.funds} is invalid`);
      }
      const pep = await t.call(manageUserKycCall, { kyc: JSON.stringify([...answers, { inputId: id.pep, value: 'maybe' }]) }, { token });
      expect(pep.status).toBe(400);
      expect(fieldErrors(pep)).toEqual({ [`kyc.${id.pep}`]: `The ${NAMES.pep} field must be 1 or 0` });
      expect(await countRows(t, ['kyc_submissions'])).toEqual(before);
      expect(await kycStatus(email)).toBe(0);
    });

    it('accepts as a file answer only a fileId this user uploaded for that input', async () => {
      // Proves another user's file, a file of another input and a made-up id are all refused.
      const owner = await newUser();
      const other = await newUser();
      const answers = await validAnswers(owner.token);
      const othersFile = await upload(other.token, { inputId: String(id.identity) }, { name: 'theirs.png', bytes: PNG, type: 'image/png' });
      const addressFile = await upload(
        owner.token,
        { inputId: String(id.address) },
        { name: 'bill.pdf', bytes: PDF, type: 'application/pdf' },
      );
      const before = await countRows(t, ['kyc_submissions']);
      const message = `Please upload the ${NAMES.identity} again`;
      for (const value of [(othersFile.data as Upload).fileId, (addressFile.data as Upload).fileId, 999999, 'abc', '-1']) {
        const refused = await t.call(
          manageUserKycCall,
          { kyc: JSON.stringify(replace(answers, id.identity, String(value))) },
          { token: owner.token },
        );
        expect(refused.status, String(value)).toBe(400);
        expect(fieldErrors(refused)).toEqual({ [`kyc.${id.identity}`]: message });
      }
      // The optional file input is checked too when it is answered.
      const wrongOptional = await t.call(
        manageUserKycCall,
        { kyc: JSON.stringify([...answers, { inputId: id.address, value: String((othersFile.data as Upload).fileId) }]) },
        { token: owner.token },
      );
      expect(fieldErrors(wrongOptional)).toEqual({ [`kyc.${id.address}`]: `Please upload the ${NAMES.address} again` });
      expect(await countRows(t, ['kyc_submissions'])).toEqual(before);
      expect(await kycStatus(owner.email)).toBe(0);
    });

    it('refuses an unreadable kyc field and an unknown input', async () => {
      // Proves the kyc payload must be a list of answers for inputs of the form.
      const { email, token } = await newUser();
      const before = await countRows(t, ['kyc_submissions']);
      const notJson = await t.call(manageUserKycCall, { kyc: 'not json' }, { token });
      expect(notJson.status).toBe(400);
      expect(notJson.message).toBe('The kyc field must be a list of answers');
      const notList = await t.call(manageUserKycCall, { kyc: '{"a":1}' }, { token });
      expect(notList.status).toBe(400);
      const missing = await t.post(manageUserKycCall.path, {}, { token });
      expect(missing.status).toBe(400);
      const unknown = await t.call(manageUserKycCall, { kyc: JSON.stringify([{ inputId: 9999, value: 'x' }]) }, { token });
      expect(unknown.status).toBe(400);
      expect(unknown.message).toBe('The kyc contains an unknown input.');
      const tooLong = await t.call(
        manageUserKycCall,
        { kyc: JSON.stringify([{ inputId: id.fullName, value: 'x'.repeat(501) }]) },
        { token },
      );
      expect(tooLong.status).toBe(400);
      expect(await countRows(t, ['kyc_submissions'])).toEqual(before);
      expect(await kycStatus(email)).toBe(0);
    });

    it('records a complete submission once, and sign-in then stops asking for the form', async () => {
      // Proves a valid submission: 200, kyc_status 1, one kyc_submissions row; a second one is 409.
      const { email, token } = await newUser();
      const answers = await validAnswers(token);
      const before = await countRows(t, ['kyc_submissions']);
      const submitted = await t.call(manageUserKycCall, { kyc: JSON.stringify(answers) }, { token });
      expect(submitted.status).toBe(200);
      expect(submitted.data).toBeNull();
      expect(await kycStatus(email)).toBe(1);
      expect(await countRows(t, ['kyc_submissions'])).toEqual({ kyc_submissions: before.kyc_submissions + 1 });

      const user = await t.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const row = await t.deps.db.selectFrom('kyc_submissions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.status).toBe(1);
      const stored = new Map(row.answers.map((answer) => [answer.inputId, answer.value]));
      expect(stored.get(id.fullName)).toBe('Lina Farouk');
      expect(stored.get(id.funds)).toBe('Salary');
      expect(stored.get(id.confirm)).toBe('1');
      expect(stored.get(id.pep)).toBe('0'); // an unanswered optional radio is stored as 0
      expect(stored.get(id.address)).toBe('');

      const kyc = await t.call(getUserKycCall, {}, { token });
      expect(kyc.data.status).toBe(1);

      const again = await t.call(manageUserKycCall, { kyc: JSON.stringify(answers) }, { token });
      expect(again.status).toBe(409);
      expect(await countRows(t, ['kyc_submissions'])).toEqual({ kyc_submissions: before.kyc_submissions + 1 });

      await proveEmail(t, email);
      const login = await t.call(loginCall, { email, password: VALID_SIGN_UP.password });
      expect(login.data.userKyc).toBe(0);
      const passcode = await t.call(passcodeLoginCall, { passcode: '2580' }, { token: login.data.accessToken });
      expect(passcode.status).toBe(200);
      expect(passcode.data.userKyc).toBe(0);
    });

    it('removes the uploads a submission leaves out, keeps the submitted one, and a refused submission touches none', async () => {
      // Proves a document chosen again does not leave the first upload on disk once the answers are in.
      const { email, token } = await newUser();
      const answers = await validAnswers(token);
      const again = await upload(token, { inputId: String(id.identity) }, { name: 'passport-2.pdf', bytes: PDF, type: 'application/pdf' });
      expect(again.status).toBe(200);
      const user = await t.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const uploads = await t.deps.db
        .selectFrom('kyc_files')
        .select(['id', 'storage_key'])
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute();
      expect(uploads).toHaveLength(2);
      const [first, second] = uploads.map((row) => ({ id: row.id, file: row.storage_key }));
      const chosen = replace(answers, id.identity, String(second!.id));

      // A refused submission (a required answer missing) deletes nothing.
      const refused = await t.call(manageUserKycCall, { kyc: chosen.filter((answer) => answer.inputId !== id.fullName) }, { token });
      expect(refused.status).toBe(400);
      expect((await t.deps.files.exists(first!.file)) && (await t.deps.files.exists(second!.file))).toBe(true);

      const submitted = await t.call(manageUserKycCall, { kyc: chosen }, { token });
      expect(submitted.status, submitted.message).toBe(200);
      expect(await t.deps.files.exists(first!.file)).toBe(false);
      expect(await t.deps.files.get(second!.file)).toEqual(PDF);
      const left = await t.deps.db.selectFrom('kyc_files').select('id').where('user_id', '=', user.id).execute();
      expect(left.map((row) => row.id)).toEqual([second!.id]);

      // Rejected, the user submits again with a new document: the earlier submission's file stays.
      await t.deps.db.updateTable('users').set({ kyc_status: 3 }).where('email', '=', email).execute();
      const third = await upload(token, { inputId: String(id.identity) }, { name: 'passport-3.png', bytes: PNG, type: 'image/png' });
      const resubmitted = await t.call(
        manageUserKycCall,
        { kyc: replace(chosen, id.identity, String((third.data as Upload).fileId)) },
        { token },
      );
      expect(resubmitted.status, resubmitted.message).toBe(200);
      expect(await t.deps.files.exists(second!.file)).toBe(true);
      const kept = await t.deps.db.selectFrom('kyc_files').select('id').where('user_id', '=', user.id).orderBy('id').execute();
      expect(kept.map((row) => Number(row.id))).toEqual([Number(second!.id), (third.data as Upload).fileId]);
    });

    it('accepts the answers as a list as well as a JSON string, and lets a rejected user submit again', async () => {
      // Proves the array form of kyc, and that a rejected verification reopens the form.
      const { email, token } = await newUser();
      const answers = await validAnswers(token);
      expect((await t.call(manageUserKycCall, { kyc: answers }, { token })).status).toBe(200);
      await t.deps.db.updateTable('users').set({ kyc_status: 3 }).where('email', '=', email).execute();
      await proveEmail(t, email);
      const login = await t.call(loginCall, { email, password: VALID_SIGN_UP.password });
      expect(login.data.userKyc).toBe(1);
      const resubmitted = await t.call(manageUserKycCall, { kyc: JSON.stringify(answers) }, { token });
      expect(resubmitted.status).toBe(200);
      expect(await kycStatus(email)).toBe(1);
    });
  });
});
