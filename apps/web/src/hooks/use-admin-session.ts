// An administrator logged in as the merchant (spec 1 section 6): the admin_login cookie, or
// the server's own word on the profile read.
import { ADMIN_LOGIN_COOKIE, hasCookie } from '../lib/cookies.ts';
import { useUserProfile } from './use-user-profile.ts';

export function useAdminSession(): boolean {
  const profile = useUserProfile();
  return hasCookie(ADMIN_LOGIN_COOKIE) || profile.data?.adminLogin === 1;
}
