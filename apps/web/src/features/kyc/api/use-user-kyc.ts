import { useQuery } from '@tanstack/react-query';
import { getUserKycCall } from '@paywallet/contract';
import { call } from '../../../api/client.ts';

export function useUserKyc() {
  return useQuery({
    queryKey: ['user-kyc'],
    queryFn: ({ signal }) => call(getUserKycCall, {}, { signal }),
  });
}
