import {
  createStoreCall,
  deleteStoreCall,
  getFileCall,
  getStoreActivationCall,
  getStoreCall,
  getStoresCall,
  manageStoreOwnersCall,
  updateStoreCall,
} from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { getStores } from './stores.service.ts';
import * as onboarding from './onboarding.service.ts';

// The merchant's own stores: a staff member reads the stores of the merchant they work for.
export function registerStoreCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getStoresCall, async (input, ctx) => ({ data: await getStores(deps, ctx.scope.accountHolderId, input) }));

  // Onboarding (issue 9): every call acts on the merchant's stores (the account holder's).
  dispatcher.register(getStoreCall, async (input, ctx) => ({
    data: await onboarding.storeTablePage(deps, ctx.scope.accountHolderId, input),
  }));
  dispatcher.register(createStoreCall, async (input, ctx) => ({
    data: await onboarding.createStore(deps, ctx.audit, ctx.scope.accountHolderId, input),
    message: 'Store created. Add its owners next.',
  }));
  dispatcher.register(updateStoreCall, async (input, ctx) => {
    const data = await onboarding.updateStore(deps, ctx.audit, ctx.scope.accountHolderId, input);
    return { data, message: input.status === undefined ? 'Store updated.' : 'Store submitted for approval.' };
  });
  dispatcher.register(deleteStoreCall, async (input, ctx) => ({
    data: await onboarding.deleteStore(deps, ctx.audit, ctx.scope.accountHolderId, input.storeId),
    message: 'Store deleted.',
  }));
  dispatcher.register(getStoreActivationCall, async (input, ctx) => ({
    data: await onboarding.getStoreActivation(deps, ctx.scope.accountHolderId, input.storeId),
  }));
  dispatcher.register(manageStoreOwnersCall, async (input, ctx) => ({
    data: await onboarding.manageStoreOwner(deps, ctx.audit, ctx.scope.accountHolderId, input, ctx.file),
    message: { add: 'Owner added.', update: 'Owner updated.', delete: 'Owner removed.' }[input.type],
  }));
  dispatcher.register(getFileCall, async (input, ctx) => ({
    data: await onboarding.getOwnerDocument(deps, ctx.scope.accountHolderId, input.typeId),
  }));
}
