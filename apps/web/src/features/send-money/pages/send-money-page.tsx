// Screen 12, send money step 1: who is the money for. The recipient is verified first; the
// answer (general info and a message) is kept for the next step, and the next step's route
// names the recipient and carries the message (spec 1 section 2: emailOrPhone and msg).
import { Card, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { verifyEmailPhoneCall } from '@paywallet/contract';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { onField, RECIPIENT_REFUSALS } from '../../../components/form/server-field-errors.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { PATHS, withRouteParams } from '../../../lib/paths.ts';
import { localState } from '../../../lib/storage.ts';

export function SendMoneyPage() {
  const navigate = useNavigate();
  const { control, formProps, pending } = useContractForm({
    call: verifyEmailPhoneCall,
    defaultValues: { emailOrPhone: localState.get('sendMoneyRecipient')?.emailOrPhone ?? '' },
    refusalFields: onField(RECIPIENT_REFUSALS, 'emailOrPhone'),
    onSuccess: (answer, values) => {
      localState.set('sendMoneyRecipient', { emailOrPhone: values.emailOrPhone, user: answer.user, msg: answer.msg });
      localState.remove('sendMoneyQuote');
      navigate(withRouteParams(PATHS.sendMoneyInitiate, { emailOrPhone: values.emailOrPhone, msg: answer.msg }));
    },
  });

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Send Money
      </Title>
      <Card withBorder radius="md" padding="lg" maw={560}>
        <form {...formProps}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Enter the e-mail address or phone number of the person you want to pay.
            </Text>
            <TextField
              control={control}
              name="emailOrPhone"
              label="Email or Phone"
              placeholder="name@example.com or +971501234567"
              autoComplete="off"
              required
            />
            <FormActions submitLabel="Send" pending={pending} />
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
