// True once `delayMs` has passed since the component mounted. The request lists and the
// request form's wallet list load with the spec's delays (spec 1 section 9).
import { useEffect, useState } from 'react';

export function useDelayElapsed(delayMs: number): boolean {
  const [elapsed, setElapsed] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return undefined;
    const timer = window.setTimeout(() => setElapsed(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return elapsed;
}
