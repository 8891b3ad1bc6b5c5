/**
 * What the operator's view costs the API, for `npm run bench`: GET claim/{id} evenly paced at 200/s
 * on two servers at once, one logging every request (LOG_LEVEL=info, its lines read as a collector
 * would) and counting everything (METRICS_TOKEN, scraped as Prometheus does by default, every
 * 15 s), the other with both off;
 * runs alternate between them so a busy moment of the machine falls on both. Prints figures; the
 * budget is the p99 with both on within 10% of the p99 without (docs/operations.md).
 */
import { startApiProcess, stopApiProcess } from "../api-process.ts";
import { aClaim, LOAD_SETTINGS } from "../bench-load.ts";
import { pacedLoad } from "./paced-load.ts";

const API_KEY = "bench-key";
const METRICS_TOKEN = "bench-metrics-token";
/** Runs a side, alternating, each this long after a warm-up. */
const ROUNDS = 3;
const SECONDS = 20;
const RATE = 200;
/** Prometheus's default scrape interval. */
const SCRAPE_EVERY_MS = 15_000;
/** The budget: p99 with logs and metrics on at most this much above the p99 without. */
export const OBSERVABILITY_BUDGET = { rate: RATE, p99RiseUnder: 0.1 } as const;

/** The median p99 (ms) of each side, over the rounds. */
export interface ObservabilityCost {
  onP99Ms: number;
  offP99Ms: number;
  /** Requests that failed, both sides. */
  failed: number;
}

/** True when the cost stays within OBSERVABILITY_BUDGET. */
export function meetsObservabilityBudget(cost: ObservabilityCost): boolean {
  return cost.onP99Ms <= cost.offP99Ms * (1 + OBSERVABILITY_BUDGET.p99RiseUnder) && cost.failed === 0;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Measures both sides; see the file's docstring. */
export async function observabilityCost(): Promise<ObservabilityCost> {
  const on = await startApiProcess({ API_KEY, LOG_LEVEL: "info", METRICS_TOKEN });
  const off = await startApiProcess({ API_KEY, LOG_LEVEL: "silent" });
  const scrape = setInterval(() => void fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((answer) => answer.text()), SCRAPE_EVERY_MS);
  try {
    const calls = await Promise.all([on, off].map(async (server) => {
      const { cookie, claimId } = await aClaim(server.url, API_KEY);
      return { url: `${server.url}/api/v1/claim/${claimId}`, method: "GET" as const, headers: { "x-api-key": API_KEY, cookie } };
    }));
    const p99s: [number[], number[]] = [[], []];
    let failed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of [0, 1] as const) {
        await pacedLoad(calls[side]!, RATE, LOAD_SETTINGS.warmupSeconds, LOAD_SETTINGS.connections);
        const result = await pacedLoad(calls[side]!, RATE, SECONDS, LOAD_SETTINGS.connections);
        p99s[side].push(result.p99Ms);
        failed += result.failed;
      }
    }
    return { onP99Ms: median(p99s[0]), offP99Ms: median(p99s[1]), failed };
  } finally {
    clearInterval(scrape);
    await Promise.all([stopApiProcess(on), stopApiProcess(off)]);
  }
}
