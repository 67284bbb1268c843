// Screen 4: sign up (type is always merchant). Success goes to set-passcode.
import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { register as registerCall, ZRegisterRequest } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { CountryCodeSelect } from '../components/country-code-select.tsx';
import { COUNTRY_CODES, DEFAULT_COUNTRY_ISO } from '../components/country-codes.ts';
import { FirstErrorAlert } from '../components/first-error-alert.tsx';
import { ReadonlyEmailField } from '../components/readonly-email-field.tsx';
import { useAuthEmail } from '../hooks/use-auth-email.ts';
import { keepAccessToken } from '../session.ts';
import { requiredField } from '../../../components/required.ts';

type FormIn = z.input<typeof ZRegisterRequest>;
type FormOut = z.output<typeof ZRegisterRequest>;

const FIELD_ORDER = [
  'firstName',
  'lastName',
  'businessName',
  'email',
  'password',
  'confirmPassword',
  'carrierCode',
  'phone',
  'type',
] as const;

const DEFAULT_DIAL = COUNTRY_CODES.find((country) => country.iso === DEFAULT_COUNTRY_ISO)?.dial ?? '+971';

export function SignupPage() {
  const email = useAuthEmail();
  if (!email) return <Navigate to="/auth/send-otp" replace />;
  return <SignupForm email={email} />;
}

function SignupForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZRegisterRequest),
    mode: 'onTouched',
    defaultValues: {
      firstName: '',
      lastName: '',
      businessName: '',
      email,
      password: '',
      confirmPassword: '',
      carrierCode: DEFAULT_DIAL,
      phone: '',
      type: 'merchant',
    },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: FormOut) => call(registerCall, values),
    onSuccess: (data) => {
      keepAccessToken(data.accessToken);
      navigate('/auth/set-passcode');
    },
    onError: (error) => applyServerFieldErrors(form.setError, error, FIELD_ORDER),
  });

  return (
    <AuthCard title="Create your account" subtitle="Tell us about you and your business.">
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="sm">
          <FirstErrorAlert errors={errors} order={FIELD_ORDER} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="First Name" autoComplete="given-name" {...requiredField} error={errors.firstName?.message} {...form.register('firstName')} />
            <TextInput label="Last Name" autoComplete="family-name" {...requiredField} error={errors.lastName?.message} {...form.register('lastName')} />
          </SimpleGrid>
          <TextInput label="Business Name" autoComplete="organization" {...requiredField} error={errors.businessName?.message} {...form.register('businessName')} />
          <ReadonlyEmailField email={email} />
          <PasswordInput label="Password" autoComplete="new-password" {...requiredField} error={errors.password?.message} {...form.register('password')} />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            {...requiredField}
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <CountryCodeSelect
              error={errors.carrierCode?.message}
              onChange={(dial) => form.setValue('carrierCode', dial, { shouldValidate: true })}
            />
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              {...requiredField}
              style={{ flex: 1 }}
              error={errors.phone?.message}
              {...form.register('phone')}
            />
          </Group>
          <Button type="submit" loading={mutation.isPending} fullWidth mt="xs">
            Sign up
          </Button>
          <Stack gap={4} align="center">
            <AuthLink to="/auth/send-otp">Want To Change Your Email?</AuthLink>
            <AuthLink to="/auth/login">Already have an account? Go to Login</AuthLink>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
