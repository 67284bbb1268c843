// Update Details (route pos/update?id=<device>): the device's identifiers, name and channel,
// then back to the list; Cancel returns to the list without a change.
import { Stack, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { updatePosDeviceCall, type TPosDeviceRow } from '@paywallet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { idParam, MERCHANT_PATHS } from '../../../lib/paths.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { POS_QUERY_KEY, usePosDevice } from '../api/pos-calls.ts';
import { PosBreadcrumb } from '../components/pos-breadcrumb.tsx';
import { PosDeviceFormCard } from '../components/pos-device-form.tsx';
import { posDeviceFormValues, toUpdatePosDevice, ZPosDeviceForm } from '../pos-device-form.ts';

export function PosUpdatePage() {
  const [params] = useSearchParams();
  const posDeviceId = idParam(params.get('id'));
  const device = usePosDevice(posDeviceId);
  return (
    <Stack gap="lg">
      <PosBreadcrumb current="Update" />
      <Title order={1} size="h2">
        Update Details
      </Title>
      {posDeviceId === undefined && <EmptyState message="No device was chosen. Open Update from the POS devices list." />}
      {posDeviceId !== undefined && device.isPending && <LoadingState rows={4} label="Loading the device…" />}
      {device.isError && <ErrorState message={device.error.message} onRetry={() => void device.refetch()} />}
      {device.isSuccess && device.data === null && <EmptyState />}
      {device.isSuccess && device.data && <UpdateForm device={device.data} />}
    </Stack>
  );
}

function UpdateForm({ device }: { device: TPosDeviceRow }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, formProps, pending } = useContractForm({
    call: updatePosDeviceCall,
    schema: ZPosDeviceForm,
    toRequest: (values) => toUpdatePosDevice(device.id, values),
    defaultValues: posDeviceFormValues(device),
    refusalFields: { POS_DEVICE_ID_TAKEN: 'deviceId', POS_CHANNEL_NOT_POS: 'channelId', CHANNEL_NOT_FOUND: 'channelId' },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: POS_QUERY_KEY });
      navigate(MERCHANT_PATHS.posDevices);
    },
  });
  return (
    <PosDeviceFormCard
      control={control}
      formProps={formProps}
      pending={pending}
      submitLabel="Update"
      withStatus
      back={{ label: 'Cancel', onClick: () => navigate(MERCHANT_PATHS.posDevices) }}
    />
  );
}
