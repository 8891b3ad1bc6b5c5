/**
 * Guessing is slowed, nobody is locked out (SECURITY.md; wire contract: contract/challenge.ts).
 * Failed plan searches are counted per client address and per searched name or number; once either
 * count reaches SEARCH_CHALLENGE_AFTER within its window, a search runs only with a solved ALTCHA
 * proof-of-work, each solution spent once. The right details always find the plan: at worst after
 * about a second of the browser's work, never after a refusal.
 *
 * Challenges are altcha-lib's deterministic ones (PBKDF2/SHA-256): the server picks the counter
 * the browser must reach, so the work is predictable (50 to 150 attempts of SEARCH_CHALLENGE_COST
 * iterations), and checking a solution is one HMAC. The counts and the spent solutions live in the
 * rate limiter's store, shared by every process on PostgreSQL.
 */
import { createHash, createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import * as v from "valibot";
import {
  CHALLENGE_ALGORITHM,
  CHALLENGE_REQUIRED,
  challengePayloadSchema,
  type ChallengeAnswer,
} from "../../contract/challenge.ts";
import type { ServerConfig } from "../config.ts";
import type { RateLimiter } from "./rate-limit.ts";

/** How long a challenge can be solved and sent, in seconds. */
const CHALLENGE_SECONDS = 300;
/** Attempts a solution takes: the counter is drawn between these. */
const COUNTER_MIN = 50;
const COUNTER_MAX = 150;
/** Longest X-Altcha header read (a real one is under 1 KB). */
const MAX_HEADER_CHARS = 4096;

/** A search counted as failed until it finds a plan. */
interface SearchAttempt {
  /** Whether it must carry a solved challenge: its address or its name failed often enough before. */
  challenged: boolean;
  /** Takes the count back: the search found a plan, or did not run. */
  undo(): Promise<void>;
}

/** The proof-of-work step of plan search. */
export interface SearchChallenges {
  /**
   * Counts a search from this address, of this name or number, before it runs: counted first, so
   * that many guesses sent at once cannot all slip in before the first of them is counted.
   * @param searched the name or number folded as the search compares it (routes/plans.ts
   *   searchedName), so spellings that find the same plans share one count
   */
  attempt(address: string, searched: string): Promise<SearchAttempt>;
  /**
   * Checks the X-Altcha header and spends its solution.
   * @returns true when it holds a valid, unexpired solution of one of our challenges not spent before
   */
  redeem(header: string | undefined): Promise<boolean>;
  /** The 428 body: a fresh signed challenge. */
  answer(): Promise<ChallengeAnswer>;
}

/**
 * The challenge step over a rate limiter's store.
 * @param config `searchChallenge` (when and how much work) and `sessionSecret`, from which the
 *   challenges' HMAC keys are derived (so every process sharing it accepts the others' challenges)
 */
export function searchChallenges(
  config: Pick<ServerConfig, "searchChallenge" | "sessionSecret">,
  limiter: RateLimiter,
): SearchChallenges {
  const { after, cost } = config.searchChallenge;
  const [allowed] = after;
  const secretOf = (purpose: string) =>
    createHmac("sha256", config.sessionSecret).update(`search-challenge:${purpose}`).digest("hex");
  const hmacSignatureSecret = secretOf("challenge");
  const hmacKeySignatureSecret = secretOf("key");
  // The store sees no name a customer typed: a digest of it.
  const nameKey = (searched: string) => createHash("sha256").update(searched).digest("hex");

  return {
    async attempt(address, searched) {
      const name = nameKey(searched);
      const counts = await Promise.all([
        limiter.count("search-failed", address, after),
        limiter.count("search-failed-name", name, after),
      ]);
      return {
        // The counts include this search: it is free while both were under the threshold before it.
        challenged: counts.some((count) => count > allowed),
        undo: async () => {
          await Promise.all([
            limiter.uncount("search-failed", address, after),
            limiter.uncount("search-failed-name", name, after),
          ]);
        },
      };
    },
    async redeem(header) {
      const payload = decodePayload(header);
      if (!payload) return false;
      // A payload crafted to trip the library is no solution either.
      const result = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret }).catch(
        () => null,
      );
      if (!result?.verified) return false;
      // Spent in the shared store, so no process accepts it again while it could still be valid.
      return limiter.takeOnce("challenge-spent", payload.challenge.signature!, CHALLENGE_SECONDS + 60);
    },
    async answer() {
      const challenge = await createChallenge({
        algorithm: CHALLENGE_ALGORITHM,
        cost,
        counter: randomInt(COUNTER_MAX, COUNTER_MIN),
        deriveKey,
        expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_SECONDS,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      // altcha-lib's Challenge is the contract's, whose parameters also admit the library's extra fields.
      return {
        code: CHALLENGE_REQUIRED,
        message: "Solve the challenge, then search again with its solution",
        challenge: challenge as ChallengeAnswer["challenge"],
      };
    },
  };
}

/** The X-Altcha header decoded (base64 of JSON), or null when it is absent or not a payload. */
function decodePayload(header: string | undefined) {
  if (!header || header.length > MAX_HEADER_CHARS) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(header, "base64").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = v.safeParse(challengePayloadSchema, json);
  return parsed.success && parsed.output.challenge.signature ? parsed.output : null;
}
