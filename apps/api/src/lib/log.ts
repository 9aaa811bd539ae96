import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { traceIdsForLogs, tracingOn } from './tracing.js';

/**
 * What the server logs, and what it never logs: errors keep their type, message, statement
 * and stack, but not the values bound to a failed query (a password hash, an email) nor the database's
 * `detail` line (`Key (email)=(…) already exists`); request logs name the method and address, never
 * headers, tokens or passwords.
 */
const REDACTED = '[redacted]';
const SECRET_FIELDS = ['password', 'password2', 'passwordHash', 'refresh', 'access', 'token'];

function scrub(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  // Drizzle writes "Failed query: <statement>\nparams: <values>" into the message and the stack.
  // PostgreSQL quotes the offending value in some messages ("invalid input syntax for type integer: "…"").
  return text
    .replace(/^params: .*$/gm, `params: ${REDACTED}`)
    .replace(/(invalid input (?:syntax|value) for [^:\n]+: ).*$/gm, `$1${REDACTED}`);
}

interface LoggedError {
  type: string;
  message?: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  query?: unknown;
  cause?: LoggedError;
}

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!err || typeof err !== 'object') return { type: typeof err, message: scrub(String(err)) };
  const e = err as Error & { code?: unknown; statusCode?: unknown; query?: unknown; cause?: unknown };
  return {
    type: e.constructor?.name ?? e.name ?? 'Error',
    message: scrub(e.message),
    stack: scrub(e.stack),
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
    ...(typeof e.query === 'string' ? { query: e.query } : {}),
    ...(e.cause && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/** The app's logger options: the level (or the caller's options) plus the serializers and redaction above. */
export function loggerOptions(level: string, logger: LoggerOption | undefined): LoggerOption {
  if (logger === false) return false;
  const given = logger && typeof logger === 'object' ? logger : {};
  return {
    level,
    // With tracing on, every line written inside a span names its trace (lib/tracing.ts).
    ...(tracingOn() ? { mixin: traceIdsForLogs } : {}),
    ...given,
    serializers: { ...((given as { serializers?: object }).serializers ?? {}), err: serializeError },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        // Secrets at the top of a logged object and one level down (`{ password }`, `{ body: { password } }`).
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((field) => `*.${field}`),
        'err.params',
        'err.detail',
      ],
      censor: REDACTED,
    },
  } as LoggerOption;
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];
type LevelValues = { levels?: { values: Record<string, number> } };

/**
 * A request's logger that becomes pino's child logger only when the request logs a line at a level
 * that is on. pino's child() writes the bindings out through the redaction above at once: about 6% of
 * the CPU of a cached catalogue read (docs/decisions/0007), for a logger that at the production level
 * (`warn`) never writes for most requests. Lines that are written are the same as the child's.
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
    private readonly threshold: number,
    private readonly values: Record<string, number>,
  ) {}

  private made(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  /** One line at `level`: dropped at once when that level is off and no child was made. */
  write(level: Level, args: unknown[]): void {
    if (!this.#child && this.values[level]! < this.threshold) return;
    (this.made()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.made().level = level;
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }
}
// fatal() … trace(), on the prototype: one object per request, no closures.
for (const level of LEVELS) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value(this: RequestLogger, ...args: unknown[]) {
      this.write(level, args);
    },
  });
}

/** Fastify's `childLoggerFactory`: a RequestLogger over pino, or pino's own child for another logger. */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const values = (logger as FastifyBaseLogger & LevelValues).levels?.values;
  const threshold = values?.[options.level ?? logger.level];
  if (!values || threshold === undefined) return logger.child(bindings, options);
  return new RequestLogger(logger, bindings, options, threshold, values) as unknown as FastifyBaseLogger;
}

/** A pino transport (a worker thread), as `pino.transport` takes it. */
type TransportOptions = Parameters<typeof pino.transport>[0];

export interface LogStream {
  stream: DestinationStream;
  /** Writes every line still waiting, waiting for a write already under way (shutdown). */
  close(): Promise<void>;
  /** Writes every line still waiting, at once, synchronously (a fatal error). */
  flush(): void;
}

/** What of a pino transport (thread-stream) the batch below uses. */
interface WorkerStream extends DestinationStream {
  flushSync(): void;
  flush?(cb?: (err?: Error) => void): void;
}

/**
 * Lines gathered on the request's thread and handed to the worker together, every `LINES_EVERY_MS`
 * or as soon as `LINES_BYTES` of them wait, whichever comes first. Handing each line to the worker as
 * it comes cost a request more than writing it: thread-stream copies what it was given into the shared
 * buffer once per turn of the event loop and wakes the worker each time (`Atomics.notify`, a system
 * call and a thread woken), and under load a turn holds one or two requests, so that was about 17% of
 * a kept answer's CPU at `info` (docs/decisions/0020-logging-and-a-million-titles.md, "One hand-over
 * every few milliseconds"). A batch is one string, one copy and one wake-up for hundreds of lines.
 *
 * No line is lost by waiting: `flushSync()` (shutdown, a fatal error) hands over the batch first, and
 * so does the process's `exit`, before pino's own handler ends the worker; the timer keeps the process
 * alive until the batch has gone.
 */
export class BatchedLines implements DestinationStream {
  static readonly LINES_EVERY_MS = 20;
  static readonly LINES_BYTES = 256 * 1024;
  #lines = '';
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly worker: WorkerStream) {}

  write(line: string): boolean {
    this.#lines += line;
    if (this.#lines.length >= BatchedLines.LINES_BYTES) this.handOver();
    else this.#timer ??= setTimeout(this.handOver, BatchedLines.LINES_EVERY_MS);
    return true;
  }

  /** Gives the worker every line gathered so far. */
  readonly handOver = (): void => {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#lines === '') return;
    const lines = this.#lines;
    this.#lines = '';
    this.worker.write(lines);
  };

  /** pino's `logger.flush(cb)`: the batch handed over, `cb` called once the worker has written it. */
  flush(cb?: (err?: Error) => void): void {
    this.handOver();
    if (this.worker.flush) this.worker.flush(cb);
    else cb?.();
  }

  /** Every line, gathered or in the worker's buffer, written before this returns. */
  flushSync(): void {
    this.handOver();
    this.worker.flushSync();
  }
}

/**
 * Where the server's lines go: the process's standard output, written by a worker thread (a pino
 * transport), so that a line costs the request about a microsecond of formatting and copying, and
 * never a system call or a wait on a slow pipe (docs/decisions/0020-logging-and-a-million-titles.md,
 * where sonic-boom's asynchronous mode, measured too, cost 2 to 5 µs a line on the request's thread).
 * JSON lines go to `pino/file` on descriptor 1; in a terminal `pretty` (pino-pretty) formats them.
 * Lines reach the worker in batches (`BatchedLines`).
 *
 * `close()` (shutdown) and `flush()` (a crash) wait until the worker has written every line handed to
 * it; pino also does it on `exit`.
 */
export function openLogStream(pretty?: TransportOptions): LogStream {
  const worker = pino.transport(pretty ?? { target: 'pino/file', options: { destination: 1 } }) as WorkerStream;
  const stream = new BatchedLines(worker);
  // Before pino's own `exit` handler, which ends the worker (pino/lib/transport.js).
  process.prependListener('exit', stream.handOver);
  const flush = () => {
    try {
      stream.flushSync();
    } catch {
      // the worker has already ended (a second signal): nothing is left to write
    }
  };
  return { stream, flush, close: async () => flush() };
}
