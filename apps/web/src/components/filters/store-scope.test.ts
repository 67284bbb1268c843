// Proves the cascade's clearing rules (spec 3 section 4): a new store clears the terminal and the
// channel, clearing the store empties the terminal list, a new terminal clears the channel and
// offers that terminal's channels, and choosing the same value again changes nothing.
import { describe, expect, it } from 'vitest';
import type { TStoreOption } from '@paywallet/contract';
import { changeChannel, changeStore, changeTerminal, channelsOf, terminalsOf } from './store-scope.ts';

const alQuoz: TStoreOption = {
  id: 1,
  name: 'Al Quoz',
  code: 'ALQ',
  status: 1,
  terminals: [
    {
      id: 11,
      name: 'Roastery Counter',
      code: 'T1',
      channels: [
        { id: 111, name: 'Online Shop', code: 'WEB', type: 'online' },
        { id: 112, name: 'Counter POS', code: 'POS1', type: 'pos' },
      ],
    },
    { id: 12, name: 'Cafe Kiosk', code: 'T2', channels: [{ id: 121, name: 'Kiosk POS', code: 'POS2', type: 'pos' }] },
  ],
};

describe('the store -> terminal -> channel cascade', () => {
  const full = { storeId: '1', terminalId: '11', channelId: '112' };

  it('changing the store clears the terminal and the channel', () => {
    expect(changeStore(full, '2')).toEqual({ storeId: '2', terminalId: undefined, channelId: undefined });
  });

  it('clearing the store clears the terminal, and no store offers no terminals', () => {
    expect(changeStore(full, undefined)).toEqual({ storeId: undefined, terminalId: undefined, channelId: undefined });
    expect(terminalsOf(undefined)).toEqual([]);
    expect(terminalsOf(alQuoz).map((terminal) => terminal.name)).toEqual(['Roastery Counter', 'Cafe Kiosk']);
  });

  it("changing the terminal clears the channel and offers that terminal's channels", () => {
    const next = changeTerminal(full, '12');
    expect(next).toEqual({ storeId: '1', terminalId: '12', channelId: undefined });
    expect(channelsOf(alQuoz, next.terminalId).map((channel) => channel.name)).toEqual(['Kiosk POS']);
    expect(channelsOf(alQuoz, undefined)).toEqual([]);
  });

  it('choosing the same store or terminal again keeps what was chosen below it', () => {
    expect(changeStore(full, '1')).toBe(full);
    expect(changeTerminal(full, '11')).toBe(full);
    expect(changeChannel(full, undefined)).toEqual({ storeId: '1', terminalId: '11', channelId: undefined });
  });
});
