// The signed-in user as the server holds it now; the shell, the dashboard and the profile
// page share one cached read.
import { useQuery } from '@tanstack/react-query';
import { getUserProfileCall } from '@paywallet/contract';
import { call } from '../api/client.ts';

export const USER_PROFILE_QUERY_KEY = ['user-profile'] as const;

export function useUserProfile() {
  return useQuery({
    queryKey: USER_PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => call(getUserProfileCall, {}, { signal }),
  });
}
