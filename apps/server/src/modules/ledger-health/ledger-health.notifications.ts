// What the administrators are told when a ledger check finds a breach it had not seen open: one
// notice per check (however many breaches it found new), with the first breach's own words.
import { z } from 'zod';
import { defineNotificationType } from '../notifications/notification-types.ts';

/** How much of the first breach's message the notice keeps (the message stays within its limit). */
export const FIRST_BREACH_MAX_CHARS = 300;

export const LEDGER_BREACH_RAISED = defineNotificationType({
  name: 'ledger-breach-raised',
  data: z.object({ checkId: z.string(), count: z.number().int().min(1), first: z.string().max(FIRST_BREACH_MAX_CHARS) }),
  message: (data) =>
    data.count === 1
      ? `The ledger check found a breach: ${data.first} See Ledger health in the console.`
      : `The ledger check found ${data.count} new breaches. The first: ${data.first} See Ledger health in the console.`,
});
