/**
 * `npm run bench`: prints figures, asserts nothing (tests never time things).
 * - Portal size: gzip bytes of every built JS and CSS asset, and of what the first page loads.
 * - Reference server: cold start on a new data folder, warm restart, resident memory.
 * - API latency on loopback: search_plan, plan/{id}, claim/{id}, bounded request counts.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { startServer } from "../server/start.ts";

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function portalSize() {
  const outDir = await mkdtemp(join(tmpdir(), "bench-portal-"));
  await build({ logLevel: "silent", build: { outDir, emptyOutDir: true } });
  const assets = join(outDir, "assets");
  const files = (await readdir(assets)).filter((name) => /\.(js|css)$/.test(name));
  const sizes = await Promise.all(files.map(async (name) => ({ name, gzip: gzipSync(await readFile(join(assets, name))).length })));
  const html = await readFile(join(outDir, "index.html"), "utf8");
  const entry = sizes.filter((file) => html.includes(file.name));
  console.log("Portal (gzip)");
  console.log(`  all JS and CSS        ${kB(sizes.reduce((sum, file) => sum + file.gzip, 0))} in ${sizes.length} files`);
  console.log(`  loaded by index.html  ${kB(entry.reduce((sum, file) => sum + file.gzip, 0))}`);
  for (const file of sizes.sort((a, b) => b.gzip - a.gzip).slice(0, 5)) console.log(`  ${file.name.padEnd(40)} ${kB(file.gzip)}`);
  await rm(outDir, { recursive: true, force: true });
}

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

async function serverFigures() {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-data-"));
  const rssBefore = process.memoryUsage().rss;
  let start = performance.now();
  let server = await startServer({ dataDir });
  console.log("Reference server");
  console.log(`  cold start (new data)  ${ms(performance.now() - start)}, resident memory +${kB(process.memoryUsage().rss - rssBefore)}`);
  await server.close();
  start = performance.now();
  server = await startServer({ dataDir });
  console.log(`  warm restart           ${ms(performance.now() - start)}`);

  const headers = { "x-api-key": server.config.apiKey, "content-type": "application/json" };
  const api = `${server.url}/api/v1`;
  const search = JSON.stringify({ search_type: "search_plan_4", number: "W-E34-WS4566" });
  const found = (await (await fetch(`${api}/search_plan`, { method: "POST", headers, body: search })).json()) as { customers: Array<{ id: number; customerId: number }> };
  const plan = found.customers[0]!;
  const created = (await (
    await fetch(`${api}/insert_claim`, {
      method: "POST",
      headers,
      body: JSON.stringify({ warrentyId: plan.id, customerId: plan.customerId, damagedate: "2026-11-01", claimdate: "2026-11-01 10:00:00", allowSMS: true }),
    })
  ).json()) as { result: { claim_id: number } };

  console.log("API latency on loopback (sequential)");
  await timeRequests("POST search_plan (number)", 200, () => fetch(`${api}/search_plan`, { method: "POST", headers, body: search }));
  const personal = JSON.stringify({ search_type: "search_plan_2", name_first: "jane", name_last: "DOE", phone_number: "212.555.0134" });
  await timeRequests("POST search_plan (phone)", 200, () => fetch(`${api}/search_plan`, { method: "POST", headers, body: personal }));
  await timeRequests("GET plan/{id}", 200, () => fetch(`${api}/plan/${plan.id}`, { headers }));
  await timeRequests("GET claim/{id}", 200, () => fetch(`${api}/claim/${created.result.claim_id}`, { headers }));
  console.log(`  resident memory after  ${kB(process.memoryUsage().rss)}`);
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}

await portalSize();
await serverFigures();
