import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** Production refuses to start without the credentials key (lib/sealed-secrets.ts). */
const PRODUCTION = { NODE_ENV: 'production', CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64') };

describe('settings', () => {
  it('keeps one code per e-mail per 10 s unless a non-production deployment shortens it', () => {
    expect(loadConfig({}).otpResendGapS).toBe(10);
    expect(loadConfig({ OTP_RESEND_GAP_S: '1' }).otpResendGapS).toBe(1);
    expect(loadConfig({ ...PRODUCTION, OTP_RESEND_GAP_S: '30' }).otpResendGapS).toBe(30);
    expect(() => loadConfig({ ...PRODUCTION, OTP_RESEND_GAP_S: '1' })).toThrow(/cannot be under 10 s in production/);
    expect(() => loadConfig({ OTP_RESEND_GAP_S: '-1' })).toThrow(/cannot be negative/);
  });
});

describe('the file store settings', () => {
  it('follows the database unless FILE_STORE or S3_BUCKET says otherwise', () => {
    // Proves the default: undefined (the folder on PGlite, the database with DATABASE_URL), and s3 once a bucket is named.
    expect(loadConfig({}).fileStore).toBeUndefined();
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app' }).fileStore).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', FILE_STORE: 'database' }).fileStore).toBe('database');
    expect(loadConfig({ FILE_STORE: 'folder' }).fileStore).toBe('folder');
    expect(loadConfig({ S3_BUCKET: 'paywallet-files' }).fileStore).toBe('s3');
    expect(loadConfig({ S3_BUCKET: 'paywallet-files', FILE_STORE: 'database', DATABASE_URL: 'postgres://db/app' }).fileStore).toBe(
      'database',
    );
  });

  it('reads the object store settings, path-style for a local endpoint', () => {
    expect(loadConfig({ S3_BUCKET: 'paywallet-files' }).s3).toEqual({
      bucket: 'paywallet-files',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      keyPrefix: '',
    });
    const local = loadConfig({
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_PREFIX: 'paywallet/',
    }).s3;
    expect(local).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1', forcePathStyle: true, keyPrefix: 'paywallet/' });
    expect(loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'off' }).s3?.forcePathStyle).toBe(
      false,
    );
  });

  it('refuses a file store setting it cannot use, saying what it must be', () => {
    expect(() => loadConfig({ FILE_STORE: 'disk' })).toThrow(/FILE_STORE must be one of folder, database, s3, got 'disk'/);
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/FILE_STORE=s3 needs S3_BUCKET/);
    expect(() => loadConfig({ FILE_STORE: 'database' })).toThrow(/FILE_STORE=database needs DATABASE_URL/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_ENDPOINT is set but S3_BUCKET is not/);
    expect(() => loadConfig({ S3_BUCKET: 'Files_1' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT must be a URL/);
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://host' })).toThrow(/S3_ENDPOINT must be an http or https URL/);
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'only-the-id' })).toThrow(/go together/);
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_PREFIX: 'no-slash' })).toThrow(/S3_PREFIX must be/);
  });
});
