// The POS device form's schema answers only the spec's words, and maps to the call's body.
import { describe, expect, it } from 'vitest';
import { formErrorMap } from '../../components/form/form-error-map.ts';
import { toAddPosDevice, toUpdatePosDevice, ZPosDeviceForm } from './pos-device-form.ts';

function messages(values: unknown): Record<string, string> {
  const result = ZPosDeviceForm.safeParse(values, { error: formErrorMap });
  if (result.success) return {};
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('the POS device form', () => {
  it('requires every field, in the spec’s words', () => {
    expect(messages({ deviceId: '', serialId: ' ', name: '', channelId: '', status: '1' })).toEqual({
      deviceId: 'The device id field is required',
      serialId: 'The serial id field is required',
      name: 'The name field is required',
      channelId: 'The channel field is required',
    });
  });

  it('sends the channel and the status as numbers; Add sends no status', () => {
    const values = ZPosDeviceForm.parse({ deviceId: 'D-1', serialId: 'S.1', name: 'Till', channelId: '7', status: '0' });
    expect(toAddPosDevice(values)).toEqual({ deviceId: 'D-1', serialId: 'S.1', name: 'Till', channelId: 7 });
    expect(toUpdatePosDevice(3, values)).toEqual({
      posDeviceId: 3,
      deviceId: 'D-1',
      serialId: 'S.1',
      name: 'Till',
      channelId: 7,
      status: 0,
    });
  });

  it('refuses hostile values with our own messages', () => {
    const answer = messages({ deviceId: 5, serialId: null, name: {}, channelId: [], status: 7 });
    for (const message of Object.values(answer)) expect(message).not.toMatch(/Invalid input|expected/i);
  });
});
