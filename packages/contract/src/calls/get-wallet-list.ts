import { z } from 'zod';
import { defineCall } from '../call.ts';
import { ZWallet } from '../entities.ts';

export const getWalletList = defineCall({
  path: 'get-wallet-list',
  auth: 'user',
  request: z.object({}).loose(),
  response: z.array(ZWallet),
});
