// The profile's calls: the signed-in user's data (get-user-data), the picture upload, and the
// merchant's stores a page at a time (get-stores with paginate 1).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getStoresCall, getUserDataCall, PROFILE_PICTURE_MAX_BYTES, updateProfilePictureCall } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { upload } from '../../../api/upload.ts';
import { USER_PROFILE_QUERY_KEY } from '../../../hooks/use-user-profile.ts';
import type { Pager } from '../../../hooks/use-list-query.ts';
import { localState } from '../../../lib/storage.ts';

export const USER_DATA_QUERY_KEY = ['user-data'] as const;
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/webp';
export const PICTURE_MAX_KB = Math.round(PROFILE_PICTURE_MAX_BYTES / 1024);

export function useUserData() {
  return useQuery({ queryKey: USER_DATA_QUERY_KEY, queryFn: ({ signal }) => call(getUserDataCall, {}, { signal }) });
}

export function useUpdateProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => upload(updateProfilePictureCall, file, {}, { fileField: 'profilePic' }),
    onSuccess: (answer) => {
      localState.set('avatar', answer.avatar);
      void queryClient.invalidateQueries({ queryKey: USER_DATA_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: USER_PROFILE_QUERY_KEY });
    },
  });
}

export function useProfileStores(pager: Pager) {
  return useQuery({
    queryKey: ['profile-stores', pager.page, pager.perPage],
    queryFn: ({ signal }) => call(getStoresCall, { paginate: 1, page: pager.page, perPage: pager.perPage }, { signal }),
    placeholderData: (previous) => previous,
  });
}
