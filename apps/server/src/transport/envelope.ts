// The encrypted envelope of ARCHITECTURE section 3: the client wraps a random AES key with
// the server's RSA public key (RSA-OAEP, SHA-256) and sends AES-GCM({uri, payload}); the
// answer is AES-GCM encrypted with the same key. Any failure to open it is one uniform 400.
import crypto from 'node:crypto';
import { assert } from '@paywallet/ledger';
import type { Db } from '../db/database.ts';
import { findServerKey, insertServerKeyIfAbsent } from './server-keys.repository.ts';

const KEY_NAME = 'envelope-rsa';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const ENVELOPE_FIELD_MAX_CHARS = 14_000_000;

export interface EnvelopeKeys {
  publicPem: string;
  privateKey: crypto.KeyObject;
}

/** Loads the key pair from the database, making it on first start (shared by every node). */
export async function loadEnvelopeKeys(db: Db): Promise<EnvelopeKeys> {
  let row = await findServerKey(db, KEY_NAME);
  if (!row) {
    const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    await insertServerKeyIfAbsent(db, { name: KEY_NAME, publicPem: publicKey, privatePem: privateKey });
    // Read back: when two nodes start together, the pair the first one stored is everyone's.
    row = await findServerKey(db, KEY_NAME);
    assert(row !== undefined, 'the envelope key pair was not stored');
  }
  return { publicPem: row.public_pem, privateKey: crypto.createPrivateKey(row.private_pem) };
}

export interface OpenedEnvelope {
  key: Buffer;
  uri: string;
  payload: unknown;
}

/** Returns undefined for anything that is not a well-formed, untampered envelope. */
export function openEnvelope(keys: EnvelopeKeys, body: unknown): OpenedEnvelope | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { client, backend } = body as Record<string, unknown>;
  if (typeof client !== 'string' || typeof backend !== 'string') return undefined;
  if (client.length > 2000 || backend.length > ENVELOPE_FIELD_MAX_CHARS) return undefined;
  try {
    const key = crypto.privateDecrypt(
      { key: keys.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(client, 'base64'),
    );
    if (key.length !== 16 && key.length !== 32) return undefined;
    const sealed = Buffer.from(backend, 'base64');
    if (sealed.length < IV_BYTES + TAG_BYTES) return undefined;
    const iv = sealed.subarray(0, IV_BYTES);
    const tag = sealed.subarray(sealed.length - TAG_BYTES);
    const decipher = crypto.createDecipheriv(key.length === 16 ? 'aes-128-gcm' : 'aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    const clear = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
    const parsed: unknown = JSON.parse(clear.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { uri, payload } = parsed as Record<string, unknown>;
    if (typeof uri !== 'string') return undefined;
    return { key, uri, payload: payload ?? {} };
  } catch {
    return undefined;
  }
}

export function sealWithKey(key: Buffer, clearText: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv(key.length === 16 ? 'aes-128-gcm' : 'aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(clearText, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

/** The client's half, used by tests and benchmarks to talk to the envelope like the web app. */
export function sealForServer(publicPem: string, uri: string, payload: unknown) {
  const key = crypto.randomBytes(16);
  const client = crypto
    .publicEncrypt({ key: publicPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, key)
    .toString('base64');
  const backend = sealWithKey(key, JSON.stringify({ uri, payload }));
  return { key, body: { client, backend } };
}

export function openWithKey(key: Buffer, sealed: string): unknown {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = crypto.createDecipheriv('aes-128-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  const clear = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
  return JSON.parse(clear.toString('utf8'));
}
