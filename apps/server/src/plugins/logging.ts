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
// And it never holds the process: lines go to stdout without blocking (StdoutLog below).
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

/** Where log lines go: stdout by default (StdoutLog), a test's capture. */
export interface LogStream {
  write(line: string): void;
}

/** Log lines waiting for stdout beyond this many bytes are dropped rather than queued. */
export const LOG_BACKLOG_BYTES_MAX = 1024 * 1024;
/** How often flush() looks whether the backlog has gone out. */
const FLUSH_POLL_MS = 10;
/** pino's number for the warn level, for the line StdoutLog writes about lines it dropped. */
const PINO_WARN_LEVEL = 40;

/** The standard stream StdoutLog writes to: process.stdout, or a test's stand-in. */
type OutputStream = Pick<NodeJS.WriteStream, 'write' | 'writableLength' | 'on' | 'once' | 'off'>;

/**
 * The log's way to stdout, which never blocks the process and never throws. pino's own default
 * (an asynchronous SonicBoom on fd 1) queues without limit while the reader does not read, and on
 * exit flushes synchronously, retrying every 100 ms for as long as the pipe stays full: a server
 * whose log reader stopped reading could not exit. Here:
 *  - lines are handed to process.stdout, which on a pipe writes what fits at once and queues the
 *    rest for the event loop (never a blocking write, never a thread of the pool held);
 *  - while more than `backlogBytesMax` waits, lines are dropped and counted; once the backlog
 *    has gone out, one line says how many were lost;
 *  - once stdout has failed (EPIPE: the reader went away), every line is dropped, and stderr
 *    says so once. Without a listener, that error would end the process.
 * A line lost when stdout cannot take it is acceptable; a process that cannot stop is not.
 */
export class StdoutLog implements LogStream {
  /** Lines dropped over the process's life. */
  droppedLines = 0;
  /** Why stdout cannot be written any more (an error code), once it failed. */
  failure: string | undefined;
  private droppedUnreported = 0;

  constructor(
    private readonly out: OutputStream = process.stdout,
    private readonly notices: OutputStream = process.stderr,
    private readonly backlogBytesMax = LOG_BACKLOG_BYTES_MAX,
  ) {
    out.on('error', (error: NodeJS.ErrnoException) => this.fail(error));
    // A notice that cannot be written either is lost; its error must not end the process.
    notices.on('error', () => {});
    out.on('drain', () => this.reportDropped());
  }

  write(line: string): void {
    if (this.failure !== undefined || this.out.writableLength > this.backlogBytesMax) {
      this.droppedLines++;
      this.droppedUnreported++;
      return;
    }
    this.out.write(line);
  }

  /**
   * Resolves once everything written has gone out, stdout failed, or `timeoutMs` passed: the
   * last lines before exit get a moment, never more. Polled: a stream emits 'drain' only after a
   * write it refused, so a short backlog would never announce that it has gone.
   */
  flush(timeoutMs: number): Promise<void> {
    const giveUpAtMs = Date.now() + timeoutMs;
    const done = () => this.failure !== undefined || this.out.writableLength === 0 || Date.now() >= giveUpAtMs;
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const poll = setInterval(() => {
        if (!done()) return;
        clearInterval(poll);
        resolve();
      }, FLUSH_POLL_MS);
    });
  }

  /**
   * The last words before exit: waits for the backlog as flush() does, then, if lines were
   * dropped, says how many on stderr (stdout may be the very stream that could not take them).
   */
  async finish(timeoutMs: number): Promise<void> {
    await this.flush(timeoutMs);
    this.noticeDropped();
  }

  /** Says on stderr how many lines were dropped over the process's life, if any. */
  noticeDropped(): void {
    if (this.droppedLines === 0) return;
    const why = this.failure ?? 'it was not read fast enough';
    this.notices.write(`${this.droppedLines} log lines were dropped: stdout could not take them (${why}).\n`);
  }

  private fail(error: NodeJS.ErrnoException): void {
    if (this.failure !== undefined) return;
    this.failure = error.code ?? error.message;
    this.notices.write(`The log cannot be written to stdout any more (${this.failure}): its lines are dropped from now on.\n`);
  }

  private reportDropped(): void {
    if (this.droppedUnreported === 0 || this.failure !== undefined) return;
    const line = {
      level: PINO_WARN_LEVEL,
      time: Date.now(),
      droppedLines: this.droppedUnreported,
      msg: 'log lines were dropped: stdout was not read fast enough',
    };
    this.droppedUnreported = 0;
    this.out.write(`${JSON.stringify(line)}\n`);
  }
}

let processStdoutLog: StdoutLog | undefined;

/** The process's one stdout log: stdout is one per process, and so are its backlog and its error listener. */
export function stdoutLog(): StdoutLog {
  processStdoutLog ??= new StdoutLog();
  return processStdoutLog;
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
export function loggerOptions(level: string, stream: LogStream = stdoutLog()): FastifyServerOptions['logger'] {
  return {
    level,
    stream,
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
