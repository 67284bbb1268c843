import { useMutation, useQuery } from '@tanstack/react-query';
import { getUserKyc, manageUserKyc } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import type { KycAnswer } from '../kyc-form.ts';

export function useUserKyc() {
  return useQuery({
    queryKey: ['user-kyc'],
    queryFn: ({ signal }) => call(getUserKyc, {}, { signal }),
  });
}

export function useSubmitKyc() {
  return useMutation({
    mutationFn: (answers: KycAnswer[]) => call(manageUserKyc, { kyc: JSON.stringify(answers) }),
  });
}
