// Reads one key of the encoded local state and re-renders when any key changes.
import { useState, useSyncExternalStore } from 'react';
import { localState, subscribeStorage } from '../lib/storage.ts';
import type { LocalState } from '../lib/storage.ts';

export function useLocalState<K extends keyof LocalState & string>(key: K): LocalState[K] | undefined {
  // Compare the encoded snapshot so an object value does not re-render on every read.
  const encoded = useSyncExternalStore(subscribeStorage, () => JSON.stringify(localState.get(key) ?? null));
  return (JSON.parse(encoded) ?? undefined) as LocalState[K] | undefined;
}

/**
 * One key as it was when the component mounted. A step of a flow reads what the previous step
 * kept this way, so clearing it when the flow ends does not re-route the screen being left.
 */
export function useLocalStateSnapshot<K extends keyof LocalState & string>(key: K): LocalState[K] | undefined {
  const [snapshot] = useState(() => localState.get(key));
  return snapshot;
}
