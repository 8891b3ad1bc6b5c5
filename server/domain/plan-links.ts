/**
 * Signed plan links for email (SPEC.md section 2 "Open plan by id":
 * `/find-claim/{id}?customer_id=..&plan_type=..`). The link carries `exp` and `sig`; the server
 * checks them when the browser opens the link, grants the plan to this browser's session and
 * redirects to the same link without them, so the portal's own calls stay as SPEC.md fixes them.
 * The same link without a signature opens too unless PLAN_LINKS=signed (plan-link-access.ts); the
 * signature adds an expiry and verifies the customer (SECURITY.md, "Plan links").
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PRIVATE_FILE_MODE, makePrivateFolder } from "../db/data-lock.ts";

/** How long an emailed plan link stays valid: 30 days. */
export const PLAN_LINK_TTL_SECONDS = 30 * 24 * 60 * 60;

/** What a plan link names. `planType` is FPP or ACE (any case). */
export interface PlanLink {
  planId: number;
  customerId: number;
  planType: string;
  /** Unix time in seconds. */
  expires: number;
}

function signature(secret: string, link: PlanLink): string {
  return createHmac("sha256", secret)
    .update(`plan-link\n${link.planId}\n${link.customerId}\n${link.planType.toUpperCase()}\n${link.expires}`)
    .digest("base64url");
}

/** Path and query of a signed link, e.g. `/find-claim/12?customer_id=3&plan_type=FPP&exp=..&sig=..`. */
export function signedPlanLinkPath(secret: string, link: PlanLink): string {
  const query = new URLSearchParams({
    customer_id: String(link.customerId),
    plan_type: link.planType.toUpperCase(),
    exp: String(link.expires),
    sig: signature(secret, link),
  });
  return `/find-claim/${link.planId}?${query}`;
}

/** Whether a link's signature is right and it has not expired. */
export function verifyPlanLink(secret: string, link: PlanLink, sig: string, nowSeconds: number): boolean {
  const expected = Buffer.from(signature(secret, link));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) && link.expires >= nowSeconds;
}

/**
 * The link secret of a data folder: read from `DATA_DIR/link-secret`, created (random, mode 0600)
 * on first use, so links survive restarts and `npm run plan-link` signs what the server accepts.
 */
export async function linkSecretOf(dataDir: string): Promise<string> {
  const file = join(dataDir, "link-secret");
  try {
    const text = (await readFile(file, "utf8")).trim();
    if (text.length >= 32) return text;
  } catch {
    // not there yet
  }
  await makePrivateFolder(dataDir);
  const secret = randomBytes(32).toString("hex");
  await writeFile(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE });
  return secret;
}
