import { formatGmt } from '../lib/format-date.ts';

/** A time in GMT as 'YYYY-MM-DD HH:MM', with the full ISO time as the tooltip. */
export function GmtDate({ value }: { value: string | null | undefined }) {
  return (
    <time dateTime={value ?? undefined} title={value ?? undefined}>
      {formatGmt(value)}
    </time>
  );
}
