// The demo merchant's POS devices, so the POS screens have data on first start: a device on each
// POS channel of the active store, the counter till with the demo staff member assigned (a
// username, a hashed device password, Sale and Refund enabled), the kiosk with nobody yet.
import type { Db } from '../db/database.ts';
import { hashSecret } from '../lib/secrets.ts';
import { usernameFor } from '../modules/pos/pos.service.ts';

export const DEMO_POS_DEVICES = [
  { channelCode: 'HCR-ALQ-POS1', deviceId: 'HCR-ALQ-D1', serialId: 'SN-4471-0001', name: 'Roastery Counter Till', assignStaff: true },
  { channelCode: 'HCR-ALQ-POS2', deviceId: 'HCR-ALQ-D2', serialId: 'SN-4471-0002', name: 'Cafe Kiosk Till', assignStaff: false },
] as const;

/** The demo staff member's device password on the counter till (a demo only: Reset Password replaces it). */
export const DEMO_POS_PASSWORD = 'Till2026Demo';

export async function insertDemoPosDevices(db: Db, merchantEmail: string, staffEmail: string): Promise<void> {
  const merchant = await db.selectFrom('users').select('id').where('email', '=', merchantEmail).executeTakeFirst();
  const staff = await db.selectFrom('users').select(['id', 'first_name']).where('email', '=', staffEmail).executeTakeFirst();
  if (!merchant) return;
  const passwordHash = await hashSecret(DEMO_POS_PASSWORD);
  await db.transaction().execute(async (trx) => {
    for (const spec of DEMO_POS_DEVICES) {
      const channel = await trx
        .selectFrom('channels')
        .select('id')
        .where('code', '=', spec.channelCode)
        .where('merchant_user_id', '=', merchant.id)
        .where('type', '=', 'pos')
        .executeTakeFirst();
      if (!channel) continue;
      const device = await trx
        .insertInto('pos_devices')
        .values({
          merchant_user_id: merchant.id,
          channel_id: channel.id,
          device_id: spec.deviceId,
          serial_id: spec.serialId,
          name: spec.name,
        })
        .onConflict((oc) => oc.column('device_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!device || !spec.assignStaff || !staff) continue;
      await trx
        .insertInto('pos_device_staff')
        .values({
          pos_device_id: device.id,
          merchant_user_id: merchant.id,
          user_id: staff.id,
          username: usernameFor(staff),
          password_hash: passwordHash,
          settings: ['SALE', 'REFUND'],
        })
        .execute();
    }
  });
}
