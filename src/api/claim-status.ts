/**
 * GET /claim_status?code=…[&expires=…&sig=…] (contract/claim-status.ts): a submitted claim's status
 * for the claim-status page. The API shows it to the browser session that found the plan, or to
 * the holder of an emailed signed link; it answers 404 CLAIM_NOT_FOUND for a claim neither may see
 * and 403 LINK_EXPIRED for a signed link past its time. Those codes and the steps' wire names are
 * read here and nowhere else.
 */
import {
  CLAIM_STEPS,
  claimStatusLinkAnswerSchema,
  claimStatusResponseSchema,
  type ClaimStatus,
  type ClaimStep,
} from "../../contract/claim-status.ts";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { CLAIM_CODES } from "../../contract/schemas.ts";
import {
  CLAIM_PROGRESS_STEPS,
  type ClaimProgress,
  type ClaimProgressStep,
  type ClaimStatusLink,
  type ClaimStatusOutcome,
} from "../../machines/claim-status.machine.ts";
import { callFailureOf, http } from "./http.ts";

/** Each wire step as the portal names it: the two lists are in the same order. */
const STEP_OF = Object.fromEntries(CLAIM_STEPS.map((step, index) => [step, CLAIM_PROGRESS_STEPS[index]!])) as Record<
  ClaimStep,
  ClaimProgressStep
>;

/** The API's status answer in the page's terms. */
function toClaimProgress(status: ClaimStatus): ClaimProgress {
  return {
    claimNumber: status.claimNumber,
    plan: { number: status.plan.number, programName: status.plan.programName },
    items: status.items.map(({ id, name }) => ({ id, name })),
    documents: status.documents.map(({ id, fileName }) => ({ id, fileName })),
    timeline: status.timeline.map(({ step, at }) => ({ step: STEP_OF[step], reachedAt: at })),
    current: STEP_OF[status.current],
    next: status.next && { step: STEP_OF[status.next.step], expectedBy: status.next.expectedBy },
    decision: status.decision && { outcome: status.decision.outcome, reason: status.decision.reason },
  };
}

/**
 * Reads a claim's status, never rejecting: `found` with the status; `notFound` for a 404
 * CLAIM_NOT_FOUND or a code the API refuses as malformed (400); `linkExpired` for a 403
 * LINK_EXPIRED; `failed` with why for anything else (no connection, a 5xx after ky's retries, a 429,
 * an answer that does not parse).
 */
export async function readClaimStatus(link: ClaimStatusLink): Promise<ClaimStatusOutcome> {
  const searchParams: Record<string, string> = { code: link.code };
  if (link.expires !== null) searchParams.expires = link.expires;
  if (link.sig !== null) searchParams.sig = link.sig;
  try {
    const body = await http.get("claim_status", { searchParams }).json(claimStatusResponseSchema);
    return { kind: "found", progress: toClaimProgress(body.result) };
  } catch (error) {
    const failure = callFailureOf(error);
    if (failure.kind === "refused") {
      if ((failure.status === 404 && failure.code === CLAIM_CODES.claimNotFound) || failure.status === 400)
        return { kind: "notFound" };
      if (failure.status === 403 && failure.code === REFUSAL_CODES.linkExpired) return { kind: "linkExpired" };
    }
    return { kind: "failed", failure };
  }
}

/**
 * GET /claim_status_link?claimId=: the signed query of the submitted claim's status page
 * (`code=CL-…&expires=…&sig=…`), which opens it in any browser for 90 days, as the submit email's
 * link does.
 * @throws when the call fails (the confirmation then keeps the unsigned link)
 */
export async function fetchClaimStatusQuery(claimId: number): Promise<string> {
  const { link } = await http.get("claim_status_link", { searchParams: { claimId } }).json(claimStatusLinkAnswerSchema);
  return link.slice(link.indexOf("?") + 1);
}
