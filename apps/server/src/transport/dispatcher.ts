// One dispatcher behind every transport (plain /api/v1/<path>, the encrypted envelope, and the
// later merchant and device APIs). For each call it:
//   1. finds the call; 2. resolves the session into a Scope (who acts, for whom) once;
//   3. enforces the call's policy (session stage, audience, feature) before any handler runs;
//   4. validates the body (no control character in any text, then the call's schema);
//   5. runs the handler; 6. serialises the answer through the call's response schema, so an
//   undeclared field never leaves the server (and fails tests);
//   7. makes sure an audited call left its audit row, and records every call an
//      administrator makes while logged in as a merchant.
import type { z } from 'zod';
import {
  contractErrorMap,
  controlCharacterIssues,
  multilineFields,
  TEXT_SCAN_MAX_CHARS,
  type CallDef,
  type TEnvelope,
  type TextIssue,
} from '@paywallet/contract';
import type { Deps } from '../deps.ts';
import { AppError, failure, fieldFailure, refusalEnvelope, validationFailure } from './errors.ts';
import { serialiseResponse } from './response.ts';
import type { Scope } from './scope.ts';
import { AuditTrail, type AuditWriter } from './audit-trail.ts';

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
  truncated: boolean;
}

/** What a transport knows about a request before the dispatcher runs. */
export interface RequestContext {
  ip: string;
  userAgent: string;
  /** The raw accessToken header, if any. */
  accessToken: string | undefined;
  /** Extra request data that is not JSON (the uploaded file of a multipart call). */
  file?: UploadedFile;
}

/** What a handler receives beside its input. */
export interface CallContext<S extends Scope | null = Scope | null> extends RequestContext {
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

type ScopeOf<C extends CallDef> = C['session'] extends 'none' ? Scope | null : Scope;

export type Handler<C extends CallDef> = (
  input: z.output<C['request']>,
  ctx: CallContext<ScopeOf<C>>,
) => Promise<HandlerResult<z.input<C['response']>>>;

interface Registered {
  call: CallDef;
  handler: (input: unknown, ctx: CallContext) => Promise<HandlerResult<unknown>>;
  /** The request's free-text fields: tab, CR and LF are allowed there, nowhere else. */
  multiline: ReadonlySet<string>;
}

/** Turns an accessToken into the scope of its session; null for an unknown or ended session. */
export type ScopeResolver = (token: string) => Promise<Scope | null>;

export interface DispatchResult {
  envelope: TEnvelope;
  headers: Record<string, string>;
}

/** How far a call got: the dispatcher records refusals of impersonated calls from it. */
interface CallTrace {
  call: CallDef | undefined;
  scope: Scope | null;
}

export interface DispatcherOptions {
  /** Refuse (500) an answer carrying a field its schema does not declare: on in tests. */
  strictResponses: boolean;
}

export class Dispatcher {
  private readonly calls = new Map<string, Registered>();

  constructor(
    private readonly deps: Deps,
    private readonly resolveScope: ScopeResolver,
    private readonly writeAudit: AuditWriter,
    private readonly options: DispatcherOptions,
  ) {}

  register<C extends CallDef>(call: C, handler: Handler<C>): void {
    if (this.calls.has(call.path)) throw new Error(`Call ${call.path} is registered twice`);
    this.calls.set(call.path, {
      call,
      handler: handler as unknown as Registered['handler'],
      multiline: multilineFields(call.request),
    });
  }

  /** Every registered call (tests check them against the contract). */
  registeredCalls(): CallDef[] {
    return [...this.calls.values()].map((registered) => registered.call);
  }

  isMultipart(path: string): boolean {
    return this.calls.get(normalisePath(path))?.call.multipart === true;
  }

  async dispatch(path: string, body: unknown, request: RequestContext): Promise<DispatchResult> {
    const responseHeaders: Record<string, string> = {};
    const trace: CallTrace = { call: undefined, scope: null };
    try {
      const envelope = await this.run(path, body, request, responseHeaders, trace);
      return { envelope, headers: responseHeaders };
    } catch (error) {
      const refusal = error instanceof AppError ? error : failure('INTERNAL_ERROR');
      if (!(error instanceof AppError)) this.deps.log.error({ err: error, path }, 'call failed');
      await this.recordImpersonatedRefusal(trace, request, refusal);
      return { envelope: refusalEnvelope(refusal), headers: { ...responseHeaders, ...refusal.headers } };
    }
  }

  private async run(
    path: string,
    body: unknown,
    request: RequestContext,
    responseHeaders: Record<string, string>,
    trace: CallTrace,
  ): Promise<TEnvelope> {
    const registered = this.calls.get(normalisePath(path));
    if (!registered) throw failure('CALL_NOT_FOUND');
    const { call, handler } = registered;
    trace.call = call;
    // A public call acts for nobody: it is not even given the session of a signed-in caller.
    const scope = call.session === 'none' ? null : await this.requiredScope(call, request);
    trace.scope = scope;
    if (scope) enforcePolicy(call, scope);
    const input = validRequest(registered, body);

    const audit = new AuditTrail(this.writeAudit, call, scope, request);
    const ctx: CallContext = { ...request, deps: this.deps, callPath: call.path, scope, audit, responseHeaders };
    const result = await handler(input, ctx);
    const data = serialiseResponse(call, result.data ?? null, this.options.strictResponses);
    await this.afterSuccess(call, audit, scope);
    return { code: 200, message: result.message ?? 'Success', data };
  }

  /**
   * What an administrator logged in as a merchant tried and was refused is on record too
   * (the change, if any, rolled back; the attempt did not). A failure to write it is logged,
   * never turned into another answer.
   */
  private async recordImpersonatedRefusal(trace: CallTrace, request: RequestContext, refusal: AppError): Promise<void> {
    if (!trace.call || trace.scope?.impersonatorUserId == null) return;
    try {
      await new AuditTrail(this.writeAudit, trace.call, trace.scope, request).recordImpersonatedCall(this.deps.db, {
        refused: refusal.reason,
      });
    } catch (error) {
      this.deps.log.error({ err: error, path: trace.call.path }, 'could not record a refused impersonated call');
    }
  }

  private async requiredScope(call: CallDef, request: RequestContext): Promise<Scope> {
    if (!request.accessToken) throw failure('UNAUTHENTICATED');
    const scope = await this.resolveScope(request.accessToken);
    if (!scope) throw failure('SESSION_ENDED');
    if (call.session === 'full' && scope.stage !== 'full') throw failure('PASSCODE_REQUIRED');
    return scope;
  }

  private async afterSuccess(call: CallDef, audit: AuditTrail, scope: Scope | null): Promise<void> {
    if (call.audit !== null && !audit.recorded) {
      // An audited call writes its row in the transaction of its change. One that did not is a
      // defect: tests fail on it; in production the row is written now, late but not lost.
      if (this.options.strictResponses) throw new Error(`Call ${call.path} declares audit '${call.audit}' but recorded none`);
      this.deps.log.warn({ path: call.path }, 'audited call recorded no audit row; writing it after the change');
      await audit.record(this.deps.db, {});
    }
    if (scope?.impersonatorUserId != null && !audit.recorded) {
      // Everything an administrator does while logged in as a merchant is on record, reads too.
      await audit.recordImpersonatedCall(this.deps.db);
    }
  }
}

/**
 * The body as the handler receives it, or the validation refusal. Text is checked for control
 * characters twice: as it arrived (so the caller reads which field holds one, before any rule
 * of the field runs; a string longer than any field's limit is left to that limit) and as the
 * schema produced it (a field the schema decodes, like the KYC answers sent as a JSON string,
 * may hide one behind an escape). No string with a NUL or another control character ever
 * reaches a handler, whatever the call.
 */
function validRequest(registered: Registered, body: unknown): unknown {
  const raw = controlCharacterIssues(body, registered.multiline, TEXT_SCAN_MAX_CHARS);
  if (raw.length) throw textFailure(raw);
  const parsed = registered.call.request.safeParse(body ?? {}, { error: contractErrorMap });
  if (!parsed.success) throw validationFailure(parsed.error);
  const decoded = controlCharacterIssues(parsed.data, registered.multiline);
  if (decoded.length) throw textFailure(decoded);
  return parsed.data;
}

function textFailure(issues: readonly TextIssue[]): AppError {
  return fieldFailure(Object.fromEntries(issues.map((issue) => [issue.field, issue.message])));
}

/**
 * The call's policy against the caller: a staff member reaches only granted features, an
 * account reaches only calls of its audience. Runs before the body is even read.
 */
export function enforcePolicy(call: CallDef, scope: Scope): void {
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
