import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';

/** The picture types a profile accepts, read from the file's bytes on the server. */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The largest profile picture: it travels as a data URL in the user's answers. */
export const PROFILE_PICTURE_MAX_BYTES = 512 * 1024;

/** Multipart: the picture is the file part named 'profilePic' (no other field). */
export const ZUpdateProfilePictureRequest = z.object({}).loose();
export const ZUpdateProfilePictureResponse = z.object({ avatar: z.string() });
export const updateProfilePictureCall = defineCall({
  path: 'update-profile-picture',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: null,
  kind: 'write',
  audit: 'profile.update-picture',
  multipart: true,
  request: ZUpdateProfilePictureRequest,
  response: ZUpdateProfilePictureResponse,
});
export type TUpdateProfilePictureResponse = z.output<typeof ZUpdateProfilePictureResponse>;
