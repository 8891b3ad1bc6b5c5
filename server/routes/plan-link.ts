/**
 * Opening a signed plan link (server/plan-links.ts): the browser asks for
 * `/find-claim/{id}?customer_id&plan_type&exp&sig`; a valid, unexpired link for a plan of that
 * customer and family grants the plan to this browser's session. Either way the browser is sent on
 * to the link without `exp` and `sig`, which the portal opens as SPEC.md says (an ungranted plan
 * answers 404, so the portal shows No warranty found).
 */
import { Hono } from "hono";
import type { AppDeps } from "../app-deps.ts";
import { familyOf } from "../plan-family.ts";
import { verifyPlanLink } from "../plan-links.ts";
import { grantAccess } from "../session.ts";
import { idOf } from "../validation.ts";

/** Where plan links live (SPEC.md section 2, "Open plan by id"). */
export const PLAN_LINK_PATH = "/find-claim";

/** Routes of signed plan links, to mount at PLAN_LINK_PATH. */
export function planLinkRoutes({ db, config }: AppDeps): Hono {
  const app = new Hono();

  app.get("/:id{[0-9]{1,10}}", async (c, next) => {
    const query = c.req.query();
    if (query.sig === undefined) return next(); // an unsigned link: the portal itself
    const planId = Number(c.req.param("id"));
    const customerId = idOf(query.customer_id) ?? 0;
    const planType = (query.plan_type ?? "").toUpperCase();
    const expires = /^\d{1,12}$/.test(query.exp ?? "") ? Number(query.exp) : 0;
    const signed = config.linkSecret !== undefined && (planType === "FPP" || planType === "ACE")
      && verifyPlanLink(config.linkSecret, { planId, customerId, planType, expires }, query.sig, Math.floor(Date.now() / 1000));
    if (signed) {
      const [plan] = await db.query<{ customer_id: number; plan_type: string }>(
        "SELECT customer_id, plan_type FROM plans WHERE id = $1", [planId],
      );
      if (plan && plan.customer_id === customerId && familyOf(plan.plan_type) === planType.toLowerCase()) {
        grantAccess(c, config, [{ planId, customerId }]);
      }
    }
    const rest = new URLSearchParams(Object.entries(query).filter(([name]) => name !== "sig" && name !== "exp"));
    c.header("Cache-Control", "no-store");
    return c.redirect(`${PLAN_LINK_PATH}/${planId}${rest.size ? `?${rest}` : ""}`, 303);
  });

  return app;
}
