// The time now, re-read every second (spec 3 section 9: the countdown's tick), from one timer
// shared by every cell that shows it, so a page of 500 links runs one interval, not 500.
import { useSyncExternalStore } from 'react';
import { PAYMENT_LINK_LIMITS } from '@paywallet/contract';

const listeners = new Set<() => void>();
let timer: number | undefined;
let now = Date.now();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = window.setInterval(() => {
      now = Date.now();
      listeners.forEach((notify) => notify());
    }, PAYMENT_LINK_LIMITS.countdownTickMs);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
