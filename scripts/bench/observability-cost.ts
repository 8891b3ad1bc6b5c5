/**
 * What the operator's view costs the API, for `npm run bench`: GET claim/{id} evenly paced at 200/s
 * on three servers, one logging every request (LOG_LEVEL=info) and counting everything
 * (METRICS_TOKEN, scraped as Prometheus does by default, every 15 s), two with both off. Short runs
 * take turns, many rounds, and each side's p99 is taken over all its requests, so a busy moment of
 * the machine falls on every side alike. The second server with both off is the control: how far two
 * identical servers' p99s lie apart on this machine, which the cost has to be read against.
 * Prints figures; the budget is the p99 with both on within 10% of the p99 without (docs/operations.md).
 */
import { startApiProcess, stopApiProcess } from "../api-process.ts";
import { aClaim, LOAD_SETTINGS } from "../bench-load.ts";
import { nearestRank, pacedLoad } from "./paced-load.ts";

const API_KEY = "bench-key";
const METRICS_TOKEN = "bench-metrics-token";
/** Turns each side takes, and how long each turn runs, in seconds (after one warm-up per side). */
const ROUNDS = 12;
const SECONDS = 5;
const RATE = 200;
/** Prometheus's default scrape interval. */
const SCRAPE_EVERY_MS = 15_000;
/** The budget: p99 with logs and metrics on at most this much above the p99 without. */
export const OBSERVABILITY_BUDGET = { rate: RATE, p99RiseUnder: 0.1 } as const;

/** Each side's p99 over all its requests, in milliseconds. */
export interface ObservabilityCost {
  onP99Ms: number;
  offP99Ms: number;
  /** The control: the second server with both off. */
  offAgainP99Ms: number;
  /** Requests that failed, all sides. */
  failed: number;
}

/** True when the cost stays within OBSERVABILITY_BUDGET. */
export function meetsObservabilityBudget(cost: ObservabilityCost): boolean {
  return cost.onP99Ms <= cost.offP99Ms * (1 + OBSERVABILITY_BUDGET.p99RiseUnder) && cost.failed === 0;
}

/** Measures the three sides; see the file's docstring. */
export async function observabilityCost(): Promise<ObservabilityCost> {
  const servers = await Promise.all([
    startApiProcess({ API_KEY, LOG_LEVEL: "info", METRICS_TOKEN }),
    startApiProcess({ API_KEY, LOG_LEVEL: "silent" }),
    startApiProcess({ API_KEY, LOG_LEVEL: "silent" }),
  ]);
  const scrape = setInterval(() => void fetch(`${servers[0].url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((answer) => answer.text()), SCRAPE_EVERY_MS);
  try {
    const calls = await Promise.all(servers.map(async (server) => {
      const { cookie, claimId } = await aClaim(server.url, API_KEY);
      return { url: `${server.url}/api/v1/claim/${claimId}`, method: "GET" as const, headers: { "x-api-key": API_KEY, cookie } };
    }));
    for (const call of calls) await pacedLoad(call, RATE, LOAD_SETTINGS.warmupSeconds, LOAD_SETTINGS.connections);
    const latencies: number[][] = calls.map(() => []);
    let failed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts with the next side, so none always runs first (after the previous round's last).
      for (let turn = 0; turn < calls.length; turn++) {
        const side = (round + turn) % calls.length;
        const result = await pacedLoad(calls[side]!, RATE, SECONDS, LOAD_SETTINGS.connections);
        latencies[side]!.push(...result.latencies);
        failed += result.failed;
      }
    }
    const [onP99Ms, offP99Ms, offAgainP99Ms] = latencies.map((side) => nearestRank(side.sort((a, b) => a - b), 99)) as [number, number, number];
    return { onP99Ms, offP99Ms, offAgainP99Ms, failed };
  } finally {
    clearInterval(scrape);
    await Promise.all(servers.map(stopApiProcess));
  }
}
