/**
 * Reads plans with their customer and items in the wire shape (contract/schemas.ts `wirePlanSchema`,
 * SPEC.md section 3 "Plan").
 */
import type { WirePlan, WirePlanItem, Lookup } from "../contract/schemas.ts";
import type { Queryable } from "./db.ts";
import { lookupName, type Language } from "./language.ts";

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
}

interface ItemRow {
  id: number;
  plan_id: number;
  track_key: string | null;
  item_origin: string | null;
  type_id: number | null;
  type_name: string | null;
  manufacturer_id: number | null;
  manufacturer_name: string | null;
  material_id: number | null;
  material_name: string | null;
  color_id: number | null;
  color_name: string | null;
  description: string | null;
  vendor: string | null;
  sku: string | null;
  price: number | null;
  model_number: string | null;
  quantity: number | null;
  location: string | null;
  returned: boolean;
  full_replacement: boolean;
}

/** `{id, name}` from a joined lookup, or null when the reference is empty. */
export function lookupOf(id: number | null, name: string | null): Lookup | null {
  return id === null ? null : { id, name: name ?? "" };
}

/** An int[] parameter as PostgreSQL array text, which both drivers pass through unchanged. */
export function intArray(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(",")}}`;
}

/**
 * Loads plans by id, Active first and then by id (SPEC.md section 3, "Ordering").
 * @param language the language of lookup names (type, manufacturer, material, color)
 * @returns the plans found (unknown ids are skipped), each with its items ordered by id
 */
export async function loadPlans(q: Queryable, planIds: readonly number[], language: Language = "en"): Promise<WirePlan[]> {
  if (planIds.length === 0) return [];
  const plans = await q.query<PlanRow>(
    `SELECT p.id, p.number, p.status, p.plan_type, p.program_name, p.program_id, p.dealer_id, p.invoice_id, p.store,
       to_char(p.purchase_date, 'YYYY-MM-DD') AS purchase_date, to_char(p.delivery_date, 'YYYY-MM-DD') AS delivery_date,
       to_char(p.expiration_date, 'YYYY-MM-DD') AS expiration_date,
       p.total_price::float8 AS total_price, p.warranty_program_price::float8 AS warranty_program_price,
       p.customer_id, c.first_name, c.last_name, p.ace_migrated, p.internally_generated
     FROM plans p JOIN customers c ON c.id = p.customer_id
     WHERE p.id = ANY($1::int[])
     ORDER BY (lower(p.status) = 'active') DESC, p.id`,
    [intArray(planIds)],
  );
  const items = await q.query<ItemRow>(
    `SELECT i.id, i.plan_id, i.track_key, i.item_origin, i.type_id, ${lookupName("t", language)} AS type_name,
       i.manufacturer_id, ${lookupName("mf", language)} AS manufacturer_name, i.material_id, ${lookupName("mt", language)} AS material_name,
       i.color_id, ${lookupName("co", language)} AS color_name, i.description, i.vendor, i.sku, i.price::float8 AS price,
       i.model_number, i.quantity, i.location, i.returned, i.full_replacement
     FROM plan_items i
       LEFT JOIN lookup_values t ON t.id = i.type_id
       LEFT JOIN lookup_values mf ON mf.id = i.manufacturer_id
       LEFT JOIN lookup_values mt ON mt.id = i.material_id
       LEFT JOIN lookup_values co ON co.id = i.color_id
     WHERE i.plan_id = ANY($1::int[])
     ORDER BY i.id`,
    [intArray(planIds)],
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
    warrantyItems: items.filter((i) => i.plan_id === p.id).map(toWireItem),
  }));
}

function toWireItem(i: ItemRow): WirePlanItem {
  return {
    id: i.id,
    trackKey: i.track_key,
    itemOrigin: i.item_origin,
    type: lookupOf(i.type_id, i.type_name),
    manufacturer: lookupOf(i.manufacturer_id, i.manufacturer_name),
    material: lookupOf(i.material_id, i.material_name),
    color: lookupOf(i.color_id, i.color_name),
    itemDescription: i.description,
    vendor: i.vendor,
    sku: i.sku,
    itemPrice: i.price,
    modelNumber: i.model_number,
    quantity: i.quantity,
    location: i.location,
    returned: i.returned,
    full_replacement: i.full_replacement,
  };
}
