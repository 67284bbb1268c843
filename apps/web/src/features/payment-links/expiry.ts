// A link's expiry as the list shows it (spec 3 section 2.1): no lifetime reads 'Lifetime'; a
// lifetime that has run out reads 'Expired'; otherwise a countdown in days, hours, minutes and
// seconds, refreshed every second.

export interface LinkExpiry {
  created_at: string;
  exipres_in: number | null;
}

/** Whole seconds left at `nowMs`; null for a link without expiry; 0 once expired. */
export function secondsLeft(link: LinkExpiry, nowMs: number): number | null {
  if (link.exipres_in === null) return null;
  const created = new Date(link.created_at).getTime();
  if (Number.isNaN(created)) return 0;
  const endMs = created + link.exipres_in * 1000;
  return Math.max(0, Math.ceil((endMs - nowMs) / 1000));
}

export function isExpired(link: LinkExpiry, nowMs: number): boolean {
  return secondsLeft(link, nowMs) === 0;
}

const two = (value: number) => String(value).padStart(2, '0');

/** '2d 03h 04m 05s'; the days part only when there are days. */
export function formatCountdown(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const rest = seconds % 60;
  const clock = `${two(hours)}h ${two(minutes)}m ${two(rest)}s`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

export function expiryText(link: LinkExpiry, nowMs: number): string {
  const left = secondsLeft(link, nowMs);
  if (left === null) return 'Lifetime';
  return left === 0 ? 'Expired' : formatCountdown(left);
}

/** A link's lifetime in seconds, as the transactions view shows it: '86400 seconds' or 'Lifetime'. */
export function lifetimeText(exipresIn: number | null): string {
  return exipresIn === null ? 'Lifetime' : `${exipresIn} seconds`;
}

/** Text cut to `chars` with an ellipsis (spec 3 section 9: descriptions in lists). */
export function truncate(text: string | null, chars: number): string {
  if (!text) return '—';
  return text.length > chars ? `${text.slice(0, chars)}…` : text;
}
