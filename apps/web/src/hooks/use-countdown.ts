// A seconds countdown for the resend-OTP link: 30 s at first, 10 s after a resend
// (spec 1 section 9).
import { useCallback, useEffect, useState } from 'react';

export const OTP_COUNTDOWN_INITIAL_S = 30;
export const OTP_COUNTDOWN_RESEND_S = 10;
const TICK_MS = 1000;

export function useCountdown(initialS: number) {
  const [secondsLeft, setSecondsLeft] = useState(initialS);

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = window.setTimeout(() => setSecondsLeft((value) => Math.max(0, value - 1)), TICK_MS);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const restart = useCallback((seconds: number) => setSecondsLeft(seconds), []);
  return { secondsLeft, restart };
}
