// The store -> terminal -> channel cascade's rules (spec 2 Settlements, spec 3 section 4), pure so
// they are tested without a browser. A scope holds ids as the URL and the filter bar hold them.
//   - changing the store clears the terminal (and so the channel); clearing the store also
//     empties the terminal list;
//   - changing the terminal clears the channel and replaces the channel list with that
//     terminal's channels.
import type { TChannelOption, TStoreOption, TTerminalOption } from '@paywallet/contract';

export interface StoreScope {
  storeId?: string | undefined;
  terminalId?: string | undefined;
  channelId?: string | undefined;
}

export function changeStore(scope: StoreScope, storeId: string | undefined): StoreScope {
  if (storeId === scope.storeId) return scope;
  return { storeId, terminalId: undefined, channelId: undefined };
}

export function changeTerminal(scope: StoreScope, terminalId: string | undefined): StoreScope {
  if (terminalId === scope.terminalId) return scope;
  return { ...scope, terminalId, channelId: undefined };
}

export function changeChannel(scope: StoreScope, channelId: string | undefined): StoreScope {
  return { ...scope, channelId };
}

/** The terminals offered: the chosen store's, none without a store. */
export function terminalsOf(store: TStoreOption | undefined): TTerminalOption[] {
  return store?.terminals ?? [];
}

/** The channels offered: the chosen terminal's, none without a terminal. */
export function channelsOf(store: TStoreOption | undefined, terminalId: string | undefined): TChannelOption[] {
  return terminalsOf(store).find((terminal) => String(terminal.id) === terminalId)?.channels ?? [];
}
