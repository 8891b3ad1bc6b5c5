/**
 * An open-loop load at a steady rate (the budget "p99 under 50 ms at 200 requests/s"): request i is
 * due at i / rate seconds and is sent then, whether or not earlier ones have been answered, over a
 * bounded pool of keep-alive connections. Its latency runs from when it was due, so a request the
 * client could only send late (every connection busy, or this process held up) counts its wait.
 *
 * Why not autocannon's `overallRate`: autocannon lets each connection send its share of a second's
 * requests back to back as the second starts, then idle (a "heartbeat", mcollina/autocannon#174),
 * so "200/s" there is a burst of 200 a second. Its correction for coordinated omission also takes
 * `Math.ceil(1 / rate)`, 1 ms, as the interval between requests, which adds a made-up sample for
 * every millisecond of each answer. autocannon stays for what it measures well: the most a server
 * answers with a fixed number of connections (bench-load.ts).
 */
import { Agent, request } from "node:http";
import type { Socket } from "node:net";

/** One request, sent again and again. */
export interface PacedCall {
  /** Full URL. */
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}

/** What a paced run measured; latencies in milliseconds from when each request was due. */
export interface PacedResult {
  /** Answered with 2xx per second of the run. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answered with another status, or failed on the connection. */
  failed: number;
  /** The failed ones by cause (failureCause): "HTTP 503", "socket hang up (ECONNRESET)", ... */
  failures: Record<string, number>;
  /** Requests sent. */
  total: number;
  /** Every answered request's latency, in milliseconds, ascending (runs are pooled from them). */
  latencies: number[];
}

/** The longest a pooled connection stays idle, in ms, unless the server announces less (Keep-Alive: timeout=). */
const IDLE_TIMEOUT_MS = 60_000;

/**
 * Sends `call` at `rate` requests per second for `seconds`, over at most `connections` keep-alive
 * connections (a request due while all are busy waits for one, and that wait counts).
 * @returns once every request has been answered or has failed
 */
export async function pacedLoad(
  call: PacedCall,
  rate: number,
  seconds: number,
  connections: number,
): Promise<PacedResult> {
  // With a timeout the Agent heeds the server's Keep-Alive hint and drops an idle connection a second
  // before the server would; without one it keeps it until the server closes it under a request.
  const agent = new Agent({ keepAlive: true, maxSockets: connections, timeout: IDLE_TIMEOUT_MS });
  const intervalMs = 1000 / rate;
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failed = 0;
  const failures: Record<string, number> = {};
  const fail = (cause: string) => {
    failed++;
    failures[cause] = (failures[cause] ?? 0) + 1;
  };
  const answered: Promise<void>[] = [];
  const start = performance.now();
  try {
    for (let i = 0; i < total; i++) {
      const due = start + i * intervalMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      answered.push(
        send(call, agent).then(
          (status) =>
            status >= 200 && status < 300 ? void latencies.push(performance.now() - due) : fail(`HTTP ${status}`),
          (error: Error) => fail(error.message),
        ),
      );
    }
    await Promise.all(answered);
  } finally {
    agent.destroy();
  }
  const elapsedSeconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsedSeconds,
    p50Ms: nearestRank(latencies, 50),
    p99Ms: nearestRank(latencies, 99),
    maxMs: latencies.at(-1) ?? Number.NaN,
    failed,
    failures,
    total,
    latencies,
  };
}

/**
 * What a request failed on, short enough to count and print: its error's message with its code when
 * the message does not hold it, e.g. "socket hang up (ECONNRESET)" or "read ECONNRESET".
 */
export function failureCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
}

/** Failures by cause, the most frequent first, e.g. "socket hang up (ECONNRESET) x2, HTTP 503 x1"; "" for none. */
export function failureCauses(failures: Readonly<Record<string, number>>): string {
  return Object.entries(failures)
    .sort(([, a], [, b]) => b - a)
    .map(([cause, count]) => `${cause} x${count}`)
    .join(", ");
}

/**
 * A run's failures as the bench prints them, e.g. "2 failed of 12000: socket hang up (ECONNRESET) x2"
 * or "0 failed of 12000".
 */
export function failureSummary({
  failed,
  failures,
  total,
}: Pick<PacedResult, "failed" | "failures" | "total">): string {
  const causes = failureCauses(failures);
  return `${failed} failed of ${total}${causes ? `: ${causes}` : ""}`;
}

/** Connections that have carried a request. */
const carried = new WeakSet<Socket>();

/**
 * Sends one request and reads its whole answer.
 * @returns its status
 * @throws an Error whose message is the failure's cause (failureCause)
 */
function send(call: PacedCall, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    // Whether the connection had carried an earlier request tells a kept-alive one closed under it
    // apart. Node's reusedSocket says so only for a connection idle when the request was made, not
    // for one handed over as the request before it was answered, so each connection is remembered.
    let reused = false;
    const failed = (error: Error) =>
      reject(new Error(`${failureCause(error)}${reused ? ", on a reused connection" : ""}`));
    const outgoing = request(call.url, { method: call.method, headers: call.headers, agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", failed);
    });
    outgoing.on("socket", (socket) => {
      reused = carried.has(socket);
      carried.add(socket);
    });
    outgoing.on("error", failed);
    outgoing.end(call.body);
  });
}

/** The nearest-rank percentile of sorted values (NaN for none). */
export function nearestRank(sorted: readonly number[], percent: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1)]!;
}
