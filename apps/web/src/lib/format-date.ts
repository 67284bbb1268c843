// Times are shown in GMT as 'YYYY-MM-DD HH:MM' (spec 1 section 9).
const pad = (value: number) => String(value).padStart(2, '0');

export function formatGmt(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`
  );
}
