// What the POS device calls share: the terminal specifications a staff member's device login
// may use, the limits of a device's fields, and the shapes of a device and its staff.
import { z } from 'zod';
import { zId } from '../../rules.ts';
import { MESSAGES } from '../../rules.ts';
import { limitFirst } from '../../text.ts';

/** The operations a POS device may run for one staff member (spec 3 section 3), in menu order. */
export const TERMINAL_SPECIFICATIONS = [
  { name: 'SALE', title: 'Sale' },
  { name: 'PRE_AUTH', title: 'Pre-Authorization' },
  { name: 'CAPTURE', title: 'Capture' },
  { name: 'REFUND', title: 'Refund' },
  { name: 'VOID', title: 'Void' },
] as const;
export const TERMINAL_SPECIFICATION_NAMES = ['SALE', 'PRE_AUTH', 'CAPTURE', 'REFUND', 'VOID'] as const satisfies ReadonlyArray<
  (typeof TERMINAL_SPECIFICATIONS)[number]['name']
>;
export type TTerminalSpecificationName = (typeof TERMINAL_SPECIFICATION_NAMES)[number];

export const POS_LIMITS = {
  deviceIdMaxChars: 64,
  serialIdMaxChars: 64,
  nameMaxChars: 100,
  /** At most this many people assigned to one device in one call. */
  staffIdsMax: 200,
  /** A generated device password: letters and digits, at least one of each kind. */
  passwordChars: 12,
} as const;

export const POS_MESSAGES = {
  identifierRule: (field: string) => `The ${field} may only contain letters, numbers, dashes, dots and underscores`,
  settingUnknown: 'The selected terminal specification is invalid',
  staffIdsRequired: 'The staff ids field is required',
  settingsRequired: 'The settings field is required',
  staffIdsTooMany: `The staff ids may not have more than ${POS_LIMITS.staffIdsMax} items`,
} as const;

/** A device or serial identifier: required, limited, letters, digits, '-', '.', '_' only. */
export const zPosIdentifier = (field: string, maxChars: number) =>
  z
    .string({ error: MESSAGES.required(field) })
    .max(maxChars, limitFirst(field, maxChars))
    .trim()
    .min(1, { message: MESSAGES.required(field), abort: true })
    .regex(/^[A-Za-z0-9._-]+$/, POS_MESSAGES.identifierRule(field));

/** The fields of the Add and Update forms. */
export const ZPosDeviceFields = z.object({
  deviceId: zPosIdentifier('device id', POS_LIMITS.deviceIdMaxChars),
  serialId: zPosIdentifier('serial id', POS_LIMITS.serialIdMaxChars),
  name: z
    .string({ error: MESSAGES.required('name') })
    .max(POS_LIMITS.nameMaxChars, limitFirst('name', POS_LIMITS.nameMaxChars))
    .trim()
    .min(1, MESSAGES.required('name')),
  channelId: zId('channel'),
});

export const ZTerminalSpecification = z.object({ name: z.enum(TERMINAL_SPECIFICATION_NAMES), title: z.string() });

/** A device as the list shows it; `channels` holds the one POS channel it takes payments on. */
export const ZPosDeviceRow = z.object({
  id: z.number().int(),
  name: z.string(),
  device_id: z.string(),
  serial_id: z.string(),
  status: z.number().int(),
  channels: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string() })),
});
export type TPosDeviceRow = z.infer<typeof ZPosDeviceRow>;

/** One person's login on a device: the pivot row. */
export const ZPosPivot = z.object({
  id: z.number().int(),
  username: z.string(),
  settings: z.array(z.enum(TERMINAL_SPECIFICATION_NAMES)),
  /** Whether a device password was ever set (Reset Password sets one). */
  has_password: z.boolean(),
});
export type TPosPivot = z.infer<typeof ZPosPivot>;

export const ZPosPerson = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
});
export type TPosPerson = z.infer<typeof ZPosPerson>;

export const ZPosAssignedStaff = ZPosPerson.extend({ pivot: ZPosPivot });
export type TPosAssignedStaff = z.infer<typeof ZPosAssignedStaff>;

export const ZPosDeviceWithStaff = ZPosDeviceRow.extend({ staff: z.array(ZPosAssignedStaff) });
export type TPosDeviceWithStaff = z.infer<typeof ZPosDeviceWithStaff>;
