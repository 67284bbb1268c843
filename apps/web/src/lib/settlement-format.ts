// How the settlement screens (the merchant's and the console's) show a rolling reserve's terms:
// its hold (time_interval, seconds) in days, hours and mins, and its share in basis points as a
// percentage.

/** A hold in seconds as days, hours and mins: 604800 -> '7 days 0 hours 0 mins'. */
export function holdDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds / 60));
  const days = Math.floor(total / (24 * 60));
  const hours = Math.floor((total % (24 * 60)) / 60);
  const mins = total % 60;
  const unit = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
  return `${unit(days, 'day')} ${unit(hours, 'hour')} ${unit(mins, 'min')}`;
}

/** Basis points as a percentage: 1000 -> '10%', 1250 -> '12.5%'. */
export function percentOfBps(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}
