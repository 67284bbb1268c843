// Telling a merchant's team of a money event (a card payment, a refund, a settlement, a reserve
// released, a withdrawal paid or rejected): the bell and the live stream of the main account and
// of its Active staff granted a feature that shows such events, and an e-mail to each who switched
// e-mail on (to the address of their notification settings, else the sign-in one). One path for
// every module that moves a merchant's money, written in the transaction of the event.
import type { Transaction } from 'kysely';
import { assert } from '@paywallet/ledger';
import { NOTIFICATION_SWITCH, USER_STATUS, type TFeatureSlug } from '@paywallet/contract';
import type { Database } from '../../db/schema.ts';
import type { Mailer } from '../../lib/mail.ts';
import { listMerchantTeam } from './merchant-team.repository.ts';
import { notifyEach, NOTICES_PER_CALL_MAX, type Notice } from './notifications.service.ts';

/** A merchant's staff list is its own and short; the bound keeps the event's transaction short too. */
export const MERCHANT_TEAM_MAX = 100;

export interface MerchantTeamNotice {
  merchantUserId: bigint;
  /** A staff member hears of the event when granted any of these. */
  features: readonly TFeatureSlug[];
  /** The notice for one member. */
  noticeTo: (userId: bigint) => Notice;
  /** The e-mail of a notice: its subject, and the line that names what it is about. */
  mail: (sent: Notice) => { subject: string; reference: string };
}

export async function notifyMerchantTeam(mailer: Mailer, trx: Transaction<Database>, event: MerchantTeamNotice): Promise<void> {
  const team = await listMerchantTeam(trx, event.merchantUserId, event.features, USER_STATUS.ACTIVE, MERCHANT_TEAM_MAX);
  assert(team[0]?.id === event.merchantUserId, 'the main account hears of its own money');
  const notices = team.map((member) => event.noticeTo(member.id));
  for (let start = 0; start < notices.length; start += NOTICES_PER_CALL_MAX) {
    await notifyEach(trx, notices.slice(start, start + NOTICES_PER_CALL_MAX));
  }
  for (const [index, member] of team.entries()) {
    if (member.settings_email_status !== NOTIFICATION_SWITCH.ON) continue;
    const sent = notices[index]!;
    const { subject, reference } = event.mail(sent);
    await mailer.enqueue(trx, { to: member.settings_email || member.email, subject, text: `${sent.message}\n\n${reference}\n` });
  }
}
