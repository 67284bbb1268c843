// Where a store's screens are: the update view takes the store in its query (the spec keeps it
// in client state).
import { PATHS } from '../../lib/paths.ts';

export function storeUpdateLink(storeId: number): string {
  return `${PATHS.storeUpdateAccountActivation}?storeId=${storeId}`;
}
