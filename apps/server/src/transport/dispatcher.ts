// One dispatcher behind every door: the web app's (plain /api/v1/<path> and the encrypted
// envelope, and its GET routes), the merchant server API's and the POS device API's (bound to
// HTTP routes by transport/doors.ts). For each call it:
//   1. finds the call; 2. resolves the request's credential into the scope of the call's door
//      (a session, an API key, a device) once;
//   3. enforces the call's policy (session stage, audience, feature) before any handler runs;
//   4. validates the input (transport/request.ts: control characters, the schema, no field the
//      schema does not name);
//   5. runs the handler, inside what the door wraps around it (the Idempotency-Key of the
//      merchant and POS doors); 6. serialises the answer through the call's response schema, so
//      an undeclared field never leaves the server (and fails tests);
//   7. makes sure an audited call left its audit row, and records every call an
//      administrator makes while logged in as a merchant.
import type { z } from 'zod';
import { doorOf, multilineFields, type CallDef, type TDoor, type TEnvelope } from '@paywallet/contract';
import { assert } from '@paywallet/ledger';
import type { Deps } from '../deps.ts';
import { AppError, failure, refusalEnvelope } from './errors.ts';
import { validInput } from './request.ts';
import { serialiseResponse } from './response.ts';
import type { AnyScope, ApiKeyScope, DeviceScope, Scope } from './scope.ts';
import { AuditTrail, type AuditWriter } from './audit-trail.ts';

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
  truncated: boolean;
}

/** What a door knows about a request before the dispatcher runs. */
export interface RequestContext {
  ip: string;
  userAgent: string;
  /** The raw accessToken header, if any (the web app's session). */
  accessToken: string | undefined;
  /** The Authorization header, if any (the merchant API's Basic, the POS API's Bearer). */
  authorization?: string | undefined;
  /** Extra request data that is not JSON (the uploaded file of a multipart call). */
  file?: UploadedFile;
  /** How the audit log names the request, when its door does not name it by the call's path. */
  auditPath?: string;
}

/** What a handler receives beside its input. */
export interface CallContext<S extends AnyScope | null = AnyScope | null> extends RequestContext {
  deps: Deps;
  /** The logical path of the call being made (sign-in events name it in the audit log). */
  callPath: string;
  scope: S;
  /** Records the call's audit action; write it in the transaction of the change. */
  audit: AuditTrail;
  /** Headers the handler wants on the HTTP response (e.g. Retry-After). */
  responseHeaders: Record<string, string>;
}

export interface HandlerResult<T> {
  data: T;
  message?: string;
}

/**
 * A call that ran and ended in a refusal it keeps: a charge the card's issuer declined, a capture
 * over the authorised amount. Its door answers it like any refusal, and an idempotent retry
 * replays it instead of running again. A refusal thrown by a handler is not kept.
 */
export interface KeptRefusal {
  refused: AppError;
}

type DoorOfCall<C extends CallDef> = Exclude<C['door'], undefined>;
type ScopeOfDoor<D> = [D] extends ['merchant-api'] ? ApiKeyScope : [D] extends ['pos-api'] ? DeviceScope : Scope;
type ScopeOf<C extends CallDef> = C['session'] extends 'none' ? ScopeOfDoor<DoorOfCall<C>> | null : ScopeOfDoor<DoorOfCall<C>>;

export type Handler<C extends CallDef> = (
  input: z.output<C['request']>,
  ctx: CallContext<ScopeOf<C>>,
) => Promise<HandlerResult<z.input<C['response']>> | KeptRefusal>;

interface Registered {
  call: CallDef;
  handler: (input: unknown, ctx: CallContext) => Promise<HandlerResult<unknown> | KeptRefusal>;
  /** The request's free-text fields: tab, CR and LF are allowed there, nowhere else. */
  multiline: ReadonlySet<string>;
}

/**
 * How each door turns a request into its scope. The web app's resolver answers null for a
 * missing, unknown or ended session (the dispatcher names the refusal); the others throw their
 * door's own refusal (API_CREDENTIALS_INVALID, POS_SESSION_INVALID, a rate limit).
 */
export interface ScopeResolvers {
  web(token: string): Promise<Scope | null>;
  'merchant-api'(request: RequestContext): Promise<ApiKeyScope>;
  'pos-api'(request: RequestContext): Promise<DeviceScope>;
}

/** How a call ended: its answer (already through its response schema), or a kept refusal. */
export type CallOutcome = { refused?: undefined; data: unknown; message: string; headers: Record<string, string> } | KeptRefusal;

/** A call past its policy and validation, ready to run: what a door may wrap around its handler. */
export interface ReadyCall {
  call: CallDef;
  scope: AnyScope | null;
  input: unknown;
  run(): Promise<CallOutcome>;
}

export interface DispatchResult {
  envelope: TEnvelope;
  headers: Record<string, string>;
}

export interface DispatcherOptions {
  /** Refuse (500) an answer carrying a field its schema does not declare: on in tests. */
  strictResponses: boolean;
}

export class Dispatcher {
  private readonly calls = new Map<string, Registered>();

  constructor(
    private readonly deps: Deps,
    private readonly resolvers: ScopeResolvers,
    private readonly writeAudit: AuditWriter,
    readonly options: DispatcherOptions,
  ) {}

  register<C extends CallDef>(call: C, handler: Handler<C>): void {
    assert(!this.calls.has(call.path), `call ${call.path} is registered twice`);
    this.calls.set(call.path, {
      call,
      handler: handler as unknown as Registered['handler'],
      multiline: multilineFields(call.request),
    });
  }

  /** Every registered call (tests check them against the contract; the HTTP doors bind theirs). */
  registeredCalls(): CallDef[] {
    return [...this.calls.values()].map((registered) => registered.call);
  }

  isMultipart(path: string): boolean {
    return this.calls.get(normalisePath(path))?.call.multipart === true;
  }

  /**
   * The web app's JSON transports (plain and envelope): a call by its logical path. A call of
   * another door, or one the web app reaches by its own HTTP route, is not found here.
   */
  async dispatch(path: string, body: unknown, request: RequestContext): Promise<DispatchResult> {
    const call = this.calls.get(normalisePath(path))?.call;
    if (!call || doorOf(call) !== 'web' || call.http) return { envelope: refusalEnvelope(failure('CALL_NOT_FOUND')), headers: {} };
    try {
      const outcome = await this.dispatchCall(
        call,
        () => body,
        request,
        (ready) => ready.run(),
      );
      if (outcome.refused) return { envelope: refusalEnvelope(outcome.refused), headers: outcome.refused.headers };
      return { envelope: { code: 200, message: outcome.message, data: outcome.data }, headers: outcome.headers };
    } catch (error) {
      const refusal = error as AppError;
      return { envelope: refusalEnvelope(refusal), headers: refusal.headers };
    }
  }

  /**
   * Runs a call whatever its door: scope, policy, then the input (`readInput`, read only once the
   * policy let the caller through) and its validation, then `around` (which runs the handler
   * through `ready.run()`, or answers without running it: an idempotent replay). Every refusal is
   * thrown as an AppError; anything else thrown is logged and becomes INTERNAL_ERROR.
   */
  async dispatchCall<A>(
    call: CallDef,
    readInput: () => unknown,
    request: RequestContext,
    around: (ready: ReadyCall) => Promise<A>,
  ): Promise<A> {
    let scope: AnyScope | null = null;
    try {
      const registered = this.calls.get(call.path);
      if (!registered) throw failure('CALL_NOT_FOUND');
      // A public call acts for nobody: it is not even given the credential of a signed-in caller.
      scope = call.session === 'none' ? null : await this.requiredScope(call, request);
      if (scope) enforcePolicy(call, scope);
      const valid = validInput(call.request, registered.multiline, readInput());
      const ready: ReadyCall = { call, scope, input: valid, run: () => this.run(registered, valid, request, scope) };
      return await around(ready);
    } catch (error) {
      const refusal = error instanceof AppError ? error : failure('INTERNAL_ERROR');
      if (!(error instanceof AppError)) this.deps.log.error({ err: error, path: call.path }, 'call failed');
      await this.recordImpersonatedRefusal(call, scope, request, refusal);
      throw refusal;
    }
  }

  private async run(registered: Registered, input: unknown, request: RequestContext, scope: AnyScope | null): Promise<CallOutcome> {
    const { call, handler } = registered;
    const audit = new AuditTrail(this.writeAudit, call, scope, request);
    const responseHeaders: Record<string, string> = {};
    const ctx: CallContext = { ...request, deps: this.deps, callPath: call.path, scope, audit, responseHeaders };
    const result = await handler(input, ctx);
    if ('refused' in result) return { refused: result.refused };
    // A file or a stream is not JSON: its handler answers what its door sends as it is.
    const json = (call.answer ?? 'json') === 'json';
    const data = json ? serialiseResponse(call, result.data ?? null, this.options.strictResponses) : result.data;
    await this.afterSuccess(call, audit, scope);
    return { data, message: result.message ?? 'Success', headers: responseHeaders };
  }

  /**
   * What an administrator logged in as a merchant tried and was refused is on record too
   * (the change, if any, rolled back; the attempt did not). A failure to write it is logged,
   * never turned into another answer.
   */
  private async recordImpersonatedRefusal(
    call: CallDef,
    scope: AnyScope | null,
    request: RequestContext,
    refusal: AppError,
  ): Promise<void> {
    if (scope?.impersonatorUserId == null) return;
    try {
      await new AuditTrail(this.writeAudit, call, scope, request).recordImpersonatedCall(this.deps.db, { refused: refusal.reason });
    } catch (error) {
      this.deps.log.error({ err: error, path: call.path }, 'could not record a refused impersonated call');
    }
  }

  /** The scope of the call's door; a request without a usable credential is refused by name. */
  private async requiredScope(call: CallDef, request: RequestContext): Promise<AnyScope> {
    const door: TDoor = doorOf(call);
    if (door !== 'web') return this.resolvers[door](request);
    if (!request.accessToken) throw failure('UNAUTHENTICATED');
    const scope = await this.resolvers.web(request.accessToken);
    if (!scope) throw failure('SESSION_ENDED');
    if (call.session === 'full' && scope.stage !== 'full') throw failure('PASSCODE_REQUIRED');
    return scope;
  }

  private async afterSuccess(call: CallDef, audit: AuditTrail, scope: AnyScope | null): Promise<void> {
    if (call.audit !== null && !audit.recorded) {
      // An audited call writes its row in the transaction of its change. One that did not is a
      // defect: tests fail on it; in production the row is written now, late but not lost.
      assert(!this.options.strictResponses, `call ${call.path} declares audit '${call.audit}' but recorded none`);
      this.deps.log.warn({ path: call.path }, 'audited call recorded no audit row; writing it after the change');
      await audit.record(this.deps.db, {});
    }
    if (scope?.impersonatorUserId != null && !audit.recorded) {
      // Everything an administrator does while logged in as a merchant is on record, reads too.
      await audit.recordImpersonatedCall(this.deps.db);
    }
  }

  /** An audit trail for a request that reached a call without its handler (a live stream opened with a ticket). */
  trailOf(call: CallDef, scope: AnyScope, request: RequestContext): AuditTrail {
    return new AuditTrail(this.writeAudit, call, scope, request);
  }
}

/**
 * The call's policy against the caller: a staff member reaches only granted features, an
 * account reaches only calls of its audience. Runs before the body is even read.
 */
export function enforcePolicy(call: CallDef, scope: AnyScope): void {
  if (call.audience !== 'any' && !call.audience.includes(scope.audience)) throw failure('AUDIENCE_NOT_ALLOWED');
  if (call.feature !== null && scope.grantedFeatures !== null && !scope.grantedFeatures.has(call.feature)) {
    throw failure('FEATURE_NOT_GRANTED');
  }
  // DECISIONS 52: an administrator logged in as a merchant is there for support, not business.
  if (call.kind === 'money' && scope.impersonatorUserId !== null) throw failure('IMPERSONATION_CANNOT_MOVE_MONEY');
}

/** 'v1/verify-email', '/v1/verify-email' and 'verify-email' name the same call. */
export function normalisePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/^v1\//, '').replace(/\/+$/, '');
}
