// The merchant's channels as the options of a channel filter (the account ledger, Generate
// Report): a fixed list of the merchant's own channels that filters as the user types
// (DECISIONS 44), each named with its store and terminal.
import { useQuery } from '@tanstack/react-query';
import { GET_STORES_TYPE, getStoresCall } from '@paywallet/contract';
import { call } from '../api/client.ts';

export interface ChannelChoice {
  value: string;
  label: string;
}

export function useMerchantChannels() {
  return useQuery({
    queryKey: ['get-stores', 'channels'],
    queryFn: async ({ signal }): Promise<ChannelChoice[]> => {
      const answer = await call(getStoresCall, { type: GET_STORES_TYPE.WITH_CHANNELS }, { signal });
      return (answer.channels ?? []).map((channel) => ({
        value: String(channel.id),
        label: `${channel.name} (${channel.store.name} / ${channel.terminal.name})`,
      }));
    },
  });
}
