// A day of the Generate Report form: a picker that cannot go past today, held as YYYY-MM-DD
// ('' for none), with the form's message under it.
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type FieldBinding } from '../../../components/form/field-binding.ts';

export interface ReportDayFieldProps<T extends FieldValues, TOut> extends FieldBinding<T, TOut, string> {
  label: string;
  minDate?: string | undefined;
  maxDate?: string | undefined;
}

export function ReportDayField<T extends FieldValues, TOut>({ control, name, label, minDate, maxDate }: ReportDayFieldProps<T, TOut>) {
  const { inputRef, ...field } = useBoundField<T, TOut, string>({ control, name });
  const today = new Date().toISOString().slice(0, 10);
  return (
    <DatePickerInput
      ref={inputRef}
      label={label}
      valueFormat="YYYY-MM-DD"
      value={field.value || null}
      onChange={(day) => field.onChange(day ?? '')}
      onBlur={field.onBlur}
      minDate={minDate || undefined}
      maxDate={maxDate && maxDate < today ? maxDate : today}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      error={field.error}
    />
  );
}
