/**
 * OpenTelemetry traces, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/operations.md): the
 * Node SDK exports over OTLP/HTTP; spans are made for requests (@hono/otel, in server/app.ts), and
 * for database queries and storage calls by the wrappers below. Off, nothing is loaded or wrapped.
 * Log lines made inside a span carry its trace_id (server/log.ts).
 */
import { SpanKind, SpanStatusCode, trace, type Attributes, type Context as TraceContext } from "@opentelemetry/api";
import type { Span, SpanProcessor } from "@opentelemetry/sdk-trace";
import type { Database, Queryable } from "./db/db.ts";
import type { Storage } from "./storage/storage.ts";

let tracing = false;

/** True once startTracing has started the SDK in this process. */
export const isTracing = (): boolean => tracing;

/**
 * Starts the SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set (its other OTEL_* settings apply too).
 * Call before the server starts.
 * @returns the SDK's shutdown, which flushes the spans still held; null when tracing is off
 */
export async function startTracing(): Promise<(() => Promise<void>) | null> {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const [{ NodeSDK }, { BatchSpanProcessor }, { OTLPTraceExporter }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/exporter-trace-otlp-http"),
  ]);
  // Metrics are scraped at /metrics and logs read from stdout: the SDK exports traces only.
  process.env.OTEL_METRICS_EXPORTER ??= "none";
  process.env.OTEL_LOGS_EXPORTER ??= "none";
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || "claims-api",
    spanProcessors: [withoutQueries, new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
    instrumentations: [],
  });
  sdk.start();
  tracing = true;
  return () => sdk.shutdown();
}

/** A request's full URL without its query: signatures and searched names and emails ride there. */
const withoutQueries: SpanProcessor = {
  onStart(span: Span, _parent: TraceContext) {
    const url = span.attributes["url.full"];
    if (typeof url === "string" && url.includes("?")) span.setAttribute("url.full", url.slice(0, url.indexOf("?")));
  },
  onEnd: () => {},
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

const tracer = trace.getTracer("claims-api");

/** Runs `fn` in a client span named `name`; a throw marks the span failed and is thrown on. */
function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await fn();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The statement's first words, as a span name: "SELECT", "UPDATE mail_outbox". Never its parameters. */
const operationOf = (sql: string) => /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? "query";

function tracedQueryable<Q extends Queryable>(queryable: Q): Queryable {
  return {
    query: <T>(sql: string, params?: unknown[]) =>
      inSpan(`db ${operationOf(sql)}`, { "db.system.name": "postgresql", "db.query.text": sql.slice(0, 2000) }, () =>
        queryable.query<T>(sql, params),
      ),
  };
}

/** The database with a span per query and per transaction (its queries inside it). */
export function tracedDatabase(db: Database): Database {
  return {
    ...db,
    ...tracedQueryable(db),
    transaction: (fn) => inSpan("db transaction", {}, () => db.transaction((tx) => fn(tracedQueryable(tx)))),
    sharedTransaction: (fn) =>
      inSpan("db shared transaction", {}, () => db.sharedTransaction((tx) => fn(tracedQueryable(tx)))),
  };
}

/** The storage with a span per call that reaches the disk or the bucket. */
export function tracedStorage(storage: Storage): Storage {
  const call = <T>(operation: string, fn: () => Promise<T>) =>
    inSpan(`storage ${operation}`, { "storage.location": storage.location }, fn);
  return {
    ...storage,
    write: (path, bytes) => call("write", () => storage.write(path, bytes)),
    remove: (path) => call("remove", () => storage.remove(path)),
    removeTree: (path) => call("removeTree", () => storage.removeTree(path)),
    size: (path) => call("size", () => storage.size(path)),
    read: (path) => call("read", () => storage.read(path)),
    readStart: (path, count) => call("readStart", () => storage.readStart(path, count)),
    list: (path) => call("list", () => storage.list(path)),
  };
}
