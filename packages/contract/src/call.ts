import type { z } from 'zod';

/**
 * Who may make a call. 'public': anyone. 'passcode': a session that has passed the password
 * step but not yet the passcode (only passcode calls). 'user': a fully signed-in session.
 */
export type TAuthLevel = 'public' | 'passcode' | 'user';

export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** The logical path, as the spec spells it, without the leading 'v1/'. */
  path: string;
  auth: TAuthLevel;
  request: Req;
  response: Res;
  /** The call takes a multipart body (a file) rather than JSON. */
  multipart?: boolean;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(
  def: CallDef<Req, Res>,
): CallDef<Req, Res> {
  return def;
}

export type TCallRequest<C extends CallDef> = z.input<C['request']>;
export type TCallResponse<C extends CallDef> = z.output<C['response']>;

/** Every response: HTTP status equals code; 200 is success. */
export interface TEnvelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}
