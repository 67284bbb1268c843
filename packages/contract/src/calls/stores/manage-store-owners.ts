import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { MESSAGES } from '../../rules.ts';
import { zOwnerFields, zOwnerId, zStoreId } from './common.ts';

export const OWNER_OPERATIONS = ['add', 'update', 'delete'] as const;
export type TOwnerOperation = (typeof OWNER_OPERATIONS)[number];

const REQUIRED_TO_SAVE = { firstName: 'first name', lastName: 'last name', dob: 'date of birth' } as const;

/**
 * Multipart: adds, updates or deletes an owner of a store. The document is the file part
 * (named `attachment`): required to add, optional to update (the saved one stays), ignored
 * to delete. `id` names the owner to update or delete. Only a Draft or Request For Changes
 * store's owners change. One flat form (every field of every operation) so that a browser's
 * FormData maps onto it field by field; what each operation needs is checked after the fields.
 */
export const ZManageStoreOwnersRequest = z
  .object({
    type: z.enum(OWNER_OPERATIONS, { error: 'The selected type is invalid' }),
    storeId: zStoreId,
    id: zOwnerId.optional(),
    firstName: zOwnerFields.firstName.optional(),
    lastName: zOwnerFields.lastName.optional(),
    dob: zOwnerFields.dob.optional(),
    identityType: zOwnerFields.identityType,
  })
  .superRefine((value, ctx) => {
    if (value.type !== 'add' && value.id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: MESSAGES.required('owner') });
    }
    if (value.type === 'delete') return;
    for (const [field, label] of Object.entries(REQUIRED_TO_SAVE)) {
      if (value[field as keyof typeof REQUIRED_TO_SAVE] === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.required(label) });
      }
    }
  });
export const ZManageStoreOwnersResponse = z.object({ id: z.number().int() });
export const manageStoreOwnersCall = defineCall({
  path: 'manage-store-owners',
  audience: ['merchant'],
  session: 'full',
  feature: 'store',
  kind: 'write',
  audit: 'store-owner.manage',
  multipart: true,
  request: ZManageStoreOwnersRequest,
  response: ZManageStoreOwnersResponse,
});
export type TManageStoreOwnersRequest = z.input<typeof ZManageStoreOwnersRequest>;
export type TManageStoreOwnersInput = z.output<typeof ZManageStoreOwnersRequest>;
