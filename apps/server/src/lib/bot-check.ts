// The self-hosted bot check (DECISIONS 13): an ALTCHA proof of work. The server issues a
// signed challenge, the browser finds the number, and the server verifies the signature,
// the expiry and that this proof has not been used before.
import crypto from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { Deps } from '../deps.ts';
import { ApiError } from '../transport/errors.ts';

const CHALLENGE_LIFE_MS = 5 * 60 * 1000;
const MAX_NUMBER = 50_000;

const hmacKeys = new WeakMap<object, string>();

async function key(deps: Deps): Promise<string> {
  const cached = hmacKeys.get(deps.db);
  if (cached) return cached;
  const existing = await deps.db.selectFrom('settings').select('value').where('key', '=', 'altcha-hmac-key').executeTakeFirst();
  if (existing) {
    hmacKeys.set(deps.db, existing.value);
    return existing.value;
  }
  await deps.db
    .insertInto('settings')
    .values({ key: 'altcha-hmac-key', value: crypto.randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await deps.db.selectFrom('settings').select('value').where('key', '=', 'altcha-hmac-key').executeTakeFirstOrThrow();
  hmacKeys.set(deps.db, row.value);
  return row.value;
}

export async function newBotChallenge(deps: Deps) {
  return createChallenge({
    hmacKey: await key(deps),
    maxNumber: MAX_NUMBER,
    expires: new Date(Date.now() + CHALLENGE_LIFE_MS),
  });
}

const REFUSED = 'The bot check failed. Please reload the page and try again.';

/** Refuses the call unless the proof is valid, unexpired and fresh (a proof works once). */
export async function requireBotCheck(deps: Deps, verResponse: string): Promise<void> {
  if (!deps.config.botCheck) return;
  if (!verResponse) throw new ApiError(400, REFUSED);
  const valid = await verifySolution(verResponse, await key(deps), true).catch(() => false);
  if (!valid) throw new ApiError(400, REFUSED);
  const signature = JSON.parse(Buffer.from(verResponse, 'base64').toString('utf8')).signature as string;
  const expiresS = Number(extractParams(verResponse).expires ?? 0);
  const expiresAt = new Date(expiresS ? expiresS * 1000 : Date.now() + CHALLENGE_LIFE_MS);
  const inserted = await deps.db
    .insertInto('bot_check_uses')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) throw new ApiError(400, REFUSED);
  await deps.db.deleteFrom('bot_check_uses').where('expires_at', '<', new Date()).execute();
}
