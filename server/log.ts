/**
 * The server's log: one JSON line per event on stdout (pino), at LOG_LEVEL (default info; `silent`
 * for none). Personal data and secrets are redacted by key wherever they appear in a line's fields,
 * and each line made inside a traced request carries its trace_id and span_id (docs/operations.md).
 * `npm start` in a terminal prints them readable (pino-pretty); LOG_FORMAT=json or pretty decides.
 */
import { isSpanContextValid, trace } from "@opentelemetry/api";
import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";

/** Field names whose values are never written: people's details, cookies, keys, signed URLs. */
const PERSONAL = [
  "email",
  "phone",
  "name",
  "firstName",
  "lastName",
  "address",
  "street",
  "city",
  "zip",
  "to",
  "recipient",
  "cookie",
  "authorization",
  "x-api-key",
  "apiKey",
  "staffKey",
  "metricsToken",
  "sig",
  "signature",
  "url",
];

/** Every place those names are redacted: a line's own fields, one level down, and a database error's detail. */
const REDACTED_PATHS = [
  ...PERSONAL.flatMap((key) => [`["${key}"]`, `*["${key}"]`]),
  "err.detail",
  "err.parameters",
  "err.where",
];

/**
 * Makes a logger.
 * @param level pino level name (trace, debug, info, warn, error, fatal, silent)
 * @param destination where lines go: a stream, "pretty" (pino-pretty in a worker), or stdout by default
 * @throws when `level` is not a level name
 */
function createLogger(level: string, destination?: DestinationStream | "pretty"): Logger {
  const options: LoggerOptions = {
    level,
    base: undefined,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    // The fields OpenTelemetry's pino instrumentation writes, so a line joins its trace.
    mixin() {
      const context = trace.getActiveSpan()?.spanContext();
      if (!context || !isSpanContextValid(context)) return {};
      return { trace_id: context.traceId, span_id: context.spanId, trace_flags: `0${context.traceFlags.toString(16)}` };
    },
  };
  // pino-pretty is a development dependency, loaded by its transport only when asked for.
  if (destination === "pretty")
    return pino({ ...options, transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } } });
  // Written from a buffer as stdout takes it: a slow reader of the log must not hold up requests.
  // pino flushes what is left when the process exits.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}

/** Readable lines for a person at a terminal running `npm start`; JSON everywhere else. */
const pretty =
  process.env.LOG_FORMAT === "pretty" ||
  (process.env.LOG_FORMAT !== "json" && process.env.npm_lifecycle_event === "start" && process.stdout.isTTY === true);

/** The process's logger. */
export const log: Logger = createLogger(process.env.LOG_LEVEL || "info", pretty ? "pretty" : undefined);
