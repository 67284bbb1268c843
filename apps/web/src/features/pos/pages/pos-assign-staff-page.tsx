// Assign Staff, also called Manage Staff (route pos/assign-staff/:id): who may sign in on the
// device. The main account sees a Main Account toggle to assign itself; each active staff
// member has a toggle and a panel with the device username, Reset Password (confirmed, then the
// new password shown once with a copy button) and the Terminal Configuration. Save assigns
// exactly the people toggled on and goes back; Back goes back without a change.
import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { POS_TEXTS, type TGetPosDevicesResponse, type TPosPerson, type TTerminalSpecificationName } from '@paywallet/contract';
import { idParam, MERCHANT_PATHS } from '../../../lib/paths.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useUserProfile } from '../../../hooks/use-user-profile.ts';
import { useAssignPosStaff, usePosDeviceStaff, useResetPosPassword, useSavePosSettings } from '../api/pos-calls.ts';
import { NewPasswordModal, type NewPassword } from '../components/new-password-modal.tsx';
import { PosBreadcrumb } from '../components/pos-breadcrumb.tsx';
import { personName, StaffEntry } from '../components/staff-entry.tsx';
import { TerminalConfigModal } from '../components/terminal-config-modal.tsx';

export function PosAssignStaffPage() {
  const posDeviceId = idParam(useParams().id ?? null);
  const answer = usePosDeviceStaff(posDeviceId);
  const profile = useUserProfile();
  return (
    <Stack gap="lg">
      <PosBreadcrumb current="Assign Staff" />
      <Title order={1} size="h2">
        Manage Staff
      </Title>
      {posDeviceId === undefined && <EmptyState message="No device was chosen. Open Assign Staff from the POS devices list." />}
      {posDeviceId !== undefined && (answer.isPending || profile.isPending) && (
        <LoadingState rows={4} label="Loading the device’s staff…" />
      )}
      {answer.isError && <ErrorState message={answer.error.message} onRetry={() => void answer.refetch()} />}
      {profile.isError && <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />}
      {answer.isSuccess && profile.isSuccess && answer.data.device && (
        <AssignStaffForm
          key={answer.data.device.id}
          answer={answer.data as Required<TGetPosDevicesResponse>}
          isMainAccount={profile.data.user.parent_user_id === 0}
        />
      )}
    </Stack>
  );
}

interface Pending {
  person: TPosPerson;
  pivotId?: number;
}

function AssignStaffForm({ answer, isMainAccount }: { answer: Required<TGetPosDevicesResponse>; isMainAccount: boolean }) {
  const navigate = useNavigate();
  const { device, activeStaff, mainAccount, terminalSpecificationList } = answer;
  const [selected, setSelected] = useState<Set<number>>(() => new Set(device.staff.map((person) => person.id)));
  const [confirmReset, setConfirmReset] = useState<Pending | null>(null);
  const [newPassword, setNewPassword] = useState<NewPassword | null>(null);
  const [manage, setManage] = useState<Pending | null>(null);
  const assign = useAssignPosStaff();
  const reset = useResetPosPassword();
  const saveSettings = useSavePosSettings();
  const pivotOf = (personId: number) => device.staff.find((person) => person.id === personId)?.pivot;
  const toggle = (personId: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(personId);
      else next.delete(personId);
      return next;
    });

  const save = () => {
    // A staff member's save leaves the main account's login as it is (the server keeps it too).
    const staffIds = [...selected].filter((id) => isMainAccount || id !== mainAccount.id);
    assign.mutate({ posDeviceId: device.id, staffIds }, { onSuccess: () => navigate(MERCHANT_PATHS.posDevices) });
  };

  const runReset = () => {
    if (!confirmReset) return;
    const person = confirmReset.person;
    reset.mutate(
      { posDeviceId: device.id, staffId: person.id },
      {
        onSuccess: (data) => setNewPassword({ ...data, staffName: personName(person) }),
        onSettled: () => setConfirmReset(null),
      },
    );
  };

  const people: Array<{ person: TPosPerson; label: string }> = [
    ...(isMainAccount ? [{ person: mainAccount, label: 'Main Account' }] : []),
    ...activeStaff.map((person) => ({ person, label: personName(person) })),
  ];
  const managed = manage ? pivotOf(manage.person.id) : undefined;

  return (
    <Stack gap="md" maw={720}>
      <Text>
        Device <strong>{device.name}</strong> ({device.device_id})
      </Text>
      {people.length === 0 && <EmptyState message="No active staff members yet." />}
      {people.map(({ person, label }) => (
        <StaffEntry
          key={person.id}
          person={person}
          label={label}
          assigned={selected.has(person.id)}
          pivot={pivotOf(person.id)}
          onToggle={(on) => toggle(person.id, on)}
          onReset={() => setConfirmReset({ person })}
          onManage={() => setManage({ person })}
        />
      ))}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => navigate(MERCHANT_PATHS.posDevices)} disabled={assign.isPending}>
          Back
        </Button>
        <Button onClick={save} loading={assign.isPending}>
          Save
        </Button>
      </Group>
      <ConfirmModal
        opened={confirmReset !== null}
        title={POS_TEXTS.resetPasswordTitle}
        message={POS_TEXTS.resetPasswordConfirm}
        loading={reset.isPending}
        onNo={() => setConfirmReset(null)}
        onYes={runReset}
      />
      <NewPasswordModal value={newPassword} onClose={() => setNewPassword(null)} />
      <TerminalConfigModal
        opened={manage !== null && managed !== undefined}
        staffName={manage ? personName(manage.person) : ''}
        specifications={terminalSpecificationList}
        initial={managed?.settings ?? []}
        saving={saveSettings.isPending}
        onClose={() => setManage(null)}
        onSave={(settings: TTerminalSpecificationName[]) => {
          if (!managed) return;
          saveSettings.mutate(
            { posStaffId: managed.id, settings },
            {
              onSuccess: () => {
                setManage(null);
                navigate(MERCHANT_PATHS.posDevices);
              },
            },
          );
        }}
      />
    </Stack>
  );
}
