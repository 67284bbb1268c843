// One KYC input, by its type, as a bound field of the form kit: text, checkbox, radio (its
// options, or yes/no) or file (uploaded as soon as it is chosen; the field holds the file id).
import type { Control } from 'react-hook-form';
import type { TKycInput } from '@paywallet/contract';
import { CheckboxField, RadioGroupField } from '../../../components/form/choice-fields.tsx';
import { useBoundField } from '../../../components/form/field-binding.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import { fieldName, isRequired } from '../kyc-form.ts';
import type { KycValues } from '../kyc-form.ts';
import { KycFileField } from './kyc-file-field.tsx';

const YES_NO = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

// The values are one record of every input; each field holds the type its input type gives it
// (defaultKycValues): a boolean for a checkbox, a string for the others. The narrowed controls
// say so to the bound fields, which are typed by the value they hold.
type TextControl = Control<Record<string, string>, unknown, Record<string, string>>;
type CheckControl = Control<Record<string, boolean>, unknown, Record<string, boolean>>;

export function KycField({ input, control }: { input: TKycInput; control: Control<KycValues, unknown, KycValues> }) {
  const name = fieldName(input);
  const required = isRequired(input);
  switch (input.input_type.type) {
    case 'text':
      return <TextField control={control as unknown as TextControl} name={name} label={input.name} required={required} />;
    case 'checkbox':
      return <CheckboxField control={control as unknown as CheckControl} name={name} label={input.name} />;
    case 'radio': {
      const options = input.input_attributes.options?.length
        ? input.input_attributes.options.map((option) => ({ value: option, label: option }))
        : YES_NO;
      return (
        <RadioGroupField control={control as unknown as TextControl} name={name} label={input.name} options={options} required={required} />
      );
    }
    case 'file':
      return <KycFileInput input={input} control={control as unknown as TextControl} />;
  }
}

function KycFileInput({ input, control }: { input: TKycInput; control: TextControl }) {
  const field = useBoundField<Record<string, string>, Record<string, string>, string>({ control, name: fieldName(input) });
  return (
    <KycFileField
      inputId={input.id}
      label={input.name}
      required={isRequired(input)}
      error={field.error}
      onUploaded={(fileId) => {
        field.onChange(fileId);
        field.onBlur();
      }}
    />
  );
}
