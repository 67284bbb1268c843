// Reads one key of the encoded local state and re-renders when any key changes.
import { useSyncExternalStore } from 'react';
import { localState, subscribeStorage } from '../lib/storage.ts';
import type { LocalState } from '../lib/storage.ts';

export function useLocalState<K extends keyof LocalState & string>(key: K): LocalState[K] | undefined {
  // Compare the encoded snapshot so an object value does not re-render on every read.
  const encoded = useSyncExternalStore(subscribeStorage, () => JSON.stringify(localState.get(key) ?? null));
  return (JSON.parse(encoded) ?? undefined) as LocalState[K] | undefined;
}
