// Screen 12, send money step 1: who is the money for. The recipient is verified first; the
// answer (general info and a message) is kept for the next step.
import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { ZVerifyEmailPhoneRequest } from '@paywallet/contract';
import { requiredField } from '../../../components/required.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { localState } from '../../../lib/storage.ts';
import { useVerifyRecipient } from '../api/send-money-calls.ts';

type FormIn = z.input<typeof ZVerifyEmailPhoneRequest>;
type FormOut = z.output<typeof ZVerifyEmailPhoneRequest>;

export function SendMoneyPage() {
  const navigate = useNavigate();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZVerifyEmailPhoneRequest),
    mode: 'onTouched',
    defaultValues: { emailOrPhone: localState.get('sendMoneyRecipient')?.emailOrPhone ?? '' },
  });
  const verify = useVerifyRecipient();

  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(values.emailOrPhone, {
      onSuccess: (answer) => {
        localState.set('sendMoneyRecipient', { emailOrPhone: values.emailOrPhone, user: answer.user, msg: answer.msg });
        localState.remove('sendMoneyQuote');
        navigate('/app/send-money/initiate');
      },
      onError: (error) => applyServerFieldErrors(form.setError, error, ['emailOrPhone']),
    }),
  );

  return (
    <Stack gap="lg">
      <Title order={2}>Send Money</Title>
      <Card withBorder radius="md" padding="lg" maw={560}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Enter the e-mail address or phone number of the person you want to pay.
            </Text>
            <TextInput
              label="Email or Phone"
              placeholder="name@example.com or +971501234567"
              autoComplete="off"
              {...requiredField}
              error={form.formState.errors.emailOrPhone?.message}
              {...form.register('emailOrPhone')}
            />
            <Button type="submit" loading={verify.isPending} style={{ alignSelf: 'flex-end' }}>
              Send
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
