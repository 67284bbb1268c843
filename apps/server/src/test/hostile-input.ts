// Hostile input for the fuzz test and the transport's tests: values that broke servers before
// (integers past a column's range, NUL and other control characters, huge and deeply nested
// values, prototype keys), plausible values per field name (so a body gets past the first
// check and reaches deeper code), raw JSON that JSON.stringify cannot produce, and multipart
// bodies, well-formed and broken.
import fc from 'fast-check';

/** Values a field should refuse cleanly: none of them may ever cause a 5xx. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'abc\u0000',
  '\u0007\u001b[31m',
  '\t',
  '\r\n',
  'line\nbreak',
  '\u0085\u009f',
  '\u007f',
  '\ud800',
  '\udfff\ud800',
  '\ufeff',
  '\u202e',
  '𝕏🙂',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e400',
  '1e-400',
  '0x7fffffff',
  '2147483648',
  '9223372036854775808',
  '100000000001',
  '99999999999999999999999999999',
  ' 7 ',
  '1.5',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '%00',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '$where',
  '{"$gt":""}',
  'a'.repeat(300),
  'A1a'.repeat(3_000),
] as const;

export const HOSTILE_NUMBERS = [
  0,
  -1,
  1,
  -0,
  0.5,
  -2_147_483_648,
  2_147_483_647,
  2_147_483_648,
  4_294_967_296,
  100_000_000_001,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  1e21,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
] as const;

/** Any JSON value, hostile more often than not; depth-bounded. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }) },
  ),
})).value;

/** What a person, a wallet and a merchant of the fuzzed app look like: plausible values come from them. */
export interface FuzzWorld {
  emails: string[];
  phones: string[];
  walletIds: number[];
  currencyIds: number[];
  paymentMethodIds: number[];
  requestIds: number[];
  inputIds: number[];
  storeIds: number[];
  quoteHashes: string[];
  /** The passcode of the account behind the passcode-stage sessions. */
  passcodes: string[];
}

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((chars) => chars.join(''));

/** Fields that are optional filters or extras: absent half the time, so the others decide. */
const OFTEN_ABSENT = new Set([
  'request_id',
  'deviceToken',
  'verResponse',
  'resId',
  'transactionDetail',
  'cursor',
  'fromDate',
  'toDate',
  'storeId',
  'terminalId',
  'channelId',
  'status',
  'transactionTypeId',
  'paginate',
]);

/** A value that could pass the field's rules, so a body reaches the code behind the validation. */
export function plausibleValue(field: string, world: FuzzWorld): fc.Arbitrary<unknown> {
  const present = presentValue(field, world);
  return OFTEN_ABSENT.has(field) ? fc.oneof(fc.constant(undefined), present) : present;
}

function presentValue(field: string, world: FuzzWorld): fc.Arbitrary<unknown> {
  const pick = <T>(values: readonly T[], fallback: T) => fc.constantFrom(...(values.length ? values : [fallback]));
  switch (field) {
    case 'email':
      return fc.oneof(pick(world.emails, 'nobody@example.com'), fc.emailAddress(), pick(world.phones, '+971500000000'));
    case 'emailOrPhone':
      return fc.oneof(pick(world.emails, 'nobody@example.com'), pick(world.phones, '+971500000000'), fc.emailAddress());
    case 'password':
    case 'confirmPassword':
      return fc.constantFrom('Secret123', 'Consumer123', 'short', 'nouppercase1', 'A1a'.repeat(50));
    case 'passcode':
    case 'confirmPasscode':
      return fc.oneof({ weight: 3, arbitrary: pick(world.passcodes, '1234') }, digits(4, 4), fc.constantFrom('12345', 'abcd'));
    case 'otp':
      return digits(6, 6);
    case 'firstName':
    case 'lastName':
    case 'cardHolderName':
      return fc.constantFrom('Lina', 'Omar Said', 'X', 'Ünal');
    case 'businessName':
    case 'notes':
    case 'search':
    case 'uri':
    case 'application':
    case 'deviceDetail':
      return fc.string({ maxLength: 30 });
    case 'carrierCode':
      return fc.constantFrom('+971', '971', '+1', '+12345');
    case 'phone':
      return fc.oneof(digits(9, 12), pick(world.phones, '+971500000000'));
    case 'amount':
      return fc.oneof(fc.integer({ min: 1, max: 50_000 }), fc.constantFrom('100', '1.5', 'abc'));
    case 'payerAccountId':
    case 'userAccountId':
      return pick(world.walletIds, 1);
    case 'currencyId':
      return pick(world.currencyIds, 1);
    case 'paymentMethodId':
      return pick(world.paymentMethodIds, 1);
    case 'request_id':
    case 'requestId':
      return pick(world.requestIds, 1);
    case 'inputId':
      return pick(world.inputIds, 1);
    case 'storeId':
    case 'terminalId':
    case 'channelId':
      return pick(world.storeIds, 1);
    case 'transactionHash':
    case 'hash':
      return pick(world.quoteHashes, 'no-such-hash');
    case 'type':
      return fc.constantFrom('DEPOSIT', 'merchant', 1, 2, 0);
    case 'deductChargesFromTransactionAmount':
    case 'paginate':
    case 'transactionDetail':
      return fc.constantFrom(0, 1, '1');
    case 'page':
    case 'perPage':
      return fc.integer({ min: 1, max: 600 });
    case 'cardNumber':
      return fc.constantFrom('4242424242424242', '4000000000000002', '4000 0000 0000 3220', '1234');
    case 'expMonth':
    case 'expYear':
      return digits(2, 2);
    case 'cvc':
      return digits(3, 4);
    case 'fromDate':
    case 'toDate':
      return fc.constantFrom('2026-01-01', '2026-02-30', '2099-12-31', '01/01/2026');
    case 'status':
    case 'transactionTypeId':
      return fc.integer({ min: -1, max: 15 });
    case 'cursor':
      return fc.constantFrom('1', '9223372036854775807', '9223372036854775808', '0');
    case 'kyc':
      return fc
        .array(
          fc.record({ inputId: pick(world.inputIds, 1), value: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('1', 'a\u0000b')) }),
          {
            maxLength: 4,
          },
        )
        .chain((answers) => fc.constantFrom<unknown>(answers, JSON.stringify(answers)));
    default:
      return fc.string({ maxLength: 20 });
  }
}

const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001f', '\u007f', '\u0085', '\t', '\n', '\r'] as const;

/** A plausible value with a control character slipped in (a NUL in an otherwise good e-mail). */
export function taintedValue(field: string, world: FuzzWorld): fc.Arbitrary<unknown> {
  return (
    fc
      // NUL half the time: it is the one PostgreSQL refuses in text, so the one that used to reach a 500.
      .tuple(presentValue(field, world), fc.oneof(fc.constant('\u0000'), fc.constantFrom(...CONTROL_CHARACTERS)), fc.nat())
      .map(([value, control, at]) => {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        const index = text.length === 0 ? 0 : at % (text.length + 1);
        return text.slice(0, index) + control + text.slice(index);
      })
  );
}

/**
 * A body for a call with these fields. Most bodies are plausible but for one field, which is
 * tainted or hostile (so the bad value is what the code behind the validation meets); others
 * mix absent, plausible, tainted and hostile fields freely; some carry extra keys (prototype
 * keys among them); a few are not an object at all.
 */
export function bodyFor(fields: readonly string[], world: FuzzWorld): fc.Arbitrary<unknown> {
  const fieldValue = (field: string) =>
    fc.oneof(
      { weight: 6, arbitrary: plausibleValue(field, world) },
      { weight: 2, arbitrary: taintedValue(field, world) },
      { weight: 2, arbitrary: hostileValue },
    );
  const plausible = fc.record(Object.fromEntries(fields.map((field) => [field, plausibleValue(field, world)])));
  const oneBadField =
    fields.length === 0
      ? plausible
      : fc
          .tuple(plausible, fc.constantFrom(...fields))
          .chain(([body, field]) =>
            fc.oneof(taintedValue(field, world), hostileValue).map((bad) => ({ ...body, [field]: bad }) as Record<string, unknown>),
          );
  const mixed = fc.record(Object.fromEntries(fields.map((field) => [field, fieldValue(field)])), { requiredKeys: [] });
  const extras = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', '\u0000', 'a\u0000b', ''), hostileValue, {
    maxKeys: 2,
  });
  return fc.oneof(
    { weight: 10, arbitrary: oneBadField },
    { weight: 6, arbitrary: mixed },
    { weight: 2, arbitrary: fc.tuple(mixed, extras).map(([body, extra]) => ({ ...extra, ...body })) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** JSON text JSON.stringify never writes: numbers past any range, deep nesting, broken syntax. */
export const RAW_JSON_BODIES = [
  '{"amount": 1e400, "currencyId": -1e400}',
  '{"currencyId": 100000000001, "paymentMethodId": 100000000001, "type": "DEPOSIT"}',
  '{"payerAccountId": 123456789012345678901234567890}',
  '{"requestId": 9223372036854775808}',
  '{"page": 1e308, "perPage": -1e308}',
  `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
  `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`,
  '{"email": "a@b.co", "email": "\\u0000"}',
  '{"email": "\\u0000@example.com"}',
  '{"passcode": "12\\u00004"}',
  '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
  '{"email": "\\ud800@example.com"}',
  '{',
  '{"a": }',
  '[1, 2',
  '"just a string"',
  'null',
  '12',
  '',
  '\u0000',
  '{"a": "b"} trailing',
] as const;

/** A multipart body from parts, with the boundary given (so a test can break it). */
export interface MultipartPart {
  name: string;
  value: string | Buffer;
  fileName?: string;
  contentType?: string;
}

export function multipartBody(parts: readonly MultipartPart[], boundary: string, options: { close?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.fileName !== undefined) head += `; filename="${part.fileName}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`, 'utf8'),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The smallest PNG there is: a file every upload accepts as an image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart request: the body and the content-type header that goes with it (maybe lying). */
export interface MultipartRequest {
  body: Buffer;
  contentType: string;
}

/** Multipart bodies: well-formed with hostile fields and file names, and broken in each way we know. */
export function multipartRequest(fields: readonly string[], world: FuzzWorld): fc.Arbitrary<MultipartRequest> {
  const boundary = '----fuzz' + 'b'.repeat(8);
  const textValue = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.string({ unit: 'binary', maxLength: 30 }),
    // An absent value (undefined: JSON.stringify answers undefined) is sent as an empty field.
    ...fields.map((field) =>
      plausibleValue(field, world).map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))),
    ),
  );
  // A call may take nothing but its file (update-profile-picture): then only stray field names.
  const fieldName = fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 });
  const fieldPart = fc.record({ name: fieldName, value: textValue });
  const fileName = fc.oneof(
    fc.constantFrom('id.png', 'a\u0000.png', '\u0000', '', '../../../etc/passwd', 'x'.repeat(1_000), 'name";\r\nX-Injected: 1', '𝕏.png'),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );
  const filePart = fc.record({
    // The file fields of the multipart calls (KYC, store owners, profile picture), and a stray one.
    name: fc.constantFrom('file', 'attachment', 'profilePic', 'other'),
    value: fc.oneof(
      fc.constant(TINY_PNG),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    ),
    fileName,
    contentType: fc.constantFrom('image/png', 'application/octet-stream', 'text/html', '\u0000'),
  });
  const parts = fc.array(fc.oneof(fieldPart, filePart), { maxLength: 6 });
  const wellFormed = parts.map((list) => ({
    body: multipartBody(list, boundary),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }));
  const broken = fc.oneof(
    // the closing boundary never comes
    parts.map((list) => ({
      body: multipartBody(list, boundary, { close: false }),
      contentType: `multipart/form-data; boundary=${boundary}`,
    })),
    // the header names another boundary than the body uses
    parts.map((list) => ({ body: multipartBody(list, boundary), contentType: 'multipart/form-data; boundary=other' })),
    // no boundary at all, or an empty one, or one with a NUL
    parts.map((list) => ({ body: multipartBody(list, boundary), contentType: 'multipart/form-data' })),
    parts.map((list) => ({ body: multipartBody(list, boundary), contentType: 'multipart/form-data; boundary=' })),
    parts.map((list) => ({ body: multipartBody(list, boundary), contentType: 'multipart/form-data; boundary="a\u0000b"' })),
    // garbage where the parts should be
    fc
      .uint8Array({ maxLength: 200 })
      .map((bytes) => ({ body: Buffer.from(bytes), contentType: `multipart/form-data; boundary=${boundary}` })),
    // far too many parts, or two files
    fc.integer({ min: 25, max: 200 }).map((count) => ({
      body: multipartBody(
        Array.from({ length: count }, (_, index) => ({ name: `f${index}`, value: 'x' })),
        boundary,
      ),
      contentType: `multipart/form-data; boundary=${boundary}`,
    })),
    fc.constant({
      body: multipartBody(
        [
          { name: 'file', value: TINY_PNG, fileName: 'a.png', contentType: 'image/png' },
          { name: 'file', value: TINY_PNG, fileName: 'b.png', contentType: 'image/png' },
        ],
        boundary,
      ),
      contentType: `multipart/form-data; boundary=${boundary}`,
    }),
  );
  return fc.oneof({ weight: 3, arbitrary: wellFormed }, { weight: 2, arbitrary: broken });
}
