// Which channels the POS form offers: the POS channels of the merchant's Active stores. A device
// on a Draft, changes-requested or deactivated store could take no payment, and the server
// refuses it (STORE_NOT_ACTIVE); the form does not offer what would be refused.
import { STORE_STATUS, type TChannelWithParents, type TStoreOption } from '@paywallet/contract';

export function activePosChannels(stores: readonly Pick<TStoreOption, 'id' | 'status'>[], channels: readonly TChannelWithParents[]) {
  const active = new Set(stores.filter((store) => store.status === STORE_STATUS.ACTIVE).map((store) => store.id));
  return channels.filter((channel) => channel.type === 'pos' && active.has(channel.store.id));
}
