// A POS device for the POS device API tests, set up through the back office's own calls as the
// merchant's main account: registered on a POS channel, people assigned, each login given its
// terminal settings and a device password (Reset Password). `posApi` calls /api/pos/v1.
import type { OutgoingHttpHeaders } from 'node:http';
import { expect } from 'vitest';
import {
  addPosDeviceCall,
  managePosDevicesCall,
  resetStaffPosdevicePasswordCall,
  type TTerminalSpecificationName,
} from '@paywallet/contract';
import type { TestApp } from './harness.ts';
import type { TestMerchant } from './merchant.ts';

export interface TestDeviceLogin {
  userId: bigint;
  loginId: number;
  username: string;
  password: string;
}

export interface TestDevice {
  posDeviceId: number;
  deviceId: string;
  channelId: bigint;
  logins: TestDeviceLogin[];
}

let serial = 0;

/** The merchant's first POS channel. */
export function posChannelOf(merchant: TestMerchant): bigint {
  for (const store of merchant.stores)
    for (const terminal of store.terminals) for (const channel of terminal.channels) if (channel.type === 'pos') return channel.id;
  throw new Error('The merchant has no POS channel');
}

export async function createTestDevice(
  t: TestApp,
  merchant: TestMerchant,
  people: Array<{ userId: bigint; settings: TTerminalSpecificationName[] }>,
  options: { channelId?: bigint } = {},
): Promise<TestDevice> {
  serial += 1;
  const channelId = options.channelId ?? posChannelOf(merchant);
  const deviceId = `POS-${serial}-${Date.now().toString(36)}`;
  const added = await t.call(
    addPosDeviceCall,
    { deviceId, serialId: `SN-${serial}`, name: `Till ${serial}`, channelId: Number(channelId) },
    { token: merchant.token },
  );
  expect(added.status, added.message).toBe(200);
  const posDeviceId = added.data.id;
  const assigned = await t.call(
    managePosDevicesCall,
    { posDeviceId, staffIds: people.map((person) => Number(person.userId)) },
    { token: merchant.token },
  );
  expect(assigned.status, assigned.message).toBe(200);
  const logins: TestDeviceLogin[] = [];
  for (const person of people) {
    const login = assigned.data.staff!.find((staff) => BigInt(staff.id) === person.userId)!;
    const saved = await t.call(managePosDevicesCall, { posStaffId: login.pivot.id, settings: person.settings }, { token: merchant.token });
    expect(saved.status, saved.message).toBe(200);
    const reset = await t.call(resetStaffPosdevicePasswordCall, { posDeviceId, staffId: Number(person.userId) }, { token: merchant.token });
    expect(reset.status, reset.message).toBe(200);
    logins.push({ userId: person.userId, loginId: login.pivot.id, username: reset.data.username, password: reset.data.password });
  }
  return { posDeviceId, deviceId, channelId, logins };
}

export interface PosAnswer {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string; fields?: Record<string, string> } };
  headers: OutgoingHttpHeaders;
}

/** A request to /api/pos/v1/<path>: POST with a JSON body unless `method` says otherwise. */
export async function posApi(
  t: TestApp,
  path: string,
  body?: unknown,
  options: { token?: string; idempotencyKey?: string; ip?: string; method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
): Promise<PosAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const method = options.method ?? 'POST';
  const response = await t.app.inject({
    method,
    url: `/api/pos/v1/${path}`,
    ...(method === 'POST' && body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    headers,
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** Signs a login in on its device; the bearer token. */
export async function deviceToken(t: TestApp, device: TestDevice, login: TestDeviceLogin = device.logins[0]!): Promise<string> {
  const answer = await posApi(t, 'login', { deviceId: device.deviceId, username: login.username, password: login.password });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token as string;
}
