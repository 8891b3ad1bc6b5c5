/**
 * Reads one claim in the wire shape of GET /claim/{claimId} and GET /ace/claim/{claimId}
 * (contract/schemas.ts `claimDetailSchema`, SPEC.md sections 3 and 7).
 */
import type { Lookup, WireClaimDetail, WireClaimItem, WireDamage } from "../contract/schemas.ts";
import type { Queryable } from "./db.ts";
import { lookupName, type Language } from "./language.ts";
import { KINDS } from "./lookup-kinds.ts";
import { familyOf, type PlanFamily } from "./plan-family.ts";
import { lookupOf } from "./plan-queries.ts";

interface ClaimRow {
  id: number;
  status: string;
  plan_id: number;
  customer_id: number;
  status_code: string | null;
  plan_type: string;
}

interface ClaimItemRow {
  id: number;
  plan_item_id: number;
  type_id: number | null;
  type_name: string | null;
  manufacturer_id: number;
  manufacturer_name: string;
  material_id: number;
  material_name: string;
  color_id: number;
  color_name: string;
}

/** Joined lookups of a damage: type, specific damage, location, how it occurred, action taken. */
type DamageRef = "dt" | "sd" | "sl" | "hd" | "at";

type DamageRow = {
  id: number;
  claim_item_id: number;
  damage_date: string;
  notes: string;
} & { [K in `${DamageRef}_id`]: number | null } & { [K in `${DamageRef}_name`]: string | null };

interface DocumentRow {
  id: number;
  claim_item_id: number;
  file_name: string;
}

/**
 * Loads a claim of a plan family with its items, damages and documents, each list in the order
 * its entries were made (`seq`: ids are random).
 * @returns the detail, or null when no claim of this family has this id
 */
export async function loadClaimDetail(q: Queryable, claimId: number, family: PlanFamily, language: Language = "en"): Promise<WireClaimDetail | null> {
  const [claim] = await q.query<ClaimRow>(
    `SELECT c.id, c.status, c.plan_id, c.customer_id, c.status_code, p.plan_type
     FROM claims c JOIN plans p ON p.id = c.plan_id WHERE c.id = $1`,
    [claimId],
  );
  if (!claim || familyOf(claim.plan_type) !== family) return null;
  // A claim item without its own type shows the type of the plan item it was made from.
  const items = await q.query<ClaimItemRow>(
    `SELECT ci.id, ci.plan_item_id, COALESCE(ci.type_id, pi.type_id) AS type_id, ${lookupName("t", language)} AS type_name,
       ci.manufacturer_id, ${lookupName("mf", language)} AS manufacturer_name, ci.material_id, ${lookupName("mt", language)} AS material_name,
       ci.color_id, ${lookupName("co", language)} AS color_name
     FROM claim_items ci
       JOIN plan_items pi ON pi.id = ci.plan_item_id
       LEFT JOIN lookup_values t ON t.id = COALESCE(ci.type_id, pi.type_id)
       JOIN lookup_values mf ON mf.id = ci.manufacturer_id
       JOIN lookup_values mt ON mt.id = ci.material_id
       JOIN lookup_values co ON co.id = ci.color_id
     WHERE ci.claim_id = $1 ORDER BY ci.seq`,
    [claimId],
  );
  const damages = await q.query<DamageRow>(
    `SELECT d.id, d.claim_item_id, to_char(d.damage_date, 'YYYY-MM-DD') AS damage_date, d.notes,
       dt.id AS dt_id, ${lookupName("dt", language)} AS dt_name, sd.id AS sd_id, ${lookupName("sd", language)} AS sd_name, sl.id AS sl_id, ${lookupName("sl", language)} AS sl_name,
       hd.id AS hd_id, ${lookupName("hd", language)} AS hd_name, at.id AS at_id, ${lookupName("at", language)} AS at_name
     FROM damages d
       JOIN claim_items ci ON ci.id = d.claim_item_id
       JOIN lookup_values dt ON dt.id = d.damage_type_id
       LEFT JOIN lookup_values sd ON sd.id = d.specific_damage_id
       JOIN lookup_values sl ON sl.id = d.specific_location_id
       JOIN lookup_values hd ON hd.id = d.how_did_occur_id
       JOIN lookup_values at ON at.id = d.action_taken_id
     WHERE ci.claim_id = $1 ORDER BY d.seq`,
    [claimId],
  );
  const documents = await q.query<DocumentRow>(
    "SELECT id, claim_item_id, file_name FROM documents WHERE claim_id = $1 ORDER BY seq",
    [claimId],
  );
  return {
    claim: {
      id: claim.id,
      status: claim.status,
      warrentyId: claim.plan_id,
      customerId: claim.customer_id,
      claimSatusCode: claim.status_code,
    },
    items: items.map((item): WireClaimItem => ({
      id: item.id,
      warrntyItemId: item.plan_item_id,
      type: lookupOf(item.type_id, item.type_name),
      manufacturer: { id: item.manufacturer_id, name: item.manufacturer_name },
      material: { id: item.material_id, name: item.material_name },
      color: { id: item.color_id, name: item.color_name },
      damages: damages.filter((d) => d.claim_item_id === item.id).map(toWireDamage),
      documents_and_photos: documents
        .filter((d) => d.claim_item_id === item.id)
        .map((d) => ({ id: d.id, fileName: d.file_name })),
    })),
    // ACE damage areas depend on each item's model number: the client reads them per model.
    damageAreasDisp: family === "ace"
      ? []
      : await q.query<Lookup>(`SELECT l.id, ${lookupName("l", language)} AS name FROM lookup_values l WHERE l.kind = $1 ORDER BY l.id`, [KINDS.damageArea]),
    documents: documents.map((d) => ({ id: d.id, fileName: d.file_name, claimItemId: d.claim_item_id })),
  };
}

function toWireDamage(d: DamageRow): WireDamage {
  const ref = (prefix: DamageRef) => lookupOf(d[`${prefix}_id`], d[`${prefix}_name`]);
  return {
    id: d.id,
    damageCategory: ref("dt")!,
    specificDamage: ref("sd"),
    specificLocation: ref("sl")!,
    occuredReason: ref("hd")!,
    actionTaken: ref("at")!,
    damageDate: d.damage_date,
    notes: d.notes,
  };
}
