/**
 * What the operator's view costs the API, for `npm run bench`: GET claim/{id} evenly paced on three
 * servers at once, one logging every request (LOG_LEVEL=info) and counting everything (METRICS_TOKEN,
 * scraped as Prometheus does by default, every 15 s), two with both off; the second is the control,
 * how far two identical servers lie apart here.
 * The three are loaded together, their requests interleaved, because this virtual machine's pauses
 * (its host's steal, another process's burst) moved one side's p99 by up to a factor of two when
 * the sides took turns; together, a pause falls on all three alike. A process keeps its own speed
 * (its heap, its compiled code) for its life, so each side runs as a few fresh processes in turn.
 * Each side's p99 is the median of its rounds' p99s; the pooled p99 is printed too.
 * Prints figures and a verdict: the p99 with both on at most 10% above the p99 with both off.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { startApiProcess, stopApiProcess } from "../api-process.ts";
import { aClaim, LOAD_SETTINGS } from "../bench-load.ts";
import { nearestRank, pacedLoad, type PacedCall, type PacedResult } from "./paced-load.ts";

const API_KEY = "bench-key";
const METRICS_TOKEN = "bench-metrics-token";
/** Fresh sets of three processes, one after another, and the rounds each set runs, of SECONDS each. */
const GENERATIONS = 6;
const ROUNDS_EACH = 3;
const SECONDS = 10;
/** Requests per second to each server: three at once make 150/s; at 100/s each, the three and the client kept both cores busy and the p99 measured the queue. */
const RATE = 50;
/** Prometheus's default scrape interval. */
const SCRAPE_EVERY_MS = 15_000;
/** The budget: p99 with logs and metrics on at most this much above the p99 without. */
export const OBSERVABILITY_BUDGET = {
  rate: RATE,
  rounds: GENERATIONS * ROUNDS_EACH,
  seconds: SECONDS,
  generations: GENERATIONS,
  p99RiseUnder: 0.1,
} as const;

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
  const rounds: number[][][] = [[], [], []];
  let failed = 0;
  for (let generation = 0; generation < GENERATIONS; generation++) {
    const measured = await oneGeneration();
    measured.rounds.forEach((sideRounds, side) => rounds[side]!.push(...sideRounds));
    failed += measured.failed;
  }
  const [on, off, offAgain] = rounds.map(sideP99) as [SideP99, SideP99, SideP99];
  return { on, off, offAgain, failed };
}

/** One process a side, started afresh, warmed up, then ROUNDS_EACH rounds. */
async function oneGeneration(): Promise<{ rounds: number[][][]; failed: number }> {
  const servers = await Promise.all([
    startApiProcess({ API_KEY, LOG_LEVEL: "info", METRICS_TOKEN }),
    startApiProcess({ API_KEY, LOG_LEVEL: "silent" }),
    startApiProcess({ API_KEY, LOG_LEVEL: "silent" }),
  ]);
  const scrape = setInterval(
    () =>
      void fetch(`${servers[0].url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(
        (answer) => answer.text(),
      ),
    SCRAPE_EVERY_MS,
  );
  try {
    const calls = await Promise.all(
      servers.map(async (server) => {
        const { cookie, claimId } = await aClaim(server.url, API_KEY);
        return {
          url: `${server.url}/api/v1/claim/${claimId}`,
          method: "GET" as const,
          headers: { "x-api-key": API_KEY, cookie },
        };
      }),
    );
    await together(calls, LOAD_SETTINGS.warmupSeconds);
    const rounds: number[][][] = calls.map(() => []);
    let failed = 0;
    for (let round = 0; round < ROUNDS_EACH; round++) {
      const results = await together(calls, SECONDS);
      results.forEach((result, side) => rounds[side]!.push(result.latencies));
      failed += results.reduce((sum, result) => sum + result.failed, 0);
    }
    return { rounds, failed };
  } finally {
    clearInterval(scrape);
    await Promise.all(servers.map(stopApiProcess));
  }
}

/** Loads every call at RATE for `seconds`, all at once, each offset by a share of the interval so their requests interleave. */
function together(calls: readonly PacedCall[], seconds: number): Promise<PacedResult[]> {
  const shareMs = 1000 / RATE / calls.length;
  return Promise.all(
    calls.map(async (call, side) => {
      await sleep(side * shareMs);
      return pacedLoad(call, RATE, seconds, LOAD_SETTINGS.connections);
    }),
  );
}
