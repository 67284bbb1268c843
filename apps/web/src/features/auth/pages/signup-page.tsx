// Screen 4: sign up (type is always merchant). The first message stands above the form (spec 1
// screen 4); an e-mail or phone already taken comes back from the server onto its field.
// Success goes to set-passcode.
import { Group, SimpleGrid, Stack } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router-dom';
import { registerCall } from '@paywallet/contract';
import { FirstErrorAlert } from '../../../components/form/first-error-alert.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { AUTH_PATHS, withRouteParams } from '../../../lib/paths.ts';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { localState } from '../../../lib/storage.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthLink } from '../components/auth-link.tsx';
import { CountryCodeSelect } from '../components/country-code-select.tsx';
import { COUNTRY_CODES, DEFAULT_COUNTRY_ISO } from '../components/country-codes.ts';
import { ReadonlyEmailField } from '../components/readonly-email-field.tsx';
import { useAuthEmail } from '../hooks/use-auth-email.ts';
import { keepAccessToken } from '../session.ts';

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
  const { form, control, formProps, pending } = useContractForm({
    call: registerCall,
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
    onSuccess: (data) => {
      keepAccessToken(data.accessToken);
      localState.set('customerId', data.user.id);
      navigate(withRouteParams(AUTH_PATHS.setPasscode, { customerId: data.user.id }));
    },
  });
  const { errors } = form.formState;

  return (
    <AuthCard title="Create your account" subtitle="Tell us about you and your business.">
      <form {...formProps}>
        <Stack gap="sm">
          <FirstErrorAlert errors={errors} order={FIELD_ORDER} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextField control={control} name="firstName" label="First Name" autoComplete="given-name" required />
            <TextField control={control} name="lastName" label="Last Name" autoComplete="family-name" required />
          </SimpleGrid>
          <TextField control={control} name="businessName" label="Business Name" autoComplete="organization" required />
          <ReadonlyEmailField email={email} error={errors.email?.message} />
          <PasswordField control={control} name="password" label="Password" autoComplete="new-password" required />
          <PasswordField control={control} name="confirmPassword" label="Confirm Password" autoComplete="new-password" required />
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <CountryCodeSelect
              error={errors.carrierCode?.message}
              onChange={(dial) => form.setValue('carrierCode', dial, { shouldValidate: true })}
            />
            <TextField
              control={control}
              name="phone"
              label="Phone"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              required
              style={{ flex: 1 }}
            />
          </Group>
          <FormActions submitLabel="Sign up" pending={pending} fullWidth />
          <Stack gap={4} align="center">
            <AuthLink to="/auth/send-otp">Want To Change Your Email?</AuthLink>
            <AuthLink to="/auth/login">Already have an account? Go to Login</AuthLink>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
