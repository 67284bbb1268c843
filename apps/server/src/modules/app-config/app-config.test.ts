// The display settings of the deployment reach the web app without a session (DECISIONS 16).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAppConfigCall } from '@paywallet/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('get-app-config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ amountDecimalPlaces: 3, feesDecimalPlaces: 1, supportEmail: 'help@example.com' }, { demo: false });
  });
  afterAll(async () => t.close());

  it('answers the configured decimals and support address to anyone', async () => {
    const answer = await t.call(getAppConfigCall, {});
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ amountDecimalPlaces: 3, feesDecimalPlaces: 1, vatBps: 500, supportEmail: 'help@example.com' });
  });
});
