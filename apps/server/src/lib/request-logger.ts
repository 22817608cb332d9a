import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString, LogFn } from 'pino';

/**
 * A request's logger (`req.log`, `reply.log`): the pino child with the request id, made on the
 * request's first log call. Request logging is off (app.ts), so nearly every request logs nothing;
 * making the child anyway (pino copies the parent, builds its formatters and writes the bindings'
 * JSON) was a visible share of a small call's CPU (docs/benchmarks.md#the-per-request-path).
 * A line logged through it is the one the child would write: same bindings, level and serializers.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindingsOf: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child, made on first use. */
  target(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindingsOf, this.options));
  }

  get level(): LevelWithSilentOrString {
    return this.target().level;
  }

  set level(level: LevelWithSilentOrString) {
    this.target().level = level;
  }

  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.target().child(bindings, options);
  }
}

// The log methods, on the prototype (fields would cost a closure each per request): each makes the
// child and logs through it.
for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value(this: RequestLogger, ...args: Parameters<LogFn>): void {
      this.target()[level](...args);
    },
    writable: true,
    configurable: true,
  });
}

/** Fastify's `childLoggerFactory`: the request's child logger, made when first used. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}
