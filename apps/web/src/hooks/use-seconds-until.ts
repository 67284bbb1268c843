// Whole seconds left until an ISO time, updated once a second; 0 once it has passed. A caller
// whose target time changes keys its component by it, so the count starts afresh.
import { useEffect, useState } from 'react';

const TICK_MS = 1000;

function secondsUntil(isoTime: string): number {
  const target = new Date(isoTime).getTime();
  if (Number.isNaN(target)) return 0;
  return Math.max(0, Math.ceil((target - Date.now()) / 1000));
}

export function useSecondsUntil(isoTime: string): number {
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(isoTime));
  useEffect(() => {
    const timer = window.setInterval(() => setSecondsLeft(secondsUntil(isoTime)), TICK_MS);
    return () => window.clearInterval(timer);
  }, [isoTime]);
  return secondsLeft;
}
