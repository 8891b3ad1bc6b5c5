/**
 * Whether this browser can reach a claim (SECURITY.md "Every record is checked"): the read the API
 * already offers, GET /claim/{id}, answers 404 CLAIM_NOT_FOUND for a claim that does not exist or
 * belongs to another session, exactly alike. The missing-item screen asks before its form shows, so
 * nobody fills a form the API will refuse.
 */
import type { ClaimReach, MissingItemInput } from "../../machines/missing-item.machine.ts";
import { fetchClaim } from "./claims.ts";
import { callFailureOf } from "./http.ts";

/**
 * `open` when the claim loads and is the plan's the link names; `unreachable` when the API refuses
 * it as unknown (404) or as a malformed id (400), or it belongs to another plan.
 * @throws CallFailed when no answer came (no connection, a 5xx after ky's retries, a 429)
 */
export async function claimReach({ claimId, planId }: MissingItemInput): Promise<ClaimReach> {
  try {
    const claim = await fetchClaim(claimId);
    return { kind: claim.planId === planId ? "open" : "unreachable" };
  } catch (error) {
    const failure = callFailureOf(error);
    if (failure.kind === "refused" && (failure.status === 404 || failure.status === 400))
      return { kind: "unreachable" };
    throw error;
  }
}
