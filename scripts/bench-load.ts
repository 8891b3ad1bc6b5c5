/**
 * Load figures for `npm run bench`: the API as its own process (scripts/api-process.ts)
 * on PGlite or on PostgreSQL. Each call is sent at fixed rates, evenly paced (scripts/bench/paced-load.ts),
 * for a fixed time after a warm-up at the same rate; then autocannon finds the most it answers with
 * a fixed number of connections. Prints throughput, p50 and p99 latency, failures, and the server's
 * resident memory. Prints figures only: nothing here passes or fails on a time.
 */
import autocannon from "autocannon";
import { residentBytes, startApiProcess, stopApiProcess } from "./api-process.ts";
import { failureCause, failureCauses, failureSummary, pacedLoad } from "./bench/paced-load.ts";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database.ts";

/** Requests per second tried for each call, and for how long each. */
const RATES = [50, 200];
/**
 * How the load is sent. A p99 rests on the slowest 1 % of a run's answers: at 200/s over 20 s its
 * 40 slowest, and one pause of a shared machine (a single stall of 140 ms, seen once in a full
 * bench, delays some 60 answers while the queue drains) decides it. The budget's rate is therefore
 * measured for 60 s, where it takes such pauses three times over to move the p99: a figure of the
 * server, not of one moment of the machine.
 */
export const LOAD_SETTINGS = {
  seconds: 20,
  /** At the budget's rate (LOAD_BUDGET.rate). */
  budgetRateSeconds: 60,
  warmupSeconds: 2,
  /** Keep-alive connections the client may open, for the paced runs and for autocannon's. */
  connections: 10,
  /** How long autocannon sends as fast as it is answered. */
  capacitySeconds: 5,
} as const;
const {
  seconds: SECONDS,
  budgetRateSeconds: BUDGET_RATE_SECONDS,
  warmupSeconds: WARMUP_SECONDS,
  connections: CONNECTIONS,
  capacitySeconds: CAPACITY_SECONDS,
} = LOAD_SETTINGS;
const API_KEY = "bench-key";

/** One call at one rate: what the paced run measured (latency in milliseconds from each request's due time). */
export interface LoadRow {
  call: string;
  rate: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  /** The failed ones by cause (scripts/bench/paced-load.ts, failureCause). */
  failures: Record<string, number>;
  total: number;
}

/** One call sent as fast as it is answered over CONNECTIONS connections (autocannon). */
interface CapacityRow {
  call: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  /** The failed ones by cause: "HTTP 503", or the error autocannon met ("request timed out", ...). */
  failures: Record<string, number>;
}

/** The reference API's budget: p99 under this at 200 requests/s, with nothing failed. */
export const LOAD_BUDGET = { rate: 200, p99UnderMs: 50 } as const;

/** True when a row at the budget's rate meets it. */
export function meetsLoadBudget(row: LoadRow): boolean {
  return row.p99Ms < LOAD_BUDGET.p99UnderMs && row.failed === 0;
}

/** The figures of one database: paced rows (LoadRow) and the most each call is answered (CapacityRow). */
export interface LoadFigures {
  rows: LoadRow[];
  capacity: CapacityRow[];
}

const MB = (bytes: number | null) => (bytes === null ? "n/a" : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
/** A duration in milliseconds as the bench prints it, e.g. "12.3 ms". */
export const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * Runs the load on one database.
 * @param label what to print, e.g. "PGlite"
 * @param databaseUrl a PostgreSQL server to make a scratch database on; undefined: PGlite
 */
export async function loadFigures(label: string, databaseUrl: string | undefined): Promise<LoadFigures> {
  const rows: LoadRow[] = [];
  const capacity: CapacityRow[] = [];
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl, "claims_bench") : undefined;
  const server = await startApiProcess({
    API_KEY,
    ...(scratch ? { DATABASE_URL: scratch } : {}),
    // The bench searches far more often than a person may.
    RATE_LIMIT_SEARCH: "9999999/60",
    SEARCH_CHALLENGE_AFTER: "9999999/60",
    RATE_LIMIT_PLAN: "9999999/60",
  });
  try {
    const pid = server.child.pid!;
    console.log(
      `Load on ${label} (the server is its own process; loopback, at most ${CONNECTIONS} keep-alive connections)`,
    );
    console.log(
      `  evenly paced, ${SECONDS} s a rate (${BUDGET_RATE_SECONDS} s at ${LOAD_BUDGET.rate}/s) after ${WARMUP_SECONDS} s at the same rate; latency from each request's due time`,
    );
    console.log(`  resident memory at rest  ${MB(await residentBytes(pid))}`);
    const { cookie, claimId, planId } = await aClaim(server.url, API_KEY);
    const headers = { "x-api-key": API_KEY, "content-type": "application/json", cookie };
    const calls = [
      {
        name: "POST search_plan",
        method: "POST" as const,
        path: "/api/v1/search_plan",
        body: JSON.stringify({ search_type: "search_plan_4", number: "W-E34-WS4566" }),
      },
      { name: "GET plan/{id}", method: "GET" as const, path: `/api/v1/plan/${planId}`, body: undefined },
      { name: "GET claim/{id}", method: "GET" as const, path: `/api/v1/claim/${claimId}`, body: undefined },
    ];
    let peak = 0;
    // Sampled while the load runs: the most the server held.
    const sampler = setInterval(
      () => void residentBytes(pid).then((bytes) => (peak = Math.max(peak, bytes ?? 0))),
      200,
    );
    try {
      for (const call of calls) {
        const paced = { url: `${server.url}${call.path}`, method: call.method, headers, body: call.body };
        for (const rate of RATES) {
          // The same load first, left out of the figures: the budget is for a server that has been
          // answering, not for its first requests (cold start is measured on its own).
          await pacedLoad(paced, rate, WARMUP_SECONDS, CONNECTIONS);
          const result = await pacedLoad(
            paced,
            rate,
            rate === LOAD_BUDGET.rate ? BUDGET_RATE_SECONDS : SECONDS,
            CONNECTIONS,
          );
          const row: LoadRow = { call: call.name, rate, ...result };
          rows.push(row);
          const verdict =
            rate === LOAD_BUDGET.rate
              ? `  [budget p99 < ${LOAD_BUDGET.p99UnderMs} ms, none failed: ${meetsLoadBudget(row) ? "pass" : "FAIL"}]`
              : "";
          console.log(
            `  ${call.name.padEnd(18)} at ${String(rate).padStart(4)}/s: ${result.requestsPerSecond.toFixed(0).padStart(4)} req/s,` +
              ` p50 ${ms(result.p50Ms)}, p99 ${ms(result.p99Ms)}, max ${ms(result.maxMs)}, ${failureSummary(result)}${verdict}`,
          );
        }
        const { result: most, failures } = await mostAnswered({
          url: paced.url,
          method: call.method,
          headers,
          body: call.body,
          connections: CONNECTIONS,
          duration: CAPACITY_SECONDS,
        });
        // autocannon counts its timeouts among its errors.
        const failed = most.errors + most.non2xx;
        capacity.push({
          call: call.name,
          requestsPerSecond: most.requests.average,
          p50Ms: most.latency.p50,
          p99Ms: most.latency.p99,
          failed,
          failures,
        });
        const causes = failureCauses(failures);
        console.log(
          `  ${call.name.padEnd(18)} at most:  ${most.requests.average.toFixed(0).padStart(4)} req/s` +
            ` (autocannon, ${CONNECTIONS} connections, ${CAPACITY_SECONDS} s), p50 ${most.latency.p50} ms, p99 ${most.latency.p99} ms, ${failed} failed${causes ? `: ${causes}` : ""}`,
        );
      }
    } finally {
      clearInterval(sampler);
    }
    console.log(`  resident memory: peak under load ${MB(peak)}, after ${MB(await residentBytes(pid))}`);
    return { rows, capacity };
  } finally {
    await stopApiProcess(server);
    if (scratch) await dropScratchDatabase(databaseUrl!, scratch, "claims_bench");
  }
}

/**
 * Runs autocannon, keeping what each failed request met: its error, or its status when not 2xx.
 * @returns autocannon's result and the failures by cause
 */
function mostAnswered(
  options: autocannon.Options,
): Promise<{ result: autocannon.Result; failures: Record<string, number> }> {
  const failures: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: Error | null, result: autocannon.Result) => {
      if (error) return reject(error);
      for (const [status, { count = 0 }] of Object.entries(result.statusCodeStats ?? {})) {
        if (!status.startsWith("2")) failures[`HTTP ${status}`] = count;
      }
      resolve({ result, failures });
    });
    instance.on("reqError", (error: unknown) => {
      const cause = failureCause(error);
      failures[cause] = (failures[cause] ?? 0) + 1;
    });
  });
}

/**
 * Finds the demo plan W-E34-WS4566 and starts a claim on it.
 * @param base the server's URL without /api/v1
 * @returns the session cookie that owns them, the claim id and the plan id
 */
export async function aClaim(
  base: string,
  apiKey: string,
): Promise<{ cookie: string; claimId: number; planId: number }> {
  const headers = { "x-api-key": apiKey, "content-type": "application/json" };
  const search = await fetch(`${base}/api/v1/search_plan`, {
    method: "POST",
    headers,
    body: JSON.stringify({ search_type: "search_plan_4", number: "W-E34-WS4566" }),
  });
  const cookie = search.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const plan = ((await search.json()) as { customers: Array<{ id: number; customerId: number }> }).customers[0]!;
  const created = await fetch(`${base}/api/v1/insert_claim`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify({
      warrentyId: plan.id,
      customerId: plan.customerId,
      damagedate: "2025-11-01",
      claimdate: "2025-11-01 10:00:00",
      allowSMS: true,
    }),
  });
  const claimId = ((await created.json()) as { result: { claim_id: number } }).result.claim_id;
  return { cookie, claimId, planId: plan.id };
}
