// The self-hosted bot check (DECISIONS 13): an ALTCHA proof of work. The server issues a
// signed challenge, the browser finds the number, and the server verifies the signature,
// the expiry and that this proof has not been used before.
import crypto from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import { assert } from '@paywallet/ledger';
import type { Deps } from '../deps.ts';
import { fail } from '../transport/errors.ts';
import { deleteExpiredProofUses, findSettingValue, insertSettingIfAbsent, recordProofUse } from './bot-check.repository.ts';

const CHALLENGE_LIFE_MS = 5 * 60 * 1000;
const MAX_NUMBER = 50_000;
const HMAC_KEY_SETTING = 'altcha-hmac-key';

const hmacKeys = new WeakMap<object, string>();

async function key(deps: Deps): Promise<string> {
  const cached = hmacKeys.get(deps.db);
  if (cached) return cached;
  const existing = await findSettingValue(deps.db, HMAC_KEY_SETTING);
  if (existing !== undefined) {
    hmacKeys.set(deps.db, existing);
    return existing;
  }
  await insertSettingIfAbsent(deps.db, HMAC_KEY_SETTING, crypto.randomBytes(32).toString('hex'));
  // Read back: when two nodes start together, the key the first one stored is everyone's.
  const stored = await findSettingValue(deps.db, HMAC_KEY_SETTING);
  assert(stored !== undefined, 'the bot check key was not stored');
  hmacKeys.set(deps.db, stored);
  return stored;
}

export async function newBotChallenge(deps: Deps) {
  return createChallenge({
    hmacKey: await key(deps),
    maxNumber: MAX_NUMBER,
    expires: new Date(Date.now() + CHALLENGE_LIFE_MS),
  });
}

/** Refuses the call unless the proof is valid, unexpired and fresh (a proof works once). */
export async function requireBotCheck(deps: Deps, verResponse: string): Promise<void> {
  if (!deps.config.botCheck) return;
  if (!verResponse) fail('BOT_CHECK_FAILED');
  const valid = await verifySolution(verResponse, await key(deps), true).catch(() => false);
  if (!valid) fail('BOT_CHECK_FAILED');
  const signature = JSON.parse(Buffer.from(verResponse, 'base64').toString('utf8')).signature as string;
  const expiresS = Number(extractParams(verResponse).expires ?? 0);
  const expiresAt = new Date(expiresS ? expiresS * 1000 : Date.now() + CHALLENGE_LIFE_MS);
  if (!(await recordProofUse(deps.db, signature, expiresAt))) fail('BOT_CHECK_FAILED');
  await deleteExpiredProofUses(deps.db, new Date());
}
