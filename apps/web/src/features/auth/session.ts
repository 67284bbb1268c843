// What each sign-in step keeps in client state. Each accessToken replaces the previous one.
import type { TUser } from '@paywallet/contract';
import { localState } from '../../lib/storage.ts';

export function keepAccessToken(accessToken: string): void {
  localState.set('accessToken', accessToken);
}

export function keepSignedInUser(user: TUser, avatar: string | null): void {
  localState.set('user', user);
  localState.set('avatar', avatar ?? user.avatar);
}
