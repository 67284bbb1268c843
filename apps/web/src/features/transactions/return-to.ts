// Where Back leads from a transaction's details or attempts (DECISIONS 49): to the page they
// were opened from, carried in the navigation's state; opened directly, to the transactions list.
import type { Location } from 'react-router-dom';

/** The navigation state a screen passes when it opens a transaction's details or attempts. */
export interface ReturnState {
  from: string;
}

/** The state that makes Back return to the page at `location`. */
export function returnHere(location: Pick<Location, 'pathname' | 'search'>): ReturnState {
  return { from: `${location.pathname}${location.search}` };
}

/** The page to return to: the one that opened this screen (an app path only), else `fallback`. */
export function returnPath(state: unknown, fallback: string): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? (state as { from: unknown }).from : undefined;
  return typeof from === 'string' && from.startsWith('/app/') ? from : fallback;
}

/** This screen was opened by one of ours with a place to return to: Back can go back in history (keeping that page's own state). */
export function openedFromApp(state: unknown): boolean {
  return returnPath(state, '') !== '';
}
