/**
 * Reads plans with their customer and items in the wire shape (contract/schemas.ts `wirePlanSchema`,
 * SPEC.md section 3 "Plan"). A plan lists the items sold with it; a missing line item a claim added
 * (server/domain/manual-items.ts) only where that claim is filed: when the reader names the claim.
 */
import type { WirePlan, WirePlanItem } from "../../contract/schemas.ts";
import type { Queryable } from "../db/db.ts";
import { lookupName, type Language } from "./lookup-names.ts";

interface PlanRow {
  id: number;
  number: string;
  status: string | null;
  plan_type: string | null;
  program_name: string | null;
  program_id: number | null;
  dealer_id: number | null;
  invoice_id: string | null;
  store: string | null;
  purchase_date: string | null;
  delivery_date: string | null;
  expiration_date: string | null;
  total_price: number | null;
  warranty_program_price: number | null;
  customer_id: number;
  first_name: string | null;
  last_name: string | null;
  ace_migrated: boolean;
  internally_generated: boolean;
  /** The plan's items in the wire shape, built by the query (JSON). */
  items: WirePlanItem[];
}

/** An int[] parameter as PostgreSQL array text, which both drivers pass through unchanged. */
export function intArray(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(",")}}`;
}

/**
 * SQL of a lookup reference in the wire shape `{id, name}`, or null when the reference
 * is empty. `idSql` and `alias` are written in the query itself, `language` is one of two constants.
 */
export function lookupJson(idSql: string, alias: string, language: Language): string {
  return `CASE WHEN ${idSql} IS NULL THEN NULL ELSE json_build_object('id', ${idSql}, 'name', COALESCE(${lookupName(alias, language)}, '')) END`;
}

/**
 * Which plans to load: a condition on `plans p JOIN customers c` with its own `$1`-style
 * parameters. Its SQL text is the server's own; values from a request go in `params` only.
 */
export interface PlanFilter {
  where: string;
  params: unknown[];
}

/** Which items a plan lists besides those sold with it. */
export interface PlanItemsOptions {
  /**
   * The claim being filed on the plan: its missing line items are listed too (GET /plan/{id}?claimId=).
   * Undefined: none are (search_plan, a plan link). The caller has checked the session holds the
   * plan; a claim of another plan adds nothing, as its items are not this plan's.
   */
  claimId?: number | undefined;
}

/**
 * Loads plans by id, Active first and then by id (SPEC.md section 3, "Ordering").
 * @param language the language of lookup names (type, manufacturer, material, color)
 * @param options missing line items of which claim to list (PlanItemsOptions)
 * @returns the plans found (unknown ids are skipped), each with its items ordered by id
 */
export async function loadPlans(
  q: Queryable,
  planIds: readonly number[],
  language: Language = "en",
  options: PlanItemsOptions = {},
): Promise<WirePlan[]> {
  if (planIds.length === 0) return [];
  return loadPlansWhere(q, { where: "p.id = ANY($1::int[])", params: [intArray(planIds)] }, language, options);
}

/**
 * Loads the plans a filter selects, ordered as loadPlans, in one query: each plan's items come
 * with it as JSON already in the wire shape (one round trip per call). Items sold with
 * the plan, and the missing line items of `options.claimId` only.
 */
export async function loadPlansWhere(
  q: Queryable,
  filter: PlanFilter,
  language: Language = "en",
  options: PlanItemsOptions = {},
): Promise<WirePlan[]> {
  const params = [...filter.params];
  let listed = "i.claim_id IS NULL";
  if (options.claimId !== undefined) {
    params.push(options.claimId);
    listed = `(i.claim_id IS NULL OR i.claim_id = $${params.length}::bigint)`;
  }
  const plans = await q.query<PlanRow>(
    `SELECT p.id, p.number, p.status, p.plan_type, p.program_name, p.program_id, p.dealer_id, p.invoice_id, p.store,
       to_char(p.purchase_date, 'YYYY-MM-DD') AS purchase_date, to_char(p.delivery_date, 'YYYY-MM-DD') AS delivery_date,
       to_char(p.expiration_date, 'YYYY-MM-DD') AS expiration_date,
       p.total_price::float8 AS total_price, p.warranty_program_price::float8 AS warranty_program_price,
       p.customer_id, c.first_name, c.last_name, p.ace_migrated, p.internally_generated,
       (SELECT COALESCE(json_agg(json_build_object(
           'id', i.id, 'trackKey', i.track_key, 'itemOrigin', i.item_origin,
           'type', ${lookupJson("i.type_id", "t", language)},
           'manufacturer', ${lookupJson("i.manufacturer_id", "mf", language)},
           'material', ${lookupJson("i.material_id", "mt", language)},
           'color', ${lookupJson("i.color_id", "co", language)},
           'itemDescription', i.description, 'vendor', i.vendor, 'sku', i.sku, 'itemPrice', i.price::float8,
           'modelNumber', i.model_number, 'quantity', i.quantity, 'location', i.location,
           'returned', i.returned, 'full_replacement', i.full_replacement
         ) ORDER BY i.id), '[]')
        FROM plan_items i
          LEFT JOIN lookup_values t ON t.id = i.type_id
          LEFT JOIN lookup_values mf ON mf.id = i.manufacturer_id
          LEFT JOIN lookup_values mt ON mt.id = i.material_id
          LEFT JOIN lookup_values co ON co.id = i.color_id
        WHERE i.plan_id = p.id AND ${listed}) AS items
     FROM plans p JOIN customers c ON c.id = p.customer_id
     WHERE ${filter.where}
     ORDER BY (lower(p.status) = 'active') DESC, p.id`,
    params,
  );
  return plans.map((p) => ({
    id: p.id,
    number: p.number,
    planStatus: p.status,
    planType: p.plan_type,
    programName: p.program_name,
    programId: p.program_id,
    dealerId: p.dealer_id,
    invoiceId: p.invoice_id,
    store: p.store,
    purchaseDate: p.purchase_date,
    deliveryDate: p.delivery_date,
    expirationDate: p.expiration_date,
    totalPrice: p.total_price,
    warrantyProgramPrice: p.warranty_program_price,
    customerId: p.customer_id,
    firstName: p.first_name,
    lastName: p.last_name,
    aceMigrated: p.ace_migrated,
    internallyGenerated: p.internally_generated,
    warrantyItems: p.items,
  }));
}
