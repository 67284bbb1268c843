// Server state. Errors already reached the user as toasts (the client does that), so reads
// are not retried behind their back: screens offer a Retry button instead.
import { QueryClient } from '@tanstack/react-query';

const STALE_MS = 30_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: STALE_MS },
    mutations: { retry: false },
  },
});
