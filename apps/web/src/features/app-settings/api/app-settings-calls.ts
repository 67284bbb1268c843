// The calls of App Settings (spec 2, DECISIONS 20, 28, 35): the settings record, Revoke Access,
// the whitelisted IPs, the POS webhook URL, the notification settings (read from get-user-data)
// and the webhook deliveries with Replay. Every change refreshes the App Settings reads.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getMerchantAppSettingsCall,
  getUserDataCall,
  getWebhookDeliveriesCall,
  replayWebhookCall,
  updateMerchantAppCredentialsCall,
  updateMerchantAppSettingsCall,
  updateNotificationSettingsCall,
  type TUpdateMerchantAppSettingsRequest,
  type TUpdateNotificationSettingsRequest,
} from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { useListQuery, type Pager } from '../../../hooks/use-list-query.ts';

export const APP_SETTINGS_QUERY_KEY = ['app-settings'] as const;

export function useAppSettings() {
  return useQuery({
    queryKey: [...APP_SETTINGS_QUERY_KEY, 'record'],
    queryFn: async ({ signal }) => {
      const list = await call(getMerchantAppSettingsCall, {}, { signal });
      return list[0] ?? null;
    },
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: [...APP_SETTINGS_QUERY_KEY, 'user-data'],
    queryFn: ({ signal }) => call(getUserDataCall, {}, { signal }),
  });
}

const NO_FILTERS = {};

export function useWebhookDeliveries(pager: Pager) {
  return useListQuery(getWebhookDeliveriesCall, NO_FILTERS, pager, { queryKey: [...APP_SETTINGS_QUERY_KEY, 'deliveries'] });
}

function useSettingsChange<Body, Answer>(send: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APP_SETTINGS_QUERY_KEY }),
  });
}

export function useRevokeCredentials() {
  return useSettingsChange(() => call(updateMerchantAppCredentialsCall, {}));
}

export function useUpdateAppSettings() {
  return useSettingsChange((body: TUpdateMerchantAppSettingsRequest) => call(updateMerchantAppSettingsCall, body));
}

export function useUpdateNotificationSettings() {
  return useSettingsChange((body: TUpdateNotificationSettingsRequest) => call(updateNotificationSettingsCall, body));
}

export function useReplayWebhook() {
  return useSettingsChange((eventId: string) => call(replayWebhookCall, { eventId }));
}
