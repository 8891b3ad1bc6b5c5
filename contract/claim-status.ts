/**
 * A submitted claim's status, as the portal's claim-status page reads it and staff move it
 * (GET /claim_status, POST /staff/claim_status). Wire shapes only; the timeline's words are the
 * portal's (Lingui), the dates ISO 8601 in UTC.
 *
 * The timeline has five steps in this order. SPEC.md's claim statuses map onto them: Open is
 * `submitted`; Pending review `in_review`; In process `decision` and `service`; Closed, Denied and
 * Cancelled `closed`. A claim reaches a step once and never goes back.
 */
import * as v from "valibot";
import { idParamSchema } from "./schemas.ts";

/** The steps of a claim after Submit, in order. */
export const CLAIM_STEPS = ["submitted", "in_review", "decision", "service", "closed"] as const;
export type ClaimStep = (typeof CLAIM_STEPS)[number];

/** SPEC.md's claim status text a claim takes when it reaches a step (claims.status). */
export const STATUS_OF_STEP: Record<ClaimStep, string> = {
  submitted: "Open",
  in_review: "Pending review",
  decision: "In process",
  service: "In process",
  closed: "Closed",
};

/** Business days the consumer is told each step takes before the next (SPEC.md: review 3 to 5). */
export const BUSINESS_DAYS_TO_NEXT: Record<Exclude<ClaimStep, "closed">, number> = {
  submitted: 3,
  in_review: 5,
  decision: 2,
  service: 10,
};

/**
 * How a claim's decision came out, recorded by staff with the decision step: approved for repair,
 * for replacement, for a refund, or denied (with the reason staff give).
 */
export const DECISION_OUTCOMES = ["approved", "replaced", "refunded", "denied"] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

/** The decision as the status page and its emails tell it; the reason only for a denial. */
const claimDecisionSchema = v.object({
  outcome: v.picklist(DECISION_OUTCOMES),
  reason: v.nullable(v.pipe(v.string(), v.maxLength(500))),
});
export type ClaimDecision = v.InferOutput<typeof claimDecisionSchema>;

/** `CL-` and the claim id: the claim number the confirmation shows (SPEC.md section 4). */
export const CLAIM_NUMBER = /^CL-(\d{1,16})$/;

/** `?code=`: a claim number (CL-123) or the status code the in-progress dialog carries (CS-P55-0001). */
export const claimStatusCodeSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^(CL-\d{1,16}|CS-[A-Z0-9-]{1,24})$/, "Must be a claim number such as CL-123"),
);

/**
 * GET /claim_status?code=…[&expires=…&sig=…]: the session that found the plan, or the holder of a
 * signed link (expires in Unix seconds, sig its HMAC), may read it.
 */
export const claimStatusQuerySchema = v.object({
  code: claimStatusCodeSchema,
  expires: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/))),
  sig: v.optional(v.pipe(v.string(), v.maxLength(128))),
});

/** One step of the timeline: `at` is when the claim reached it (ISO 8601, UTC), null when not yet. */
const claimStepSchema = v.object({
  step: v.picklist(CLAIM_STEPS),
  at: v.nullable(v.string()),
});

const claimStatusSchema = v.object({
  /** CL- and the claim id. */
  claimNumber: v.string(),
  /** claims.status: SPEC.md's status text. */
  status: v.string(),
  family: v.picklist(["fpp", "ace"]),
  plan: v.object({ id: v.number(), number: v.string(), programName: v.string() }),
  /** The claimed items, each by its item type in the asked language (the plan item's description when it has none). */
  items: v.array(v.object({ id: v.number(), name: v.string() })),
  documents: v.array(v.object({ id: v.number(), fileName: v.string() })),
  /** All five steps, in order. */
  timeline: v.array(claimStepSchema),
  current: v.picklist(CLAIM_STEPS),
  /** The next step and the day (YYYY-MM-DD) it is expected by; null once closed. */
  next: v.nullable(v.object({ step: v.picklist(CLAIM_STEPS), expectedBy: v.string() })),
  /** How the decision came out; null until staff record one (or for a claim decided before outcomes were). */
  decision: v.nullable(claimDecisionSchema),
});
export type ClaimStatus = v.InferOutput<typeof claimStatusSchema>;

export const claimStatusResponseSchema = v.object({ result: claimStatusSchema });

/** GET /claim_status_link?claimId=: the owner's signed link to a submitted claim's status page. */
export const claimStatusLinkQuerySchema = v.object({ claimId: idParamSchema });

/** Its answer: the page's path and query (`/claim-status?code&expires&sig`), to open in any browser. */
export const claimStatusLinkAnswerSchema = v.object({
  link: v.pipe(v.string(), v.startsWith("/claim-status?"), v.maxLength(300)),
});

/**
 * POST /staff/claim_status's 409 `code` for a status code more than one claim has: staff must name
 * the claim by its number, never have the server pick one (404 CLAIM_NOT_FOUND: no claim has it).
 */
export const CLAIM_CODE_AMBIGUOUS = "CLAIM_CODE_AMBIGUOUS";

/**
 * POST /staff/claim_status (header x-staff-key): moves a claim to a later step. The decision step
 * takes its outcome, and a denial may give its reason; no other step takes either.
 */
export const staffClaimStatusRequestSchema = v.pipe(
  v.object({
    code: claimStatusCodeSchema,
    step: v.picklist(CLAIM_STEPS),
    outcome: v.optional(v.picklist(DECISION_OUTCOMES)),
    reason: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(500))),
  }),
  v.forward(
    v.check(
      (move) => (move.step === "decision") === (move.outcome !== undefined),
      "The decision step takes an outcome, and only it does",
    ),
    ["outcome"],
  ),
  v.forward(
    v.check((move) => move.reason === undefined || move.outcome === "denied", "Only a denial takes a reason"),
    ["reason"],
  ),
);
