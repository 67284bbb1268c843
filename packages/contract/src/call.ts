// A call of the API: its logical path, its request and response schemas, and its policy: who
// may make it (audience and session), which menu feature it belongs to (what staff are granted
// one by one), what kind of call it is and which audit action it leaves. The server's
// dispatcher enforces the policy before any handler runs; the web app types its calls with it.
import type { z } from 'zod';
import type { TFeatureSlug } from './features.ts';

/** The kinds of account a call is for. */
export const AUDIENCES = ['consumer', 'merchant', 'admin'] as const;
export type TAudience = (typeof AUDIENCES)[number];

/**
 * The session a call needs. 'none': anyone may call it (sign-in steps). 'passcode': any
 * session, from the password stage on (the passcode calls, logout). 'full': a fully signed-in
 * session; a password-stage session is refused.
 */
export type TSessionLevel = 'none' | 'passcode' | 'full';

/** read: changes nothing; write: changes state; money: moves money (idempotent by its hash). */
export type TCallKind = 'read' | 'write' | 'money';

/** Audit actions are '<subject>.<verb>' names; each names one kind of change. */
export type TAuditAction = `${string}.${string}`;

export interface CallPolicy {
  /** The account kinds that may make the call, or 'any' (with `session: 'none'`, anyone at all). */
  audience: readonly TAudience[] | 'any';
  session: TSessionLevel;
  /**
   * The menu feature the call belongs to. Staff members reach it only when the feature is
   * granted to them; null: every member of the audience may make it (the shell's own calls).
   */
  feature: TFeatureSlug | null;
  kind: TCallKind;
  /** The audit action a successful call records (in the same transaction as its change), or null. */
  audit: TAuditAction | null;
}

export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> extends CallPolicy {
  /** The logical path, as the spec spells it, without the leading 'v1/'. */
  path: string;
  request: Req;
  response: Res;
  /** The call takes a multipart body (a file) rather than JSON. */
  multipart?: boolean;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(def: CallDef<Req, Res>): CallDef<Req, Res> {
  return def;
}

/** What a client sends (before defaults and transforms). */
export type TCallRequest<C extends CallDef> = z.input<C['request']>;
/** What a handler receives: the request after validation, defaults and transforms. */
export type TCallInput<C extends CallDef> = z.output<C['request']>;
/** What the client receives in `data`. */
export type TCallResponse<C extends CallDef> = z.output<C['response']>;

/** Every response: the HTTP status equals code; 200 is success; a refusal names its reason. */
export interface TEnvelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  /** The error's name on every refusal (see errors.ts); absent on success. */
  reason?: string;
}

/** Common policies, spelled once. */
export const PUBLIC = { audience: 'any', session: 'none', feature: null } as const satisfies Partial<CallPolicy>;
export const PASSCODE_STEP = { audience: 'any', session: 'passcode', feature: null } as const satisfies Partial<CallPolicy>;
export const SIGNED_IN = { audience: 'any', session: 'full', feature: null } as const satisfies Partial<CallPolicy>;
/** Consumers and merchants (owners, and staff granted the feature). */
export const WALLET_HOLDERS = ['consumer', 'merchant'] as const satisfies readonly TAudience[];

/** Tells a call definition among a module's exports (tests and the API reference list them all). */
export function isCallDef(value: unknown): value is CallDef {
  return (
    typeof value === 'object' &&
    value !== null &&
    'path' in value &&
    'request' in value &&
    'response' in value &&
    'audience' in value &&
    'session' in value &&
    'kind' in value
  );
}
