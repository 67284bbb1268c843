// Secrets the server must read back (an API client secret shown again to the main account, a
// webhook signing secret) are stored sealed: AES-256-GCM with a random 96-bit nonce under the
// credentials key, written as 'v1.<nonce>.<tag>.<ciphertext>' (base64url parts). The tag makes a
// tampered or wrongly keyed value fail to open instead of reading as garbage.
import crypto from 'node:crypto';
import { assert } from '@paywallet/ledger';
import { ConfigError } from './config-error.ts';

/**
 * The development key: used only when CREDENTIALS_KEY is not set outside production. It is
 * public (it is in this file and in docs/app-settings.md), so anything sealed under it is as good
 * as plaintext to whoever has the database: production must set its own key
 * (`openssl rand -base64 32`).
 */
export const DEV_CREDENTIALS_KEY_BASE64 = 'ZGV2LW9ubHktY3JlZGVudGlhbHMta2V5LTMyLWJ5dGU=';

/** Reads CREDENTIALS_KEY (base64 of 32 bytes); the development key when absent outside production. */
export function credentialsKeyFrom(env: NodeJS.ProcessEnv): Buffer {
  const given = env.CREDENTIALS_KEY;
  if (!given) {
    if (env.NODE_ENV === 'production') throw new ConfigError('CREDENTIALS_KEY must be set in production (base64 of 32 random bytes).');
    return Buffer.from(DEV_CREDENTIALS_KEY_BASE64, 'base64');
  }
  const key = Buffer.from(given, 'base64');
  if (key.length !== 32) throw new ConfigError('CREDENTIALS_KEY must be the base64 of exactly 32 bytes.');
  return key;
}

export function sealSecret(key: Buffer, plaintext: string): string {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ['v1', nonce.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Opens a sealed value; throws when it was tampered with or sealed under another key. */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, nonce, tag, ciphertext] = sealed.split('.');
  // Only this module writes sealed values: one of another shape is a stored row we did not write.
  assert(version === 'v1' && nonce !== undefined && tag !== undefined && ciphertext !== undefined, 'not a sealed secret');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
