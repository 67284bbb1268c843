// The fields of the Add and Update forms: Device ID, Serial ID, Name and the POS channel
// (shown store/terminal/channel). With no POS channel yet the form says so instead.
import { Alert, Card, Stack } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { POS_TEXTS } from '@paywallet/contract';
import { ErrorState } from '../../../components/query-states.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { channelLabel, usePosChannels } from '../api/pos-calls.ts';
import { POS_STATUS_OPTIONS, type TPosDeviceFormIn, type TPosDeviceFormOut } from '../pos-device-form.ts';

export interface PosDeviceFieldsProps {
  control: Control<TPosDeviceFormIn, unknown, TPosDeviceFormOut>;
  formProps: { onSubmit: () => Promise<void>; noValidate: true };
  pending: boolean;
  submitLabel: 'Create' | 'Update';
  back: { label: 'Back' | 'Cancel'; onClick: () => void };
  /** Update Details also sets the status. */
  withStatus?: boolean;
}

export function PosDeviceFormCard({ control, formProps, pending, submitLabel, back, withStatus = false }: PosDeviceFieldsProps) {
  const channels = usePosChannels();
  const options = (channels.data ?? []).map((channel) => ({ value: String(channel.id), label: channelLabel(channel) }));
  return (
    <Card withBorder radius="md" padding="lg" maw={640}>
      <form {...formProps}>
        <Stack gap="md">
          <TextField control={control} name="deviceId" label="Device ID" required autoComplete="off" />
          <TextField control={control} name="serialId" label="Serial ID" required autoComplete="off" />
          <TextField control={control} name="name" label="Name" required autoComplete="off" />
          {channels.isError ? (
            <ErrorState message={channels.error.message} onRetry={() => void channels.refetch()} />
          ) : (
            <SelectField
              control={control}
              name="channelId"
              label="Channel"
              placeholder="Choose a POS channel"
              required
              loading={channels.isPending}
              data={options}
              searchable
              nothingFoundMessage="No data available"
            />
          )}
          {channels.isSuccess && options.length === 0 && (
            <Alert color="blue" variant="light">
              {POS_TEXTS.noPosChannel}
            </Alert>
          )}
          {withStatus && <SelectField control={control} name="status" label="Status" required data={POS_STATUS_OPTIONS} />}
          <FormActions submitLabel={submitLabel} pending={pending} back={{ ...back, placement: 'end' }} />
        </Stack>
      </form>
    </Card>
  );
}
