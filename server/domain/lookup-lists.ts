/**
 * The lookup lists (SPEC.md section 7, "Lookups"), each as `[{ id, name }]` in a language: the
 * seven a claim needs in one query, one list by kind, and an ACE list for one model.
 */
import { CLAIM_LOOKUP_PATHS, type ClaimLookups, type Lookup } from "../../contract/schemas.ts";
import type { Queryable } from "../db/db.ts";
import { LIST_ROUTES } from "./lookup-kinds.ts";
import { lookupName, type Language } from "./lookup-names.ts";

/** The list kind each CLAIM_LOOKUP_PATHS entry reads: the one its single call reads. */
const CLAIM_LOOKUP_KINDS = CLAIM_LOOKUP_PATHS.map((path) => {
  const kind = LIST_ROUTES[`/${path}`];
  if (!kind) throw new Error(`no lookup list answers /${path}`);
  return [path, kind] as const;
});

/**
 * The seven claim lists in one query, each in the order its single call answers (by id).
 * @returns the lists keyed by CLAIM_LOOKUP_PATHS
 */
export async function claimLookups(db: Queryable, language: Language): Promise<ClaimLookups> {
  const kinds = CLAIM_LOOKUP_KINDS.map(([, kind]) => kind);
  const rows = await db.query<Lookup & { kind: string }>(
    `SELECT l.kind, l.id, ${lookupName("l", language)} AS name FROM lookup_values l
     WHERE l.kind IN (${kinds.map((_, at) => `$${at + 1}`).join(", ")}) AND l.model_no IS NULL ORDER BY l.id`,
    kinds,
  );
  const byKind = new Map<string, Lookup[]>(kinds.map((kind) => [kind, []]));
  for (const { kind, id, name } of rows) byKind.get(kind)!.push({ id, name });
  return Object.fromEntries(CLAIM_LOOKUP_KINDS.map(([path, kind]) => [path, byKind.get(kind)!])) as ClaimLookups;
}

/** One list by kind, in id order. */
export function lookupList(db: Queryable, kind: string, language: Language): Promise<Lookup[]> {
  return db.query<Lookup>(
    `SELECT l.id, ${lookupName("l", language)} AS name FROM lookup_values l WHERE l.kind = $1 AND l.model_no IS NULL ORDER BY l.id`,
    [kind],
  );
}

/** An ACE list for one model: the model's own entries (its number in any case), then those valid for every model. */
export function modelLookupList(db: Queryable, kind: string, modelNo: string, language: Language): Promise<Lookup[]> {
  return db.query<Lookup>(
    `SELECT l.id, ${lookupName("l", language)} AS name FROM lookup_values l
     WHERE l.kind = $1 AND (upper(l.model_no) = upper($2) OR l.model_no IS NULL)
     ORDER BY l.model_no IS NULL, l.id`,
    [kind, modelNo],
  );
}
