import { z } from 'zod';
import { defineCall, WALLET_HOLDERS } from '../../call.ts';
import { ZWallet } from '../../entities.ts';

/** The account holder's wallets (a staff member sees the merchant's): the shell's wallet select. */
export const getWalletListCall = defineCall({
  path: 'get-wallet-list',
  audience: WALLET_HOLDERS,
  session: 'full',
  feature: null,
  kind: 'read',
  audit: null,
  request: z.object({}).loose(),
  response: z.array(ZWallet),
});
