// Proves the paths are in one consistent place: every feature of the contract's catalogue has a
// menu link for both kinds of account, the merchant's paths are spelt as spec 3 section 2.6 gives
// them, and the router's child paths and links are derived from the same patterns.
import { describe, expect, it } from 'vitest';
import { FEATURE_SLUGS } from '@paywallet/contract';
import { appChild, FEATURE_PATHS, featurePath, href, MERCHANT_PATHS, PATHS, transactionsPath } from './paths.ts';

describe('paths', () => {
  it('links every feature of the catalogue, and no unknown slug', () => {
    for (const slug of FEATURE_SLUGS) {
      expect(featurePath(slug, 'consumer')).toMatch(/^\/app/);
      expect(featurePath(slug, 'merchant')).toMatch(/^\/app/);
    }
    expect(Object.keys(FEATURE_PATHS).sort()).toEqual([...FEATURE_SLUGS].sort());
    expect(featurePath('no-such-feature', 'merchant')).toBeUndefined();
    expect(featurePath('toString', 'merchant')).toBeUndefined();
  });

  it("keeps the consumer's transactions route and gives the merchant spec 3's", () => {
    expect(transactionsPath('consumer')).toBe('/app/transactions');
    expect(transactionsPath('merchant')).toBe('/app/my-transactions');
  });

  it('spells the merchant paths as spec 3 section 2.6 does (DECISIONS 33)', () => {
    expect(MERCHANT_PATHS.agregateSettlement).toBe('/app/agregate-settlement');
    expect(MERCHANT_PATHS.agregateSettlementDetail).toBe('/app/agregate-settlement/detail/:id');
    expect(MERCHANT_PATHS.storeAccountActivation).toBe('/app/store/account-activation/:uniqueRef/:parentEntity');
    expect(Object.values(MERCHANT_PATHS).every((path) => path === '/app' || path.startsWith('/app/'))).toBe(true);
  });

  it('derives child routes and links from the same patterns', () => {
    expect(appChild(PATHS.transactionDetails)).toBe('transactions/details/:id');
    expect(href(PATHS.transactionDetails, { id: 'abc' })).toBe('/app/transactions/details/abc');
    expect(() => appChild('/auth/login')).toThrow();
  });
});
