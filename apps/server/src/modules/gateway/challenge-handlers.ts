// Who answers a 3-D Secure challenge on a card payment that is not a deposit: a table built once in
// app.ts and handed to the gateway through Deps. It imports nothing that knows Deps, so Deps can
// name it without an import circle (scripts/server-modules.test.ts).
import type { Transaction } from 'kysely';
import { assert, TransactionType } from '@paywallet/ledger';
import type { Database } from '../../db/schema.ts';

/**
 * What a challenge's answer does for card payments other than deposits (merchant payments,
 * types 8, 9 and 10): the module that owns them writes a handler (built with what it needs, such
 * as its payment listeners), and app.ts hands it to the gateway in `Deps.challengeHandlers`, so the gateway posts nothing it
 * does not understand and imports no module above it. Each function runs inside the answer's
 * transaction, the card_payments row locked; it answers where the cardholder goes next (the
 * merchant's return URL), or null to stay on the result page.
 */
export interface ChallengeOutcomeHandler {
  approve(trx: Transaction<Database>, transactionId: bigint): Promise<{ redirectUrl: string | null }>;
  close(
    trx: Transaction<Database>,
    transactionId: bigint,
    state: 'declined' | 'expired',
    reason: string,
  ): Promise<{ redirectUrl: string | null }>;
}

/** The handler of each transaction type whose challenges another module answers. */
export type ChallengeHandlers = ReadonlyMap<number, ChallengeOutcomeHandler>;

/** The table of handlers, each for its types; deposits are the gateway's own and cannot be handed over. */
export function challengeHandlers(entries: ReadonlyArray<readonly [readonly number[], ChallengeOutcomeHandler]>): ChallengeHandlers {
  const table = new Map<number, ChallengeOutcomeHandler>();
  for (const [typeIds, handler] of entries) {
    for (const typeId of typeIds) {
      assert(typeId !== TransactionType.Deposit, 'deposits are answered by the gateway itself');
      assert(!table.has(typeId), `one challenge handler for transactions of type ${typeId}`);
      table.set(typeId, handler);
    }
  }
  return table;
}
