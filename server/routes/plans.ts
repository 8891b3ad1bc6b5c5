/**
 * Plan search and plan by id (SPEC.md sections 2 "Personal information search", 3 "Search
 * payloads", 7 "/search_plan", "/plan/{id}", "/ace/plan/{id}").
 */
import { Hono } from "hono";
import * as v from "valibot";
import { SEARCH_TYPES, searchPlanRequestSchema, type SearchPlanRequest, type WirePlan } from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { notFound } from "../http-errors.ts";
import { familyOf } from "../plan-family.ts";
import { languageOf } from "../language.ts";
import { loadPlans, loadPlansWhere, type PlanFilter } from "../plan-queries.ts";
import { addressOf, createRateLimiter } from "../rate-limit.ts";
import { grantAccess, ownerOf } from "../session.ts";
import { phoneDigits, zip5 } from "../search-rules.ts";
import { idParam, idParamSchema, parseBody, parseQuery, serialIdParamSchema } from "../validation.ts";

/** Which field a personal search type reads. */
const SEARCH_FIELDS = {
  [SEARCH_TYPES.email]: "email",
  [SEARCH_TYPES.phone]: "phone_number",
  [SEARCH_TYPES.invoice]: "invoice_number",
} as const;

const acePlanQuerySchema = v.object({ customerId: v.optional(idParamSchema), claimId: v.optional(idParamSchema) });

/** Routes of plan search and lookup, to mount under /api/v1. */
export function planRoutes({ db, config }: AppDeps): Hono {
  const app = new Hono();
  // Enumeration limits (SECURITY.md): searches per address and per searched name or number, lookups per address.
  const limiter = createRateLimiter();
  const limits = config.rateLimits;

  app.post("/search_plan", async (c) => {
    limiter.hit(`search:${addressOf(c, config)}`, limits.searchPerAddress);
    const request = await parseBody(c, searchPlanRequestSchema);
    limiter.hit(`name:${searchedName(request)}`, limits.searchPerName);
    const filter = searchFilter(request);
    const plans = filter ? await loadPlansWhere(db, filter, languageOf(c)) : [];
    // Finding a plan is what grants this browser its plans and their customers (SECURITY.md).
    if (plans.length > 0) grantAccess(c, config, plans.map((plan) => ({ planId: plan.id, customerId: plan.customerId })));
    // ACE plans (Ace, Mace) go to their own list; FPP and LEGACY ones (and any other type) to customers.
    return c.json({
      customers: plans.filter((plan) => familyOf(plan.planType) === "fpp"),
      aceCustomers: plans.filter((plan) => familyOf(plan.planType) === "ace"),
    });
  });

  app.get("/plan/:id", async (c) => {
    limiter.hit(`plan:${addressOf(c, config)}`, limits.planLookupPerAddress);
    const id = idParam(c, "id", serialIdParamSchema);
    ownerOf(c, config).plan(id);
    const [plan] = await loadPlans(db, [id], languageOf(c));
    if (!plan) throw notFound("PLAN_NOT_FOUND", "Plan not found");
    return c.json({ customers: [plan] });
  });

  // The ACE wizard opens only ACE plans; a customerId that is not the plan's finds nothing.
  app.get("/ace/plan/:id", async (c) => {
    limiter.hit(`plan:${addressOf(c, config)}`, limits.planLookupPerAddress);
    const id = idParam(c, "id", serialIdParamSchema);
    const { customerId } = parseQuery(c, acePlanQuerySchema);
    ownerOf(c, config).plan(id);
    const [plan] = await loadPlans(db, [id], languageOf(c));
    if (!plan || familyOf(plan.planType) !== "ace" || (customerId !== undefined && plan.customerId !== customerId)) {
      throw notFound("PLAN_NOT_FOUND", "Plan not found");
    }
    return c.json({ customers: [plan] satisfies WirePlan[] });
  });

  return app;
}

/** What a search is counted under per name: the warranty number, or the first and last names. */
function searchedName(request: SearchPlanRequest): string {
  if (request.search_type === SEARCH_TYPES.warrantyNumber) return `number:${request.number.trim().toUpperCase()}`;
  const norm = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");
  return `person:${norm(request.name_first)}|${norm(request.name_last)}`;
}

/**
 * The plans a search finds: by warranty number that plan; by personal information every plan of
 * each customer whose names match and who has the chosen email, phone or invoice (and ZIP when
 * given). Read with the plans themselves, in one query (issue 12).
 * @returns null when the search can match nothing (a ZIP that names no ZIP)
 */
function searchFilter(request: SearchPlanRequest): PlanFilter | null {
  if (request.search_type === SEARCH_TYPES.warrantyNumber) return { where: "upper(p.number) = upper($1)", params: [request.number] };
  const field = SEARCH_FIELDS[request.search_type];
  // The schema requires the field its search type reads.
  const typed = (request as unknown as Record<typeof field, string>)[field];

  const conditions = ["lower(btrim(c.first_name)) = lower($1)", "lower(btrim(c.last_name)) = lower($2)"];
  const params: unknown[] = [request.name_first, request.name_last];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replace("?", `$${params.length}`));
  };
  if (field === "email") add("lower(btrim(c.email)) = lower(?)", typed);
  if (field === "phone_number") add("c.phone = ?", phoneDigits(typed));
  if (field === "invoice_number") {
    add("EXISTS (SELECT 1 FROM plans i WHERE i.customer_id = c.id AND upper(btrim(i.invoice_id)) = upper(?))", typed);
  }
  const zipTyped = (request.zip_code ?? "").trim();
  if (zipTyped !== "") {
    const zip = zip5(zipTyped);
    if (zip === null) return null; // a ZIP that names no ZIP matches nobody
    add("left(c.zip, 5) = ?", zip);
  }
  return { where: conditions.join(" AND "), params };
}
