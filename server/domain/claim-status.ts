/**
 * A submitted claim's status (contract/claim-status.ts; SPEC.md section 4 "Claim status"): the
 * dated steps it has reached (table claim_events, migration 012), moving it forward, and the answer
 * of GET /claim_status. Drafts have no status: to every function here they do not exist.
 */
import { DateTime } from "luxon";
import {
  BUSINESS_DAYS_TO_NEXT,
  CLAIM_CODE_AMBIGUOUS,
  CLAIM_NUMBER,
  CLAIM_STEPS,
  STATUS_OF_STEP,
  type ClaimDecision,
  type ClaimStatus,
  type ClaimStep,
} from "../../contract/claim-status.ts";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { CLAIM_CODES, MAX_ID } from "../../contract/schemas.ts";
import type { Queryable } from "../db/db.ts";
import { conflict, notFound } from "./refusals.ts";
import { lookupName, type Language } from "./lookup-names.ts";
import { enqueueClaimStepMail } from "../mail/claim-mail.ts";
import { isEditableStatus, lockClaim } from "./claim-guards.ts";
import { familyOf } from "./plan-family.ts";

/** SQL of a timestamptz column as ISO 8601 in UTC (`2025-09-05T10:45:00Z`), the same from both drivers. */
const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The claim's 404: an unknown claim, a draft and another session's claim get the same answer. */
export const claimNotFound = () => notFound(CLAIM_CODES.claimNotFound, "Claim not found");

/** Which claims a query reads: one by its id, or the one a status code names. */
type ClaimRef = { id: number } | { code: string };

/**
 * The condition on `claims c` naming the claim, and its one parameter: a claim number (`CL-` and
 * the id) by the id, any other code by the claim's status_code (`CS-…`, unique since migration 016).
 * A number outside the id range gives 0, which no claim has: the same query still runs.
 */
function claimCondition(ref: ClaimRef): { where: string; param: number | string } {
  if ("id" in ref) return { where: "c.id = $1", param: ref.id };
  const number = CLAIM_NUMBER.exec(ref.code);
  if (!number) return { where: "c.status_code = $1", param: ref.code };
  const id = Number(number[1]);
  return { where: "c.id = $1", param: id >= 1 && id <= MAX_ID ? id : 0 };
}

/**
 * The claim a status code names, for moving it (the staff call): exactly one submitted claim, or a
 * refusal that names the code, so staff never move a claim they did not mean.
 * @throws HttpError 404 CLAIM_NOT_FOUND (no claim has the code, or it is still a draft),
 *   409 CLAIM_CODE_AMBIGUOUS (more than one claim has it: only without migration 016's unique index)
 */
export async function claimIdOfCode(q: Queryable, code: string): Promise<number> {
  const { where, param } = claimCondition({ code });
  const claims = await q.query<{ id: number; status: string }>(
    `SELECT c.id, c.status FROM claims c WHERE ${where} LIMIT 2`,
    [param],
  );
  if (claims.length > 1) {
    throw conflict(
      CLAIM_CODE_AMBIGUOUS,
      `Ambiguous claim code ${code}: more than one claim has it; name the claim by its number (CL-…)`,
    );
  }
  const [claim] = claims;
  if (!claim || isEditableStatus(claim.status))
    throw notFound(CLAIM_CODES.claimNotFound, `Unknown claim code ${code}: no submitted claim has it`);
  return claim.id;
}

/** A step a claim has reached and when (ISO 8601, UTC). */
export interface StepEvent {
  step: ClaimStep;
  at: string;
}

/**
 * Records that a submitted claim reached a step, now, and gives the claim the status SPEC.md names
 * for it (STATUS_OF_STEP). A claim reaches each step once and never goes back; it may skip steps
 * (a denied claim goes from decision to closed). Runs in the caller's transaction, the claim locked
 * until it ends, so two moves of one claim run one after the other. The one place a step is
 * recorded: submit (claim-writes.ts submitClaim) and staff moves both come through here.
 * @param decision how the decision came out, with the decision step (the contract requires it there)
 * @throws HttpError 404 CLAIM_NOT_FOUND (unknown, or still a draft), 409 CLAIM_STEP_NOT_FORWARD
 *   (the claim has reached this step or a later one)
 */
export async function recordStep(
  tx: Queryable,
  claimId: number,
  step: ClaimStep,
  decision?: ClaimDecision,
): Promise<StepEvent> {
  const claim = await lockClaim(tx, claimId);
  if (isEditableStatus(claim.status)) throw claimNotFound();
  const reached = await tx.query<{ step: ClaimStep }>("SELECT step FROM claim_events WHERE claim_id = $1", [claimId]);
  const furthest = Math.max(-1, ...reached.map((event) => CLAIM_STEPS.indexOf(event.step)));
  if (CLAIM_STEPS.indexOf(step) <= furthest) {
    throw conflict(
      REFUSAL_CODES.claimStepNotForward,
      `The claim has reached ${CLAIM_STEPS[furthest]}; it moves forward only`,
    );
  }
  const [event] = await tx.query<StepEvent>(
    `INSERT INTO claim_events (claim_id, step, outcome, reason) VALUES ($1, $2, $3, $4) RETURNING step, ${isoUtc("at")} AS at`,
    [claimId, step, decision?.outcome ?? null, decision?.reason ?? null],
  );
  await tx.query("UPDATE claims SET status = $2 WHERE id = $1", [claimId, STATUS_OF_STEP[step]]);
  // The consumer's email of the step commits with it: submitted, or the new step (server/mail/claim-mail.ts).
  await enqueueClaimStepMail(tx, claimId, step);
  return event!;
}

/**
 * The day (YYYY-MM-DD) `days` business days (Monday to Friday) after `day`.
 * @param day an ISO 8601 date or date-time; its UTC calendar day counts
 */
export function businessDaysAfter(day: string, days: number): string {
  let date = DateTime.fromISO(day, { zone: "utc" }).startOf("day");
  for (let left = days; left > 0;) {
    date = date.plus({ days: 1 });
    if (date.weekday <= 5) left -= 1;
  }
  return date.toISODate()!;
}

interface StatusRow {
  id: number;
  status: string;
  plan_id: number;
  plan_number: string;
  program_name: string | null;
  plan_type: string;
  submitted_at: string | null;
  /** JSON built by the query, already in the wire shape. */
  items: ClaimStatus["items"];
  documents: ClaimStatus["documents"];
  events: Array<StepEvent & { outcome: ClaimDecision["outcome"] | null; reason: string | null }>;
}

/**
 * A submitted claim's status in the contract's shape (claimStatusSchema): its plan, its items by
 * their item type in `language` (the plan item's description when it has no type), its documents,
 * the five steps with the day each was reached, and the next step with the day it is expected by
 * (BUSINESS_DAYS_TO_NEXT business days after the day of the current step). One query, the same
 * for every code (GET /claim_status runs it whatever the code names, then decides).
 * @returns the claim's id and status; null when no claim, or more than one, answers to `ref`, or it
 *   is a draft
 */
export async function loadClaimStatus(
  q: Queryable,
  ref: ClaimRef,
  language: Language,
): Promise<{ claimId: number; status: ClaimStatus } | null> {
  const { where, param } = claimCondition(ref);
  const rows = await q.query<StatusRow>(
    `SELECT c.id, c.status, c.plan_id, p.number AS plan_number, p.program_name, p.plan_type,
       ${isoUtc("c.submitted_at")} AS submitted_at,
       (SELECT COALESCE(json_agg(json_build_object(
           'id', ci.id, 'name', COALESCE(${lookupName("t", language)}, pi.description, '')) ORDER BY ci.seq), '[]')
        FROM claim_items ci
          JOIN plan_items pi ON pi.id = ci.plan_item_id
          LEFT JOIN lookup_values t ON t.id = COALESCE(ci.type_id, pi.type_id)
        WHERE ci.claim_id = c.id) AS items,
       (SELECT COALESCE(json_agg(json_build_object('id', d.id, 'fileName', d.file_name) ORDER BY d.seq), '[]')
        FROM documents d WHERE d.claim_id = c.id) AS documents,
       (SELECT COALESCE(json_agg(json_build_object('step', e.step, 'at', ${isoUtc("e.at")}, 'outcome', e.outcome, 'reason', e.reason)), '[]')
        FROM claim_events e WHERE e.claim_id = c.id) AS events
     FROM claims c JOIN plans p ON p.id = c.plan_id WHERE ${where} LIMIT 2`,
    [param],
  );
  const row = rows.length === 1 ? rows[0] : undefined;
  if (!row || isEditableStatus(row.status)) return null;
  const reachedAt = new Map(row.events.map((event) => [event.step, event.at]));
  // A claim submitted without an event (none is, since migration 012) shows as just submitted.
  if (reachedAt.size === 0)
    reachedAt.set("submitted", row.submitted_at ?? DateTime.utc().toISO({ suppressMilliseconds: true }));
  const current = CLAIM_STEPS.findLast((step) => reachedAt.has(step))!;
  const next =
    current === "closed"
      ? null
      : {
          step: CLAIM_STEPS[CLAIM_STEPS.indexOf(current) + 1]!,
          expectedBy: businessDaysAfter(reachedAt.get(current)!, BUSINESS_DAYS_TO_NEXT[current]),
        };
  const status: ClaimStatus = {
    claimNumber: `CL-${row.id}`,
    status: row.status,
    family: familyOf(row.plan_type),
    plan: { id: row.plan_id, number: row.plan_number, programName: row.program_name ?? "" },
    items: row.items,
    documents: row.documents,
    timeline: CLAIM_STEPS.map((step) => ({ step, at: reachedAt.get(step) ?? null })),
    current,
    next,
    decision: decisionOf(row.events),
  };
  return { claimId: row.id, status };
}

/** The decision recorded with a claim's decision step; null when none was. */
function decisionOf(events: StatusRow["events"]): ClaimDecision | null {
  const decided = events.find((event) => event.step === "decision" && event.outcome !== null);
  return decided ? { outcome: decided.outcome!, reason: decided.outcome === "denied" ? decided.reason : null } : null;
}
