/**
 * What the operator's view costs the API, for `npm run bench`: GET claim/{id} evenly paced at 200/s
 * on three servers, one logging every request (LOG_LEVEL=info) and counting everything
 * (METRICS_TOKEN, scraped as Prometheus does by default, every 15 s), two with both off. Short runs
 * take turns, many rounds. Each side's p99 is the median of its rounds' p99s: one pause of the machine
 * (a virtual machine's steal, another process's burst) moves the p99 of the round it falls in, and
 * taken over all requests it decided the verdict by where it fell. The pooled p99 is printed too.
 * The second server with both off is the control: how far two identical servers lie apart here.
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

/** One side's p99 in milliseconds: the median of its rounds' p99s, and over all its requests. */
export interface SideP99 {
  medianRoundMs: number;
  pooledMs: number;
}

/** The three sides' p99s. */
export interface ObservabilityCost {
  on: SideP99;
  off: SideP99;
  /** The control: the second server with both off. */
  offAgain: SideP99;
  /** Requests that failed, all sides. */
  failed: number;
}

/** True when the cost stays within OBSERVABILITY_BUDGET (median round p99s) and nothing failed. */
export function meetsObservabilityBudget(cost: ObservabilityCost): boolean {
  return cost.on.medianRoundMs <= cost.off.medianRoundMs * (1 + OBSERVABILITY_BUDGET.p99RiseUnder) && cost.failed === 0;
}

/**
 * A side's p99 from the latencies of each of its rounds (milliseconds): the median of the rounds'
 * p99s (the lower middle one for an even count), and the p99 of all of them together.
 */
export function sideP99(rounds: readonly (readonly number[])[]): SideP99 {
  const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
  const perRound = sorted(rounds.map((latencies) => nearestRank(sorted(latencies), 99)));
  return { medianRoundMs: nearestRank(perRound, 50), pooledMs: nearestRank(sorted(rounds.flat()), 99) };
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
    const rounds: number[][][] = calls.map(() => []);
    let failed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts with the next side, so none always runs first (after the previous round's last).
      for (let turn = 0; turn < calls.length; turn++) {
        const side = (round + turn) % calls.length;
        const result = await pacedLoad(calls[side]!, RATE, SECONDS, LOAD_SETTINGS.connections);
        rounds[side]!.push(result.latencies);
        failed += result.failed;
      }
    }
    const [on, off, offAgain] = rounds.map(sideP99) as [SideP99, SideP99, SideP99];
    return { on, off, offAgain, failed };
  } finally {
    clearInterval(scrape);
    await Promise.all(servers.map(stopApiProcess));
  }
}
