/**
 * Opening a signed plan link (server/domain/plan-links.ts): the browser asks for
 * `/find-claim/{id}?customer_id&plan_type&exp&sig`; a valid, unexpired link for a plan of that
 * customer and family grants the plan to this browser's session, verified (SECURITY.md, "Plan
 * links"), and the browser is sent on to the link without `exp` and `sig`, which the portal opens
 * as SPEC.md says (its call, routes/plan-link-api.ts, finds the plan in the session). A refused
 * link (altered, expired, another customer's) grants nothing. Under PLAN_LINKS=signed it is sent
 * on without its customer either, which names no plan: the portal shows No warranty found and
 * counts the try. Under PLAN_LINKS=unsigned a link whose signature fails is an unsigned link, sent
 * on without `exp` and `sig`: its customer id decides, as for the same link never signed (an
 * expiry binds only where a signature is required). Each link counts under the searches' limit
 * until it opens; with that window full nothing is checked and the portal is served at the link's
 * own address, signature and all: its call meets the 429 and says how long to wait, and a reload
 * after the wait brings the whole link back here.
 *
 * A link without a signature is the portal's page: the portal opens it through its own call.
 */
import { Hono } from "hono";
import { PLAN_LINK_PATH, type AppDeps } from "../app-deps.ts";
import { HttpError } from "../http/http-errors.ts";
import { linkedPlan } from "../domain/plan-link-access.ts";
import { countLinkAttempt, type LinkAttempt } from "../http/link-attempts.ts";
import { verifyPlanLink } from "../domain/plan-links.ts";
import { languageOf } from "../http/language.ts";
import { addressOf, createRateLimiter } from "../http/rate-limit.ts";
import { grantAccess } from "../http/session.ts";
import { idOf } from "../http/validate.ts";
import { RECORD_ID, documented, optional } from "../openapi/route-doc.ts";

/** Routes of signed plan links, to mount at PLAN_LINK_PATH. */
export function planLinkRoutes({ db, config }: AppDeps): Hono {
  const app = new Hono();
  const limiter = createRateLimiter(db);

  app.get(
    "/:id{[0-9]{1,10}}",
    documented({
      id: "find_claim",
      tag: "Plan links",
      summary: "A plan link from an email",
      description:
        "With `exp` and `sig` (a signed link) the plan is granted to the session, verified, and the browser is sent on to the link without them (303). Followed from another site (no session cookie comes along), it grants nothing and is not found here: the portal host answers with a page that reopens it from the portal's origin. Without `sig`, the portal's page. With `claim_id` and `step` it is a finish-later link (POST /finish_later): signed under its own key, it grants the plan likewise and sends the browser to the claim's wizard at that step (303); expired or altered, it answers 404 with a page saying which, in the visitor's language, leading to the plan search.",
      access: "public",
      params: { id: { type: "string", pattern: "^\\d{1,10}$" } },
      query: {
        customer_id: optional(RECORD_ID),
        plan_type: optional({ type: "string" }, "FPP or ACE"),
        exp: optional({ type: "string" }, "Unix seconds"),
        sig: optional({ type: "string" }, "The link's signature"),
        claim_id: optional(RECORD_ID, "Finish-later links: the draft claim to reopen"),
        step: optional({ type: "string", pattern: "^[2-5]$" }, "Finish-later links: the wizard step"),
      },
      answer: "redirect",
      errors: [404],
      limit: "planLinkPerAddress",
    }),
    async (c, next) => {
      const query = c.req.query();
      if (query.sig === undefined) return next(); // an unsigned link: the portal itself
      // A link followed from another site arrives without the SameSite=Strict session cookie, so
      // granting now would replace this browser's session with one holding only the link's plan (a
      // page of an attacker's could so swap the victim's plans for its own). Nothing is granted: the
      // portal host answers with a page that opens the same link again from our own origin, which
      // brings the cookie (src/server/link-hand-over.ts).
      if (c.req.header("sec-fetch-site") === "cross-site") return next();
      const planId = Number(c.req.param("id"));
      const customerId = idOf(query.customer_id) ?? 0;
      const planType = (query.plan_type ?? "").toUpperCase();
      const expires = /^\d{1,12}$/.test(query.exp ?? "") ? Number(query.exp) : 0;
      const without = (...names: string[]) => {
        const rest = new URLSearchParams(Object.entries(query).filter(([name]) => !names.includes(name)));
        return `${PLAN_LINK_PATH}/${planId}${rest.size ? `?${rest}` : ""}`;
      };
      c.header("Cache-Control", "no-store");
      const attempt = await countedOrFull(
        countLinkAttempt(limiter, addressOf(c, config), config.rateLimits.searchPerAddress),
      );
      if (!attempt) {
        // Not sent on without `sig`: under PLAN_LINKS=signed that link could never open again, and
        // the emailed link would be gone from the address bar once the wait is over.
        await next();
        c.header("Cache-Control", "no-store");
        return;
      }
      const signed =
        config.linkSecret !== undefined &&
        verifyPlanLink(
          config.linkSecret,
          { planId, customerId, planType, expires },
          query.sig,
          Math.floor(Date.now() / 1000),
        );
      if (!signed && config.planLinks === "unsigned") {
        // The unsigned link this one would be without its signature: the portal's call counts it and
        // lets the customer id decide, so it is not counted here as well.
        await attempt.opened();
        return c.redirect(without("exp", "sig"), 303);
      }
      const plan = signed ? await linkedPlan(db, { planId, customerId, planType }, languageOf(c)) : null;
      if (!plan) return c.redirect(without("exp", "sig", "customer_id"), 303);
      await attempt.opened();
      grantAccess(c, [{ planId, customerId, verified: true }]);
      return c.redirect(without("exp", "sig"), 303);
    },
  );

  return app;
}

/** The attempt, or null when the address's window is full (a 429 of the searches' limit). */
async function countedOrFull(counting: Promise<LinkAttempt>): Promise<LinkAttempt | null> {
  try {
    return await counting;
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return null;
    throw error;
  }
}
