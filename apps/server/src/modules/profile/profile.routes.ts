import { getUserDataCall, updateProfilePictureCall } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { getUserData, updateProfilePicture } from './profile.service.ts';

// The profile is personal: the person signed in (the merchant when an administrator logs in as
// them; a staff member sees their own).
export function registerProfileCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getUserDataCall, async (_input, ctx) => ({ data: await getUserData(deps, ctx.scope.actorUserId) }));
  dispatcher.register(updateProfilePictureCall, async (_input, ctx) => ({
    data: await updateProfilePicture(deps, ctx.audit, ctx.scope.actorUserId, ctx.file),
    message: 'Profile picture updated.',
  }));
}
