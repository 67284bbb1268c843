// Update merchant staff, Update Details (spec 3 section 2.2): first name, last name and status
// of the staff member named by `?id=`; Save and Cancel both return to the list.
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { updateMerchantStaffCall, type TStaffRow } from '@paywallet/contract';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { STAFF_QUERY_KEY, staffIdFrom, useStaffMember } from '../api/staff-calls.ts';
import { StaffPageHeader } from '../components/staff-page-header.tsx';
import { STAFF_STATUS_OPTIONS } from '../components/staff-status-options.ts';
import { toUpdateStaffRequest, ZUpdateStaffForm } from '../staff-forms.ts';

function UpdateStaffForm({ member }: { member: TStaffRow }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, formProps, pending } = useContractForm({
    call: updateMerchantStaffCall,
    schema: ZUpdateStaffForm,
    toRequest: (values) => toUpdateStaffRequest(member.id, values),
    defaultValues: { firstName: member.first_name, lastName: member.last_name, status: String(member.status) },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY });
      navigate(MERCHANT_PATHS.merchantStaff);
    },
  });
  return (
    <Card withBorder radius="md" padding="lg" maw={720}>
      <form {...formProps}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {member.email}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField control={control} name="firstName" label="First Name" required />
            <TextField control={control} name="lastName" label="Last Name" required />
            <SelectField control={control} name="status" label="Status" data={STAFF_STATUS_OPTIONS} required />
          </SimpleGrid>
          <FormActions
            submitLabel="Save"
            pending={pending}
            back={{ label: 'Cancel', onClick: () => navigate(MERCHANT_PATHS.merchantStaff) }}
          />
        </Stack>
      </form>
    </Card>
  );
}

export function StaffUpdatePage() {
  const [params] = useSearchParams();
  const userId = staffIdFrom(params);
  const member = useStaffMember(userId);
  return (
    <Stack gap="lg">
      <StaffPageHeader title="Update Details" />
      {userId === null && <EmptyState message="No staff member was chosen." />}
      {userId !== null && member.isPending && <LoadingState rows={3} label="Loading the staff member…" />}
      {member.isError && (
        <ErrorState title="The staff member could not be loaded" message={member.error.message} onRetry={() => void member.refetch()} />
      )}
      {member.isSuccess && member.data === null && <EmptyState message="Staff member not found." />}
      {member.isSuccess && member.data && <UpdateStaffForm key={member.data.id} member={member.data} />}
    </Stack>
  );
}
