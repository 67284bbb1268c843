// The fields of the business form, shared by the Onboard Store page (Business Details) and the
// update page (which also shows parent entity, reference, country and business type).
import { SimpleGrid, Stack } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { RadioGroupField } from '../../../components/form/choice-fields.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { BUSINESS_TYPES, COUNTRY_OPTIONS, MCC_OPTIONS } from '../store-form.ts';
import type { TStoreFormIn, TStoreFormOut } from '../store-form.ts';

export function BusinessFields({
  control,
  withRegistration,
  disabled = false,
}: {
  control: Control<TStoreFormIn, unknown, TStoreFormOut>;
  withRegistration: boolean;
  disabled?: boolean;
}) {
  return (
    <Stack gap="md">
      {withRegistration && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={control} name="parentEntity" label="Parent Entity" required disabled={disabled} />
            <TextField control={control} name="reference" label="Reference" required disabled={disabled} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SelectField control={control} name="country" label="Registered Country" data={COUNTRY_OPTIONS} required disabled={disabled} />
            <RadioGroupField control={control} name="type" label="Business Type" options={BUSINESS_TYPES} required />
          </SimpleGrid>
        </>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={control} name="name" label="Name" required disabled={disabled} />
        <TextField control={control} name="phone" label="Phone" type="tel" disabled={disabled} />
        <TextField control={control} name="email" label="Email" type="email" disabled={disabled} />
        <SelectField
          control={control}
          name="mcc"
          label="Merchant Category Code"
          placeholder="Search by code or name"
          data={MCC_OPTIONS}
          searchable
          nothingFoundMessage="No data available"
          limit={50}
          required
          disabled={disabled}
        />
        <TextField control={control} name="addressline1" label="Address Line 1" disabled={disabled} />
        <TextField control={control} name="addressline2" label="Address Line 2" disabled={disabled} />
        <TextField control={control} name="city" label="City" disabled={disabled} />
        <TextField control={control} name="postCode" label="Post Code" required disabled={disabled} />
        <TextField control={control} name="website" label="Website" placeholder="https://" disabled={disabled} />
      </SimpleGrid>
    </Stack>
  );
}
