/**
 * A submitted claim's status (contract/claim-status.ts; SPEC.md section 4 "Claim status"): the
 * dated steps it has reached (table claim_events, migration 012), moving it forward, and the answer
 * of GET /claim_status. Drafts have no status: to every function here they do not exist.
 */
import { DateTime } from "luxon";
import {
  BUSINESS_DAYS_TO_NEXT, CLAIM_NUMBER, CLAIM_STEPS, STATUS_OF_STEP, type ClaimStatus, type ClaimStep,
} from "../../contract/claim-status.ts";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { CLAIM_CODES, MAX_ID } from "../../contract/schemas.ts";
import type { Queryable } from "../db/db.ts";
import { conflict, notFound } from "../http/http-errors.ts";
import { lookupName, type Language } from "../http/language.ts";
import { enqueueClaimStepMail } from "../mail/claim-mail.ts";
import { isEditableStatus, lockClaim } from "./claim-guards.ts";
import { familyOf } from "./plan-family.ts";

/** SQL of a timestamptz column as ISO 8601 in UTC (`2025-09-05T10:45:00Z`), the same from both drivers. */
const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The claim's 404: an unknown claim, a draft and another session's claim get the same answer. */
export const claimNotFound = () => notFound(CLAIM_CODES.claimNotFound, "Claim not found");

/**
 * The claim a status code names: `CL-` and the claim id (the claim number), or the claim's
 * status_code (`CS-…`, what insert_claim's CLAIM_IN_PROGRESS answers).
 * @returns the claim id, or null when no claim has it or the claim is still a draft
 */
export async function claimIdOfCode(q: Queryable, code: string): Promise<number | null> {
  const number = CLAIM_NUMBER.exec(code);
  const id = number ? Number(number[1]) : null;
  if (id !== null && (id < 1 || id > MAX_ID)) return null;
  const [claim] = id !== null
    ? await q.query<{ id: number; status: string }>("SELECT id, status FROM claims WHERE id = $1", [id])
    : await q.query<{ id: number; status: string }>("SELECT id, status FROM claims WHERE status_code = $1 ORDER BY seq LIMIT 1", [code]);
  return claim && !isEditableStatus(claim.status) ? claim.id : null;
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
 * @throws HttpError 404 CLAIM_NOT_FOUND (unknown, or still a draft), 409 CLAIM_STEP_NOT_FORWARD
 *   (the claim has reached this step or a later one)
 */
export async function recordStep(tx: Queryable, claimId: number, step: ClaimStep): Promise<StepEvent> {
  const claim = await lockClaim(tx, claimId);
  if (isEditableStatus(claim.status)) throw claimNotFound();
  const reached = await tx.query<{ step: ClaimStep }>("SELECT step FROM claim_events WHERE claim_id = $1", [claimId]);
  const furthest = Math.max(-1, ...reached.map((event) => CLAIM_STEPS.indexOf(event.step)));
  if (CLAIM_STEPS.indexOf(step) <= furthest) {
    throw conflict(REFUSAL_CODES.claimStepNotForward, `The claim has reached ${CLAIM_STEPS[furthest]}; it moves forward only`);
  }
  const [event] = await tx.query<StepEvent>(
    `INSERT INTO claim_events (claim_id, step) VALUES ($1, $2) RETURNING step, ${isoUtc("at")} AS at`,
    [claimId, step],
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
  events: StepEvent[];
}

/**
 * A submitted claim's status in the contract's shape (claimStatusSchema): its plan, its items by
 * their item type in `language` (the plan item's description when it has no type), its documents,
 * the five steps with the day each was reached, and the next step with the day it is expected by
 * (BUSINESS_DAYS_TO_NEXT business days after the day of the current step). One query.
 * @returns null when no claim has this id or it is a draft
 */
export async function loadClaimStatus(q: Queryable, claimId: number, language: Language): Promise<ClaimStatus | null> {
  const [row] = await q.query<StatusRow>(
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
       (SELECT COALESCE(json_agg(json_build_object('step', e.step, 'at', ${isoUtc("e.at")})), '[]')
        FROM claim_events e WHERE e.claim_id = c.id) AS events
     FROM claims c JOIN plans p ON p.id = c.plan_id WHERE c.id = $1`,
    [claimId],
  );
  if (!row || isEditableStatus(row.status)) return null;
  const reachedAt = new Map(row.events.map((event) => [event.step, event.at]));
  // A claim submitted without an event (none is, since migration 012) shows as just submitted.
  if (reachedAt.size === 0) reachedAt.set("submitted", row.submitted_at ?? DateTime.utc().toISO({ suppressMilliseconds: true }));
  const current = CLAIM_STEPS.findLast((step) => reachedAt.has(step))!;
  const next = current === "closed" ? null : {
    step: CLAIM_STEPS[CLAIM_STEPS.indexOf(current) + 1]!,
    expectedBy: businessDaysAfter(reachedAt.get(current)!, BUSINESS_DAYS_TO_NEXT[current]),
  };
  return {
    claimNumber: `CL-${row.id}`,
    status: row.status,
    family: familyOf(row.plan_type),
    plan: { id: row.plan_id, number: row.plan_number, programName: row.program_name ?? "" },
    items: row.items,
    documents: row.documents,
    timeline: CLAIM_STEPS.map((step) => ({ step, at: reachedAt.get(step) ?? null })),
    current,
    next,
  };
}
