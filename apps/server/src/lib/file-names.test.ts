// The name an upload is kept under (lib/file-names.ts): HTML, bidi overrides and other invisible
// characters, paths of either system, very long names and names with nothing usable in them each
// give a clean, bounded, non-empty name; and an upload through the real app stores that name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createTestPerson, type TestPerson } from '../test/money.ts';
import { multipartBody, TINY_PNG } from '../test/hostile-input.ts';
import { cleanFileName, FILE_NAME_FALLBACK, FILE_NAME_MAX_CHARS } from './file-names.ts';

const RLO = '\u202E';
const codePoints = (text: string) => Array.from(text).length;

describe('cleanFileName', () => {
  it('keeps an ordinary name as it is', () => {
    // Proves the cleaning changes nothing a person would have typed.
    for (const name of ['passport.png', 'my passport.png', 'Ünal’s ID (2).jpeg', '身分証.pdf', 'scan 😀.png']) {
      expect(cleanFileName(name)).toBe(name);
    }
  });

  it('takes the HTML out of a name: no angle brackets or quotes survive', () => {
    // Proves markup sent as a name is kept as harmless text (the slash of a closing tag is a path separator).
    expect(cleanFileName('<img src=x onerror=alert(1)>.png')).toBe('img src=x onerror=alert(1).png');
    expect(cleanFileName('<script>alert("x")</script>.png')).toBe('script.png');
    expect(cleanFileName('a"b|c?d*e:f.png')).toBe('abcdef.png');
  });

  it('removes bidi overrides, zero-width and other format characters, controls and lone surrogates', () => {
    // Proves 'invoice‮gnp.exe' (shown as 'invoiceexe.png') is stored as the name it really is.
    expect(cleanFileName(`invoice${RLO}gnp.exe`)).toBe('invoicegnp.exe');
    expect(cleanFileName('a\u200Bb\u200Dc\u2066d\u2069e\uFEFF.png')).toBe('abcde.png');
    expect(cleanFileName('a\u0000b\u001bc\u007fd\u0085e.png')).toBe('abcde.png');
    expect(cleanFileName('half\uD800.png')).toBe('half.png');
    expect(cleanFileName('pair\uD83D\uDE00.png')).toBe('pair😀.png');
  });

  it('keeps only the last segment of a Windows or Unix path', () => {
    // Proves no separator reaches the stored name, whichever system built the path.
    expect(cleanFileName('C:\\Users\\me\\Documents\\passport.png')).toBe('passport.png');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('/tmp/a/b/id.jpg')).toBe('id.jpg');
    expect(cleanFileName('folder\\')).toBe(FILE_NAME_FALLBACK);
  });

  it('collapses whitespace and trims dots and spaces at both ends', () => {
    // Proves a name cannot hide as '.name', end in a dot Windows drops, or carry tabs and odd spaces.
    expect(cleanFileName('  my \t\n  passport\u00A0\u2003scan .png  ')).toBe('my passport scan .png');
    expect(cleanFileName('tab\tand\r\nbreak.png')).toBe('tab and break.png');
    expect(cleanFileName('...hidden.png')).toBe('hidden.png');
    expect(cleanFileName('name.png. . .')).toBe('name.png');
    expect(cleanFileName('line\u2028break.png')).toBe('line break.png');
  });

  it('bounds a long name, keeping its extension and never cutting a character in half', () => {
    // Proves 5,000 characters become FILE_NAME_MAX_CHARS, the extension kept, an emoji whole.
    const long = cleanFileName(`${'a'.repeat(5_000)}.jpeg`);
    expect(codePoints(long)).toBe(FILE_NAME_MAX_CHARS);
    expect(long.endsWith('.jpeg')).toBe(true);
    const emoji = cleanFileName(`${'😀'.repeat(300)}.png`);
    expect(codePoints(emoji)).toBe(FILE_NAME_MAX_CHARS);
    expect(emoji).toBe(`${'😀'.repeat(FILE_NAME_MAX_CHARS - 4)}.png`);
    // An ending too long to be an extension is not kept: the name is simply cut.
    const dotted = cleanFileName(`short.${'b'.repeat(500)}`);
    expect(dotted).toBe(`short.${'b'.repeat(FILE_NAME_MAX_CHARS - 6)}`);
    // A megabyte of name costs no more than the part a name could use.
    expect(codePoints(cleanFileName('x'.repeat(1_000_000)))).toBe(FILE_NAME_MAX_CHARS);
  });

  it('answers the fallback name when nothing usable is left', () => {
    // Proves a stored name is never empty.
    for (const name of ['', '   ', '...', RLO, '<>:"|?*', '\u0000\u200B', '\uD800', '/']) {
      expect(cleanFileName(name), JSON.stringify(name)).toBe(FILE_NAME_FALLBACK);
    }
  });
});

describe('an upload with a hostile name', () => {
  let t: TestApp;
  let consumer: TestPerson;
  beforeAll(async () => {
    t = await createTestApp({}, { demo: false });
    consumer = await createTestPerson(t);
  });
  afterAll(async () => t?.close());

  it('is stored and answered under the cleaned name', async () => {
    // Proves the transport cleans the name once for every upload: what the KYC file row keeps
    // (and the console shows) is the cleaned name, not the markup, overrides and length sent.
    const input = await t.deps.db.selectFrom('kyc_inputs').select('id').where('type', '=', 'file').executeTakeFirstOrThrow();
    const boundary = '----file-name-test';
    const sent = `<b onclick=steal()>${RLO}gnp.exe  ${'x'.repeat(5_000)}.png`;
    const body = multipartBody(
      [
        { name: 'inputId', value: String(input.id) },
        { name: 'file', value: TINY_PNG, fileName: sent, contentType: 'image/png' },
      ],
      boundary,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload-user-kyc-file',
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accesstoken: consumer.token },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { data: { fileId: number; fileName: string } };
    const shown = 'b onclick=steal()gnp.exe ';
    const expected = `${shown}${'x'.repeat(FILE_NAME_MAX_CHARS - shown.length - '.png'.length)}.png`;
    expect(answer.data.fileName).toBe(expected);
    const stored = await t.deps.db
      .selectFrom('kyc_files')
      .select('original_name')
      .where('id', '=', BigInt(answer.data.fileId))
      .executeTakeFirstOrThrow();
    expect(stored.original_name).toBe(expected);
    expect(codePoints(stored.original_name)).toBeLessThanOrEqual(FILE_NAME_MAX_CHARS);
  });
});
