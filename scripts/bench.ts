/**
 * `npm run bench`: prints figures, asserts nothing (tests never time things).
 * - The portal beside a bare React 19 page: script weight per screen, Lighthouse, and the budgets
 *   of issue 12 with their verdicts (scripts/bench/portal.ts, which writes docs/performance.md).
 * - Reference server: cold start on a new data folder, warm restart, resident memory.
 * - API latency on loopback: search_plan, plan/{id}, claim/{id}, bounded request counts.
 * - Load on PGlite and, when DATABASE_URL is set, on PostgreSQL (a scratch database made and
 *   dropped there): search_plan and claim/{id} at fixed rates, and the server's memory
 *   (scripts/bench-load.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServerConfig } from "../server/config.ts";
import { startServer } from "../server/start.ts";
import { runPortalBench } from "./bench/portal.ts";
import { aClaim, loadFigures } from "./bench-load.ts";

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

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
  console.log(`  ${label.padEnd(26)} n=${count}  p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  max ${ms(times.at(-1)!)}`);
}

/** Searches far more often than a person may (issue 9's limits would refuse the bench). */
const UNLIMITED: Pick<ServerConfig, "rateLimits"> = {
  rateLimits: { searchPerAddress: [10_000_000, 60], searchPerName: [10_000_000, 60], planLookupPerAddress: [10_000_000, 60] },
};

async function serverFigures() {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-data-"));
  const rssBefore = process.memoryUsage().rss;
  let start = performance.now();
  let server = await startServer({ dataDir, databaseUrl: undefined, ...UNLIMITED });
  console.log("Reference server (PGlite, in this process)");
  console.log(`  cold start (new data)  ${ms(performance.now() - start)}, resident memory +${kB(process.memoryUsage().rss - rssBefore)}`);
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
  await timeRequests("POST search_plan (number)", 200, () => fetch(`${api}/search_plan`, { method: "POST", headers, body: search }));
  const personal = JSON.stringify({ search_type: "search_plan_2", name_first: "jane", name_last: "DOE", phone_number: "212.555.0134" });
  await timeRequests("POST search_plan (phone)", 200, () => fetch(`${api}/search_plan`, { method: "POST", headers, body: personal }));
  await timeRequests("GET plan/{id}", 200, () => fetch(`${api}/plan/${planId}`, { headers }));
  await timeRequests("GET claim/{id}", 200, () => fetch(`${api}/claim/${claimId}`, { headers }));
  console.log(`  resident memory after  ${kB(process.memoryUsage().rss)}`);
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}

await runPortalBench();
await serverFigures();
await loadFigures("PGlite", undefined);
if (process.env.DATABASE_URL) await loadFigures("PostgreSQL (DATABASE_URL)", process.env.DATABASE_URL);
else console.log("Load on PostgreSQL: skipped, DATABASE_URL is not set (README, 'On a real PostgreSQL server')");
