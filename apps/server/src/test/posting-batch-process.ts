// Postings through group commit in a process of its own, for the test that kills it for real
// (SIGKILL) while batches are in flight: `node --import tsx apps/server/src/test/posting-batch-process.ts`
// with DATABASE_URL naming the test's database and BATCH_WALLETS the funded wallets, as JSON
// [{ "userId": "1", "walletId": "2" }, ...] (all in AED), and BATCH_LANES the batcher's lanes
// (default 1). Eight workers post transfers between them (each payer's in its lane) under keys
// `batch-crash:<n>` (every other one given whole, so written by its batch's set), and each
// acknowledged posting is printed as `acked <n>`
// only once its batch committed. It never stops by itself: the test kills it.
import { assert, postingKey, sendMoneyEntries, TransactionType } from '@paywallet/ledger';
import { TRANSACTION_STATUS } from '@paywallet/contract';
import { openDatabase } from '../db/database.ts';
import { PostingBatcher } from '../modules/ledger/posting-batcher.ts';
import { postEntries, postMovement, withPosting } from '../modules/ledger/ledger.service.ts';

const WORKERS = 8;
const CHARGES = { amountMinor: 1_000n, feeMinor: 20n, vatMinor: 1n, totalDebitMinor: 1_021n };

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  assert(databaseUrl !== undefined, 'DATABASE_URL names the database of the test');
  const wallets = (JSON.parse(process.env.BATCH_WALLETS ?? '[]') as { userId: string; walletId: string }[]).map((w) => ({
    userId: BigInt(w.userId),
    walletId: BigInt(w.walletId),
  }));
  assert(wallets.length >= 2, 'BATCH_WALLETS names two wallets or more');
  const { db } = await openDatabase({ databaseUrl });
  const currency = await db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow();
  const batcher = new PostingBatcher(db, { windowMs: 2, maxBatch: 64, lanes: Number(process.env.BATCH_LANES ?? 1), lockWaitMs: 50 });
  let next = 0;
  const worker = async () => {
    for (;;) {
      const n = next++;
      const payer = wallets[n % wallets.length]!;
      const payee = wallets[(n + 1) % wallets.length]!;
      const movement = {
        typeId: TransactionType.Transfer,
        status: TRANSACTION_STATUS.SUCCESS,
        currencyId: currency.id,
        amountMinor: CHARGES.amountMinor,
        feeMinor: CHARGES.feeMinor,
        vatMinor: CHARGES.vatMinor,
        totalAmountMinor: CHARGES.totalDebitMinor,
        sender: { userId: payer.userId, walletId: payer.walletId, title: 'Payer', accountNumber: 'P' },
        receiver: { userId: payee.userId, walletId: payee.walletId, title: 'Payee', accountNumber: 'Q' },
        postingKey: postingKey('batch-crash', n),
      };
      const entries = sendMoneyEntries({
        payerWalletId: String(payer.walletId),
        payeeWalletId: String(payee.walletId),
        currency: 'AED',
        charges: CHARGES,
      });
      const charges = [
        { name: 'Fee', type: 'fee' as const, chargesMinor: CHARGES.feeMinor },
        { name: 'VAT', type: 'vat' as const, chargesMinor: CHARGES.vatMinor },
      ];
      // Every other posting given whole (written in its batch's set), the others as work.
      const route = { key: payer.walletId };
      const posted =
        n % 2 === 0
          ? await postMovement(batcher, movement, entries, charges, route)
          : await withPosting(batcher, (trx) => postEntries(trx, movement, entries, charges), route);
      if (posted.ok) process.stdout.write(`acked ${n}\n`);
    }
  };
  console.log('posting started');
  await Promise.all(Array.from({ length: WORKERS }, worker));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
