// Screen 11: the identity-verification form built from the server's inputs. Submit sends the
// answers and replaces this screen with the app home.
import { useMemo } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import type { TKycInput } from '@paywallet/contract';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useSubmitKyc, useUserKyc } from '../api/use-user-kyc.ts';
import { KycField } from '../components/kyc-field.tsx';
import { buildKycSchema, defaultKycValues, toKycAnswers } from '../kyc-form.ts';
import type { KycValues } from '../kyc-form.ts';

export function UserInputPage() {
  const kyc = useUserKyc();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Verify your identity</Title>
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
  const schema = useMemo(() => buildKycSchema(inputs), [inputs]);
  const form = useForm<KycValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: defaultKycValues(inputs),
  });
  const submit = useSubmitKyc();
  const goHome = () => navigate('/app', { replace: true });

  if (inputs.length === 0) {
    return (
      <Stack gap="md">
        <Text>Nothing more is needed from you right now.</Text>
        <Button onClick={goHome}>Continue</Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={form.handleSubmit((values) => submit.mutate(toKycAnswers(inputs, values), { onSuccess: goHome }))} noValidate>
      <Stack gap="md">
        {inputs.map((input) => (
          <KycField key={input.id} input={input} control={form.control} />
        ))}
        <Button type="submit" loading={submit.isPending} fullWidth>
          Submit
        </Button>
      </Stack>
    </form>
  );
}
