// The server's envelope key, fetched once per page load and kept as an imported CryptoKey.
import { importServerKey } from './envelope.ts';
import { CALL_TIMEOUT_MS } from './limits.ts';

let cached: Promise<CryptoKey> | undefined;

async function fetchServerKey(): Promise<CryptoKey> {
  // Bounded on its own: a hung fetch cached here would hold every later call until it timed out.
  const response = await fetch('/api/public-key', {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`The public key answered ${response.status}`);
  const body = (await response.json()) as { data?: { publicKey?: unknown } };
  const pem = body.data?.publicKey;
  if (typeof pem !== 'string') throw new Error('The public key answer has no key');
  return importServerKey(pem);
}

export function getServerKey(): Promise<CryptoKey> {
  cached ??= fetchServerKey().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** Forgets the key, e.g. when the server could not open an envelope (it may have rotated). */
export function forgetServerKey(): void {
  cached = undefined;
}
