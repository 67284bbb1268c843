// Screen 11: the identity-verification form built from the server's inputs. Submit sends the
// answers and replaces this screen with the app home.
import { useMemo } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { manageUserKycCall } from '@paywallet/contract';
import type { TKycInput } from '@paywallet/contract';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { useUserKyc } from '../api/use-user-kyc.ts';
import { KycField } from '../components/kyc-field.tsx';
import { buildKycSchema, defaultKycValues, kycWireNames, toKycAnswers } from '../kyc-form.ts';

export function UserInputPage() {
  const kyc = useUserKyc();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Verify your identity
        </Title>
        <Text c="dimmed" size="sm">
          We need a few details before you can use your account.
        </Text>
      </Stack>
      {kyc.isPending && <LoadingState rows={4} label="Loading the form…" />}
      {kyc.isError && <ErrorState message={kyc.error.message} onRetry={() => void kyc.refetch()} />}
      {kyc.isSuccess && <KycForm inputs={kyc.data.inputs} />}
    </Stack>
  );
}

function KycForm({ inputs }: { inputs: TKycInput[] }) {
  const navigate = useNavigate();
  const goHome = () => navigate('/app', { replace: true });
  const schema = useMemo(() => buildKycSchema(inputs), [inputs]);
  const { control, formProps, pending } = useContractForm({
    call: manageUserKycCall,
    schema,
    toRequest: (values) => ({ kyc: JSON.stringify(toKycAnswers(inputs, values)) }),
    defaultValues: defaultKycValues(inputs),
    wireNames: kycWireNames(inputs),
    onSuccess: goHome,
  });

  if (inputs.length === 0) {
    return (
      <Stack gap="md">
        <Text>Nothing more is needed from you right now.</Text>
        <Button onClick={goHome}>Continue</Button>
      </Stack>
    );
  }
  return (
    <form {...formProps}>
      <Stack gap="md">
        {inputs.map((input) => (
          <KycField key={input.id} input={input} control={control} />
        ))}
        <FormActions submitLabel="Submit" pending={pending} fullWidth />
      </Stack>
    </form>
  );
}
