/**
 * Checks shared by the writing calls: the claim exists and is a draft, lookup ids point into the
 * right lists. Each runs inside the call's transaction, so what it checked stays true until commit.
 */
import { CLAIM_CODES } from "../src/api/schemas.ts";
import type { Queryable } from "./db.ts";
import { conflict, invalid, notFound } from "./http-errors.ts";
import type { LookupKind } from "./lookup-kinds.ts";
import { intArray } from "./plan-queries.ts";

/** A claim row as the guards see it. */
export interface ClaimRecord {
  id: number;
  plan_id: number;
  customer_id: number;
  status: string;
  status_code: string | null;
}

/** Claim status of a claim still being filed (SPEC.md section 4, "Claim status"). */
export const DRAFT = "Draft";

/**
 * Reads a claim and locks it until the transaction ends, so concurrent calls on one claim run one
 * after the other.
 * @throws HttpError 404 CLAIM_NOT_FOUND
 */
export async function lockClaim(tx: Queryable, claimId: number): Promise<ClaimRecord> {
  const [claim] = await tx.query<ClaimRecord>(
    "SELECT id, plan_id, customer_id, status, status_code FROM claims WHERE id = $1 FOR UPDATE",
    [claimId],
  );
  if (!claim) throw notFound(CLAIM_CODES.claimNotFound, "Claim not found");
  return claim;
}

/**
 * Like lockClaim, and the claim must still be a draft.
 * @throws HttpError 404 CLAIM_NOT_FOUND, 409 CLAIM_NOT_DRAFT
 */
export async function lockDraftClaim(tx: Queryable, claimId: number): Promise<ClaimRecord> {
  const claim = await lockClaim(tx, claimId);
  if (claim.status !== DRAFT) throw conflict("CLAIM_NOT_DRAFT", `Claim is ${claim.status}; only a draft claim can be changed`);
  return claim;
}

/** A lookup id in a payload, the lists it may come from, and where it sits (dot path). */
export interface LookupRef {
  path: string;
  id: number | null | undefined;
  kinds: readonly LookupKind[];
}

/**
 * Checks that every given lookup id exists in one of its lists (null and undefined are skipped).
 * @returns field errors keyed by the refs' paths; empty when all are good
 */
export async function lookupErrors(tx: Queryable, refs: readonly LookupRef[]): Promise<Record<string, string>> {
  const wanted = refs.filter((ref): ref is LookupRef & { id: number } => typeof ref.id === "number");
  if (wanted.length === 0) return {};
  const rows = await tx.query<{ id: number; kind: LookupKind }>(
    "SELECT id, kind FROM lookup_values WHERE id = ANY($1::int[])",
    [intArray(wanted.map((ref) => ref.id))],
  );
  const kindOf = new Map(rows.map((row) => [row.id, row.kind]));
  const errors: Record<string, string> = {};
  for (const ref of wanted) {
    const kind = kindOf.get(ref.id);
    if (!kind || !ref.kinds.includes(kind)) errors[ref.path] = `Unknown ${ref.kinds[0]!.replace(/_/g, " ")} id ${ref.id}`;
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
