// Permissions (spec 3 section 2.2): a toggle per feature, grouped by the menu's feature groups.
// The features the signed-in user may grant load at once; the staff member's granted features
// load 0.5 s after the screen opens (spec 3 section 9). Save Changes sends the ids of the
// checked toggles; Back returns to the list.
import { useState } from 'react';
import { Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { manageMerchantStaffFeaturesCall, type TFeatureGroup } from '@paywallet/contract';
import { call } from '../../../api/client.ts';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useDelayElapsed } from '../../../hooks/use-delay-elapsed.ts';
import { STAFF_QUERY_KEY, staffIdFrom, useGrantableFeatures, useStaffFeatureIds, useStaffMember } from '../api/staff-calls.ts';
import { StaffPageHeader } from '../components/staff-page-header.tsx';

/** Spec 3 section 9: the staff member's features load 0.5 s after the screen opens. */
export const STAFF_FEATURES_DELAY_MS = 500;

function PermissionsForm({ userId, groups, granted }: { userId: number; groups: TFeatureGroup[]; granted: number[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState<ReadonlySet<number>>(() => new Set(granted));
  const save = useMutation({
    mutationFn: () => call(manageMerchantStaffFeaturesCall, { userId, featureId: [...checked].sort((a, b) => a - b) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY });
      navigate(MERCHANT_PATHS.merchantStaff);
    },
  });
  const toggle = (id: number, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <Card key={group.name} withBorder radius="md" padding="md" component="section" aria-labelledby={`group-${group.name}`}>
          <Stack gap="sm">
            <Title order={2} size="h5" id={`group-${group.name}`}>
              {group.name}
            </Title>
            {group.features.map((feature) => (
              <Switch
                key={feature.id}
                label={feature.name}
                checked={checked.has(feature.id)}
                onChange={(event) => toggle(feature.id, event.currentTarget.checked)}
                data-feature={feature.slug}
              />
            ))}
          </Stack>
        </Card>
      ))}
      <Group>
        <FormActions
          submitLabel="Save Changes"
          pending={save.isPending}
          onSubmit={() => save.mutate()}
          back={{ label: 'Back', onClick: () => navigate(MERCHANT_PATHS.merchantStaff) }}
        />
      </Group>
    </Stack>
  );
}

export function StaffPermissionsPage() {
  const [params] = useSearchParams();
  const userId = staffIdFrom(params);
  const delayed = useDelayElapsed(STAFF_FEATURES_DELAY_MS);
  const member = useStaffMember(userId);
  const groups = useGrantableFeatures();
  const granted = useStaffFeatureIds(userId, delayed);
  const failed = [member, groups, granted].find((query) => query.isError);
  const ready = member.isSuccess && groups.isSuccess && granted.isSuccess;
  return (
    <Stack gap="lg">
      <StaffPageHeader title="Permissions" />
      {member.data && (
        <Text c="dimmed">
          {member.data.first_name} {member.data.last_name} ({member.data.email})
        </Text>
      )}
      {userId === null && <EmptyState message="No staff member was chosen." />}
      {failed?.error && (
        <ErrorState title="The permissions could not be loaded" message={failed.error.message} onRetry={() => void failed.refetch()} />
      )}
      {userId !== null && !failed && !ready && <LoadingState rows={4} label="Loading the permissions…" />}
      {ready && member.data === null && <EmptyState message="Staff member not found." />}
      {ready && member.data && groups.data.length === 0 && <EmptyState />}
      {ready && member.data && groups.data.length > 0 && (
        <PermissionsForm key={userId} userId={member.data.id} groups={groups.data} granted={granted.data} />
      )}
    </Stack>
  );
}
