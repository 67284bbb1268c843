// Random tokens and codes from the CSPRNG, and the one-way hashes they are stored under.
import crypto from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';

/** A 256-bit session token, sent to the client once and stored only as its hash. */
export function newSessionToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** A uniformly random 6-digit code. */
export function newOtpCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function timingSafeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's minimum recommendation).
export async function hashSecret(secret: string): Promise<string> {
  return argonHash(secret);
}

export async function verifySecret(hash: string, secret: string): Promise<boolean> {
  try {
    return await argonVerify(hash, secret);
  } catch {
    return false;
  }
}
