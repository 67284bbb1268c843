// Queries of send money: people, the locks on their rows, the payer's daily usage row, and the
// two reads a send is priced and confirmed with. Those two read wallets and the transfer
// privilege themselves (docs/modules.md: a module may read what it needs), each joined into one
// statement with the rest (issue 17: a send's statements cut to what is needed, docs/money.md).
// Kysely only; `db` or `trx` first.
import { sql, type Transaction } from 'kysely';
import { assert } from '@paywallet/ledger';
import { WALLET_KIND } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { jsonRows } from '../../db/json-rows.ts';
import { prepared } from '../../db/prepared.ts';
import type { WalletWithCurrency } from '../wallets/wallets.service.ts';
import type { PaymentMethodRow } from '../payment-methods/payment-methods.service.ts';

type Queryable = Db | Transaction<Database>;

export interface PersonRow {
  id: bigint;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  avatar: string | null;
  status: number;
  type: 'merchant' | 'consumer' | 'admin';
}

const PERSON_COLUMNS = ['id', 'first_name', 'last_name', 'email', 'phone_number', 'avatar', 'status', 'type'] as const;

// Every initiate finds its payee: built and compiled once (db/prepared.ts).
const personByEmail = prepared((db: Queryable, email: string) => db.selectFrom('users').select(PERSON_COLUMNS).where('email', '=', email));
const personByPhone = prepared((db: Queryable, phoneNumber: string) =>
  db.selectFrom('users').select(PERSON_COLUMNS).where('phone_number', '=', phoneNumber),
);

export async function findPersonByEmail(db: Queryable, email: string): Promise<PersonRow | undefined> {
  const rows = await personByEmail(db, email);
  return rows[0];
}

export async function findPersonByPhone(db: Queryable, phoneNumber: string): Promise<PersonRow | undefined> {
  const rows = await personByPhone(db, phoneNumber);
  return rows[0];
}

export async function getPerson(db: Queryable, userId: bigint): Promise<PersonRow> {
  return db.selectFrom('users').select(PERSON_COLUMNS).where('id', '=', userId).executeTakeFirstOrThrow();
}

/**
 * Locks a payee's row for the length of the transaction when a wallet must be opened for them,
 * so two payments cannot both open one. Every confirm takes it after the payer's usage row and
 * before any wallet lock, and wallets follow id order, so no two confirms wait on each other in
 * a cycle. NO KEY UPDATE does not block the foreign-key checks of other postings. A row lock,
 * not an advisory lock: CockroachDB runs it.
 */
export async function lockPerson(trx: Transaction<Database>, userId: bigint): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirstOrThrow();
}

/**
 * The active TRANSFER methods with their privileges, the first in display order first, as
 * payment-methods' findPaymentMethod('TRANSFER', currency) finds them (send money has one).
 */
const TRANSFER_PRIVILEGE = sql`
  SELECT pm.id AS payment_method_id, pm.name, pm.code, cpm.id AS currency_payment_method_id, p.vp_percentage_bps, p.gw_percentage_bps, p.vp_fixed_minor, p.gw_fixed_minor,
         p.min_amount_minor, p.max_amount_minor, p.daily_limit_minor, cpm.currency_id
    FROM payment_methods pm
    JOIN currency_payment_methods cpm ON cpm.payment_method_id = pm.id AND cpm.active
    JOIN privileges p ON p.currency_payment_method_id = cpm.id
   WHERE pm.type = 'TRANSFER' AND pm.active
   ORDER BY pm.sort, pm.id`;

/** What initiate-send-money prices with: the payer's wallet, the transfer privilege of its currency, what was sent today, and the payee found. */
export interface SendingTerms {
  wallet: WalletWithCurrency;
  privilege: PaymentMethodRow | null;
  usedTodayMinor: bigint;
  payee: PersonRow | undefined;
}

/** The wallet columns (and the currency's) of a wallet `w` (of wallet_balances: its slots' credits counted) joined to its currency `c`, as the wallets module answers them. */
const WALLET_COLUMNS = sql`w.id AS wallet_id, w.currency_id, btrim(c.code) AS currency_code, c.decimals AS currency_decimals,
  w.is_default, w.account_number, w.available_balance, w.balance_on_hold`;

type WalletColumns = Omit<WalletWithCurrency, 'id' | 'user_id' | 'first_name' | 'last_name'> & { wallet_id: bigint | null };

function walletOf(row: WalletColumns, owner: { id: bigint; first_name: string; last_name: string }): WalletWithCurrency | null {
  const { wallet_id: walletId, ...columns } = row;
  if (walletId === null) return null;
  return { ...columns, id: walletId, user_id: owner.id, first_name: owner.first_name, last_name: owner.last_name };
}

/** Whom a payment is for, as the caller typed it (recipients.ts parseEmailOrPhone); undefined: nothing readable. */
export type PayeeLookup = { kind: 'email'; email: string } | { kind: 'phone'; phoneNumber: string } | undefined;

type PayeeColumns = { [K in keyof PersonRow as `payee_${K}`]: PersonRow[K] | null };

/**
 * The payer's wallet (undefined when it is not theirs), the TRANSFER privilege of its currency
 * (null when sending is not offered in it), the payer's usage row of `day` in that currency and
 * the person `payee` names (undefined: no one), in one statement.
 */
export async function findSendingTerms(
  db: Queryable,
  payerUserId: bigint,
  walletId: bigint,
  day: string,
  payee: PayeeLookup,
): Promise<SendingTerms | undefined> {
  const email = payee?.kind === 'email' ? payee.email : null;
  const phoneNumber = payee?.kind === 'phone' ? payee.phoneNumber : null;
  const result = await sql<
    WalletColumns &
      PayeeColumns &
      Pick<PersonRow, 'id' | 'first_name' | 'last_name'> &
      Omit<PaymentMethodRow, 'payment_method_id' | 'name' | 'code'> & {
        payment_method_id: number | null;
        method_name: string;
        method_code: string;
        used_today_minor: bigint;
      }
  >`
    SELECT ${WALLET_COLUMNS}, u.id, u.first_name, u.last_name,
           m.payment_method_id, m.name AS method_name, m.code AS method_code, m.currency_payment_method_id, m.vp_percentage_bps, m.gw_percentage_bps, m.vp_fixed_minor, m.gw_fixed_minor,
           m.min_amount_minor, m.max_amount_minor, m.daily_limit_minor,
           COALESCE(d.sent_minor, 0) AS used_today_minor,
           pe.id AS payee_id, pe.first_name AS payee_first_name, pe.last_name AS payee_last_name, pe.email AS payee_email,
           pe.phone_number AS payee_phone_number, pe.avatar AS payee_avatar, pe.status AS payee_status, pe.type AS payee_type
      FROM wallet_balances w
      JOIN currencies c ON c.id = w.currency_id
      JOIN users u ON u.id = w.user_id
      LEFT JOIN LATERAL (SELECT * FROM (${TRANSFER_PRIVILEGE}) t WHERE t.currency_id = w.currency_id LIMIT 1) m ON true
      LEFT JOIN daily_send_usage d ON d.user_id = w.user_id AND d.currency_id = w.currency_id AND d.day = ${day}::date
      LEFT JOIN LATERAL (
        SELECT * FROM users WHERE users.email = ${email}::text
        UNION ALL
        SELECT * FROM users WHERE users.phone_number = ${phoneNumber}::text
        LIMIT 1) pe ON true
     WHERE w.id = ${walletId} AND w.user_id = ${payerUserId}`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  const wallet = walletOf(row, row);
  assert(wallet !== null, 'the wallet read has an id');
  const { payment_method_id: paymentMethodId } = row;
  const privilege =
    paymentMethodId === null
      ? null
      : {
          payment_method_id: paymentMethodId,
          name: row.method_name,
          code: row.method_code,
          currency_payment_method_id: row.currency_payment_method_id,
          currency_id: row.currency_id,
          vp_percentage_bps: row.vp_percentage_bps,
          gw_percentage_bps: row.gw_percentage_bps,
          vp_fixed_minor: row.vp_fixed_minor,
          gw_fixed_minor: row.gw_fixed_minor,
          min_amount_minor: row.min_amount_minor,
          max_amount_minor: row.max_amount_minor,
          daily_limit_minor: row.daily_limit_minor,
        };
  return { wallet, privilege, usedTodayMinor: BigInt(row.used_today_minor), payee: payeeOf(row) };
}

function payeeOf(row: PayeeColumns): PersonRow | undefined {
  if (row.payee_id === null) return undefined;
  return {
    id: row.payee_id,
    first_name: row.payee_first_name!,
    last_name: row.payee_last_name!,
    email: row.payee_email!,
    phone_number: row.payee_phone_number,
    avatar: row.payee_avatar,
    status: row.payee_status!,
    type: row.payee_type!,
  };
}

/** A party of a confirmed send: the person, and their wallet of the send (null: the payee has none yet). */
export interface PartyRow {
  person: PersonRow;
  wallet: WalletWithCurrency | null;
}

/** A confirmed send's parties as a quote names them (findParties). */
export interface SendParties {
  payerUserId: bigint;
  payerWalletId: bigint;
  payeeUserId: bigint;
  payeeWalletId: bigint | null;
  currencyId: number;
}

/** Payer and payee of a confirm in one statement (findPartiesOf, for one send). */
export async function findParties(db: Queryable, send: SendParties): Promise<{ payer: PartyRow; payee: PartyRow }> {
  const [parties] = await findPartiesOf(db, [send]);
  assert(parties !== undefined, 'the parties of a transfer exist');
  return parties;
}

/**
 * Payers and payees of several confirms in one statement (send money's confirms written together,
 * transfers.service.ts), in the order of `sends`: each person with their wallet of the send, the
 * payer's by id, the payee's by id when the quote names it (a money request's) or else their
 * spending wallet in the currency (never the rolling reserve). Undefined for a send one of whose
 * people does not exist.
 */
export async function findPartiesOf(
  db: Queryable,
  sends: readonly SendParties[],
): Promise<({ payer: PartyRow; payee: PartyRow } | undefined)[]> {
  assert(sends.length > 0, 'parties of at least one send');
  const rows = sends.flatMap((send, index) => [
    { send_index: index, role: 'payer', user_id: send.payerUserId, wallet_id: send.payerWalletId, currency_id: send.currencyId },
    { send_index: index, role: 'payee', user_id: send.payeeUserId, wallet_id: send.payeeWalletId, currency_id: send.currencyId },
  ]);
  const result = await sql<PersonRow & WalletColumns & { send_index: number; role: 'payer' | 'payee' }>`
    SELECT p.send_index, p.role, u.id, u.first_name, u.last_name, u.email, u.phone_number, u.avatar, u.status, u.type, ${WALLET_COLUMNS}
      FROM json_to_recordset(${jsonRows(rows)}::json) AS p(send_index int, role text, user_id bigint, wallet_id bigint, currency_id int)
      JOIN users u ON u.id = p.user_id
      LEFT JOIN LATERAL (
        SELECT * FROM wallet_balances wallets
         WHERE wallets.user_id = u.id
           AND CASE WHEN p.wallet_id IS NOT NULL THEN wallets.id = p.wallet_id
                    ELSE wallets.currency_id = p.currency_id AND wallets.is_default <> ${WALLET_KIND.ROLLING_RESERVE} END
         ORDER BY wallets.id
         LIMIT 1) w ON true
      LEFT JOIN currencies c ON c.id = w.currency_id`.execute(db);
  const partyOf = (index: number, role: 'payer' | 'payee'): PartyRow | undefined => {
    const row = result.rows.find((candidate) => candidate.send_index === index && candidate.role === role);
    if (row === undefined) return undefined;
    const person: PersonRow = {
      id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      phone_number: row.phone_number,
      avatar: row.avatar,
      status: row.status,
      type: row.type,
    };
    return { person, wallet: walletOf(row, person) };
  };
  return sends.map((_, index) => {
    const payer = partyOf(index, 'payer');
    const payee = partyOf(index, 'payee');
    return payer && payee ? { payer, payee } : undefined;
  });
}

/** A confirmed send as the payer's daily usage counts it: the amount entered, on a UTC day ('YYYY-MM-DD'). */
export interface DailyUsage {
  payerUserId: bigint;
  currencyId: number;
  day: string;
  enteredMinor: bigint;
}

/**
 * Adds a confirmed send's entered amount to the payer's usage row of the day, unless that passes
 * the daily limit of the TRANSFER privilege now (0: no limit); answers false, writing nothing,
 * when it would. The row is written in the posting's transaction, so a refused or rolled-back
 * posting leaves it unchanged; its row lock (ON CONFLICT DO UPDATE judges the newest row) lets
 * a payer's confirms count one after another, so parallel confirms never pass the limit.
 */
export async function addToDailyUsage(trx: Transaction<Database>, usage: DailyUsage): Promise<boolean> {
  return (await addToDailyUsageOf(trx, [usage])).has(usage.payerUserId);
}

/**
 * addToDailyUsage for several confirms in one statement (send money's confirms written together):
 * answers the payers whose amount was added; the others passed their limit and nothing of theirs
 * was written. One usage a payer (a payer's row can take one update a statement); rows are
 * inserted and locked in payer order.
 */
export async function addToDailyUsageOf(trx: Transaction<Database>, usages: readonly DailyUsage[]): Promise<Set<bigint>> {
  assert(new Set(usages.map((usage) => usage.payerUserId)).size === usages.length, 'one usage a payer');
  const sorted = [...usages].sort((a, b) => (a.payerUserId < b.payerUserId ? -1 : 1));
  const rows = sorted.map((usage) => ({
    user_id: usage.payerUserId,
    currency_id: usage.currencyId,
    day: usage.day,
    sent_minor: usage.enteredMinor,
  }));
  const result = await sql<{ user_id: bigint }>`
    WITH lim AS (
      SELECT v.user_id, v.currency_id, v.day, v.sent_minor,
             COALESCE((SELECT t.daily_limit_minor FROM (${TRANSFER_PRIVILEGE}) t WHERE t.currency_id = v.currency_id LIMIT 1), 0) AS daily_limit
        FROM json_to_recordset(${jsonRows(rows)}::json) AS v(user_id bigint, currency_id int, day date, sent_minor bigint)
    )
    INSERT INTO daily_send_usage AS u (user_id, currency_id, day, sent_minor)
    SELECT lim.user_id, lim.currency_id, lim.day, lim.sent_minor
      FROM lim WHERE lim.daily_limit = 0 OR lim.sent_minor <= lim.daily_limit
     ORDER BY lim.user_id
    ON CONFLICT (user_id, currency_id, day) DO UPDATE SET sent_minor = u.sent_minor + EXCLUDED.sent_minor
     WHERE (SELECT lim.daily_limit FROM lim WHERE lim.user_id = EXCLUDED.user_id) = 0
        OR u.sent_minor + EXCLUDED.sent_minor <= (SELECT lim.daily_limit FROM lim WHERE lim.user_id = EXCLUDED.user_id)
    RETURNING u.user_id`.execute(trx);
  return new Set(result.rows.map((row) => row.user_id));
}

/** What the payer sent on `day` in a currency, as the daily limit counts it (0 without a row). */
export async function usedOnDayMinor(db: Queryable, payerUserId: bigint, currencyId: number, day: string): Promise<bigint> {
  const row = await db
    .selectFrom('daily_send_usage')
    .select('sent_minor')
    .where('user_id', '=', payerUserId)
    .where('currency_id', '=', currencyId)
    .where(sql<boolean>`day = ${day}::date`)
    .executeTakeFirst();
  return row?.sent_minor ?? 0n;
}
