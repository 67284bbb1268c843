// The encrypted envelope (ARCHITECTURE section 3), WebCrypto only. Each call makes a fresh
// 16-byte AES key, wraps it with the server's RSA public key (RSA-OAEP, SHA-256) into
// `client`, and puts base64(iv || AES-GCM({uri, payload})) into `backend`. The answer comes
// back as base64(iv || ciphertext || tag) sealed with the same key.
import { base64ToBytes, bytesToBase64 } from '../lib/base64.ts';

const AES_KEY_BYTES = 16;
const IV_BYTES = 12;

export interface SealedRequest {
  body: { client: string; backend: string };
  key: CryptoKey;
}

export async function importServerKey(pem: string): Promise<CryptoKey> {
  const der = base64ToBytes(pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, ''));
  return crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

export async function sealRequest(serverKey: CryptoKey, uri: string, payload: unknown): Promise<SealedRequest> {
  const rawKey = crypto.getRandomValues(new Uint8Array(AES_KEY_BYTES));
  const key = await crypto.subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
  const wrapped = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, serverKey, rawKey));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const clear = new TextEncoder().encode(JSON.stringify({ uri, payload }));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, clear));
  const backend = new Uint8Array(IV_BYTES + sealed.length);
  backend.set(iv, 0);
  backend.set(sealed, IV_BYTES);
  return { body: { client: bytesToBase64(wrapped), backend: bytesToBase64(backend) }, key };
}

export async function openResponse(key: CryptoKey, payload: string): Promise<unknown> {
  const raw = base64ToBytes(payload);
  const iv = raw.slice(0, IV_BYTES);
  const clear = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, raw.slice(IV_BYTES));
  return JSON.parse(new TextDecoder().decode(clear));
}
