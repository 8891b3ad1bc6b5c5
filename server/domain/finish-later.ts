/**
 * Finish later (docs/api.md "Finish later"; SECURITY.md "Plan links"): a signed link, valid
 * FINISH_LINK_TTL_SECONDS, that names a plan (as a signed plan link does), one of its draft claims
 * and the wizard step to reopen it at. It is a plan link with two more fields:
 * `/find-claim/{planId}?customer_id=..&plan_type=..&claim_id=..&step=..&exp=..&sig=..`, so it
 * travels every path a plan link does (the session, the per-address limit of signed links, the dev
 * proxy). Its HMAC is under a key derived from the link secret for this use only, so no finish
 * link is ever a valid plan link or the other way round.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/db.ts";
import type { Language } from "./lookup-names.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { isEditableStatus } from "./claim-guards.ts";
import { familyOf } from "./plan-family.ts";

/** How long a finish-later link opens: 7 days. */
export const FINISH_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

/** What a finish-later link names. */
export interface FinishLink {
  planId: number;
  customerId: number;
  /** FPP or ACE: the wizard the claim is filed in. */
  planType: "FPP" | "ACE";
  claimId: number;
  /** Wizard step 2 to 5. */
  step: number;
  /** Unix time in seconds. */
  expires: number;
  /**
   * Whether the asking session had proved who it is (a personal search or a link sent to the
   * address on file): the link grants that much, decided when it is made. Undefined on older links.
   */
  verified?: boolean;
}

/** The key of finish-later links: HMAC-SHA256 of a fixed label under the link secret. */
function linkKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("finish-later link key\n").digest();
}

function signature(secret: string, link: FinishLink): string {
  const signed = `finish-later\n${link.planId}\n${link.customerId}\n${link.planType}\n${link.claimId}\n${link.step}\n${link.expires}`;
  // Links made before they carried `verified` are signed without it, and open unverified.
  const grant = link.verified === undefined ? "" : `\n${link.verified ? "verified" : "unverified"}`;
  return createHmac("sha256", linkKey(secret))
    .update(signed + grant)
    .digest("base64url");
}

/** Path and query of a signed finish-later link (see the module's comment for its shape). */
export function finishLinkPath(secret: string, link: FinishLink): string {
  const query = new URLSearchParams({
    customer_id: String(link.customerId),
    plan_type: link.planType,
    claim_id: String(link.claimId),
    step: String(link.step),
    exp: String(link.expires),
    ...(link.verified === undefined ? {} : { v: link.verified ? "1" : "0" }),
    sig: signature(secret, link),
  });
  return `/find-claim/${link.planId}?${query}`;
}

/**
 * Checks a link's signature, then its expiry.
 * @returns "valid", "expired" (signed by us, past its `expires`) or "invalid" (any other signature)
 */
export function checkFinishLink(
  secret: string,
  link: FinishLink,
  sig: string,
  nowSeconds: number,
): "valid" | "expired" | "invalid" {
  const expected = Buffer.from(signature(secret, link));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return link.expires >= nowSeconds ? "valid" : "expired";
}

/**
 * The portal's wizard URL of the link's claim at its step (SPEC.md section 2, "Claim wizard (FPP)":
 * `/find-claim/create-claim?step&claimId&warranty_id`; "(ACE)": create-ace-claim with `cust_id`).
 */
export function wizardPathOf(
  link: Pick<FinishLink, "planId" | "customerId" | "planType" | "claimId" | "step">,
): string {
  if (link.planType === "ACE") {
    const query = new URLSearchParams({
      step: String(link.step),
      claimId: String(link.claimId),
      warranty_id: String(link.planId),
      cust_id: String(link.customerId),
    });
    return `/find-claim/create-ace-claim?${query}`;
  }
  const query = new URLSearchParams({
    step: String(link.step),
    claimId: String(link.claimId),
    warranty_id: String(link.planId),
  });
  return `/find-claim/create-claim?${query}`;
}

/** A claim as finish later reads it: its plan, customer and the email on file. */
export interface FinishTarget {
  claimId: number;
  planId: number;
  planNumber: string;
  customerId: number;
  planType: "FPP" | "ACE";
  status: string;
  /** The customer's email, trimmed; null when none is on file. */
  email: string | null;
}

/** The claim with its plan and its customer's email; null when there is no such claim. */
export async function finishTargetOf(q: Queryable, claimId: number): Promise<FinishTarget | null> {
  const [row] = await q.query<{
    plan_id: number;
    number: string;
    customer_id: number;
    plan_type: string;
    status: string;
    email: string | null;
  }>(
    `SELECT c.plan_id, p.number, p.customer_id, p.plan_type, c.status, cu.email
     FROM claims c JOIN plans p ON p.id = c.plan_id JOIN customers cu ON cu.id = p.customer_id WHERE c.id = $1`,
    [claimId],
  );
  if (!row) return null;
  const email = row.email?.trim() || null;
  return {
    claimId,
    planId: row.plan_id,
    planNumber: row.number,
    customerId: row.customer_id,
    planType: familyOf(row.plan_type) === "ace" ? "ACE" : "FPP",
    status: row.status,
    email,
  };
}

/**
 * Where a link's claim stands: "draft" while it can still be finished, "closed" once it was
 * submitted (a finish-later link then opens nothing), null when it is not on plan `planId` of
 * customer `customerId` (deleted, or the link names another plan).
 */
export async function claimOnPlan(
  q: Queryable,
  claimId: number,
  planId: number,
  customerId: number,
): Promise<"draft" | "closed" | null> {
  const [row] = await q.query<{ status: string }>(
    "SELECT c.status FROM claims c JOIN plans p ON p.id = c.plan_id WHERE c.id = $1 AND p.id = $2 AND p.customer_id = $3",
    [claimId, planId, customerId],
  );
  if (!row) return null;
  return isEditableStatus(row.status) ? "draft" : "closed";
}

/** The email carrying a finish-later link, in the consumer's language. */
export interface FinishLaterMail {
  to: string;
  language: Language;
  /** Absolute URL (PUBLIC_URL and finishLinkPath). */
  link: string;
  claimId: number;
  step: number;
  /** When the link stops opening. */
  expiresAt: Date;
}

/**
 * Queues the finish-later email (server/mail/, template finishLater) inside the caller's
 * transaction: it is sent exactly when the request commits, and never slows or fails it.
 * @returns the queue row's id
 */
export function enqueueFinishLaterMail(tx: Queryable, mail: FinishLaterMail): Promise<number> {
  return enqueueMail(tx, {
    to: mail.to,
    language: mail.language,
    template: "finishLater",
    claimId: mail.claimId,
    data: {
      link: mail.link,
      claimNumber: `CL-${mail.claimId}`,
      step: mail.step,
      expiresAt: mail.expiresAt.toISOString(),
    },
  });
}
