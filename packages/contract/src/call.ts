// A call of the API: its logical path, its request and response schemas, and its policy: who
// may make it (audience and session), which menu feature it belongs to (what staff are granted
// one by one), what kind of call it is and which audit action it leaves. The server's
// dispatcher enforces the policy before any handler runs; the web app types its calls with it.
//
// A call is reached through one door (docs/doors.md): the web app's (`POST /api/v1/<path>` with
// a session), the merchant server API's (HTTP Basic with a client id and secret) or the POS
// device API's (a device session, Bearer). A call of an HTTP door says how it is reached there:
// method, path, the status of a success, and which part of the request each field comes from.
import { z } from 'zod';
import type { TAuditAction } from './audit-actions.ts';
import type { TErrorName } from './errors.ts';
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

/**
 * The doors onto the calls. web: the web app (plain JSON or the encrypted envelope, a session's
 * accessToken); merchant-api: a merchant's own server (`/api/merchant/v1`, HTTP Basic with the
 * App Settings client id and secret); pos-api: a POS device (`/api/pos/v1`, a device session).
 */
export const DOORS = ['web', 'merchant-api', 'pos-api'] as const;
export type TDoor = (typeof DOORS)[number];

/** A part of an HTTP request: an object of named fields (path parameters, the query, the JSON body). */
export type TRequestPart = z.ZodObject;

/**
 * How an HTTP door reaches a call. The request's fields come from three parts: `params` (the
 * `{names}` of the path), `query` (a GET's query string) and `body` (a POST's JSON body); the
 * call's `request` schema is their fields together, so a handler reads one object and a
 * validation message names a field as the client spelt it (`amount`, not `body.amount`).
 */
export interface HttpRoute {
  method: 'GET' | 'POST';
  /** Under the door's prefix, OpenAPI style: `/payments/{id}/capture`. */
  path: `/${string}`;
  /** The status of a success: 201 for a call that created what it answers. */
  status: 200 | 201;
  params?: TRequestPart;
  query?: TRequestPart;
  body?: TRequestPart;
}

/** What a successful call answers: JSON (the default), a file, or a stream of Server-Sent Events. */
export type TAnswerKind = 'json' | 'file' | 'event-stream';

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
  /**
   * The logical path: as the spec spells it, without the leading 'v1/', for a call of the web
   * app; `<door>/<name>` for a call of another door (`merchant-api/create-payment`).
   */
  path: string;
  request: Req;
  response: Res;
  /** The call takes a multipart body (a file) rather than JSON. */
  multipart?: boolean;
  /** The door it is reached through; absent: the web app's. */
  door?: TDoor;
  /** How it is reached over HTTP: every call of the merchant and POS doors, and the web app's GET routes. */
  http?: HttpRoute;
  /** Absent: JSON through `response`. */
  answer?: TAnswerKind;
  /** The named errors its handler may answer, beside its door's own (the reference lists them). */
  errors?: readonly TErrorName[];
  /** A line and a paragraph for the reference (the OpenAPI document's summary and description). */
  summary?: string;
  description?: string;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType, const D extends TDoor = 'web'>(
  def: CallDef<Req, Res> & { door?: D },
): CallDef<Req, Res> & { door?: D } {
  return def;
}

/** The door of a call: 'web' unless it names another. */
export function doorOf(call: Pick<CallDef, 'door'>): TDoor {
  return call.door ?? 'web';
}

type ShapeOf<P> = P extends z.ZodObject<infer S> ? S : Record<never, never>;

/**
 * The request of an HTTP call: the fields of its parts together (`params`, then `query` or
 * `body`). Write `request: httpRequest(route)` so the two cannot disagree.
 */
export function httpRequest<
  P extends TRequestPart | undefined,
  Q extends TRequestPart | undefined,
  B extends TRequestPart | undefined,
>(route: { method: HttpRoute['method']; params?: P; query?: Q; body?: B }): z.ZodObject<ShapeOf<P> & ShapeOf<Q> & ShapeOf<B>> {
  return z.object({ ...route.params?.shape, ...route.query?.shape, ...route.body?.shape }) as unknown as z.ZodObject<
    ShapeOf<P> & ShapeOf<Q> & ShapeOf<B>
  >;
}

/** The names of a path's `{parameters}`: '/payments/{id}/capture' -> ['id']. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g)].map((match) => match[1]!);
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
