// Start Date and End Date (spec 2 section 1): pickers that cannot go past today, each day sent as
// YYYY-MM-DD and read by the server as a whole GMT day. Today is today in GMT, the time every
// table shows; the end cannot come before the start.
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';

export interface DateRange {
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

const DAY_FORMAT = 'YYYY-MM-DD';

/** Today's date in GMT, as YYYY-MM-DD. */
function todayGmt(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function DateRangeFilter({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const today = todayGmt();
  return (
    <>
      <DatePickerInput
        label="Start Date"
        valueFormat={DAY_FORMAT}
        value={value.fromDate ?? null}
        onChange={(day) => onChange({ ...value, fromDate: day ?? undefined })}
        maxDate={value.toDate ?? today}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear Start Date' }}
      />
      <DatePickerInput
        label="End Date"
        valueFormat={DAY_FORMAT}
        value={value.toDate ?? null}
        onChange={(day) => onChange({ ...value, toDate: day ?? undefined })}
        minDate={value.fromDate}
        maxDate={today}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear End Date' }}
      />
    </>
  );
}
