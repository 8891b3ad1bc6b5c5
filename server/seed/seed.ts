/**
 * Seeds the demo lookups and plans (server/seed/seed-data.ts) into an empty database.
 */
import type { Database, Queryable } from "../db/db.ts";
import { KINDS, type LookupKind } from "../domain/lookup-kinds.ts";
import { familyOf } from "../domain/plan-family.ts";
import { DEMO_PLANS, LOOKUP_LISTS, type DemoPlan } from "./seed-data.ts";
import { SPANISH_NAMES } from "./seed-data-es.ts";
import { phoneDigits } from "../domain/search-rules.ts";

/**
 * Writes the demo data when the plans table is empty, in one transaction. Otherwise it only gives
 * demo customers seeded before migration 002 their street address, city and state, and lookup
 * values seeded before migration 005 their Spanish names, where those are still empty; so it is
 * safe on every start.
 * @returns true when it seeded
 */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Several processes may start at once on one PostgreSQL: one seeds, the others wait here and
    // then find the plans (without the lock each would see none and seed its own copy).
    await tx.query("SELECT pg_advisory_xact_lock(727002)");
    const [row] = await tx.query<{ count: number }>("SELECT count(*)::int AS count FROM plans");
    if ((row?.count ?? 0) > 0) {
      await fillMissingAddresses(tx);
      await fillSpanishNames(tx);
      return false;
    }
    const lookupIds = await seedLookups(tx);
    await fillSpanishNames(tx);
    const customerIds = new Map<string, number>();
    for (const plan of DEMO_PLANS) {
      let customerId = customerIds.get(plan.customer.email);
      if (customerId === undefined) {
        customerId = await insertCustomer(tx, plan);
        customerIds.set(plan.customer.email, customerId);
      }
      await insertPlan(tx, plan, customerId, lookupIds);
    }
    return true;
  });
}

type LookupIds = (kind: LookupKind, name: string) => number;

/** Spanish names of the seeded lookup values (seed-data-es.ts) where none is set; brands stay as they are. */
async function fillSpanishNames(tx: Queryable): Promise<void> {
  const pairs = Object.entries(SPANISH_NAMES);
  await tx.query(
    `UPDATE lookup_values l SET name_es = v.es
     FROM (SELECT unnest($1::text[]) AS en, unnest($2::text[]) AS es) v
     WHERE l.name = v.en AND l.name_es IS NULL AND l.kind NOT LIKE '%manufacturer'`,
    [pairs.map(([en]) => en), pairs.map(([, es]) => es)],
  );
}

async function seedLookups(tx: Queryable): Promise<LookupIds> {
  const ids = new Map<string, number>();
  for (const list of LOOKUP_LISTS) {
    for (const name of list.names) {
      const [row] = await tx.query<{ id: number }>(
        "INSERT INTO lookup_values (kind, name, model_no) VALUES ($1, $2, $3) RETURNING id",
        [list.kind, name, list.modelNo ?? null],
      );
      // Per-model names repeat across models; plan items only name the model-free lists.
      if (row && !list.modelNo) ids.set(`${list.kind}:${name}`, row.id);
    }
  }
  return (kind, name) => {
    const id = ids.get(`${kind}:${name}`);
    if (id === undefined) throw new Error(`Seed data names an unknown ${kind}: ${name}`);
    return id;
  };
}

async function insertCustomer(tx: Queryable, plan: DemoPlan): Promise<number> {
  const c = plan.customer;
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO customers (first_name, last_name, email, phone, address, city, state, zip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [c.firstName, c.lastName, c.email, phoneDigits(c.phone), c.address, c.city, c.state, c.zip],
  );
  return row!.id;
}

/**
 * Sets the demo address of each demo customer (found by email and names) that has none yet; a customer
 * whose address was recorded, by the seed or by PUT /ace/customer_info, is left alone.
 */
async function fillMissingAddresses(tx: Queryable): Promise<void> {
  const customers = new Map(DEMO_PLANS.map((plan) => [plan.customer.email, plan.customer]));
  for (const c of customers.values()) {
    await tx.query(
      `UPDATE customers SET address = $2, city = $3, state = $4
       WHERE lower(email) = lower($1) AND first_name = $5 AND last_name = $6
         AND coalesce(address, '') = '' AND coalesce(city, '') = '' AND coalesce(state, '') = ''`,
      [c.email, c.address, c.city, c.state, c.firstName, c.lastName],
    );
  }
}

async function insertPlan(tx: Queryable, plan: DemoPlan, customerId: number, lookup: LookupIds): Promise<void> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO plans (number, customer_id, plan_type, status, program_name, program_id, dealer_id, invoice_id,
       store, purchase_date, delivery_date, expiration_date, total_price, warranty_program_price, ace_migrated)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      plan.number,
      customerId,
      plan.planType,
      plan.status,
      plan.programName,
      plan.programId,
      plan.dealerId,
      plan.invoice,
      plan.store,
      plan.purchaseDate,
      plan.deliveryDate,
      plan.expirationDate,
      plan.totalPrice,
      plan.warrantyProgramPrice,
      plan.aceMigrated ?? false,
    ],
  );
  const planId = row!.id;
  // ACE plans describe their items with the ACE lists; the item type list is shared.
  const ace = familyOf(plan.planType) === "ace";
  const itemIds: number[] = [];
  for (const [index, item] of plan.items.entries()) {
    const [itemRow] = await tx.query<{ id: number }>(
      `INSERT INTO plan_items (plan_id, track_key, item_origin, type_id, manufacturer_id, material_id, color_id,
         description, vendor, sku, price, model_number, quantity, location, returned, full_replacement)
       VALUES ($1, $2, 'INVOICE', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        planId,
        `${plan.number}-${String(index + 1).padStart(2, "0")}`,
        lookup(KINDS.itemType, item.type),
        lookup(ace ? KINDS.aceManufacturer : KINDS.manufacturer, item.manufacturer),
        lookup(ace ? KINDS.aceMaterial : KINDS.material, item.material),
        lookup(ace ? KINDS.aceColor : KINDS.color, item.color),
        item.description,
        item.vendor,
        item.sku,
        item.price,
        item.modelNumber,
        item.quantity,
        item.location,
        item.returned ?? false,
        item.fullReplacement ?? false,
      ],
    );
    itemIds.push(itemRow!.id);
  }
  if (plan.claim) await insertClaim(tx, plan, planId, customerId, itemIds[0]!, lookup);
}

async function insertClaim(
  tx: Queryable,
  plan: DemoPlan,
  planId: number,
  customerId: number,
  planItemId: number,
  lookup: LookupIds,
): Promise<void> {
  const claim = plan.claim!;
  const submitted = claim.status === "In process";
  const [claimRow] = await tx.query<{ id: number }>(
    `INSERT INTO claims (plan_id, customer_id, status, status_code, damage_date, claim_date, allow_sms, submitted_at)
     VALUES ($1, $2, $3, $4, $5, $6, true, $7) RETURNING id`,
    [
      planId,
      customerId,
      claim.status,
      claim.statusCode,
      claim.damage?.date ?? "2025-09-01",
      "2025-09-05 10:30:00",
      submitted ? "2025-09-05T10:45:00Z" : null,
    ],
  );
  // Its status timeline so far (In process: submitted, in review, decision), dated as migration
  // 012 dates the claims it backfills, so the demo's claim-status page shows one.
  if (submitted) {
    await tx.query(
      `INSERT INTO claim_events (claim_id, step, at) SELECT $1, s.step, $2::timestamptz + s.after
       FROM (VALUES ('submitted', interval '0 days'), ('in_review', interval '3 days'), ('decision', interval '7 days')) AS s (step, after)`,
      [claimRow!.id, "2025-09-05T10:45:00Z"],
    );
  }
  const item = plan.items[0]!;
  const [claimItem] = await tx.query<{ id: number }>(
    `INSERT INTO claim_items (claim_id, plan_item_id, type_id, manufacturer_id, material_id, color_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      claimRow!.id,
      planItemId,
      lookup(KINDS.itemType, item.type),
      lookup(KINDS.manufacturer, item.manufacturer),
      lookup(KINDS.material, item.material),
      lookup(KINDS.color, item.color),
    ],
  );
  const d = claim.damage;
  if (!d) return;
  await tx.query(
    `INSERT INTO damages (claim_item_id, damage_type_id, specific_damage_id, specific_location_id, how_did_occur_id,
       action_taken_id, damage_date, notes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      claimItem!.id,
      lookup(KINDS.damageType, d.type),
      lookup(KINDS.specificDamage, d.specificDamage),
      lookup(KINDS.damageArea, d.area),
      lookup(KINDS.howDidOccur, d.howDidOccur),
      lookup(KINDS.actionTaken, d.actionTaken),
      d.date,
      d.notes,
    ],
  );
}
