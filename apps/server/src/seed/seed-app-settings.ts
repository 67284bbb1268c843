// The demo merchant's App Settings: API credentials, the webhook signing secret and the default
// notification settings. Nothing is printed: the main account reads its credentials in the app
// (App Settings > API Keys, or the top bar's API Keys button).
import type { Db } from '../db/database.ts';
import { credentialsKeyFrom } from '../lib/sealed-secrets.ts';
import { ensureAppSettings } from '../modules/app-settings/app-settings.service.ts';

export async function insertDemoAppSettings(db: Db, merchantEmail: string): Promise<void> {
  const merchant = await db.selectFrom('users').select('id').where('email', '=', merchantEmail).executeTakeFirst();
  if (!merchant) return;
  await ensureAppSettings(db, credentialsKeyFrom(process.env), merchant.id);
}
