// POS devices: registering and changing devices on the merchant's POS channels, the list and its
// detail answers, assigning people (replace semantics, active staff only, the main account only
// by itself), terminal settings per login, and the device password reset (answered once, stored
// as an argon2 hash, never in the audit log). Every call is also made by merchant A with
// merchant B's ids: nothing of B is read or changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPosDeviceCall,
  getPosDevicesCall,
  managePosDevicesCall,
  resetStaffPosdevicePasswordCall,
  STORE_STATUS,
  TERMINAL_SPECIFICATIONS,
  updatePosDeviceCall,
  ZGetPosDevicesResponse,
  ZManagePosDevicesResponse,
  ZPosDeviceRow,
  ZResetStaffPosdevicePasswordResponse,
  type TAddPosDeviceRequest,
} from '@paywallet/contract';
import { countRows, createTestApp, DEMO_MERCHANT, fieldErrors, type TestApp } from '../../test/harness.ts';
import { DEMO_STAFF } from '../../seed/seed.ts';
import { DEMO_POS_DEVICES, DEMO_POS_PASSWORD } from '../../seed/seed-pos.ts';
import { createTestMerchant, createTestStaff, type TestMerchant, type TestStaff } from '../../test/merchant.ts';
import { expectLedgerInvariants } from '../../test/money.ts';
import { verifySecret } from '../../lib/secrets.ts';
import { usernameFor } from './pos.service.ts';

let t: TestApp;
let shop: TestMerchant;
let rival: TestMerchant;
let clerk: TestStaff; // granted pos-devices
let cashier: TestStaff; // another active staff member
let leaver: TestStaff; // inactive
let rivalStaff: TestStaff;
let posChannelId: number;
let onlineChannelId: number;
let draftPosChannelId: number; // a POS channel of a Draft store
let rivalPosChannelId: number;
let rivalDeviceId: number;
let rivalPivotId: number;
let serial = 0;

const POS_TABLES = ['pos_devices', 'pos_device_staff'] as const;

function deviceBody(overrides: Partial<TAddPosDeviceRequest> = {}): TAddPosDeviceRequest {
  serial += 1;
  return {
    deviceId: `DEV-${serial}-${Date.now()}`,
    serialId: `SN-${serial}`,
    name: `Till ${serial}`,
    channelId: posChannelId,
    ...overrides,
  };
}

async function addDevice(token: string, overrides: Partial<TAddPosDeviceRequest> = {}) {
  const answer = await t.call(addPosDeviceCall, deviceBody(overrides), { token });
  expect(answer.status, answer.message).toBe(200);
  return ZPosDeviceRow.strict().parse(answer.data);
}

async function deviceStaff(token: string, posDeviceId: number) {
  const answer = await t.call(getPosDevicesCall, { posDeviceId, posDeviceStaff: 1 }, { token });
  expect(answer.status, answer.message).toBe(200);
  return ZGetPosDevicesResponse.parse(answer.data);
}

async function posState() {
  const [devices, logins] = await Promise.all([
    t.deps.db.selectFrom('pos_devices').selectAll().orderBy('id').execute(),
    t.deps.db.selectFrom('pos_device_staff').selectAll().orderBy('id').execute(),
  ]);
  return { devices, logins };
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await createTestMerchant(t, {
    stores: [
      { terminals: [{ channels: [{ type: 'online' }, { type: 'pos' }] }] },
      { name: 'Draft Store', status: STORE_STATUS.DRAFT, terminals: [{ channels: [{ type: 'pos' }] }] },
    ],
    staff: [{ features: ['pos-devices'] }, { features: [] }, { features: [] }],
  });
  [clerk, cashier, leaver] = shop.staff as [TestStaff, TestStaff, TestStaff];
  await t.deps.db.updateTable('users').set({ status: 2 }).where('id', '=', leaver.id).execute();
  rival = await createTestMerchant(t);
  rivalStaff = await createTestStaff(t, rival.id, []);
  const channels = shop.stores[0]!.terminals[0]!.channels;
  onlineChannelId = Number(channels.find((channel) => channel.type === 'online')!.id);
  posChannelId = Number(channels.find((channel) => channel.type === 'pos')!.id);
  draftPosChannelId = Number(shop.stores[1]!.terminals[0]!.channels[0]!.id);
  rivalPosChannelId = Number(rival.stores[0]!.terminals[0]!.channels.find((channel) => channel.type === 'pos')!.id);
  const rivalDevice = await addDevice(rival.token, { channelId: rivalPosChannelId });
  rivalDeviceId = rivalDevice.id;
  const assigned = await t.call(
    managePosDevicesCall,
    { posDeviceId: rivalDeviceId, staffIds: [Number(rivalStaff.id)] },
    { token: rival.token },
  );
  expect(assigned.status, assigned.message).toBe(200);
  rivalPivotId = assigned.data.staff![0]!.pivot.id;
});
afterAll(async () => {
  await expectLedgerInvariants(t);
  await t.close();
});

describe('add-pos-device', () => {
  it('registers an Active device on a POS channel of the merchant, with its audit row', async () => {
    const body = deviceBody({ name: 'Front Till' });
    const answer = await t.call(addPosDeviceCall, body, { token: shop.token });
    expect(answer.status, answer.message).toBe(200);
    const device = ZPosDeviceRow.strict().parse(answer.data);
    expect(device).toEqual({
      id: expect.any(Number),
      name: 'Front Till',
      device_id: body.deviceId,
      serial_id: body.serialId,
      status: 1,
      channels: [{ id: posChannelId, name: expect.any(String), code: expect.stringMatching(/^CH-/) }],
    });
    const row = await t.deps.db.selectFrom('pos_devices').selectAll().where('id', '=', BigInt(device.id)).executeTakeFirstOrThrow();
    expect(row.merchant_user_id).toBe(shop.id);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'on_behalf_of_user_id', 'subject_type'])
      .where('subject_id', '=', String(device.id))
      .where('subject_type', '=', 'pos_device')
      .execute();
    expect(audit).toEqual([{ action: 'pos-device.add', on_behalf_of_user_id: shop.id, subject_type: 'pos_device' }]);
  });

  it('lets a staff member granted pos-devices register a device of the main account', async () => {
    const device = await addDevice(clerk.token);
    const row = await t.deps.db
      .selectFrom('pos_devices')
      .select('merchant_user_id')
      .where('id', '=', BigInt(device.id))
      .executeTakeFirstOrThrow();
    expect(row.merchant_user_id).toBe(shop.id);
  });

  it.each([
    ['deviceId', { deviceId: '' }, 'The device id field is required'],
    ['deviceId', { deviceId: 'has space' }, 'The device id may only contain letters, numbers, dashes, dots and underscores'],
    ['deviceId', { deviceId: 'D'.repeat(65) }, 'The device id may not be greater than 64 characters'],
    ['serialId', { serialId: '   ' }, 'The serial id field is required'],
    ['serialId', { serialId: 'SN/1' }, 'The serial id may only contain letters, numbers, dashes, dots and underscores'],
    ['name', { name: '' }, 'The name field is required'],
    ['name', { name: 'N'.repeat(101) }, 'The name may not be greater than 100 characters'],
    ['channelId', { channelId: undefined }, 'The channel field is required'],
  ] as const)('refuses %s: %s', async (field, overrides, message) => {
    const before = await countRows(t, POS_TABLES);
    const answer = await t.call(addPosDeviceCall, deviceBody(overrides as Partial<TAddPosDeviceRequest>), { token: shop.token });
    expect(answer.status).toBe(400);
    expect(answer.reason).toBe('VALIDATION_FAILED');
    expect(fieldErrors(answer)[field]).toBe(message);
    expect(await countRows(t, POS_TABLES)).toEqual(before);
  });

  it('refuses an online channel, an unknown channel and a taken device id, by name', async () => {
    const online = await t.call(addPosDeviceCall, deviceBody({ channelId: onlineChannelId }), { token: shop.token });
    expect([online.status, online.reason, online.message]).toEqual([
      422,
      'POS_CHANNEL_NOT_POS',
      'The selected channel is not a POS channel.',
    ]);
    expect(fieldErrors(online).channelId).toBe('The selected channel is not a POS channel.');
    const unknown = await t.call(addPosDeviceCall, deviceBody({ channelId: 999_999_999 }), { token: shop.token });
    expect([unknown.status, unknown.reason]).toEqual([404, 'CHANNEL_NOT_FOUND']);
    const existing = await addDevice(shop.token);
    const taken = await t.call(addPosDeviceCall, deviceBody({ deviceId: existing.device_id }), { token: shop.token });
    expect([taken.status, taken.reason, taken.message]).toEqual([409, 'POS_DEVICE_ID_TAKEN', 'The device id has already been taken.']);
    expect(fieldErrors(taken).deviceId).toBe('The device id has already been taken.');
  });

  it('refuses a POS channel of a store that is not Active, on add and on update, writing nothing', async () => {
    const device = await addDevice(shop.token);
    const before = await posState();
    const added = await t.call(addPosDeviceCall, deviceBody({ channelId: draftPosChannelId }), { token: shop.token });
    expect([added.status, added.reason, added.message]).toEqual([
      422,
      'STORE_NOT_ACTIVE',
      'This store is not active and cannot take payments.',
    ]);
    expect(fieldErrors(added).channelId).toBe('This store is not active and cannot take payments.');
    const moved = await t.call(
      updatePosDeviceCall,
      { posDeviceId: device.id, deviceId: device.device_id, serialId: 'SN', name: 'N', channelId: draftPosChannelId },
      { token: shop.token },
    );
    expect([moved.status, moved.reason]).toEqual([422, 'STORE_NOT_ACTIVE']);
    expect(await posState()).toEqual(before);
  });
});

describe('update-pos-device', () => {
  it('changes identifiers and name, and the status and channel when given', async () => {
    const device = await addDevice(shop.token);
    const other = shop.stores[0]!.terminals[0]!.channels.find((channel) => channel.type === 'pos')!;
    const answer = await t.call(
      updatePosDeviceCall,
      {
        posDeviceId: device.id,
        deviceId: `${device.device_id}-X`,
        serialId: 'SN-NEW',
        name: 'Renamed',
        status: 0,
        channelId: Number(other.id),
      },
      { token: shop.token },
    );
    expect(answer.status, answer.message).toBe(200);
    expect(ZPosDeviceRow.strict().parse(answer.data)).toMatchObject({
      id: device.id,
      device_id: `${device.device_id}-X`,
      serial_id: 'SN-NEW',
      name: 'Renamed',
      status: 0,
    });
    // Without status the status is left as it is; the same device id is not "taken" by itself.
    const again = await t.call(
      updatePosDeviceCall,
      { posDeviceId: device.id, deviceId: `${device.device_id}-X`, serialId: 'SN-NEW', name: 'Renamed again' },
      { token: shop.token },
    );
    expect(again.status, again.message).toBe(200);
    expect(again.data).toMatchObject({ status: 0, name: 'Renamed again' });
    const actions = await t.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'pos_device')
      .where('subject_id', '=', String(device.id))
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['pos-device.add', 'pos-device.update', 'pos-device.update']);
  });

  it('refuses a bad status, an online channel and another device’s id', async () => {
    const device = await addDevice(shop.token);
    const taken = await addDevice(shop.token);
    const base = { posDeviceId: device.id, deviceId: device.device_id, serialId: 'SN', name: 'N' };
    const status = await t.call(updatePosDeviceCall, { ...base, status: 3 }, { token: shop.token });
    expect([status.status, fieldErrors(status).status]).toEqual([400, 'The selected status is invalid']);
    const online = await t.call(updatePosDeviceCall, { ...base, channelId: onlineChannelId }, { token: shop.token });
    expect(online.reason).toBe('POS_CHANNEL_NOT_POS');
    const dup = await t.call(updatePosDeviceCall, { ...base, deviceId: taken.device_id }, { token: shop.token });
    expect(dup.reason).toBe('POS_DEVICE_ID_TAKEN');
    const missing = await t.call(updatePosDeviceCall, { ...base, posDeviceId: 999_999_999 }, { token: shop.token });
    expect([missing.status, missing.reason, missing.message]).toEqual([404, 'POS_DEVICE_NOT_FOUND', 'POS device not found.']);
  });
});

describe('get-pos-devices', () => {
  it('pages the merchant’s devices newest first, and answers one device with its specifications and people', async () => {
    const first = await addDevice(shop.token);
    const second = await addDevice(shop.token);
    const list = await t.call(getPosDevicesCall, { perPage: 2 }, { token: shop.token });
    expect(list.status, list.message).toBe(200);
    const page = ZGetPosDevicesResponse.strict().parse(list.data);
    expect(page.data.map((row) => row.id)).toEqual([second.id, first.id]);
    expect(page.paginationData).toMatchObject({ perPage: 2, currentPage: 1 });
    expect(page.terminalSpecificationList).toBeUndefined();

    const settings = await t.call(getPosDevicesCall, { posDeviceId: first.id, settingDetails: 1 }, { token: shop.token });
    expect(settings.data.data).toEqual([first]);
    expect(settings.data.terminalSpecificationList).toEqual(TERMINAL_SPECIFICATIONS.map((spec) => ({ ...spec })));

    const people = await deviceStaff(shop.token, first.id);
    expect(people.device).toEqual({ ...first, staff: [] });
    expect(people.mainAccount).toEqual({ id: Number(shop.id), first_name: shop.firstName, last_name: shop.lastName, email: shop.email });
    expect(people.activeStaff!.map((person) => person.id).sort()).toEqual([Number(clerk.id), Number(cashier.id)].sort());
  });

  it('refuses an unknown device id', async () => {
    const answer = await t.call(getPosDevicesCall, { posDeviceId: 999_999_999 }, { token: shop.token });
    expect([answer.status, answer.reason]).toEqual([404, 'POS_DEVICE_NOT_FOUND']);
  });
});

describe('manage-pos-devices: assigning people', () => {
  it('assigns exactly the ids given: adds, keeps (with their login) and removes', async () => {
    const device = await addDevice(shop.token);
    const first = await t.call(
      managePosDevicesCall,
      { posDeviceId: device.id, staffIds: [Number(clerk.id), Number(cashier.id)] },
      { token: shop.token },
    );
    expect(first.status, first.message).toBe(200);
    const assigned = ZManagePosDevicesResponse.strict().parse(first.data).staff!;
    expect(assigned.map((person) => person.id)).toEqual([Number(clerk.id), Number(cashier.id)]);
    const clerkLogin = assigned[0]!.pivot;
    expect(clerkLogin.username).toBe(usernameFor({ id: clerk.id, first_name: 'Staff' }));
    expect(clerkLogin).toMatchObject({ settings: [], has_password: false });

    // Replace: the cashier goes, the main account comes in, the clerk keeps the same login row.
    const second = await t.call(
      managePosDevicesCall,
      { posDeviceId: device.id, staffIds: [Number(clerk.id), Number(shop.id)] },
      { token: shop.token },
    );
    expect(second.status, second.message).toBe(200);
    expect(second.data.staff!.map((person) => [person.id, person.pivot.id])).toEqual([
      [Number(clerk.id), clerkLogin.id],
      [Number(shop.id), expect.any(Number)],
    ]);
    // The ids may also arrive as JSON text; an empty list unassigns everyone.
    const cleared = await t.post('manage-pos-devices', { posDeviceId: device.id, staffIds: '[]' }, { token: shop.token });
    expect(cleared.status, cleared.message).toBe(200);
    const rows = await t.deps.db.selectFrom('pos_device_staff').select('id').where('pos_device_id', '=', BigInt(device.id)).execute();
    expect(rows).toEqual([]);
  });

  it('refuses an inactive staff member, and the main account when a staff member saves; a staff save keeps the main account', async () => {
    const device = await addDevice(shop.token);
    const inactive = await t.call(managePosDevicesCall, { posDeviceId: device.id, staffIds: [Number(leaver.id)] }, { token: shop.token });
    expect([inactive.status, inactive.reason, inactive.message]).toEqual([
      422,
      'POS_STAFF_NOT_ACTIVE',
      'Only active staff members can be assigned to a device.',
    ]);
    const byStaff = await t.call(managePosDevicesCall, { posDeviceId: device.id, staffIds: [Number(shop.id)] }, { token: clerk.token });
    expect([byStaff.status, byStaff.reason]).toEqual([403, 'POS_MAIN_ACCOUNT_OWNER_ONLY']);

    await t.call(managePosDevicesCall, { posDeviceId: device.id, staffIds: [Number(shop.id), Number(cashier.id)] }, { token: shop.token });
    const staffSave = await t.call(managePosDevicesCall, { posDeviceId: device.id, staffIds: [Number(clerk.id)] }, { token: clerk.token });
    expect(staffSave.status, staffSave.message).toBe(200);
    expect(staffSave.data.staff!.map((person) => person.id)).toEqual([Number(shop.id), Number(clerk.id)]);
  });

  it.each([
    [{ staffIds: [1] }, 'posDeviceId', 'The pos device field is required'],
    [{ posDeviceId: 1 }, 'staffIds', 'The staff ids field is required'],
    [{ posDeviceId: 1, staffIds: ['x'] }, 'staffIds.0', 'The staff field is required'],
    [
      { posDeviceId: 1, staffIds: Array.from({ length: 201 }, (_, index) => index + 1) },
      'staffIds',
      'The staff ids may not have more than 200 items',
    ],
    [{ posStaffId: 1 }, 'settings', 'The settings field is required'],
    [{ posStaffId: 1, settings: ['SALE', 'TIP'] }, 'settings.1', 'The selected terminal specification is invalid'],
  ])('refuses %j (%s)', async (body, field, message) => {
    const before = await posState();
    const answer = await t.post('manage-pos-devices', body, { token: shop.token });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)[field]).toBe(message);
    expect(await posState()).toEqual(before);
  });
});

describe('manage-pos-devices: terminal settings', () => {
  it('saves the specifications of one login, in catalogue order, and replaces them on the next save', async () => {
    const device = await addDevice(shop.token);
    const assigned = await t.call(managePosDevicesCall, { posDeviceId: device.id, staffIds: [Number(cashier.id)] }, { token: shop.token });
    const pivotId = assigned.data.staff![0]!.pivot.id;
    const saved = await t.call(managePosDevicesCall, { posStaffId: pivotId, settings: ['REFUND', 'SALE', 'SALE'] }, { token: shop.token });
    expect(saved.status, saved.message).toBe(200);
    expect(ZManagePosDevicesResponse.strict().parse(saved.data).pivot).toMatchObject({ id: pivotId, settings: ['SALE', 'REFUND'] });
    const replaced = await t.call(managePosDevicesCall, { posStaffId: pivotId, settings: ['VOID'] }, { token: clerk.token });
    expect(replaced.status, replaced.message).toBe(200);
    const row = await t.deps.db
      .selectFrom('pos_device_staff')
      .select('settings')
      .where('id', '=', BigInt(pivotId))
      .executeTakeFirstOrThrow();
    expect(row.settings).toEqual(['VOID']);
    const people = await deviceStaff(shop.token, device.id);
    expect(people.device!.staff[0]!.pivot.settings).toEqual(['VOID']);
  });

  it('refuses an unknown login id', async () => {
    const answer = await t.call(managePosDevicesCall, { posStaffId: 999_999_999, settings: ['SALE'] }, { token: shop.token });
    expect([answer.status, answer.reason, answer.message]).toEqual([404, 'POS_ASSIGNMENT_NOT_FOUND', 'Staff assignment not found.']);
  });
});

describe('reset-staff-posdevice-password', () => {
  it('answers a new strong password once; only its argon2 hash is stored, and it differs each time', async () => {
    const device = await addDevice(shop.token);
    await t.call(managePosDevicesCall, { posDeviceId: device.id, staffIds: [Number(cashier.id)] }, { token: shop.token });
    const first = await t.call(
      resetStaffPosdevicePasswordCall,
      { posDeviceId: device.id, staffId: Number(cashier.id) },
      { token: shop.token },
    );
    expect(first.status, first.message).toBe(200);
    const answer = ZResetStaffPosdevicePasswordResponse.strict().parse(first.data);
    expect(answer.username).toBe(usernameFor({ id: cashier.id, first_name: 'Staff' }));
    expect(answer.password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(answer.password).toMatch(/[A-Z]/);
    expect(answer.password).toMatch(/[a-z]/);
    expect(answer.password).toMatch(/\d/);

    const row = await t.deps.db
      .selectFrom('pos_device_staff')
      .select(['id', 'password_hash'])
      .where('pos_device_id', '=', BigInt(device.id))
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(answer.password);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(row.password_hash!, answer.password)).toBe(true);

    const second = await t.call(
      resetStaffPosdevicePasswordCall,
      { posDeviceId: device.id, staffId: Number(cashier.id) },
      { token: clerk.token },
    );
    expect(second.status, second.message).toBe(200);
    expect(second.data.password).not.toBe(answer.password);
    const after = await t.deps.db.selectFrom('pos_device_staff').select('password_hash').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(await verifySecret(after.password_hash!, answer.password)).toBe(false);
    expect(await verifySecret(after.password_hash!, second.data.password)).toBe(true);

    // The password is nowhere in the audit log.
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'pos-device.reset-password')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    const written = JSON.stringify(audit);
    expect(written).not.toContain(answer.password);
    expect(written).not.toContain(second.data.password);

    const people = await deviceStaff(shop.token, device.id);
    expect(people.device!.staff[0]!.pivot.has_password).toBe(true);
  });

  it('refuses a person not assigned to the device, and an unknown device', async () => {
    const device = await addDevice(shop.token);
    const unassigned = await t.call(
      resetStaffPosdevicePasswordCall,
      { posDeviceId: device.id, staffId: Number(cashier.id) },
      { token: shop.token },
    );
    expect([unassigned.status, unassigned.reason]).toEqual([404, 'POS_ASSIGNMENT_NOT_FOUND']);
    const unknown = await t.call(
      resetStaffPosdevicePasswordCall,
      { posDeviceId: 999_999_999, staffId: Number(cashier.id) },
      { token: shop.token },
    );
    expect([unknown.status, unknown.reason]).toEqual([404, 'POS_DEVICE_NOT_FOUND']);
    const missing = await t.call(resetStaffPosdevicePasswordCall, { posDeviceId: device.id } as never, { token: shop.token });
    expect(fieldErrors(missing).staffId).toBe('The staff field is required');
  });
});

describe('another merchant’s ids', () => {
  it('leak nothing and change nothing in any call', async () => {
    const mine = await addDevice(shop.token);
    await t.call(managePosDevicesCall, { posDeviceId: mine.id, staffIds: [Number(cashier.id)] }, { token: shop.token });
    const before = await posState();
    const auditBefore = (await countRows(t, ['audit_log'])).audit_log;

    // Reading B's device: not found; the list shows only A's devices, and never B's people.
    const read = await t.call(
      getPosDevicesCall,
      { posDeviceId: rivalDeviceId, posDeviceStaff: 1, settingDetails: 1 },
      { token: shop.token },
    );
    expect([read.status, read.reason]).toEqual([404, 'POS_DEVICE_NOT_FOUND']);
    const list = await t.call(getPosDevicesCall, { perPage: 500 }, { token: shop.token });
    expect(list.data.data.some((row) => row.id === rivalDeviceId)).toBe(false);
    const people = await deviceStaff(shop.token, mine.id);
    expect(people.activeStaff!.some((person) => person.id === Number(rivalStaff.id))).toBe(false);

    const refusals = [
      [await t.call(addPosDeviceCall, deviceBody({ channelId: rivalPosChannelId }), { token: shop.token }), 'CHANNEL_NOT_FOUND'],
      [
        await t.call(
          updatePosDeviceCall,
          { posDeviceId: rivalDeviceId, deviceId: 'HIJACK-1', serialId: 'S', name: 'N' },
          { token: shop.token },
        ),
        'POS_DEVICE_NOT_FOUND',
      ],
      [
        await t.call(
          updatePosDeviceCall,
          { posDeviceId: mine.id, deviceId: mine.device_id, serialId: 'S', name: 'N', channelId: rivalPosChannelId },
          { token: shop.token },
        ),
        'CHANNEL_NOT_FOUND',
      ],
      [await t.call(managePosDevicesCall, { posDeviceId: rivalDeviceId, staffIds: [] }, { token: shop.token }), 'POS_DEVICE_NOT_FOUND'],
      [
        await t.call(managePosDevicesCall, { posDeviceId: mine.id, staffIds: [Number(rivalStaff.id)] }, { token: shop.token }),
        'POS_STAFF_NOT_FOUND',
      ],
      [
        await t.call(managePosDevicesCall, { posDeviceId: mine.id, staffIds: [Number(rival.id)] }, { token: shop.token }),
        'POS_STAFF_NOT_FOUND',
      ],
      [
        await t.call(managePosDevicesCall, { posStaffId: rivalPivotId, settings: ['SALE'] }, { token: shop.token }),
        'POS_ASSIGNMENT_NOT_FOUND',
      ],
      [
        await t.call(
          resetStaffPosdevicePasswordCall,
          { posDeviceId: rivalDeviceId, staffId: Number(rivalStaff.id) },
          { token: shop.token },
        ),
        'POS_DEVICE_NOT_FOUND',
      ],
      [
        await t.call(resetStaffPosdevicePasswordCall, { posDeviceId: mine.id, staffId: Number(rivalStaff.id) }, { token: shop.token }),
        'POS_ASSIGNMENT_NOT_FOUND',
      ],
    ] as const;
    for (const [answer, reason] of refusals) {
      expect(answer.reason, answer.message).toBe(reason);
      expect(JSON.stringify(answer.data ?? null)).not.toContain(String(rivalStaff.email));
    }
    expect(await posState()).toEqual(before);
    expect((await countRows(t, ['audit_log'])).audit_log).toBe(auditBefore);
  });
});

describe('the demo POS devices', () => {
  it('are seeded on the demo merchant’s POS channels, the counter till with the demo staff member (Sale and Refund, a hashed password)', async () => {
    const merchant = await t.deps.db.selectFrom('users').select('id').where('email', '=', DEMO_MERCHANT.email).executeTakeFirstOrThrow();
    const devices = await t.deps.db
      .selectFrom('pos_devices')
      .innerJoin('channels', 'channels.id', 'pos_devices.channel_id')
      .select(['pos_devices.id', 'pos_devices.device_id', 'channels.type'])
      .where('pos_devices.merchant_user_id', '=', merchant.id)
      .orderBy('pos_devices.id')
      .execute();
    expect(devices.map((device) => [device.device_id, device.type])).toEqual(DEMO_POS_DEVICES.map((spec) => [spec.deviceId, 'pos']));
    const logins = await t.deps.db
      .selectFrom('pos_device_staff')
      .innerJoin('users', 'users.id', 'pos_device_staff.user_id')
      .select(['pos_device_staff.pos_device_id', 'users.email', 'pos_device_staff.settings', 'pos_device_staff.password_hash'])
      .where('pos_device_staff.merchant_user_id', '=', merchant.id)
      .execute();
    expect(logins).toHaveLength(1);
    expect(logins[0]).toMatchObject({ pos_device_id: devices[0]!.id, email: DEMO_STAFF.email, settings: ['SALE', 'REFUND'] });
    expect(logins[0]!.password_hash).not.toBe(DEMO_POS_PASSWORD);
    expect(await verifySecret(logins[0]!.password_hash!, DEMO_POS_PASSWORD)).toBe(true);
  });
});
