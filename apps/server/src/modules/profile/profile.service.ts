// The signed-in user's profile (spec 3 section 2.5, the merchant profile; the consumer reads
// the same): who they are, their identity submissions, and the profile picture.
//
// The picture is kept as a data URL in users.avatar, at most PROFILE_PICTURE_MAX_BYTES of
// jpeg, png or webp (the type read from the bytes, never from the name or the browser's
// word). A data URL needs no file route: an <img> cannot send the accessToken header, and a
// picture served by URL would have to be public or carry a credential in its address. The cap
// keeps the user's answers small.
import { fileTypeFromBuffer } from 'file-type';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES, type TUpdateProfilePictureResponse, type TUserData } from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { UploadedFile } from '../../transport/dispatcher.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { fail } from '../../transport/errors.ts';
import { getNotificationSettings } from '../app-settings/app-settings.service.ts';
import { findProfile, listKycSubmissions, setAvatar } from './profile.repository.ts';

const KYC_SUBMISSIONS_SHOWN = 20;

export async function getUserData(deps: Deps, userId: bigint): Promise<TUserData> {
  const [user, submissions, notificationSettings] = await Promise.all([
    findProfile(deps.db, userId),
    listKycSubmissions(deps.db, userId, KYC_SUBMISSIONS_SHOWN),
    getNotificationSettings(deps.db, userId),
  ]);
  if (!user) fail('UNAUTHENTICATED');
  return {
    id: Number(user.id),
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone_number: user.phone_number,
    last_login_at: user.last_login_at?.toISOString() ?? null,
    avatar: user.avatar,
    parent_user_id: Number(user.parent_user_id),
    // Saved by App Settings' Notification tab; null until the user saves them (the form then
    // starts from the account's e-mail and phone with both switches on).
    details: { notification_settings: notificationSettings },
    userkycs: submissions.map((row) => ({
      id: Number(row.id),
      status: row.status,
      created_at: row.created_at.toISOString(),
      reviewed_at: row.reviewed_at?.toISOString() ?? null,
    })),
  };
}

export async function updateProfilePicture(
  deps: Deps,
  audit: AuditTrail,
  userId: bigint,
  file: UploadedFile | undefined,
): Promise<TUpdateProfilePictureResponse> {
  if (!file || (file.bytes.length === 0 && !file.truncated)) {
    fail('FILE_REQUIRED', { fieldErrors: { profilePic: 'The profile pic field is required' } });
  }
  const maxKilobytes = Math.round(PROFILE_PICTURE_MAX_BYTES / 1024);
  if (file.truncated || file.bytes.length > PROFILE_PICTURE_MAX_BYTES) {
    fail(
      'FILE_TOO_LARGE',
      { maxKilobytes },
      { fieldErrors: { profilePic: `The profile pic may not be greater than ${maxKilobytes} kilobytes.` } },
    );
  }
  const sniffed = await fileTypeFromBuffer(file.bytes);
  if (!sniffed || !(PROFILE_PICTURE_TYPES as readonly string[]).includes(sniffed.mime)) {
    fail(
      'FILE_TYPE_NOT_ALLOWED',
      { types: 'jpeg, png, webp' },
      { fieldErrors: { profilePic: 'The profile pic must be a file of type: jpeg, png, webp.' } },
    );
  }
  const avatar = `data:${sniffed.mime};base64,${file.bytes.toString('base64')}`;
  await deps.db.transaction().execute(async (trx) => {
    await setAvatar(trx, userId, avatar);
    await audit.record(trx, { subject: { type: 'user', id: userId }, detail: { mimeType: sniffed.mime, sizeBytes: file.bytes.length } });
  });
  return { avatar };
}
