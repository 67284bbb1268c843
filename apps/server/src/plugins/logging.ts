// The server's logger: what it writes at every level, trace included, never carries a secret.
//  - Headers that authenticate (accessToken, Authorization, Cookie, Set-Cookie, an API key)
//    are censored wherever a request or reply object is logged.
//  - Fields named like secrets (password, passcode, otp, token, hash, secret, card number, cvc)
//    are censored at the top level and one or two levels down, whoever logs them.
//  - An error is logged by its type, message, code and stack only: a database error's detail
//    ("Failing row contains (...)") and a driver's query parameters quote rows and values
//    (password and session hashes among them), so they are dropped.
//  - A request line carries the path without its query string, and a path that is itself a
//    bearer secret (the 3-D Secure page's token) is cut to its prefix, in request lines and in
//    any message (Fastify's "Route GET:<url> not found").
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const CENSOR = '[redacted]';

/** Field names that hold a secret, wherever they appear in a logged object. */
const SECRET_FIELDS = [
  'accessToken',
  'accesstoken',
  'token',
  'password',
  'confirmPassword',
  'passcode',
  'confirmPasscode',
  'otp',
  'hash',
  'transactionHash',
  'token_hash',
  'code_hash',
  'password_hash',
  'passcode_hash',
  'secret',
  'clientSecret',
  'client_secret',
  'cardNumber',
  'cvc',
  'verResponse',
  'deviceToken',
  'device_token',
] as const;

const SECRET_HEADERS = ['accesstoken', 'authorization', 'cookie', 'set-cookie', 'x-api-key', 'proxy-authorization'] as const;

/** Everything the log must never carry, at any level. */
export const LOG_REDACT_PATHS: string[] = [
  ...SECRET_HEADERS.flatMap((header) => [`req.headers["${header}"]`, `res.headers["${header}"]`, `headers["${header}"]`]),
  ...SECRET_FIELDS.flatMap((field) => [`${field}`, `*.${field}`, `*.*.${field}`]),
];

/** Where log lines go: stdout by default, a test's capture. */
export interface LogStream {
  write(line: string): void;
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as the log may show it: never its detail, query, parameters or the row it failed on. */
export function safeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a non-error value was thrown', stack: '' };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    stack: error.stack ?? '',
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
  };
}

/** Paths whose segments after a prefix are bearer secrets. */
const SECRET_PATH_PREFIXES = ['/gateway/3ds/'];
/** The same secrets inside free text (a framework's message: "Route GET:/gateway/3ds/<token> not found"). */
const SECRET_IN_TEXT = /\/gateway\/3ds\/[^\s?"]+/g;

/** The path a request line shows: no query string, and no secret that the path itself carries. */
export function loggedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  const secretPrefix = SECRET_PATH_PREFIXES.find((prefix) => path.startsWith(prefix));
  return secretPrefix ? `${secretPrefix}${CENSOR}` : path;
}

/** A log message with the secrets a path can carry cut out. */
export function scrubbedText(text: string): string {
  return text.replace(SECRET_IN_TEXT, `/gateway/3ds/${CENSOR}`);
}

/** The logger options of the Fastify instance. */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: LOG_REDACT_PATHS, censor: CENSOR },
    hooks: {
      // Messages are text, out of reach of the redaction paths: scrub them on the way out.
      logMethod(args, method) {
        return method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubbedText(arg) : arg)) as typeof args);
      },
    },
    serializers: {
      err: safeError,
      error: safeError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedPath(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
