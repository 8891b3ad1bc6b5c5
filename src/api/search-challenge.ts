/**
 * The portal's side of plan search's proof-of-work (SECURITY.md, "Guessing is slowed, nobody is
 * locked out"; the wire in contract/challenge.ts): a challenge the API sent is solved off the main
 * thread by altcha-lib's solver, whose code loads only then (src/lib/challenge-solver.ts), and the
 * proof goes back in the X-Altcha header of the same search.
 */
import * as v from "valibot";
import { challengeSchema, type ChallengePayload } from "../../contract/challenge.ts";

/** A solved challenge: altcha-lib's `Payload`, `{ challenge, solution: { counter, derivedKey } }`. */
export type ChallengeProof = ChallengePayload;

/** The X-Altcha value of a proof: standard base64 of its JSON (UTF-8), as the `altcha` widget sends it. */
export function proofHeader(proof: ChallengeProof): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(JSON.stringify(proof))) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Solves a challenge searchPlans returned, in Web Workers.
 * @param challenge the `challenge` of a search answer (validated again here: the machine holds it untyped)
 * @returns the proof to send with the search again
 * @throws Error when it is no challenge, or the solver failed or gave up (its time limit)
 */
export async function solveSearchChallenge(challenge: unknown): Promise<ChallengeProof> {
  const parsed = v.parse(challengeSchema, challenge);
  const { solveInWorkers } = await import("../lib/challenge-solver.ts");
  const { counter, derivedKey } = await solveInWorkers(parsed);
  return { challenge: parsed, solution: { counter, derivedKey } };
}
