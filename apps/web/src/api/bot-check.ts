// The bot check (DECISIONS 13): an ALTCHA proof of work sent as verResponse (with resId) on
// the e-mail calls. If the challenge cannot be had, that is only logged and the call goes
// out without a proof: the server decides (spec 1 section 8).
import { solveChallenge } from 'altcha-lib';

export interface BotCheckProof {
  verResponse: string;
  resId: string;
}

interface Challenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
}

const NO_PROOF: BotCheckProof = { verResponse: '', resId: '' };

function isChallenge(value: unknown): value is Challenge {
  const candidate = value as Partial<Challenge> | null;
  return (
    typeof candidate?.algorithm === 'string' &&
    typeof candidate.challenge === 'string' &&
    typeof candidate.salt === 'string' &&
    typeof candidate.signature === 'string'
  );
}

export async function getBotCheckProof(): Promise<BotCheckProof> {
  try {
    const response = await fetch('/api/altcha/challenge', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`The bot check challenge answered ${response.status}`);
    const challenge: unknown = await response.json();
    if (!isChallenge(challenge)) throw new Error('The bot check challenge is malformed');
    const { algorithm, salt, signature } = challenge;
    const solution = await solveChallenge(challenge.challenge, salt, algorithm, challenge.maxnumber).promise;
    if (!solution) throw new Error('The bot check challenge has no solution');
    const proof = { algorithm, challenge: challenge.challenge, number: solution.number, salt, signature };
    return { verResponse: btoa(JSON.stringify(proof)), resId: salt };
  } catch (error) {
    console.error('Bot check failed; sending the call without a proof.', error);
    return NO_PROOF;
  }
}
