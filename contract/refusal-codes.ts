/**
 * The `code` of refusals the portal says something particular for (docs/api.md, "Conventions"), shared
 * by the reference server, which answers with them, and the portal's API layer
 * (src/api/refusals.ts), which shows each as a catalog message: one spelling, so neither side can
 * drift from the other. Insert_claim's answer codes are CLAIM_CODES and the missing-item cap's
 * TOO_MANY_MISSING_ITEMS (contract/schemas.ts).
 */
export const REFUSAL_CODES = {
  /** 400: a payload or query refused field by field (`errors`), or malformed JSON. */
  invalidRequest: "INVALID_REQUEST",
  /** 404: a plan that does not exist or is not the session's. */
  planNotFound: "PLAN_NOT_FOUND",
  /** 409: a claim that is no longer a draft, so it can no longer be changed. */
  claimNotDraft: "CLAIM_NOT_DRAFT",
  /** 409: a claim moved to a step it has already reached or passed (claims move forward only). */
  claimStepNotForward: "CLAIM_STEP_NOT_FORWARD",
  /** 403: a signed claim-status link whose signature is right but whose time is over. */
  linkExpired: "LINK_EXPIRED",
  /**
   * 403: contact details sent without a claim by a session that holds only the warranty number:
   * such a session proves nobody's identity, so what it types is kept for a claim, never on file.
   */
  proofRequired: "PROOF_REQUIRED",
  /** 429: too many calls from this address or session; wait `retryAfter` seconds. */
  tooManyRequests: "TOO_MANY_REQUESTS",
  /** 409: a keyed write whose first request still runs (server/http/idempotency.ts); send it again shortly. */
  requestInProgress: "REQUEST_IN_PROGRESS",
  /** Submit answer: the claim was submitted already (a lost answer, a second tab). */
  claimAlreadySubmitted: "CLAIM_ALREADY_SUBMITTED",
  /** Submit answer: the claim still lacks a damage or a document (`missing` lists them). */
  claimIncomplete: "CLAIM_INCOMPLETE",
} as const;
