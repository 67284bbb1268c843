// An administrator logged in as the merchant (DECISIONS 29): only the server's word counts, the
// profile answer's adminLogin. The admin_login cookie the server also sets is never read: a
// cookie anyone can set changes nothing.
import { useUserProfile } from './use-user-profile.ts';

export function useAdminSession(): boolean {
  const profile = useUserProfile();
  return profile.data?.adminLogin === 1;
}

/** App Settings' Notification tab is hidden from an administrator logged in as the merchant (spec 2). */
export function useNotificationSettingsVisible(): boolean {
  return !useAdminSession();
}
