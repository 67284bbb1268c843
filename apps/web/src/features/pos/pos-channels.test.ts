// Proves the POS form offers only POS channels of Active stores (issue 15's audit).
import { describe, expect, it } from 'vitest';
import { STORE_STATUS, type TChannelWithParents } from '@paywallet/contract';
import { activePosChannels } from './pos-channels.ts';

function channel(id: number, storeId: number, type: 'pos' | 'online'): TChannelWithParents {
  return { id, name: `C${id}`, code: `C${id}`, type, store: { id: storeId, name: `S${storeId}` }, terminal: { id: 1, name: 'T' } };
}

describe('the POS form’s channels', () => {
  it('keeps the POS channels of Active stores and drops online channels and other stores’ channels', () => {
    const stores = [
      { id: 1, status: STORE_STATUS.ACTIVE },
      { id: 2, status: STORE_STATUS.DRAFT },
      { id: 3, status: STORE_STATUS.PENDING_APPROVAL },
      { id: 4, status: STORE_STATUS.DEACTIVE },
    ];
    const channels = [channel(10, 1, 'pos'), channel(11, 1, 'online'), channel(20, 2, 'pos'), channel(30, 3, 'pos'), channel(40, 4, 'pos')];
    expect(activePosChannels(stores, channels).map((row) => row.id)).toEqual([10]);
  });
});
