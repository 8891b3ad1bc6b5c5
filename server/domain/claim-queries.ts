/**
 * Reads one claim in the wire shape of GET /claim/{claimId} and GET /ace/claim/{claimId}
 * (contract/schemas.ts `claimDetailSchema`, SPEC.md sections 3 and 7).
 */
import type { Lookup, WireClaimDetail, WireClaimItem } from "../../contract/schemas.ts";
import type { Queryable } from "../db/db.ts";
import { lookupName, type Language } from "./lookup-names.ts";
import { KINDS } from "./lookup-kinds.ts";
import { familyOf, type PlanFamily } from "./plan-family.ts";
import { lookupJson } from "./plan-queries.ts";

interface ClaimRow {
  id: number;
  status: string;
  plan_id: number;
  customer_id: number;
  status_code: string | null;
  plan_type: string;
  /** The rest is JSON built by the query, already in the wire shape. */
  items: WireClaimItem[];
  documents: WireClaimDetail["documents"];
  damage_areas: Lookup[];
}

/** A claim read with the plan it belongs to, so its owner can be checked without another query. */
export interface LoadedClaim {
  /** The plan of the claim: the session must hold it (session.ts, Owner.loadedClaim). */
  planId: number;
  detail: WireClaimDetail;
}

/**
 * Loads a claim of a plan family with its items, damages and documents, each list in the order
 * its entries were made (`seq`: ids are random), in one query (one round trip, the
 * lists built as JSON by the database).
 * @returns the detail and its plan, or null when no claim of this family has this id
 */
export async function loadClaimDetail(
  q: Queryable,
  claimId: number,
  family: PlanFamily,
  language: Language = "en",
): Promise<LoadedClaim | null> {
  // A claim item without its own type shows the type of the plan item it was made from.
  // ACE damage areas depend on each item's model number: the client reads them per model, so an
  // ACE claim gets none (a NULL kind matches no lookup).
  const [claim] = await q.query<ClaimRow>(
    `SELECT c.id, c.status, c.plan_id, c.customer_id, c.status_code, p.plan_type,
       (SELECT COALESCE(json_agg(json_build_object(
           'id', ci.id, 'warrntyItemId', ci.plan_item_id,
           'type', ${lookupJson("COALESCE(ci.type_id, pi.type_id)", "t", language)},
           'manufacturer', json_build_object('id', mf.id, 'name', ${lookupName("mf", language)}),
           'material', json_build_object('id', mt.id, 'name', ${lookupName("mt", language)}),
           'color', json_build_object('id', co.id, 'name', ${lookupName("co", language)}),
           'damages', (SELECT COALESCE(json_agg(json_build_object(
               'id', d.id,
               'damageCategory', json_build_object('id', dt.id, 'name', ${lookupName("dt", language)}),
               'specificDamage', ${lookupJson("sd.id", "sd", language)},
               'specificLocation', json_build_object('id', sl.id, 'name', ${lookupName("sl", language)}),
               'occuredReason', json_build_object('id', hd.id, 'name', ${lookupName("hd", language)}),
               'actionTaken', json_build_object('id', at.id, 'name', ${lookupName("at", language)}),
               'damageDate', to_char(d.damage_date, 'YYYY-MM-DD'), 'notes', d.notes
             ) ORDER BY d.seq), '[]')
             FROM damages d
               JOIN lookup_values dt ON dt.id = d.damage_type_id
               LEFT JOIN lookup_values sd ON sd.id = d.specific_damage_id
               JOIN lookup_values sl ON sl.id = d.specific_location_id
               JOIN lookup_values hd ON hd.id = d.how_did_occur_id
               JOIN lookup_values at ON at.id = d.action_taken_id
             WHERE d.claim_item_id = ci.id),
           'documents_and_photos', (SELECT COALESCE(json_agg(json_build_object('id', dc.id, 'fileName', dc.file_name) ORDER BY dc.seq), '[]')
             FROM documents dc WHERE dc.claim_item_id = ci.id AND dc.claim_id = c.id)
         ) ORDER BY ci.seq), '[]')
        FROM claim_items ci
          JOIN plan_items pi ON pi.id = ci.plan_item_id
          LEFT JOIN lookup_values t ON t.id = COALESCE(ci.type_id, pi.type_id)
          JOIN lookup_values mf ON mf.id = ci.manufacturer_id
          JOIN lookup_values mt ON mt.id = ci.material_id
          JOIN lookup_values co ON co.id = ci.color_id
        WHERE ci.claim_id = c.id) AS items,
       (SELECT COALESCE(json_agg(json_build_object('id', dc.id, 'fileName', dc.file_name, 'claimItemId', dc.claim_item_id) ORDER BY dc.seq), '[]')
        FROM documents dc WHERE dc.claim_id = c.id) AS documents,
       (SELECT COALESCE(json_agg(json_build_object('id', l.id, 'name', ${lookupName("l", language)}) ORDER BY l.id), '[]')
        FROM lookup_values l WHERE l.kind = $2) AS damage_areas
     FROM claims c JOIN plans p ON p.id = c.plan_id WHERE c.id = $1`,
    [claimId, family === "ace" ? null : KINDS.damageArea],
  );
  if (!claim || familyOf(claim.plan_type) !== family) return null;
  return {
    planId: claim.plan_id,
    detail: {
      claim: {
        id: claim.id,
        status: claim.status,
        warrentyId: claim.plan_id,
        customerId: claim.customer_id,
        claimSatusCode: claim.status_code,
      },
      items: claim.items,
      damageAreasDisp: claim.damage_areas,
      documents: claim.documents,
    },
  };
}
