/**
 * Plan search and plan by id (SPEC.md sections 2 "Personal information search", 3 "Search
 * payloads", 7 "/search_plan", "/plan/{id}", "/ace/plan/{id}").
 */
import { Hono, type MiddlewareHandler } from "hono";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import {
  SEARCH_TYPES,
  acePlanQuerySchema,
  planQuerySchema,
  searchPlanRequestSchema,
  searchPlanResponseSchema,
  serialIdParamSchema,
  type SearchPlanRequest,
  type WirePlan,
} from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import type { Rate } from "../config.ts";
import { notFound } from "../http/http-errors.ts";
import { familyOf } from "../domain/plan-family.ts";
import { languageOf } from "../http/language.ts";
import { loadPlans, loadPlansWhere, type PlanFilter } from "../domain/plan-queries.ts";
import { CHALLENGE_HEADER, CHALLENGE_STATUS } from "../../contract/challenge.ts";
import { addressOf, createRateLimiter } from "../http/rate-limit.ts";
import { searchChallenges } from "../http/search-challenge.ts";
import { grantAccess, ownerOf } from "../http/session.ts";
import { foldedNameSql, foldName, phoneDigits, zip5 } from "../domain/search-rules.ts";
import { ids, validBody, validQuery } from "../http/validate.ts";
import { PLAN_ID, documented } from "../openapi/route-doc.ts";

/** Which field a personal search type reads. */
const SEARCH_FIELDS = {
  [SEARCH_TYPES.email]: "email",
  [SEARCH_TYPES.phone]: "phone_number",
  [SEARCH_TYPES.invoice]: "invoice_number",
} as const;

/** Routes of plan search and lookup, to mount under /api/v1. */
export function planRoutes({ db, config }: AppDeps): Hono {
  const app = new Hono();
  // Enumeration limits (SECURITY.md): searches and lookups per address, shared by every process
  // on PostgreSQL; after failed searches from an address or of a name, a proof-of-work first.
  const limiter = createRateLimiter(db);
  const limits = config.rateLimits;
  const challenges = searchChallenges(config, limiter);
  // Counted before the request is read: a refused one counts too.
  const counted =
    (kind: "search" | "plan", rate: Rate): MiddlewareHandler =>
    (c, next) =>
      limiter.hit(kind, addressOf(c, config), rate).then(() => next());

  app.post(
    "/search_plan",
    documented({
      id: "search_plan",
      tag: "Plans",
      summary: "Find plans by warranty number or personal details",
      description:
        "Finding a plan grants this browser's session its plans and customers (the `claims_session` cookie). After a few failed searches a proof-of-work comes first (428); send the solution in `X-Altcha`.",
      access: "key",
      answer: searchPlanResponseSchema,
      errors: [400, 428],
      limit: "searchPerAddress",
    }),
    counted("search", limits.searchPerAddress),
    validBody(searchPlanRequestSchema),
    async (c) => {
      const address = addressOf(c, config);
      const request = c.req.valid("json");
      // Counted as failed until it finds a plan. Never a refusal for the name: someone else's wrong
      // guesses cost this searcher a second of work.
      const attempt = await challenges.attempt(address, searchedName(request));
      if (attempt.challenged) {
        if (!(await challenges.redeem(c.req.header(CHALLENGE_HEADER)))) {
          await attempt.undo();
          return c.json(await challenges.answer(), CHALLENGE_STATUS, { "Cache-Control": "no-store" });
        }
        // The search answered 428 was counted against the address; its retry with the solution is
        // the same search, so the pair costs one search of the allowance, not two.
        await limiter.uncount("search", address, limits.searchPerAddress);
      }
      const filter = searchFilter(request);
      const plans = filter ? await loadPlansWhere(db, filter, languageOf(c)) : [];
      if (plans.length > 0) await attempt.undo();
      // Finding a plan is what grants this browser its plans and their customers (SECURITY.md).
      if (plans.length > 0)
        grantAccess(
          c,
          plans.map((plan) => ({
            planId: plan.id,
            customerId: plan.customerId,
            verified: request.search_type !== SEARCH_TYPES.warrantyNumber,
          })),
        );
      // ACE plans (Ace, Mace) go to their own list; FPP and LEGACY ones (and any other type) to customers.
      return c.json({
        customers: plans.filter((plan) => familyOf(plan.planType) === "fpp"),
        aceCustomers: plans.filter((plan) => familyOf(plan.planType) === "ace"),
      });
    },
  );

  app.get(
    "/plan/:id",
    documented({
      id: "plan",
      tag: "Plans",
      summary: "A plan the session holds, with its items",
      access: "owner",
      params: { id: PLAN_ID },
      queryNotes: { claimId: "The claim being filed: its missing line items are listed too" },
      answer: searchPlanResponseSchema,
      errors: [400, 404],
      limit: "planLookupPerAddress",
    }),
    counted("plan", limits.planLookupPerAddress),
    ids(["id"], serialIdParamSchema),
    validQuery(planQuerySchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { claimId } = c.req.valid("query");
      ownerOf(c).plan(id);
      const [plan] = await loadPlans(db, [id], languageOf(c), { claimId });
      if (!plan) throw notFound(REFUSAL_CODES.planNotFound, "Plan not found");
      return c.json({ customers: [plan] });
    },
  );

  // The ACE wizard opens only ACE plans; a customerId that is not the plan's finds nothing.
  app.get(
    "/ace/plan/:id",
    documented({
      id: "ace_plan",
      tag: "Plans",
      summary: "An ACE plan the session holds",
      access: "owner",
      params: { id: PLAN_ID },
      answer: searchPlanResponseSchema,
      errors: [400, 404],
      limit: "planLookupPerAddress",
    }),
    counted("plan", limits.planLookupPerAddress),
    ids(["id"], serialIdParamSchema),
    validQuery(acePlanQuerySchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { customerId } = c.req.valid("query");
      ownerOf(c).plan(id);
      const [plan] = await loadPlans(db, [id], languageOf(c));
      if (!plan || familyOf(plan.planType) !== "ace" || (customerId !== undefined && plan.customerId !== customerId)) {
        throw notFound(REFUSAL_CODES.planNotFound, "Plan not found");
      }
      return c.json({ customers: [plan] satisfies WirePlan[] });
    },
  );

  return app;
}

/**
 * What failed searches are counted under per name: the warranty number, or the first and last
 * names folded exactly as the search compares them (foldName), so every spelling that finds the
 * same customer ('Dána', 'DANA', 'dana') counts as one name.
 */
function searchedName(request: SearchPlanRequest): string {
  if (request.search_type === SEARCH_TYPES.warrantyNumber) return `number:${request.number.trim().toUpperCase()}`;
  return `person:${foldName(request.name_first)}|${foldName(request.name_last)}`;
}

/**
 * The plans a search finds: by warranty number that plan; by personal information every plan of
 * each customer whose names match and who has the chosen email, phone or invoice (and ZIP when
 * given). Read with the plans themselves, in one query (one round trip).
 *
 * Names, email, phone and ZIP each match the customer's current details or the ones their plans
 * were sold with (migration 011), so a change made through the portal never stops the owner's own
 * search. Only a session with proof writes the current ones (server/domain/customer-contact.ts), so
 * what a warranty number alone typed never matches.
 * @returns null when the search can match nothing (a ZIP that names no ZIP)
 */
function searchFilter(request: SearchPlanRequest): PlanFilter | null {
  if (request.search_type === SEARCH_TYPES.warrantyNumber)
    return { where: "upper(p.number) = upper($1)", params: [request.number] };
  const field = SEARCH_FIELDS[request.search_type];
  // The schema requires the field its search type reads.
  const typed = (request as unknown as Record<typeof field, string>)[field];

  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  // `test` of the current column and of the sold one (`c.` and `c.sold_` before the same name).
  const currentOrSold = (test: (column: (name: string) => string) => string) =>
    `(${test((name) => `c.${name}`)} OR ${test((name) => `c.sold_${name}`)})`;
  // Names ignore case, accents and surrounding spaces: 'María López' finds Maria Lopez.
  const first = param(foldName(request.name_first));
  const last = param(foldName(request.name_last));
  const conditions = [
    currentOrSold(
      (col) => `${foldedNameSql(col("first_name"))} = ${first} AND ${foldedNameSql(col("last_name"))} = ${last}`,
    ),
  ];
  if (field === "email") {
    const email = param(typed);
    conditions.push(currentOrSold((col) => `lower(btrim(${col("email")})) = lower(${email})`));
  }
  if (field === "phone_number") {
    const phone = param(phoneDigits(typed));
    conditions.push(currentOrSold((col) => `${col("phone")} = ${phone}`));
  }
  if (field === "invoice_number") {
    conditions.push(
      `EXISTS (SELECT 1 FROM plans i WHERE i.customer_id = c.id AND upper(btrim(i.invoice_id)) = upper(${param(typed)}))`,
    );
  }
  const zipTyped = (request.zip_code ?? "").trim();
  if (zipTyped !== "") {
    const zip = zip5(zipTyped);
    if (zip === null) return null; // a ZIP that names no ZIP matches nobody
    const zipParam = param(zip);
    conditions.push(currentOrSold((col) => `left(${col("zip")}, 5) = ${zipParam}`));
  }
  return { where: conditions.join(" AND "), params };
}
