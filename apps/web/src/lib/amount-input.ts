// The amount field of the money forms (spec 1 section 5): required, the decAmount rule
// ('Only numeric characters are allowed'), then what the server would refuse anyway, said
// before sending. The form's output is the amount in minor units (x100), parsed exactly.
import { z } from 'zod';
import { MESSAGES } from '@paywallet/contract';
import { DISPLAY_DECIMALS, parseAmountToMinor } from './money.ts';

/** The server's cap (contract zAmountMinor): one billion in major units. */
const AMOUNT_MINOR_MAX = 1_000_000_000_00;

export const AMOUNT_MESSAGES = {
  required: MESSAGES.required('amount'),
  decimals: `The amount may have at most ${DISPLAY_DECIMALS} decimal places`,
  positive: 'The amount must be greater than 0',
  tooLarge: 'The amount is too large',
} as const;

export const zAmountInput = z
  .string()
  .trim()
  .min(1, AMOUNT_MESSAGES.required)
  .regex(/^(\d+(\.\d*)?|\.\d+)$/, MESSAGES.decAmount)
  .transform((text, ctx) => {
    const amountMinor = parseAmountToMinor(text);
    if (amountMinor === undefined) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGES.decimals });
      return z.NEVER;
    }
    if (amountMinor <= 0) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGES.positive });
      return z.NEVER;
    }
    if (amountMinor > AMOUNT_MINOR_MAX) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGES.tooLarge });
      return z.NEVER;
    }
    return amountMinor;
  });

/** A wallet (or payment method) chosen in a Select: its id as text, required. */
export const zChosenId = (field: string) =>
  z
    .string({ error: MESSAGES.required(field) })
    .min(1, MESSAGES.required(field))
    .transform((value) => Number(value));
