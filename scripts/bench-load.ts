/**
 * Load figures for `npm run bench` (issue 14): the API as its own process (scripts/api-process.ts)
 * on PGlite or on PostgreSQL, driven by autocannon on loopback at fixed request rates for a fixed
 * time; prints throughput, p50 and p99 latency, failures, and the server's resident memory. Prints
 * figures only: nothing here passes or fails on a time.
 */
import autocannon from "autocannon";
import { residentBytes, startApiProcess, stopApiProcess } from "./api-process.ts";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database.ts";

/** Requests per second tried for each call, and for how long each. */
const RATES = [50, 200];
const SECONDS = 10;
const WARMUP_SECONDS = 2;
const CONNECTIONS = 10;
const API_KEY = "bench-key";

/** One call at one rate: what autocannon measured (latency in milliseconds). */
export interface LoadRow {
  call: string;
  rate: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  total: number;
}

/** Issue 12's budget for the reference API: p99 under this at 200 requests/s, with nothing failed. */
export const LOAD_BUDGET = { rate: 200, p99UnderMs: 50 } as const;

/** True when a row at the budget's rate meets it. */
export function meetsLoadBudget(row: LoadRow): boolean {
  return row.p99Ms < LOAD_BUDGET.p99UnderMs && row.failed === 0;
}

const MB = (bytes: number | null) => (bytes === null ? "n/a" : `${(bytes / 1024 / 1024).toFixed(0)} MB`);

/**
 * Runs the load on one database.
 * @param label what to print, e.g. "PGlite"
 * @param databaseUrl a PostgreSQL server to make a scratch database on; undefined: PGlite
 */
export async function loadFigures(label: string, databaseUrl: string | undefined): Promise<LoadRow[]> {
  const rows: LoadRow[] = [];
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl, "claims_bench") : undefined;
  const server = await startApiProcess({
    API_KEY, ...(scratch ? { DATABASE_URL: scratch } : {}),
    // The bench searches far more often than a person may.
    RATE_LIMIT_SEARCH: "9999999/60", RATE_LIMIT_SEARCH_NAME: "9999999/60", RATE_LIMIT_PLAN: "9999999/60",
  });
  try {
    const pid = server.child.pid!;
    console.log(`Load on ${label} (autocannon, ${CONNECTIONS} connections, ${SECONDS} s a rate after ${WARMUP_SECONDS} s of warm-up; the server is its own process)`);
    console.log(`  resident memory at rest  ${MB(await residentBytes(pid))}`);
    const { cookie, claimId, planId } = await aClaim(server.url, API_KEY);
    const headers = { "x-api-key": API_KEY, "content-type": "application/json", cookie };
    const calls = [
      { name: "POST search_plan", method: "POST" as const, path: "/api/v1/search_plan", body: JSON.stringify({ search_type: "search_plan_4", number: "W-E34-WS4566" }) },
      { name: "GET plan/{id}", method: "GET" as const, path: `/api/v1/plan/${planId}`, body: undefined },
      { name: "GET claim/{id}", method: "GET" as const, path: `/api/v1/claim/${claimId}`, body: undefined },
    ];
    let peak = 0;
    for (const call of calls) {
      for (const rate of RATES) {
        // Sampled while the load runs: the most the server held.
        const sampler = setInterval(() => void residentBytes(pid).then((bytes) => (peak = Math.max(peak, bytes ?? 0))), 200);
        // autocannon 9 takes `warmup`; its published types do not list it yet.
        const options: autocannon.Options & { warmup: Pick<autocannon.Options, "connections" | "duration"> } = {
          url: `${server.url}${call.path}`, method: call.method, headers, body: call.body,
          connections: CONNECTIONS, overallRate: rate, duration: SECONDS,
          // The same load first, left out of the figures: the budget is for a server that has been
          // answering, not for its first requests (cold start is measured on its own).
          warmup: { connections: CONNECTIONS, duration: WARMUP_SECONDS },
        };
        const result = await autocannon(options);
        clearInterval(sampler);
        const failed = result.errors + result.timeouts + result.non2xx;
        const row: LoadRow = { call: call.name, rate, requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99, failed, total: result.requests.total };
        rows.push(row);
        const verdict = rate === LOAD_BUDGET.rate ? `  [budget p99 < ${LOAD_BUDGET.p99UnderMs} ms, none failed: ${meetsLoadBudget(row) ? "pass" : "FAIL"}]` : "";
        console.log(
          `  ${call.name.padEnd(18)} at ${String(rate).padStart(4)}/s: ${result.requests.average.toFixed(0).padStart(4)} req/s,`
          + ` p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${failed} failed of ${result.requests.total}${verdict}`,
        );
      }
    }
    console.log(`  resident memory: peak under load ${MB(peak)}, after ${MB(await residentBytes(pid))}`);
    return rows;
  } finally {
    await stopApiProcess(server);
    if (scratch) await dropScratchDatabase(databaseUrl!, scratch, "claims_bench");
  }
}

/**
 * Finds the demo plan W-E34-WS4566 and starts a claim on it.
 * @param base the server's URL without /api/v1
 * @returns the session cookie that owns them, the claim id and the plan id
 */
export async function aClaim(base: string, apiKey: string): Promise<{ cookie: string; claimId: number; planId: number }> {
  const headers = { "x-api-key": apiKey, "content-type": "application/json" };
  const search = await fetch(`${base}/api/v1/search_plan`, { method: "POST", headers, body: JSON.stringify({ search_type: "search_plan_4", number: "W-E34-WS4566" }) });
  const cookie = search.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const plan = ((await search.json()) as { customers: Array<{ id: number; customerId: number }> }).customers[0]!;
  const created = await fetch(`${base}/api/v1/insert_claim`, {
    method: "POST", headers: { ...headers, cookie },
    body: JSON.stringify({ warrentyId: plan.id, customerId: plan.customerId, damagedate: "2025-11-01", claimdate: "2025-11-01 10:00:00", allowSMS: true }),
  });
  const claimId = ((await created.json()) as { result: { claim_id: number } }).result.claim_id;
  return { cookie, claimId, planId: plan.id };
}
