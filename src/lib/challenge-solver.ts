/**
 * altcha-lib's solver for plan search's proof-of-work, run in Web Workers (challenge-worker.ts) so
 * the page stays responsive while a phone works for a second or so (SECURITY.md, "Guessing is
 * slowed, nobody is locked out"). Loaded with import() when the API first sends a challenge, so
 * none of it is in the app's startup chunks.
 */
import { solveChallengeWorkers } from "altcha-lib";
import type { Challenge } from "../../contract/challenge.ts";

/**
 * Workers that search counters side by side. More than the phone's cores only adds overhead; a
 * few suffice for the cost the API sets.
 */
const MAX_WORKERS = 4;

/** Longest a solve may take, in milliseconds, before the portal gives up and says so. */
const SOLVE_TIMEOUT_MS = 60_000;

/**
 * Finds the counter whose derived key starts with the challenge's key prefix.
 * @returns altcha-lib's Solution: `{ counter, derivedKey, time }`
 * @throws Error when no worker found one within SOLVE_TIMEOUT_MS, or a worker failed
 */
export async function solveInWorkers(
  challenge: Challenge,
): Promise<{ counter: number; derivedKey: string; time?: number }> {
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1),
    createWorker: () => new Worker(new URL("./challenge-worker.ts", import.meta.url), { type: "module" }),
    timeout: SOLVE_TIMEOUT_MS,
  });
  if (!solution) throw new Error("The challenge was not solved in time");
  return solution;
}
