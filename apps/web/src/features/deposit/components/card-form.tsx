// Screen 19's card fields with Deposit and Back. Deposit charges the card for the quote's hash;
// it waits while its call runs (DECISIONS 4) and is refused once the quote has expired. A
// declined card shows its message under the number and the same screen takes another card; a
// quote that takes no more cards (too many declines, expired) hands its message to the page,
// which goes back to the first step. The wallets refresh after the deposit: money moved.
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { initiateDepositCall } from '@paywallet/contract';
import { isApiError } from '../../../api/api-error.ts';
import type { TCallResponse } from '@paywallet/contract';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { refreshAfterMoneyMoved } from '../../../hooks/money-moved.ts';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { CARD_NUMBER_DIGITS_MAX, CARD_REFUSAL_FIELDS, groupCardNumber, QUOTE_CLOSED_REFUSALS, ZCardForm } from '../card-form.ts';

export type DepositAnswer = TCallResponse<typeof initiateDepositCall>;

export interface CardFormProps {
  /** The balance-and-limits quote this deposit pays. */
  hash: string;
  expired: boolean;
  /** The deposit went through: the page shows its success or 3-D Secure dialog. */
  finished: boolean;
  onDeposited: (answer: DepositAnswer) => void;
  /** The quote takes no more cards: the message says why. */
  onQuoteClosed: (message: string) => void;
  onBack: () => void;
}

/** The acquirer's refusals of a card: another card may be tried on the same quote. */
const CARD_DECLINES: readonly string[] = ['CARD_DECLINED', 'CARD_INSUFFICIENT_FUNDS'];

const GROUPED_NUMBER_CHARS_MAX = CARD_NUMBER_DIGITS_MAX + Math.floor((CARD_NUMBER_DIGITS_MAX - 1) / 4);

export function CardForm({ hash, expired, finished, onDeposited, onQuoteClosed, onBack }: CardFormProps) {
  const queryClient = useQueryClient();
  const { control, formProps, pending, refusal } = useContractForm({
    call: initiateDepositCall,
    schema: ZCardForm,
    toRequest: (card) => ({ ...card, hash }),
    defaultValues: { cardHolderName: '', cardNumber: '', expMonth: '', expYear: '', cvc: '' },
    refusalFields: CARD_REFUSAL_FIELDS,
    // The success and redirecting dialogs say what the toast would say.
    callOptions: { successToast: false },
    onSuccess: (answer) => {
      onDeposited(answer);
      return refreshAfterMoneyMoved(queryClient);
    },
    onError: (error) => {
      // A declined card wrote a failed transaction: the history shows it.
      void refreshAfterMoneyMoved(queryClient);
      if (isApiError(error) && error.reason !== undefined && QUOTE_CLOSED_REFUSALS.includes(error.reason)) onQuoteClosed(error.message);
    },
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form {...formProps}>
        <Stack gap="md">
          <Title order={4}>Card details</Title>
          <TextField control={control} name="cardHolderName" label="Card Holder Name" autoComplete="cc-name" required />
          <TextField
            control={control}
            name="cardNumber"
            label="Card Number"
            autoComplete="cc-number"
            inputMode="numeric"
            placeholder="4242 4242 4242 4242"
            maxLength={GROUPED_NUMBER_CHARS_MAX}
            format={groupCardNumber}
            required
          />
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
            <TextField
              control={control}
              name="expMonth"
              label="Exp Month"
              placeholder="09"
              inputMode="numeric"
              autoComplete="cc-exp-month"
              maxLength={2}
              required
            />
            <TextField
              control={control}
              name="expYear"
              label="Exp Year"
              placeholder="23"
              inputMode="numeric"
              autoComplete="cc-exp-year"
              maxLength={2}
              required
            />
            <TextField control={control} name="cvc" label="CVC" inputMode="numeric" autoComplete="cc-csc" maxLength={4} required />
          </SimpleGrid>
          {refusal?.reason !== undefined && CARD_DECLINES.includes(refusal.reason) && (
            <Text size="sm" role="status">
              Nothing was charged. You can try another card: this deposit stays open until its quote expires.
            </Text>
          )}
          <FormActions submitLabel="Deposit" pending={pending || finished} disabled={expired} back={{ onClick: onBack }} />
        </Stack>
      </form>
    </Card>
  );
}
