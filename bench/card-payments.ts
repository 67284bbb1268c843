// Parts 4p and 4p16 of the ledger benchmark (run.ts): card payments through the merchant server
// API (POST /api/merchant/v1/payments with a card, docs/merchant-api.md), every one into one
// merchant (4p: its wallet is the row every payment credits) or spread over 16 (4p16). Here: the
// merchants the parts pay, one payment, and the check of what the payments moved; run.ts starts
// the platform and times the payments as it times part 4's sends.
import crypto from 'node:crypto';
import { STORE_STATUS, STORE_TYPE } from '@paywallet/contract';
import type { Db } from '../apps/server/src/db/database.ts';
import { openSession } from '../apps/server/src/modules/auth/sessions.ts';
import { SANDBOX_CARDS } from '../apps/server/src/modules/gateway/acquirer.ts';
import { ensureStoreChannels } from '../apps/server/src/modules/stores/store-review.service.ts';
import { insertStore } from '../apps/server/src/modules/stores/stores.repository.ts';
import { insertMerchantFees } from '../apps/server/src/seed/seed-merchant-payments.ts';
import { insertBenchMerchant, postJson } from './support.ts';

/**
 * What the platform of these parts is started with beside part 4's settings. The merchant API
 * allows a client id MERCHANT_API_RATE_PER_MINUTE requests a minute (300 unless set); part 4p
 * sends thousands a minute with one merchant's credentials, and a refused payment fails the part,
 * so the limit is set far above what the bench sends. Every request still counts against it (an
 * upsert of the client id's counter), as in production.
 */
export const CARD_PLATFORM_ENV = { MERCHANT_API_RATE_PER_MINUTE: '1000000000' };

/** The sandbox acquirer's card that is approved at once (README, "Test cards"). */
const CARD = {
  holderName: 'Bench Customer',
  number: SANDBOX_CARDS.approved,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
};

/** A merchant the part pays: its wallet, its API credentials, and a session of its own to read its balances. */
interface CardMerchant {
  walletId: bigint;
  /** `Basic` and the client id and secret App Settings shows the merchant. */
  authorization: string;
  sessionToken: string;
}

export interface CardPayments {
  /** One payment from client `client` into its merchant (client % merchants); true when approved. */
  pay(client: number): Promise<boolean>;
  /**
   * Throws unless every payment sent so far was approved and each merchant's on-hold balance (what
   * a payment captured at once credits: docs/money.md) rose by exactly the net of its payments.
   */
  check(): Promise<void>;
}

/** Merchants made by this process so far: their e-mails, phones and account numbers are unique by it. */
let merchantsMade = 0;

/**
 * Makes `options.merchants` merchants ready for the merchant API on the platform at `address`, and
 * answers how to pay them. Clients pay as customers of their own (client i is customer i of its
 * merchant): a payment locks its customer's contact row, which one customer's payments would
 * share, and the parts measure the merchant's wallet, not one customer's row.
 */
export async function openCardPayments(db: Db, address: string, options: { merchants: number; part: string }): Promise<CardPayments> {
  const aed = await db.selectFrom('currencies').select('id').where('code', '=', 'AED').executeTakeFirstOrThrow();
  const merchants: CardMerchant[] = [];
  for (let index = 0; index < options.merchants; index++) merchants.push(await createCardMerchant(db, address, aed.id));
  const onHoldBefore = await Promise.all(merchants.map((merchant) => onHoldOf(address, merchant)));
  const netPaid = merchants.map(() => 0n);
  /** Each answer that was not an approval ("402 CARD_DECLINED"), with how many times it came. */
  const notApproved = new Map<string, number>();
  let approved = 0;
  return {
    async pay(client) {
      const index = client % merchants.length;
      const answer = await postJson(
        `${address}/api/merchant/v1/payments`,
        {
          // AED 10.00 to 99.99: every amount above the fee (2.5% + 1.00 and its VAT), so every payment nets something.
          amount: 1000 + crypto.randomInt(9000),
          currency: 'AED',
          description: `Bench order of client ${client}`,
          clientReference: crypto.randomUUID(),
          card: CARD,
          customer: { name: `Bench Customer ${client}`, email: `customer${client}@bench.local` },
        },
        // A merchant's server sends a key on every POST (docs/merchant-api.md), so the bench does.
        { authorization: merchants[index]!.authorization, 'idempotency-key': crypto.randomUUID() },
      );
      const payment = answer.body as { status?: string; amount: number; fee: number; vat: number; error?: { code: string } };
      if (answer.status === 201 && payment.status === 'succeeded') {
        netPaid[index]! += BigInt(payment.amount - payment.fee - payment.vat);
        approved++;
        return true;
      }
      const what = `${answer.status} ${payment.error?.code ?? payment.status}`;
      notApproved.set(what, (notApproved.get(what) ?? 0) + 1);
      return false;
    },
    async check() {
      const refused = [...notApproved.values()].reduce((sum, count) => sum + count, 0);
      if (refused > 0) {
        const answers = [...notApproved].map(([what, count]) => `${count} × ${what}`).join(', ');
        throw new Error(`part ${options.part}: ${refused} of ${approved + refused} card payments were not approved (${answers})`);
      }
      for (const [index, merchant] of merchants.entries()) {
        const rose = (await onHoldOf(address, merchant)) - onHoldBefore[index]!;
        if (rose !== netPaid[index]) {
          throw new Error(
            `part ${options.part}: merchant ${index}'s on-hold balance rose by ${rose}, its approved payments' net is ${netPaid[index]}`,
          );
        }
      }
      const total = netPaid.reduce((sum, net) => sum + net, 0n);
      const wallets =
        merchants.length === 1 ? "the merchant wallet's on-hold balance" : `the ${merchants.length} merchant wallets' on-hold balances`;
      console.log(
        `   part ${options.part}: ${approved} card payments approved; ${wallets} rose by their net, ${total} minor units in all: ok`,
      );
    },
  };
}

/**
 * A merchant as the merchant API needs one: the merchant and its AED wallet (as the other benches
 * make them), an approved store (the row create-store writes, Active as the console's review
 * leaves it, with the terminal and the online and POS channels the review gives), the fee schedule
 * the demo merchant has (VISA and MASTERCARD in AED at 2.5% + 1.00), and its API credentials, read
 * over HTTP from App Settings as the merchant reads them (which makes them on the first read).
 */
async function createCardMerchant(db: Db, address: string, currencyId: number): Promise<CardMerchant> {
  merchantsMade++;
  const number = String(merchantsMade).padStart(7, '0');
  const name = `Card Shop ${merchantsMade}`;
  const { userId, walletId } = await insertBenchMerchant(
    db,
    {
      email: `card-merchant${merchantsMade}@bench.local`,
      lastName: 'Merchant',
      businessName: name,
      phoneNumber: `+97151${number}`,
      accountNumber: `PWC${number.padStart(11, '0')}`,
    },
    currencyId,
  );
  await db.transaction().execute(async (trx) => {
    const store = await insertStore(trx, {
      uuid: crypto.randomUUID(),
      merchantUserId: userId,
      code: `ST-BENCH${number}`,
      status: STORE_STATUS.ACTIVE,
      type: STORE_TYPE.REGISTERED_BUSINESS,
      parent_entity: name,
      reference: `BENCH-${number}`,
      name,
      email: `card-merchant${merchantsMade}@bench.local`,
      phone: `+97151${number}`,
      mcc_code: '5814',
      address_line1: 'Bench Street 1',
      address_line2: '',
      city: 'Dubai',
      state: 'Dubai',
      post_code: '00000',
      country: 'AE',
      website: 'https://shop.example',
    });
    await ensureStoreChannels(trx, { id: store.id, merchant_user_id: userId });
  });
  await insertMerchantFees(db, userId);
  const { token } = await openSession(db, { userId, stage: 'user', ip: '127.0.0.1', userAgent: 'bench' });
  const [settings] = (await webCall(address, 'get-merchant-app-settings', token)) as { client_id: string; client_secret: string }[];
  const credentials = Buffer.from(`${settings!.client_id}:${settings!.client_secret}`).toString('base64');
  return { walletId, authorization: `Basic ${credentials}`, sessionToken: token };
}

/** The merchant's on-hold balance in minor units, as its wallet list shows it (get-wallet-list). */
async function onHoldOf(address: string, merchant: CardMerchant): Promise<bigint> {
  const wallets = (await webCall(address, 'get-wallet-list', merchant.sessionToken)) as { id: number; balance_on_hold: number }[];
  const wallet = wallets.find((candidate) => BigInt(candidate.id) === merchant.walletId);
  if (!wallet) throw new Error(`the wallet list has no wallet ${merchant.walletId}`);
  return BigInt(wallet.balance_on_hold);
}

/** A call of the web app's API (POST /api/v1/<call>) in the session of `token`; its data, or a throw unless it answered 200. */
async function webCall(address: string, call: string, token: string): Promise<unknown> {
  const answer = await postJson(`${address}/api/v1/${call}`, {}, { accesstoken: token });
  const envelope = answer.body as { code: number; message?: string; data: unknown };
  if (envelope.code !== 200) throw new Error(`${call} answered ${envelope.code}: ${envelope.message}`);
  return envelope.data;
}
