// Client state persisted in encoded form (spec 1 section 3): every value is JSON, base64
// encoded behind a version prefix. A value that cannot be decoded means the storage was
// tampered with or written by an incompatible version: everything is cleared and the
// session cookies expire (spec 1 section 8).
import type { TQuote, TReceivedMoneyRequest, TResetType, TUser, ZRecipient } from '@paywallet/contract';
import type { z } from 'zod';
import { base64ToText, textToBase64 } from './base64.ts';
import { expireSessionCookies } from './cookies.ts';

const VERSION_PREFIX = 'pw1.';
const KEY_PREFIX = 'pw.';

/** Send money step 1 -> step 2: the verified recipient (spec: e-mail or phone, msg). */
export interface SendMoneyRecipientState {
  emailOrPhone: string;
  user: z.infer<typeof ZRecipient>;
  msg: string;
}

/** What a money form sent to get its quote; the form starts from it again after Back. */
export interface MoneyFormDraft {
  amountText: string;
  walletId: number;
  deductCharges: boolean;
}

/** Send money step 2 -> confirm: the quote (spec: send-money hash and amount). */
export interface SendMoneyQuoteState extends MoneyFormDraft {
  quote: TQuote;
  emailOrPhone: string;
}

/** Answering a request, pay -> confirm (spec: request-send-money data and hash). */
export interface RequestSendMoneyQuoteState extends MoneyFormDraft {
  quote: TQuote;
  requestId: number;
}

/** Deposit step 1 -> card step (spec: balance-limit hash). */
export interface BalanceLimitQuoteState {
  quote: TQuote;
  amountText: string;
  walletId: number;
  paymentMethodId: number;
  paymentMethodName: string;
}

/** What local storage holds, by key. */
export interface LocalState {
  user: TUser;
  email: string;
  accessToken: string;
  resetType: TResetType;
  avatar: string | null;
  customerId: number;
  selectedWalletId: number;
  sendMoneyRecipient: SendMoneyRecipientState;
  sendMoneyQuote: SendMoneyQuoteState;
  requestSendMoney: TReceivedMoneyRequest;
  requestSendMoneyQuote: RequestSendMoneyQuoteState;
  balanceLimitQuote: BalanceLimitQuoteState;
  /** The administrator's own session, kept while they are logged in as a merchant. */
  consoleSession: { accessToken: string; user: TUser };
}

/** What session storage holds, by key. */
export interface SessionState {
  featureList: unknown;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeStorage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function encode(value: unknown): string {
  return VERSION_PREFIX + textToBase64(JSON.stringify(value));
}

function decode(raw: string): unknown {
  if (!raw.startsWith(VERSION_PREFIX)) throw new Error('Unknown storage version');
  return JSON.parse(base64ToText(raw.slice(VERSION_PREFIX.length)));
}

function makeArea<State>(area: () => Storage) {
  return {
    get<K extends keyof State & string>(key: K): State[K] | undefined {
      const raw = area().getItem(KEY_PREFIX + key);
      if (raw === null) return undefined;
      try {
        return decode(raw) as State[K];
      } catch (error) {
        console.warn('Client storage could not be decoded; clearing it.', error);
        clearClientState();
        return undefined;
      }
    },
    set<K extends keyof State & string>(key: K, value: State[K]): void {
      area().setItem(KEY_PREFIX + key, encode(value));
      notify();
    },
    remove(key: keyof State & string): void {
      area().removeItem(KEY_PREFIX + key);
      notify();
    },
  };
}

export const localState = makeArea<LocalState>(() => window.localStorage);
export const sessionState = makeArea<SessionState>(() => window.sessionStorage);

/** Signs the browser out: local and session storage are emptied and session cookies expire. */
export function clearClientState(): void {
  window.localStorage.clear();
  window.sessionStorage.clear();
  expireSessionCookies();
  notify();
}

/**
 * Decodes every stored value once at start-up, so a bad value is found before any screen
 * reads it (and storage is not cleared in the middle of a render).
 */
export function checkClientState(): void {
  for (const area of [window.localStorage, window.sessionStorage]) {
    for (let index = 0; index < area.length; index += 1) {
      const key = area.key(index);
      if (!key?.startsWith(KEY_PREFIX)) continue;
      try {
        decode(area.getItem(key) ?? '');
      } catch (error) {
        console.warn('Client storage could not be decoded; clearing it.', error);
        clearClientState();
        return;
      }
    }
  }
}

export function isSignedIn(): boolean {
  return Boolean(localState.get('accessToken') && localState.get('user'));
}

// Another tab signing out (or in) must be seen here too.
window.addEventListener('storage', notify);
