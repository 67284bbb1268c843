import {
  adminEndImpersonationCall,
  adminGetAuditLogCall,
  adminGetKycFileCall,
  adminGetStoreDetailsCall,
  adminGetStoreOwnerFileCall,
  adminGetKycSubmissionsCall,
  adminGetMerchantsCall,
  adminGetStoresCall,
  adminLoginAsMerchantCall,
  adminReviewKycCall,
  adminReviewStoreCall,
} from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { getOwnerDocumentForReview, getStoreDetailsForReview } from '../stores/store-review.service.ts';
import * as admin from './admin.service.ts';

// The operations console: every call but end-impersonation is for administrators only (the
// dispatcher refuses anyone else before the handler); the administrator is ctx.scope.actorUserId.
export function registerAdminCalls(dispatcher: Dispatcher, deps: Deps): void {
  const secureCookie = deps.config.production;
  dispatcher.register(adminGetStoresCall, async (input) => ({ data: await admin.getStores(deps, input) }));
  dispatcher.register(adminReviewStoreCall, async (input, ctx) => ({
    data: await admin.reviewStore(deps, ctx.audit, ctx.scope.actorUserId, input),
    message: 'The store was reviewed.',
  }));
  dispatcher.register(adminGetStoreDetailsCall, async (input) => ({ data: await getStoreDetailsForReview(deps, input.storeId) }));
  dispatcher.register(adminGetStoreOwnerFileCall, async (input, ctx) => ({
    data: await getOwnerDocumentForReview(deps, ctx.audit, input.ownerId),
  }));
  dispatcher.register(adminGetKycSubmissionsCall, async (input) => ({ data: await admin.getKycSubmissions(deps, input) }));
  dispatcher.register(adminGetKycFileCall, async (input, ctx) => ({ data: await admin.getKycFile(deps, ctx.audit, input.fileId) }));
  dispatcher.register(adminReviewKycCall, async (input, ctx) => ({
    data: await admin.reviewKyc(deps, ctx.audit, ctx.scope.actorUserId, input),
    message: 'The identity verification was reviewed.',
  }));
  dispatcher.register(adminGetMerchantsCall, async (input) => ({ data: await admin.getMerchants(deps, input) }));
  dispatcher.register(adminLoginAsMerchantCall, async (input, ctx) => {
    const impersonator = { userId: ctx.scope.actorUserId, sessionId: ctx.scope.sessionId };
    const data = await admin.loginAsMerchant(deps, ctx.audit, impersonator, BigInt(input.userId), ctx);
    ctx.responseHeaders['Set-Cookie'] = admin.adminLoginCookie(true, secureCookie);
    return { data, message: 'Logged in as the merchant.' };
  });
  dispatcher.register(adminEndImpersonationCall, async (_input, ctx) => {
    const data = await admin.endImpersonation(deps, ctx.audit, ctx.scope);
    ctx.responseHeaders['Set-Cookie'] = admin.adminLoginCookie(false, secureCookie);
    return { data, message: 'Back to the console.' };
  });
  dispatcher.register(adminGetAuditLogCall, async (input) => ({ data: await admin.getAuditLog(deps, input) }));
}
