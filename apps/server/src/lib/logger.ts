// The one logger factory. Errors are serialized without the data they carried: drizzle puts every
// SQL parameter into its error message ("params: ..."), and PostgreSQL repeats values in its
// message and detail ("Key (mobile)=(139...) already exists"), so phones and addresses would land
// in the logs of any failing query.
import type { FastifyBaseLogger } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type LogFn, type Logger } from 'pino';

/** Keys that hold a failed statement's values (drizzle's params, PostgreSQL's detail and context). */
const VALUE_KEYS = ['params', 'parameters', 'detail', 'where', 'internalQuery'];
/** A mainland mobile number anywhere in a message (not inside a longer digit run such as an order number). */
const PHONE = /(?<!\d)1\d{10}(?!\d)/g;

function scrub(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]').replace(PHONE, '[phone]');
}

/** pino's error serializer, then the values taken out. */
export function serializeError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== 'object') return out;
  for (const key of VALUE_KEYS) delete out[key];
  for (const key of Object.keys(out)) {
    const value = out[key];
    if (typeof value === 'string') out[key] = scrub(value);
  }
  return out;
}

/** The chat socket's path carries the shopper's token (spec 7): a request line shows it as [redacted]. */
const CHAT_SOCKET_TOKEN = /(\/im\/websocket\/online\/user\/)[^/?#]*/;

export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(CHAT_SOCKET_TOKEN, '$1[redacted]');
}

/** Fastify's request serializer, with the URL's token taken out. */
function serializeRequest(req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { err: serializeError, error: serializeError, req: serializeRequest },
      // Tokens and contact details never reach a log line, whoever logs them.
      redact: { paths: ['req.headers.authorization', 'headers.authorization', '*.mobile', '*.receiver', '*.addr'], censor: '[redacted]' },
    },
    destination,
  );
}

/**
 * A request's logger that becomes the real child (with the request id) only when something logs
 * through it. With request logs off most requests never log, and building a pino child for each
 * (its bindings serialized, its level set) was about 3% of a flash-sale burst's CPU (decision 062).
 * Fastify's `childLoggerFactory` when request logs are off.
 */
export function lazyChildLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyChild(parent, bindings, options) as unknown as FastifyBaseLogger;
}

class LazyChild {
  private made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}
  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }
  get level() {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  fatal(...args: Parameters<LogFn>) {
    this.real.fatal(...args);
  }
  error(...args: Parameters<LogFn>) {
    this.real.error(...args);
  }
  warn(...args: Parameters<LogFn>) {
    this.real.warn(...args);
  }
  info(...args: Parameters<LogFn>) {
    this.real.info(...args);
  }
  debug(...args: Parameters<LogFn>) {
    this.real.debug(...args);
  }
  trace(...args: Parameters<LogFn>) {
    this.real.trace(...args);
  }
  silent(...args: Parameters<LogFn>) {
    this.real.silent(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.real.child(bindings, options);
  }
}
