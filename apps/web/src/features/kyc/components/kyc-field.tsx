// One KYC input, by its type: text, checkbox, radio (options, or yes/no) or file.
import { Checkbox, Group, Radio, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import type { TKycInput } from '@paywallet/contract';
import { requiredFieldIf, requiredLabelProps } from '../../../components/required.ts';
import { fieldName, isRequired } from '../kyc-form.ts';
import type { KycValues } from '../kyc-form.ts';
import { KycFileField } from './kyc-file-field.tsx';

const YES_NO = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

export function KycField({ input, control }: { input: TKycInput; control: Control<KycValues> }) {
  const required = isRequired(input);
  return (
    <Controller
      control={control}
      name={fieldName(input)}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        switch (input.input_type.type) {
          case 'text':
            return (
              <TextInput
                label={input.name}
                {...requiredFieldIf(required)}
                error={error}
                value={String(field.value ?? '')}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            );
          case 'checkbox':
            return (
              <Checkbox
                label={input.name}
                checked={field.value === true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                error={error}
                required={required}
              />
            );
          case 'radio': {
            const options = input.input_attributes.options?.length
              ? input.input_attributes.options.map((option) => ({ value: option, label: option }))
              : YES_NO;
            return (
              <Radio.Group label={input.name} labelProps={required ? requiredLabelProps : {}} error={error} value={String(field.value ?? '')} onChange={field.onChange}>
                <Group mt={6} gap="lg">
                  {options.map((option) => (
                    <Radio key={option.value} value={option.value} label={option.label} onBlur={field.onBlur} />
                  ))}
                </Group>
              </Radio.Group>
            );
          }
          case 'file':
            return (
              <KycFileField
                inputId={input.id}
                label={input.name}
                required={required}
                error={error}
                onUploaded={(fileId) => {
                  field.onChange(fileId);
                  field.onBlur();
                }}
              />
            );
        }
      }}
    />
  );
}
