/**
 * Access follows knowledge (SECURITY.md): a browser that found plans through search_plan (or
 * opened a signed plan link) holds a short-lived, signed, HttpOnly, SameSite=Strict cookie naming
 * the customers and plans it found. Every plan, claim, item, damage, document, upload and
 * customer_info call checks its record against it and answers 404, never 403, otherwise: a
 * stranger cannot even learn that a record exists.
 *
 * Cookie value: `<base64url JSON {e: expiry s, c: customer ids, p: plan ids, v: verified customer
 * ids}>.<base64url HMAC-SHA256>`. Nothing secret is in it (the browser found those ids itself); the
 * signature makes it unforgeable.
 *
 * A customer is *verified* when this browser found them by personal information (names with their
 * email, phone or invoice) or through a signed plan link; a warranty number alone does not verify,
 * so such a session sees the customer's contact details masked (SECURITY.md, "A warranty number alone shows no contact details").
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { CLAIM_CODES } from "../../contract/schemas.ts";
import type { Queryable } from "../db/db.ts";
import { notFound } from "./http-errors.ts";
import type { ServerConfig } from "../config.ts";
import { isHttps } from "./public-url.ts";

type SessionSettings = Pick<ServerConfig, "sessionSecret" | "publicUrl" | "trustProxy">;

export const SESSION_COOKIE = "claims_session";
/** Lifetime of a session, renewed by every search or plan link: 2 hours. */
export const SESSION_TTL_SECONDS = 2 * 60 * 60;
/** Most customers and plans one session names; the oldest are dropped first. */
const MAX_CUSTOMERS = 32;
const MAX_PLANS = 64;

/** What this browser may touch. */
export interface Access {
  customers: ReadonlySet<number>;
  plans: ReadonlySet<number>;
  /** The customers of `customers` this browser proved it knows (see above): full contact details. */
  verified: ReadonlySet<number>;
}

/** One plan a search or plan link found, and whether finding it verified its customer. */
export interface Grant {
  planId: number;
  customerId: number;
  /** True for a personal search or a signed plan link; false for a warranty-number search. */
  verified: boolean;
}

const EMPTY: Access = { customers: new Set(), plans: new Set(), verified: new Set() };
const read = new WeakMap<Request, Access>();

const mac = (secret: string, payload: string) => createHmac("sha256", secret).update(`session\n${payload}`).digest("base64url");

/**
 * Encodes a session cookie value (exported for tests and the property tests' forgeries).
 * `verified` omitted: no customer is verified (contact details masked).
 */
export function encodeSession(
  secret: string,
  access: { customers: Iterable<number>; plans: Iterable<number>; verified?: Iterable<number> },
  expires: number,
): string {
  const payload = Buffer.from(JSON.stringify({ e: expires, c: [...access.customers], p: [...access.plans], v: [...(access.verified ?? [])] }))
    .toString("base64url");
  return `${payload}.${mac(secret, payload)}`;
}

/** Decodes a cookie value; anything malformed, forged or expired is no access at all. */
export function decodeSession(secret: string, value: string | undefined, nowSeconds: number): Access {
  if (!value || value.length > 4096) return EMPTY;
  const [payload, sig, extra] = value.split(".");
  if (!payload || !sig || extra !== undefined) return EMPTY;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return EMPTY;
  try {
    const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { e: unknown; c: unknown; p: unknown; v: unknown };
    if (typeof data.e !== "number" || data.e < nowSeconds || !Array.isArray(data.c) || !Array.isArray(data.p)) return EMPTY;
    const ids = (list: unknown[]) => new Set(list.filter((id): id is number => Number.isSafeInteger(id)));
    const customers = ids(data.c);
    // A cookie from before verification existed has no `v`: nobody in it is verified.
    const verified = Array.isArray(data.v) ? new Set([...ids(data.v)].filter((id) => customers.has(id))) : new Set<number>();
    return { customers, plans: ids(data.p), verified };
  } catch {
    return EMPTY;
  }
}

/** The access of this request's browser (read once per request). */
export function accessOf(c: Context, config: SessionSettings): Access {
  let access = read.get(c.req.raw);
  if (!access) {
    access = decodeSession(config.sessionSecret, getCookie(c, SESSION_COOKIE), Math.floor(Date.now() / 1000));
    read.set(c.req.raw, access);
  }
  return access;
}

/**
 * Adds plans and their customers to this browser's session and renews it (SESSION_TTL_SECONDS).
 * The newest grants are kept when a session would name more than its limits. A verified grant
 * verifies its customer; an unverified one never takes away a verification the session holds.
 */
export function grantAccess(c: Context, config: SessionSettings, found: Grant[]): void {
  const current = accessOf(c, config);
  const keepNewest = (old: ReadonlySet<number>, added: number[], max: number) => {
    const all = [...old].filter((id) => !added.includes(id)).concat([...new Set(added)]);
    return all.slice(Math.max(0, all.length - max));
  };
  const customers = keepNewest(current.customers, found.map((f) => f.customerId), MAX_CUSTOMERS);
  const plans = keepNewest(current.plans, found.map((f) => f.planId), MAX_PLANS);
  const newlyVerified = new Set(found.filter((f) => f.verified).map((f) => f.customerId));
  const verified = customers.filter((id) => current.verified.has(id) || newlyVerified.has(id));
  const expires = Math.floor(Date.now() / 1000) + SESSION_TTL_SECONDS;
  setCookie(c, SESSION_COOKIE, encodeSession(config.sessionSecret, { customers, plans, verified }, expires), {
    path: "/",
    httpOnly: true,
    sameSite: "Strict",
    secure: isHttps(c, config),
    maxAge: SESSION_TTL_SECONDS,
  });
  read.set(c.req.raw, { customers: new Set(customers), plans: new Set(plans), verified: new Set(verified) });
}

/** Checks of one request against its session; each throws the record's own 404 when not owned. */
export interface Owner {
  readonly access: Access;
  plan(planId: number): void;
  customer(customerId: number): void;
  claim(q: Queryable, claimId: number): Promise<void>;
  /**
   * The check of `claim` for a claim already read together with its plan (one query instead of
   * two): throws the claim's 404 when it was not found or its plan is not this session's.
   */
  loadedClaim<T extends { planId: number }>(loaded: T | null): T;
  claimItem(q: Queryable, claimItemId: number): Promise<void>;
  damage(q: Queryable, damageId: number): Promise<void>;
  document(q: Queryable, documentId: number): Promise<void>;
  /** True when the claim is this session's (for the storage, which answers 404 itself). */
  ownsClaim(q: Queryable, claimId: number): Promise<boolean>;
}

/** The ownership checks of a request. */
export function ownerOf(c: Context, config: SessionSettings): Owner {
  const access = accessOf(c, config);
  const viaPlan = async (q: Queryable, sql: string, id: number, code: string, message: string) => {
    const [row] = await q.query<{ plan_id: number }>(sql, [id]);
    if (!row || !access.plans.has(row.plan_id)) throw notFound(code, message);
  };
  return {
    access,
    plan(planId) {
      if (!access.plans.has(planId)) throw notFound(REFUSAL_CODES.planNotFound, "Plan not found");
    },
    customer(customerId) {
      if (!access.customers.has(customerId)) throw notFound("CUSTOMER_NOT_FOUND", "Customer not found");
    },
    claim: (q, id) => viaPlan(q, "SELECT plan_id FROM claims WHERE id = $1", id, CLAIM_CODES.claimNotFound, "Claim not found"),
    loadedClaim(loaded) {
      if (!loaded || !access.plans.has(loaded.planId)) throw notFound(CLAIM_CODES.claimNotFound, "Claim not found");
      return loaded;
    },
    claimItem: (q, id) => viaPlan(q,
      "SELECT c.plan_id FROM claim_items ci JOIN claims c ON c.id = ci.claim_id WHERE ci.id = $1",
      id, "CLAIM_ITEM_NOT_FOUND", "Claim item not found"),
    damage: (q, id) => viaPlan(q,
      "SELECT c.plan_id FROM damages d JOIN claim_items ci ON ci.id = d.claim_item_id JOIN claims c ON c.id = ci.claim_id WHERE d.id = $1",
      id, "DAMAGE_NOT_FOUND", "Damage not found"),
    document: (q, id) => viaPlan(q,
      "SELECT c.plan_id FROM documents d JOIN claims c ON c.id = d.claim_id WHERE d.id = $1",
      id, "DOCUMENT_NOT_FOUND", "Document not found"),
    async ownsClaim(q, claimId) {
      const [row] = await q.query<{ plan_id: number }>("SELECT plan_id FROM claims WHERE id = $1", [claimId]);
      return !!row && access.plans.has(row.plan_id);
    },
  };
}
