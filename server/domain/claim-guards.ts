/**
 * Checks shared by the writing calls: the claim exists and is a draft, lookup ids point into the
 * right lists. Each runs inside the call's transaction, so what it checked stays true until commit.
 */
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { CLAIM_CODES } from "../../contract/schemas.ts";
import type { Queryable } from "../db/db.ts";
import { conflict, invalid, notFound } from "./refusals.ts";
import type { LookupKind } from "./lookup-kinds.ts";
import { requireFamily, type PlanFamily } from "./plan-family.ts";
import { intArray } from "./plan-queries.ts";

/** A claim row as the guards see it. */
export interface ClaimRecord {
  id: number;
  plan_id: number;
  customer_id: number;
  status: string;
  status_code: string | null;
  /** Plan type of the claim's plan: Ace and Mace claims are ACE claims. */
  plan_type: string;
}

/** Claim status of a claim still being filed (SPEC.md section 4, "Claim status"). */
export const DRAFT = "Draft";

/**
 * Statuses of a claim the consumer may still change and submit: the draft group of SPEC.md section
 * 4 as the server stores it (machines/domain.ts claimStatusGroup; test/server/rules.test.ts holds
 * the two together). UNKNOWN is the portal's name for a text it does not know, never stored.
 */
export const EDITABLE_STATUSES: readonly string[] = [DRAFT, "Not submitted"];

export function isEditableStatus(status: string): boolean {
  return EDITABLE_STATUSES.includes(status);
}

/**
 * Reads a claim and locks it until the transaction ends, so concurrent calls on one claim run one
 * after the other.
 * @param family when given, the claim must be of this plan family
 * @throws HttpError 404 CLAIM_NOT_FOUND, 409 WRONG_PLAN_TYPE
 */
export async function lockClaim(tx: Queryable, claimId: number, family?: PlanFamily): Promise<ClaimRecord> {
  const [claim] = await tx.query<ClaimRecord>(
    `SELECT c.id, c.plan_id, c.customer_id, c.status, c.status_code, p.plan_type
     FROM claims c JOIN plans p ON p.id = c.plan_id WHERE c.id = $1 FOR UPDATE OF c`,
    [claimId],
  );
  if (!claim) throw notFound(CLAIM_CODES.claimNotFound, "Claim not found");
  if (family) requireFamily(claim.plan_type, family);
  return claim;
}

/**
 * Like lockClaim, and the claim must still be a draft.
 * @throws HttpError 404 CLAIM_NOT_FOUND, 409 WRONG_PLAN_TYPE, 409 CLAIM_NOT_DRAFT
 */
export async function lockDraftClaim(tx: Queryable, claimId: number, family?: PlanFamily): Promise<ClaimRecord> {
  const claim = await lockClaim(tx, claimId, family);
  if (!isEditableStatus(claim.status))
    throw conflict(REFUSAL_CODES.claimNotDraft, `Claim is ${claim.status}; only a draft claim can be changed`);
  return claim;
}

/** A lookup id in a payload, the lists it may come from, and where it sits (dot path). */
export interface LookupRef {
  path: string;
  id: number | null | undefined;
  kinds: readonly LookupKind[];
  /**
   * Set for the per-model ACE lists: the id must be one the list call answers for this model
   * number (the model's own entries or those valid for every model; null: only the latter).
   * Unset: only entries valid for every model, as the whole-list calls answer.
   */
  model?: string | null;
}

/**
 * Checks that every given lookup id exists in one of its lists (null and undefined are skipped).
 * @returns field errors keyed by the refs' paths; empty when all are good
 */
export async function lookupErrors(tx: Queryable, refs: readonly LookupRef[]): Promise<Record<string, string>> {
  const wanted = refs.filter((ref): ref is LookupRef & { id: number } => typeof ref.id === "number");
  if (wanted.length === 0) return {};
  const rows = await tx.query<{ id: number; kind: LookupKind; model_no: string | null }>(
    "SELECT id, kind, model_no FROM lookup_values WHERE id = ANY($1::int[])",
    [intArray(wanted.map((ref) => ref.id))],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const errors: Record<string, string> = {};
  for (const ref of wanted) {
    const row = byId.get(ref.id);
    const listName = ref.kinds[0]!.replace(/_/g, " ");
    if (!row || !ref.kinds.includes(row.kind)) {
      errors[ref.path] = `Unknown ${listName} id ${ref.id}`;
    } else if (row.model_no !== null && row.model_no.toUpperCase() !== (ref.model ?? "").toUpperCase()) {
      errors[ref.path] = ref.model
        ? `${listName} id ${ref.id} is not offered for model ${ref.model}`
        : `${listName} id ${ref.id} belongs to model ${row.model_no}`;
    }
  }
  return errors;
}

/**
 * Throws the collected field errors, if any.
 * @throws HttpError 400 `{ message: "Invalid request", errors }`
 */
export function throwIfAny(errors: Record<string, string>): void {
  if (Object.keys(errors).length > 0) throw invalid(errors);
}
