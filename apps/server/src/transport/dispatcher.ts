// One dispatcher behind both transports (plain /api/v1/<path> and the encrypted envelope):
// the same validation, session stage check and handler for every call.
import type { z } from 'zod';
import type { CallDef, TEnvelope } from '@paywallet/contract';
import type { Deps } from '../deps.ts';
import { ApiError, validationError } from './errors.ts';
import { plain } from './json.ts';

export interface SessionInfo {
  sessionId: bigint;
  userId: bigint;
  stage: 'passcode' | 'user';
  adminLogin: boolean;
  tokenHash: string;
}

export interface CallContext {
  deps: Deps;
  ip: string;
  userAgent: string;
  /** The raw accessToken header, if any. */
  accessToken: string | undefined;
  session: SessionInfo | null;
  /** Headers the handler wants on the HTTP response (e.g. Retry-After). */
  responseHeaders: Record<string, string>;
  /** Extra request data that is not JSON (the uploaded file of a multipart call). */
  file?: UploadedFile;
}

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
  truncated: boolean;
}

/** A context whose session is known to be present (the call's auth level asked for one). */
export type AuthedContext = CallContext & { session: SessionInfo };

export interface HandlerResult<T> {
  data: T;
  message?: string;
}

type Handler<C extends CallDef> = (
  input: z.output<C['request']>,
  ctx: C['auth'] extends 'public' ? CallContext : AuthedContext,
) => Promise<HandlerResult<z.input<C['response']>>>;

interface Registered {
  call: CallDef;
  handler: (input: unknown, ctx: CallContext) => Promise<HandlerResult<unknown>>;
}

export type SessionResolver = (token: string, deps: Deps) => Promise<SessionInfo | null>;

export class Dispatcher {
  private readonly calls = new Map<string, Registered>();

  constructor(
    private readonly deps: Deps,
    private readonly resolveSession: SessionResolver,
  ) {}

  register<C extends CallDef>(call: C, handler: Handler<C>): void {
    if (this.calls.has(call.path)) throw new Error(`Call ${call.path} is registered twice`);
    this.calls.set(call.path, { call, handler: handler as Registered['handler'] });
  }

  has(path: string): boolean {
    return this.calls.has(normalisePath(path));
  }

  isMultipart(path: string): boolean {
    return this.calls.get(normalisePath(path))?.call.multipart === true;
  }

  async dispatch(path: string, body: unknown, ctx: CallContext): Promise<TEnvelope> {
    try {
      return await this.run(path, body, ctx);
    } catch (error) {
      if (error instanceof ApiError) {
        Object.assign(ctx.responseHeaders, error.headers);
        return { code: error.code, message: error.message, data: error.data };
      }
      this.deps.log.error({ err: error, path }, 'call failed');
      return { code: 500, message: 'Something went wrong on our side. Please try again.', data: null };
    }
  }

  private async run(path: string, body: unknown, ctx: CallContext): Promise<TEnvelope> {
    const registered = this.calls.get(normalisePath(path));
    if (!registered) throw new ApiError(404, 'Not found.');
    const { call, handler } = registered;
    if (call.auth !== 'public') await this.authenticate(call, ctx);
    const parsed = call.request.safeParse(body ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    const result = await handler(parsed.data, ctx);
    const data = plain(result.data ?? null);
    if (!this.deps.config.production) {
      // Outside production every answer is checked against the contract, so a drift fails tests.
      const checked = call.response.safeParse(data);
      if (!checked.success) {
        throw new Error(`Response of ${call.path} breaks its contract: ${checked.error.message}`);
      }
    }
    return { code: 200, message: result.message ?? 'Success', data };
  }

  private async authenticate(call: CallDef, ctx: CallContext): Promise<void> {
    const token = ctx.accessToken;
    if (!token) throw new ApiError(401, 'Unauthenticated.');
    const session = await this.resolveSession(token, this.deps);
    if (!session) throw new ApiError(401, 'Your session has ended. Please sign in again.');
    if (call.auth === 'user' && session.stage !== 'user') {
      throw new ApiError(401, 'Please enter your passcode to continue.');
    }
    ctx.session = session;
  }
}

/** 'v1/verify-email', '/v1/verify-email' and 'verify-email' name the same call. */
export function normalisePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/^v1\//, '').replace(/\/+$/, '');
}
