// The calls of store onboarding (spec 3 section 7): the store list, one store's activation,
// the owner's multipart save and its document, read once per owner. Every change drops the
// cached list and activation so the screens read what the server holds.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { deleteStoreCall, getFileCall, getStoreActivationCall, getStoreCall, manageStoreOwnersCall, TEXTS } from '@paywallet/contract';
import type { TEnvelope, TOwnerOperation } from '@paywallet/contract';
import { ApiError, NETWORK_FAILURE_CODE } from '../../../api/api-error.ts';
import { authHeaders, call, reportNetworkFailure, settleEnvelope } from '../../../api/client.ts';
import { useListQuery } from '../../../hooks/use-list-query.ts';
import type { Pager } from '../../../hooks/use-list-query.ts';

export const STORES_QUERY_KEY = ['stores-onboarding'] as const;

const NO_FILTERS = {};

export function useStoreList(pager: Pager) {
  return useListQuery(getStoreCall, NO_FILTERS, pager, { queryKey: [...STORES_QUERY_KEY, 'list'] });
}

export function useStoreActivation(storeId: number | undefined) {
  return useQuery({
    queryKey: [...STORES_QUERY_KEY, 'activation', storeId],
    queryFn: ({ signal }) => call(getStoreActivationCall, { storeId: storeId! }, { signal }),
    enabled: storeId !== undefined,
  });
}

export function forgetStores(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: STORES_QUERY_KEY });
}

export function useForgetStores() {
  const queryClient = useQueryClient();
  return () => forgetStores(queryClient);
}

/** delete-store: a Draft store goes, with its owners; the list is read again. */
export function useDeleteStore(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storeId: number) => call(deleteStoreCall, { storeId }),
    onSuccess: async () => {
      await forgetStores(queryClient);
      onDeleted();
    },
  });
}

/** The merchant's store holding this exact reference, if any (the Onboard modal opens it). */
export async function findStoreByReference(reference: string): Promise<number | undefined> {
  const page = await call(getStoreCall, { reference, perPage: 10 });
  return page.data[0]?.id;
}

/** An owner's document, fetched the first time its panel opens and kept for the session. */
export function useOwnerDocument(ownerId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...STORES_QUERY_KEY, 'document', ownerId],
    queryFn: ({ signal }) => call(getFileCall, { type: 'STORE', typeId: ownerId! }, { signal }),
    enabled: enabled && ownerId !== undefined,
    staleTime: Infinity,
  });
}

export interface OwnerSave {
  type: TOwnerOperation;
  storeId: number;
  id?: number | undefined;
  firstName?: string;
  lastName?: string;
  dob?: string;
  identityType?: string;
  attachment?: File | null;
}

/** manage-store-owners: a multipart form with the document as the `attachment` part. */
export async function saveOwner(save: OwnerSave): Promise<{ id: number }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(save)) {
    if (value === undefined || value === null || name === 'attachment') continue;
    form.append(name, String(value));
  }
  if (save.attachment) form.append('attachment', save.attachment, save.attachment.name);
  let envelope: TEnvelope;
  try {
    const response = await fetch(`/api/v1/${manageStoreOwnersCall.path}`, {
      method: 'POST',
      headers: { ...authHeaders(), Accept: 'application/json' },
      body: form,
    });
    envelope = (await response.json()) as TEnvelope;
    if (typeof envelope?.code !== 'number') throw new ApiError(NETWORK_FAILURE_CODE, TEXTS.networkError);
  } catch (error) {
    return reportNetworkFailure(error instanceof ApiError ? error : new ApiError(NETWORK_FAILURE_CODE, TEXTS.networkError), {});
  }
  return settleEnvelope(manageStoreOwnersCall, envelope);
}
