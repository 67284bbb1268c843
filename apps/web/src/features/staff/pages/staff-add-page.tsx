// Add merchant staff (spec 3 section 2.2): e-mail, phone, names, password twice and status;
// Save adds the staff member and returns to the list, Back returns without saving.
import { Card, SimpleGrid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { addMerchantStaffCall } from '@paywallet/contract';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { STAFF_QUERY_KEY } from '../api/staff-calls.ts';
import { StaffPageHeader } from '../components/staff-page-header.tsx';
import { STAFF_STATUS_OPTIONS } from '../components/staff-status-options.ts';
import { toAddStaffRequest, ZAddStaffForm } from '../staff-forms.ts';

export function StaffAddPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, formProps, pending } = useContractForm({
    call: addMerchantStaffCall,
    schema: ZAddStaffForm,
    toRequest: toAddStaffRequest,
    defaultValues: { email: '', phoneNumber: '', firstName: '', lastName: '', password: '', confirmPassword: '', status: '' },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY });
      navigate(MERCHANT_PATHS.merchantStaff);
    },
  });
  return (
    <Stack gap="lg">
      <StaffPageHeader title="Add Staff" />
      <Card withBorder radius="md" padding="lg" maw={720}>
        <form {...formProps}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextField control={control} name="email" label="Email" type="email" autoComplete="off" required />
              <TextField control={control} name="phoneNumber" label="Phone" inputMode="tel" autoComplete="off" required />
              <TextField control={control} name="firstName" label="First Name" required />
              <TextField control={control} name="lastName" label="Last Name" required />
              <PasswordField control={control} name="password" label="Password" autoComplete="new-password" required />
              <PasswordField control={control} name="confirmPassword" label="Confirm Password" autoComplete="new-password" required />
              <SelectField
                control={control}
                name="status"
                label="Status"
                placeholder="Select status"
                data={STAFF_STATUS_OPTIONS}
                required
              />
            </SimpleGrid>
            <FormActions
              submitLabel="Save"
              pending={pending}
              back={{ label: 'Back', onClick: () => navigate(MERCHANT_PATHS.merchantStaff) }}
            />
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
