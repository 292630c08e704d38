import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogFn = FastifyBaseLogger['info'];
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/**
 * Fastify gives every request a child logger (its `reqId` binding); with the redaction paths,
 * pino's child costs about as much as the rest of a cached API read (docs/performance.md). This one
 * makes the child only when the request writes a line its level lets through, with the same
 * bindings, so the lines are those Fastify's own child would have written. A class, so a request
 * creates one object and no closure.
 */
class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: Parameters<LogFn>): void {
    this.write('fatal', args);
  }

  error(...args: Parameters<LogFn>): void {
    this.write('error', args);
  }

  warn(...args: Parameters<LogFn>): void {
    this.write('warn', args);
  }

  info(...args: Parameters<LogFn>): void {
    this.write('info', args);
  }

  debug(...args: Parameters<LogFn>): void {
    this.write('debug', args);
  }

  trace(...args: Parameters<LogFn>): void {
    this.write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  private real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  private write(level: Level, args: Parameters<LogFn>): void {
    // pino's own test: a line below the logger's level is written by no one, so needs no child.
    if (this.#child === undefined && !enabled(this.parent, level)) return;
    this.real()[level](...args);
  }
}

export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // A route with a level of its own needs the real child from the start.
  if (options.level !== undefined) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings, options);
}

function enabled(logger: FastifyBaseLogger, level: Level): boolean {
  const check = (logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return check === undefined ? true : check.call(logger, level);
}

/**
 * One access line per request, 'request completed', holding what Fastify writes in two
 * ('incoming request', 'request completed'): the request and reply serializers' fields
 * (method, URL, host, address, port; status, time), never a secret. Written by a child of the
 * app's logger without the redaction paths: redacting them was half of what logging a request
 * cost, and the second line a tenth of the verification's throughput (docs/performance.md).
 * Every other line, a request's own and its errors, goes through the request's logger, redacted.
 * One per app (it keeps that app's child). A route with a level of its own has a real child that
 * says whether it writes `info`; otherwise the access child's own level, the app's, decides.
 */
export class AccessLogController extends LogController {
  #access: FastifyBaseLogger | undefined;

  // Its fields go in the completion's line.
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) return super.requestCompleted(error, request, reply);
    if (this.isLogDisabled(request) || !enabled(request.log, 'info')) return;
    this.access(request).info(
      {
        [this.requestIdLogLabel]: request.id,
        req: request,
        res: reply,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }

  private access(request: FastifyRequest): FastifyBaseLogger {
    this.#access ??= request.server.log.child({}, { redact: [] });
    return this.#access;
  }
}
