// The e-mail calls carry the bot-check proof (spec 1 section 7); the proof is made right
// before each call because the server accepts a proof only once.
import { verifyEmail, verifyEmailGeneral } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { getBotCheckProof } from '../../../api/bot-check.ts';
import type { ResetType } from '../reset-type.ts';

export async function requestSignInCode(email: string) {
  const proof = await getBotCheckProof();
  return call(verifyEmail, { email, ...proof });
}

export async function requestResetCode(email: string, type: ResetType) {
  const proof = await getBotCheckProof();
  return call(verifyEmailGeneral, { email, type, ...proof });
}
