/**
 * `GET /plan_link/{id}?customer_id=..&plan_type=FPP|ACE` (docs/api.md): the portal's call when it
 * opens a plan link (SPEC.md section 2, "Open plan by id"). Answers `{ customers: [plan] }` like
 * GET /plan/{id}, or 404 PLAN_NOT_FOUND for any link that does not open.
 *
 * - A plan this browser's session already holds (a search, or a signed link the server checked
 *   when the page was opened: routes/plan-link.ts) is a plain lookup, limited like GET /plan/{id}.
 * - Otherwise, with PLAN_LINKS=unsigned, the link opens when the plan is that customer's of that
 *   family and the customer id is a random one: it grants this browser exactly what a
 *   warranty-number search of the plan grants, the plan and its customer, unverified (contact
 *   details masked, SECURITY.md). Every such attempt counts under the searches' limit and is
 *   taken back when it opens (plan-link-access.ts): misses reach 429 as searches do.
 *
 * A call of the page itself (same origin), so the browser sends its SameSite=Strict session and
 * the plan is added to it, never replacing it.
 */
import { Hono } from "hono";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { planLinkQuerySchema, searchPlanResponseSchema, serialIdParamSchema } from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { notFound } from "../http/http-errors.ts";
import { languageOf } from "../http/language.ts";
import { linkedPlan, opensUnsigned } from "../domain/plan-link-access.ts";
import { countLinkAttempt } from "../http/link-attempts.ts";
import { addressOf, createRateLimiter } from "../http/rate-limit.ts";
import { accessOf, grantAccess } from "../http/session.ts";
import { ids, validQuery } from "../http/validate.ts";
import { PLAN_ID, documented } from "../openapi/route-doc.ts";

/** Routes of opening plan links, to mount under /api/v1. */
export function planLinkApiRoutes({ db, config }: AppDeps): Hono {
  const app = new Hono();
  const limiter = createRateLimiter(db);
  const limits = config.rateLimits;

  app.get(
    "/plan_link/:id",
    documented({
      id: "plan_link",
      tag: "Plan links",
      summary: "Open a plan link",
      description:
        "The portal's call for `/find-claim/{id}?customer_id&plan_type`. A plan the session holds is read; otherwise (PLAN_LINKS=unsigned) the customer's random id opens it and grants it unverified. Misses count as failed searches.",
      access: "key",
      params: { id: PLAN_ID },
      queryNotes: { plan_type: "FPP or ACE" },
      answer: searchPlanResponseSchema,
      errors: [400, 404],
      limit: "searchPerAddress",
    }),
    ids(["id"], serialIdParamSchema),
    validQuery(planLinkQuerySchema),
    async (c) => {
      const { id: planId } = c.req.valid("param");
      const { customer_id: customerId, plan_type: planType } = c.req.valid("query");
      const link = { planId, customerId, planType };
      const address = addressOf(c, config);
      if (accessOf(c).plans.has(planId)) {
        await limiter.hit("plan", address, limits.planLookupPerAddress);
        const plan = await linkedPlan(db, link, languageOf(c));
        if (!plan) throw notFound(REFUSAL_CODES.planNotFound, "Plan not found");
        return c.json({ customers: [plan] });
      }
      const attempt = await countLinkAttempt(limiter, address, limits.searchPerAddress);
      const plan = opensUnsigned(config, customerId) ? await linkedPlan(db, link, languageOf(c)) : null;
      if (!plan) throw notFound(REFUSAL_CODES.planNotFound, "Plan not found");
      await attempt.opened();
      grantAccess(c, [{ planId, customerId, verified: false }]);
      return c.json({ customers: [plan] });
    },
  );

  return app;
}
