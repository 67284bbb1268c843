// An administrator logged in as a merchant (DECISIONS 29): while the impersonation lasts, the
// merchant's session is the one the app uses, and the administrator's own session waits here
// to be taken back when they return to the console. Nothing here decides whether the app shows
// the admin state: only the server's profile answer (adminLogin) does.
import type { TUser } from '@paywallet/contract';
import { localState } from './storage.ts';

/** Keeps the administrator's session aside and switches the app to the merchant's. */
export function beginImpersonation(merchant: { accessToken: string; user: TUser }): void {
  const accessToken = localState.get('accessToken');
  const user = localState.get('user');
  if (accessToken && user) localState.set('consoleSession', { accessToken, user });
  localState.set('accessToken', merchant.accessToken);
  localState.set('user', merchant.user);
  localState.set('avatar', merchant.user.avatar);
}

/** Takes the administrator's session back; false when none was kept (another tab, cleared storage). */
export function resumeConsoleSession(): boolean {
  const kept = localState.get('consoleSession');
  localState.remove('consoleSession');
  if (!kept) return false;
  localState.set('accessToken', kept.accessToken);
  localState.set('user', kept.user);
  localState.set('avatar', kept.user.avatar);
  return true;
}
