/**
 * `npm run bench`: prints figures, asserts nothing (tests never time things). Flags (`-- --help`
 * lists them): `--load-only`, only the reference server's and the load figures; `--portal-only`,
 * only the portal's figures and budgets; `--hostile-only`, below. Each prints and does not write
 * docs/performance.md.
 * - The portal beside a bare React 19 page: script weight per screen, Lighthouse, a claim step
 *   opened cold from a link, and the budgets with their verdicts (scripts/bench/portal.ts, which
 *   writes docs/performance.md).
 * - Reference server: cold start on a new data folder, warm restart, resident memory.
 * - API latency on loopback: search_plan, plan/{id}, claim/{id}, bounded request counts.
 * - Load on PGlite and, when DATABASE_URL is set, on PostgreSQL (a scratch database made and
 *   dropped there): search_plan, plan/{id} and claim/{id} evenly paced at fixed rates, the most
 *   each is answered, and the server's memory (scripts/bench-load.ts).
 * - OCR time of a receipt photo (scripts/bench/ocr.ts).
 * - Bounded work per request: each costliest body's server CPU per KiB, and the p99 of normal calls
 *   at 200/s while six of the costliest are in flight (scripts/bench/hostile-load.ts). With
 *   `-- --hostile-only`, only these, printed and not written.
 * - What logs and metrics cost: the p99 of claim/{id} at 200/s with both on against both off
 *   (scripts/bench/observability-cost.ts). The load above runs as deployed, logging every request.
 */
import { appendFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { ServerConfig } from "../server/config.ts";
import { startServer } from "../server/start.ts";
import { runPortalBench } from "./bench/portal.ts";
import { ocrFigures } from "./bench/ocr.ts";
import {
  HOSTILE_BUDGET,
  HOSTILE_SECONDS,
  hostileFigures,
  meetsHostileBudget,
  type HostileFigures,
} from "./bench/hostile-load.ts";
import {
  OBSERVABILITY_BUDGET,
  meetsObservabilityBudget,
  observabilityCost,
  type ObservabilityCost,
} from "./bench/observability-cost.ts";
import { failureCauses, nearestRank, type PacedResult } from "./bench/paced-load.ts";
import {
  aClaim,
  LOAD_BUDGET,
  LOAD_SETTINGS,
  loadFigures,
  meetsLoadBudget,
  ms,
  type LoadFigures,
} from "./bench-load.ts";

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function timeRequests(label: string, count: number, send: () => Promise<Response>) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const response = await send();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(26)} n=${count}  p50 ${ms(nearestRank(times, 50))}  p95 ${ms(nearestRank(times, 95))}  max ${ms(times.at(-1)!)}`,
  );
}

/** Searches far more often than a person may (the API's rate limits would refuse the bench). */
const UNLIMITED: Pick<ServerConfig, "rateLimits"> = {
  rateLimits: {
    searchPerAddress: [10_000_000, 60],
    planLookupPerAddress: [10_000_000, 60],
    draftsPerAddress: [10_000_000, 60],
    claimStatusPerAddress: [10_000_000, 60],
  },
};

/** Cold-start budget: `npm start` on a new data folder ready in under this many milliseconds. */
const COLD_START_BUDGET_MS = 2000;

/** @returns the cold start on a new data folder, in milliseconds */
async function serverFigures(): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-data-"));
  const rssBefore = process.memoryUsage().rss;
  let start = performance.now();
  let server = await startServer({ dataDir, databaseUrl: undefined, ...UNLIMITED });
  console.log("Reference server (PGlite, in this process)");
  const coldStartMs = performance.now() - start;
  console.log(
    `  cold start (new data)  ${ms(coldStartMs)}, resident memory +${kB(process.memoryUsage().rss - rssBefore)}  [budget < ${COLD_START_BUDGET_MS} ms: ${coldStartMs < COLD_START_BUDGET_MS ? "pass" : "FAIL"}]`,
  );
  await server.close();
  start = performance.now();
  server = await startServer({ dataDir, databaseUrl: undefined, ...UNLIMITED });
  console.log(`  warm restart           ${ms(performance.now() - start)}`);

  const api = `${server.url}/api/v1`;
  const search = JSON.stringify({ search_type: "search_plan_4", number: "W-E34-WS4566" });
  // Plans and claims answer only the session that found them (SECURITY.md).
  const { cookie, claimId, planId } = await aClaim(server.url, server.config.apiKey);
  const headers = { "x-api-key": server.config.apiKey, "content-type": "application/json", cookie };

  console.log("API latency on loopback (sequential)");
  await timeRequests("POST search_plan (number)", 200, () =>
    fetch(`${api}/search_plan`, { method: "POST", headers, body: search }),
  );
  const personal = JSON.stringify({
    search_type: "search_plan_2",
    name_first: "jane",
    name_last: "DOE",
    phone_number: "212.555.0134",
  });
  await timeRequests("POST search_plan (phone)", 200, () =>
    fetch(`${api}/search_plan`, { method: "POST", headers, body: personal }),
  );
  await timeRequests("GET plan/{id}", 200, () => fetch(`${api}/plan/${planId}`, { headers }));
  await timeRequests("GET claim/{id}", 200, () => fetch(`${api}/claim/${claimId}`, { headers }));
  console.log(`  resident memory after  ${kB(process.memoryUsage().rss)}`);
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
  return coldStartMs;
}

/** A run's "failed" cell: how many (of how many, when counted) and why, e.g. "2 of 12000 (socket hang up (ECONNRESET) x2)". */
function failedCell({
  failed,
  failures,
  total,
}: Pick<PacedResult, "failed" | "failures"> & { total?: number }): string {
  const causes = failureCauses(failures);
  return `${failed}${total === undefined ? "" : ` of ${total}`}${causes ? ` (${causes})` : ""}`;
}

/** Adds the reference API's figures and verdicts to docs/performance.md (written by the portal bench). */
async function reportApi(
  coldStartMs: number,
  load: LoadFigures,
  hostile: HostileFigures,
  observability: ObservabilityCost,
): Promise<void> {
  const rows = load.rows.map((row) => {
    const verdict = row.rate === LOAD_BUDGET.rate ? (meetsLoadBudget(row) ? "pass" : "FAIL") : "-";
    return `| ${row.call} | ${row.rate}/s | ${row.requestsPerSecond.toFixed(0)} req/s | ${row.p50Ms.toFixed(1)} ms | ${row.p99Ms.toFixed(1)} ms | ${failedCell(row)} | ${verdict} |`;
  });
  const capacity = load.capacity.map(
    (row) =>
      `| ${row.call} | ${row.requestsPerSecond.toFixed(0)} req/s | ${row.p50Ms} ms | ${row.p99Ms} ms | ${failedCell(row)} |`,
  );
  await appendFile(
    "docs/performance.md",
    `
## The reference API (PGlite, its own process, loopback)

Cold start on a new data folder: ${Math.round(coldStartMs)} ms (budget under ${COLD_START_BUDGET_MS} ms: ${coldStartMs < COLD_START_BUDGET_MS ? "pass" : "FAIL"}).

Each call evenly paced at the rate asked for ${LOAD_SETTINGS.seconds} s (${LOAD_SETTINGS.budgetRateSeconds} s at the budget's ${LOAD_BUDGET.rate}/s), after ${LOAD_SETTINGS.warmupSeconds} s at the same rate, over at most
${LOAD_SETTINGS.connections} keep-alive connections (scripts/bench/paced-load.ts); latency runs from when each request was
due, so a request sent late counts its wait.

| call | rate asked | served | p50 | p99 | failed | budget: p99 < ${LOAD_BUDGET.p99UnderMs} ms at ${LOAD_BUDGET.rate}/s, none failed |
|---|---|---|---|---|---|---|
${rows.join("\n")}

The most each call is answered: autocannon, ${LOAD_SETTINGS.connections} connections, each sending its next request as soon
as the last is answered, for ${LOAD_SETTINGS.capacitySeconds} s.

| call | served | p50 | p99 | failed |
|---|---|---|---|---|
${capacity.join("\n")}

${observabilityLine(observability)}
${hostileReport(hostile)}`,
  );
}

/** What logs and metrics cost the p99, as one line of the bench's output and of docs/performance.md. */
function observabilityLine(cost: ObservabilityCost): string {
  const rise = (ms: number, against: number) => {
    const percent = (ms / against - 1) * 100;
    return `${percent >= 0 ? "+" : ""}${percent.toFixed(0)}%`;
  };
  const sides = (pick: (side: ObservabilityCost["on"]) => number) =>
    `on ${pick(cost.on).toFixed(1)} ms against off ${pick(cost.off).toFixed(1)} ms (${rise(pick(cost.on), pick(cost.off))}), ` +
    `the control (a second server with both off) ${pick(cost.offAgain).toFixed(1)} ms (${rise(pick(cost.offAgain), pick(cost.off))})`;
  return (
    `Logs and metrics on (every request logged, /metrics scraped every 15 s) against both off, GET claim/{id} at ${OBSERVABILITY_BUDGET.rate}/s ` +
    `to each of three servers at once, their requests interleaved, ${OBSERVABILITY_BUDGET.rounds} runs of ${OBSERVABILITY_BUDGET.seconds} s on ${OBSERVABILITY_BUDGET.generations} fresh sets. Median of the runs' p99s: ${sides((side) => side.medianRoundMs)}. ` +
    `p99 over all requests: ${sides((side) => side.pooledMs)}. ${cost.failed} failed ` +
    `[budget: median p99 at most +${OBSERVABILITY_BUDGET.p99RiseUnder * 100}%, none failed: ${meetsObservabilityBudget(cost) ? "pass" : "FAIL"}]`
  );
}

/** The bounded-work figures as a section of docs/performance.md. */
function hostileReport(hostile: HostileFigures): string {
  const rows = hostile.bodies.map(
    (body) =>
      `| ${body.name} | ${body.call} | ${(body.bytes / 1024).toFixed(0)} KiB | ${body.status || "closed"}, ${body.answerBytes} bytes | ${body.cpuMs.toFixed(1)} ms | ${body.msPerKiB.toFixed(3)} ms |`,
  );
  const { alone, normal } = hostile;
  return `
### Under attack: bounded work per request

The costliest bodies a client may send with the public API key alone, each sent again and again
on its own; server CPU (user + system, from /proc) per request and per KiB sent.

| body | call | size | answer | CPU a request | CPU per KiB |
|---|---|---|---|---|---|
${rows.join("\n")}

GET claim/{id} evenly paced at ${HOSTILE_BUDGET.rate}/s for ${HOSTILE_SECONDS} s, alone and then while ${HOSTILE_BUDGET.inFlight} of "${hostile.worst.name}"
(the costliest) are in flight all the time, each sent again as soon as it is answered:

| GET claim/{id} at ${HOSTILE_BUDGET.rate}/s | p50 | p99 | failed | budget: p99 < ${HOSTILE_BUDGET.p99UnderMs} ms, none failed |
|---|---|---|---|---|
| alone | ${alone.p50Ms.toFixed(1)} ms | ${alone.p99Ms.toFixed(1)} ms | ${failedCell(alone)} | - |
| ${HOSTILE_BUDGET.inFlight} costliest bodies in flight (${hostile.hostileAnswered} answered meanwhile) | ${normal.p50Ms.toFixed(1)} ms | ${normal.p99Ms.toFixed(1)} ms | ${failedCell(normal)} | ${meetsHostileBudget(hostile) ? "pass" : "FAIL"} |
`;
}

/** Adds the OCR time of a receipt photo to docs/performance.md. */
async function reportOcr(ocr: Awaited<ReturnType<typeof ocrFigures>>): Promise<void> {
  await appendFile(
    "docs/performance.md",
    `
## Reading a receipt photo (tesseract.js eng+spa in Node, the browser's WebAssembly core)

Jane Doe's invoice photo (test/fixtures/invoices/jane-doe-invoice.jpg): median ${ocr.medianMs} ms of ${ocr.runsMs.length} runs (${ocr.runsMs.join(", ")} ms), after ${ocr.workerReadyMs} ms to start the worker with its trained data; fields ${ocr.readRight ? "read right" : "NOT read right"}. A phone is slower than this machine; the portal reads on the device, in a worker, so the page stays responsive meanwhile.
`,
  );
}

const USAGE = `Usage: npm run bench [-- FLAG]
  (none)          everything; writes docs/performance.md
  --portal-only   the portal beside the bare React page: builds, Lighthouse, budgets (printed, not written)
  --load-only     the reference server's and the load figures (printed, not written)
  --hostile-only  the bounded-work figures (printed, not written)
  --help          this text`;

let flags: { "portal-only"?: boolean; "load-only"?: boolean; "hostile-only"?: boolean; help?: boolean };
try {
  flags = parseArgs({
    options: {
      "portal-only": { type: "boolean" },
      "load-only": { type: "boolean" },
      "hostile-only": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}
// --hostile-only: the bounded-work figures alone, printed (also as docs/performance.md's section) but not written.
if (flags["hostile-only"]) {
  console.log(hostileReport(await hostileFigures()));
  process.exit(0);
}
// --portal-only: the portal's figures alone, printed but not written (the API's sections would be lost).
if (flags["portal-only"]) {
  const verdicts = await runPortalBench({ write: false });
  const failed = verdicts.filter((verdict) => !verdict.pass).length;
  console.log(failed ? `${failed} of ${verdicts.length} budgets FAIL` : `All ${verdicts.length} budgets pass`);
  // Lighthouse's sockets would keep the process alive.
  process.exit(0);
}
// --load-only: the reference API's figures alone, printed but not written (no build, no Lighthouse).
const loadOnly = flags["load-only"] === true;
// The load first, while this process is small: the client runs here, and after Lighthouse and an
// in-process PGlite this process holds some 2 GB, whose collector pauses then showed in the p99
// (208-222 ms in two full runs, 26-49 ms alone).
const apiLoad = await loadFigures("PGlite", undefined);
const hostile = await hostileFigures();
const observability = await observabilityCost();
console.log(observabilityLine(observability));
const coldStartMs = await serverFigures();
if (!loadOnly) await runPortalBench({ write: true });
if (!loadOnly) await reportApi(coldStartMs, apiLoad, hostile, observability);
if (!loadOnly) await reportOcr(await ocrFigures());
if (process.env.DATABASE_URL) await loadFigures("PostgreSQL (DATABASE_URL)", process.env.DATABASE_URL);
else console.log("Load on PostgreSQL: skipped, DATABASE_URL is not set (README, 'On a real PostgreSQL server')");
