// The e-mail calls carry the bot-check proof (spec 1 section 7); the proof is made right
// before each call because the server accepts a proof only once.
import { verifyEmailCall, verifyEmailGeneralCall } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { getBotCheckProof } from '../../../api/bot-check.ts';
import type { BotCheckProof } from '../../../api/bot-check.ts';
import type { ResetType } from '../reset-type.ts';

/** A body of an e-mail call with a fresh proof added (forms use it as their toRequest). */
export async function withBotCheck<T extends object>(body: T): Promise<T & BotCheckProof> {
  return { ...body, ...(await getBotCheckProof()) };
}

export async function requestSignInCode(email: string) {
  return call(verifyEmailCall, await withBotCheck({ email }));
}

export async function requestResetCode(email: string, type: ResetType) {
  return call(verifyEmailGeneralCall, await withBotCheck({ email, type }));
}
