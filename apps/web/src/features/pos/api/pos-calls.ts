// The calls of the POS screens (spec 3 section 7, POS): the device list, one device (the
// Update form), one device with its people and the terminal specifications (Assign Staff), the
// merchant's POS channels (get-stores type 1), and the changes: assigning people, saving one
// login's terminal settings, resetting a login's device password. Every change refreshes the
// POS reads.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GET_STORES_TYPE,
  getPosDevicesCall,
  getStoresCall,
  managePosDevicesCall,
  resetStaffPosdevicePasswordCall,
  type TChannelWithParents,
  type TTerminalSpecificationName,
} from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { useListQuery, type Pager } from '../../../hooks/use-list-query.ts';
import { activePosChannels } from '../pos-channels.ts';

export const POS_QUERY_KEY = ['pos-devices'] as const;

const NO_FILTERS = {};

export function usePosDeviceList(pager: Pager) {
  return useListQuery(getPosDevicesCall, NO_FILTERS, pager, { queryKey: [...POS_QUERY_KEY] });
}

/** One device as the Update form shows it. */
export function usePosDevice(posDeviceId: number | undefined) {
  return useQuery({
    queryKey: [...POS_QUERY_KEY, 'device', posDeviceId],
    enabled: posDeviceId !== undefined,
    queryFn: async ({ signal }) => {
      const answer = await call(getPosDevicesCall, { posDeviceId: posDeviceId! }, { signal });
      return answer.data[0] ?? null;
    },
  });
}

/** One device with its people, whom they may be chosen from, and the terminal specifications. */
export function usePosDeviceStaff(posDeviceId: number | undefined) {
  return useQuery({
    queryKey: [...POS_QUERY_KEY, 'staff', posDeviceId],
    enabled: posDeviceId !== undefined,
    queryFn: ({ signal }) => call(getPosDevicesCall, { posDeviceId: posDeviceId!, posDeviceStaff: 1, settingDetails: 1 }, { signal }),
  });
}

/**
 * The POS channels a device may be put on, each with its store and terminal (shown
 * store/terminal/channel): those of the merchant's Active stores only, as the server requires.
 */
export function usePosChannels() {
  return useQuery({
    queryKey: [...POS_QUERY_KEY, 'channels'],
    queryFn: async ({ signal }): Promise<TChannelWithParents[]> => {
      const answer = await call(getStoresCall, { type: GET_STORES_TYPE.WITH_CHANNELS }, { signal });
      return activePosChannels(answer.stores, answer.channels ?? []);
    },
  });
}

export function channelLabel(channel: TChannelWithParents): string {
  return `${channel.store.name} / ${channel.terminal.name} / ${channel.name}`;
}

function usePosChange<Body, Answer>(send: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: POS_QUERY_KEY }),
  });
}

export function useAssignPosStaff() {
  return usePosChange((body: { posDeviceId: number; staffIds: number[] }) => call(managePosDevicesCall, body));
}

export function useSavePosSettings() {
  return usePosChange((body: { posStaffId: number; settings: TTerminalSpecificationName[] }) => call(managePosDevicesCall, body));
}

export function useResetPosPassword() {
  // The new password is shown in its own dialog: no Success toast over it.
  return usePosChange((body: { posDeviceId: number; staffId: number }) =>
    call(resetStaffPosdevicePasswordCall, body, { successToast: false }),
  );
}
