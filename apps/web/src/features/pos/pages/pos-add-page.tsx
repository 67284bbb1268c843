// Add Details (route pos/add): registers a device on one of the merchant's POS channels
// (DECISIONS 7), then back to the list. Back returns to the list.
import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { addPosDeviceCall } from '@paywallet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';
import { useContractForm } from '../../../hooks/use-contract-form.ts';
import { POS_QUERY_KEY } from '../api/pos-calls.ts';
import { PosBreadcrumb } from '../components/pos-breadcrumb.tsx';
import { PosDeviceFormCard } from '../components/pos-device-form.tsx';
import { EMPTY_POS_DEVICE_FORM, toAddPosDevice, ZPosDeviceForm } from '../pos-device-form.ts';

export function PosAddPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, formProps, pending } = useContractForm({
    call: addPosDeviceCall,
    schema: ZPosDeviceForm,
    toRequest: toAddPosDevice,
    defaultValues: EMPTY_POS_DEVICE_FORM,
    refusalFields: { POS_DEVICE_ID_TAKEN: 'deviceId', POS_CHANNEL_NOT_POS: 'channelId', CHANNEL_NOT_FOUND: 'channelId' },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: POS_QUERY_KEY });
      navigate(MERCHANT_PATHS.posDevices);
    },
  });
  return (
    <Stack gap="lg">
      <PosBreadcrumb current="Add" />
      <Title order={1} size="h2">
        Add Details
      </Title>
      <PosDeviceFormCard
        control={control}
        formProps={formProps}
        pending={pending}
        submitLabel="Create"
        back={{ label: 'Back', onClick: () => navigate(MERCHANT_PATHS.posDevices) }}
      />
    </Stack>
  );
}
