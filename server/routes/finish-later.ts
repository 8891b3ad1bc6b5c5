/**
 * Finish later (docs/api.md "Finish later"; server/domain/finish-later.ts):
 * - GET /api/v1/finish_later?claimId= answers where a link would go, masked (the dialog shows it);
 * - POST /api/v1/finish_later `{claimId, step}` emails the plan's customer a signed link to the
 *   draft at that step and answers `{ sentTo }`, masked. Only the session owning the claim (else
 *   404), only a draft (else 409 CLAIM_NOT_DRAFT), only with an email on file (else 409
 *   NO_EMAIL_ON_FILE); limited per customer and per client address (429 with Retry-After).
 * - GET /find-claim/{planId}?…&claim_id=…&step=…&exp=…&sig=… (mounted before the plan links, which
 *   take every other /find-claim/{id}): a valid link grants the plan to this browser's session,
 *   as the asking session had it (verified or not, decided when the link was made) and sends the browser to the claim's wizard URL at
 *   that step (303). An expired or altered link, or one whose claim was submitted, grants nothing
 *   and sends the browser (303) to the portal's page saying why, with the way to the plan search.
 */
import { Hono, type Context } from "hono";
import { maskedEmail } from "../../contract/contact-masks.ts";
import { LANGUAGE_QUERY, LOCALES } from "../../contract/locales.ts";
import {
  FINISH_LATER_CODES,
  finishLaterAnswerSchema,
  finishLaterQuerySchema,
  finishLaterRequestSchema,
  finishLaterTargetSchema,
  type FinishLaterAnswer,
  type FinishLaterTarget,
} from "../../contract/finish-later.ts";
import type { AppDeps } from "../app-deps.ts";
import { lockDraftClaim } from "../domain/claim-guards.ts";
import {
  FINISH_LINK_TTL_SECONDS,
  checkFinishLink,
  claimOnPlan,
  enqueueFinishLaterMail,
  finishLinkPath,
  finishTargetOf,
  wizardPathOf,
  type FinishLink,
} from "../domain/finish-later.ts";
import { linkedPlan } from "../domain/plan-link-access.ts";
import { conflict } from "../http/http-errors.ts";
import { languageOf } from "../http/language.ts";
import { publicOrigin } from "../http/public-url.ts";
import { addressOf, createRateLimiter, rateOf } from "../http/rate-limit.ts";
import { grantAccess, ownerOf } from "../http/session.ts";
import { idOf, validBody, validQuery } from "../http/validate.ts";
import { documented } from "../openapi/route-doc.ts";

/** Routes of the finish-later calls, to mount under /api/v1. */
export function finishLaterApiRoutes({ db, config }: AppDeps): Hono {
  const app = new Hono();
  const limiter = createRateLimiter(db);

  app.get(
    "/finish_later",
    documented({
      id: "finish_later_target",
      tag: "Finish later",
      summary: "Where a link to finish the claim later would be sent",
      description: "The email on the claim's plan, masked; null when none is on file.",
      access: "owner",
      answer: finishLaterTargetSchema,
      errors: [400, 404],
    }),
    validQuery(finishLaterQuerySchema),
    async (c) => {
      const { claimId } = c.req.valid("query");
      const target = ownerOf(c).loadedClaim(await finishTargetOf(db, claimId));
      const answer: FinishLaterTarget = { sendTo: target.email ? maskedEmail(target.email) : null };
      return c.json(answer);
    },
  );

  app.post(
    "/finish_later",
    documented({
      id: "finish_later",
      tag: "Finish later",
      summary: "Email me a link to finish later",
      description:
        "Emails the plan's customer a signed link (7 days) that reopens the draft at `step` on any device, and answers where it went, masked. Only a draft (409 CLAIM_NOT_DRAFT); 409 NO_EMAIL_ON_FILE without an email on file. Also limited per customer, whatever the draft: RATE_LIMIT_FINISH_LATER (default 5 per 3600 s).",
      access: "owner",
      answer: finishLaterAnswerSchema,
      errors: [400, 404, 409],
      limit: "finishLaterPerAddress",
    }),
    validBody(finishLaterRequestSchema),
    async (c) => {
      const { claimId, step } = c.req.valid("json");
      const owner = ownerOf(c);
      if (!config.linkSecret) throw new Error("finish later needs the link secret (startServer sets it)");
      const secret = config.linkSecret;
      const answer = await db.transaction(async (tx) => {
        const target = owner.loadedClaim(await finishTargetOf(tx, claimId));
        await lockDraftClaim(tx, claimId);
        if (!target.email)
          throw conflict(FINISH_LATER_CODES.noEmailOnFile, "The plan's customer has no email address on file");
        // Counted only for a link that would be sent: per customer (one inbox: a new draft starts no
        // new count), then per address. Sessions without proof count apart, so a stranger who knows
        // the warranty number cannot use up the owner's own links.
        const verified = owner.access.verified.has(target.customerId);
        const inbox = `${target.customerId}:${verified ? "verified" : "unverified"}`;
        await limiter.hit("finish-later-customer", inbox, rateOf(config.rateLimits, "finishLaterPerCustomer"));
        await limiter.hit(
          "finish-later-address",
          addressOf(c, config),
          rateOf(config.rateLimits, "finishLaterPerAddress"),
        );
        const expires = Math.floor(Date.now() / 1000) + FINISH_LINK_TTL_SECONDS;
        // The link grants what the asking session had, decided now: what the owner proves later
        // never widens a link a stranger asked for.
        const link: FinishLink = {
          planId: target.planId,
          customerId: target.customerId,
          planType: target.planType,
          claimId,
          step,
          expires,
          verified,
        };
        await enqueueFinishLaterMail(tx, {
          to: target.email,
          language: languageOf(c),
          link: `${publicOrigin(c, config)}${finishLinkPath(secret, link)}`,
          claimId,
          step,
          expiresAt: new Date(expires * 1000),
        });
        return { sentTo: maskedEmail(target.email) } satisfies FinishLaterAnswer;
      });
      return c.json(answer);
    },
  );

  return app;
}

/** The route of opened finish-later links, to mount at PLAN_LINK_PATH before planLinkRoutes. */
export function finishLinkRoutes({ db, config }: AppDeps): Hono {
  const app = new Hono();

  app.get("/:id{[0-9]{1,10}}", async (c, next) => {
    const query = c.req.query();
    if (query.claim_id === undefined) return next(); // a plan link: server/routes/plan-link.ts
    // As for a plan link: the SameSite=Strict session comes along only from our own page, which
    // the portal host answers with (src/server/link-hand-over.ts).
    if (c.req.header("sec-fetch-site") === "cross-site") return next();
    c.header("Cache-Control", "no-store");
    const link = linkOf(Number(c.req.param("id")), query);
    const verdict =
      link && query.sig !== undefined && config.linkSecret !== undefined
        ? checkFinishLink(config.linkSecret, link, query.sig, Math.floor(Date.now() / 1000))
        : "invalid";
    if (!link || verdict !== "valid") return refusedLink(c, verdict === "expired" ? "expired" : "invalid");
    // The customer, family and claim named are still the plan's (nothing moved since it was signed).
    const plan = await linkedPlan(db, link, languageOf(c));
    const claim = plan ? await claimOnPlan(db, link.claimId, link.planId, link.customerId) : null;
    if (!claim) return refusedLink(c, "invalid");
    // A link finishes a draft: once its claim is submitted it opens nothing.
    if (claim === "closed") return refusedLink(c, "closed");
    grantAccess(c, [{ planId: link.planId, customerId: link.customerId, verified: link.verified === true }]);
    return c.redirect(keepingLanguage(wizardPathOf(link), query.lng), 303);
  });

  return app;
}

/** The link a query names, or null when a field is missing or malformed (then it is refused). */
function linkOf(planId: number, query: Record<string, string>): FinishLink | null {
  const planType = query.plan_type;
  const claimId = idOf(query.claim_id);
  const customerId = idOf(query.customer_id);
  const step = /^[2-5]$/.test(query.step ?? "") ? Number(query.step) : null;
  const expires = /^\d{1,12}$/.test(query.exp ?? "") ? Number(query.exp) : null;
  const verified = query.v === undefined ? undefined : query.v === "1" ? true : query.v === "0" ? false : null;
  if (
    (planType !== "FPP" && planType !== "ACE") ||
    !claimId ||
    !customerId ||
    step === null ||
    expires === null ||
    verified === null
  )
    return null;
  return { planId, customerId, planType, claimId, step, expires, ...(verified === undefined ? {} : { verified }) };
}

/**
 * A refused link's answer: the portal's page saying why (src/routes/find-claim/link-refused.tsx),
 * with its header and language switch. It grants nothing and names no record.
 */
function refusedLink(c: Context, why: "expired" | "invalid" | "closed"): Response {
  c.header("Cache-Control", "no-store");
  return c.redirect(
    keepingLanguage(`/find-claim/link-refused?${new URLSearchParams({ reason: why })}`, c.req.query(LANGUAGE_QUERY)),
    303,
  );
}

/**
 * `path` (with a query) and the language the link named, so the portal's page it leads to opens in
 * it and keeps it in the language cookie (the mail's language; SPEC.md section 9).
 */
function keepingLanguage(path: string, lng: string | undefined): string {
  const locale = LOCALES.find((supported) => supported === lng);
  return locale ? `${path}&${new URLSearchParams({ [LANGUAGE_QUERY]: locale })}` : path;
}
