// Screen 19's card fields with Deposit and Back. Deposit waits while its call runs
// (DECISIONS 4) and is refused once the quote has expired.
import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { requiredField } from '../../../components/required.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { CARD_FIELDS, CARD_NUMBER_DIGITS_MAX, groupCardNumber, ZCardForm } from '../card-form.ts';
import type { TCardFormIn, TCardFormOut } from '../card-form.ts';

export interface CardFormProps {
  pending: boolean;
  expired: boolean;
  onDeposit: (card: TCardFormOut, onError: (error: unknown) => void) => void;
  onBack: () => void;
}

const GROUPED_NUMBER_CHARS_MAX = CARD_NUMBER_DIGITS_MAX + Math.floor((CARD_NUMBER_DIGITS_MAX - 1) / 4);

export function CardForm({ pending, expired, onDeposit, onBack }: CardFormProps) {
  const form = useForm<TCardFormIn, unknown, TCardFormOut>({
    resolver: zodResolver(ZCardForm),
    mode: 'onChange',
    defaultValues: { cardHolderName: '', cardNumber: '', expMonth: '', expYear: '', cvc: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((card) => onDeposit(card, (error) => applyServerFieldErrors(form.setError, error, CARD_FIELDS)));

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={4}>Card details</Title>
          <TextInput label="Card Holder Name" autoComplete="cc-name" {...requiredField} error={errors.cardHolderName?.message} {...form.register('cardHolderName')} />
          <Controller
            control={form.control}
            name="cardNumber"
            render={({ field }) => (
              <TextInput
                label="Card Number"
                autoComplete="cc-number"
                inputMode="numeric"
                placeholder="4242 4242 4242 4242"
                maxLength={GROUPED_NUMBER_CHARS_MAX}
                {...requiredField}
                value={field.value}
                onChange={(event) => field.onChange(groupCardNumber(event.currentTarget.value))}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={errors.cardNumber?.message}
              />
            )}
          />
          <SimpleGrid cols={3} spacing="sm">
            <TextInput label="Exp Month" placeholder="09" inputMode="numeric" autoComplete="cc-exp-month" maxLength={2} {...requiredField} error={errors.expMonth?.message} {...form.register('expMonth')} />
            <TextInput label="Exp Year" placeholder="23" inputMode="numeric" autoComplete="cc-exp-year" maxLength={2} {...requiredField} error={errors.expYear?.message} {...form.register('expYear')} />
            <TextInput label="CVC" inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...requiredField} error={errors.cvc?.message} {...form.register('cvc')} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onBack} disabled={pending}>
              Back
            </Button>
            <Button type="submit" loading={pending} disabled={expired}>
              Deposit
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
