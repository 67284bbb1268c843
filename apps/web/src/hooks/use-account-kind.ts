// Which side of the product the signed-in account is on: a consumer, or a merchant (the main
// account or one of its staff). The menu links, the transactions route and the merchant-only
// filters depend on it. It comes from the user kept at sign-in, so it is known at once.
import type { TAccountKind } from '../lib/paths.ts';
import { useLocalState } from './use-local-state.ts';

export function useAccountKind(): TAccountKind {
  const user = useLocalState('user');
  return user?.type === 'merchant' ? 'merchant' : 'consumer';
}
