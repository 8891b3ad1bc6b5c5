/**
 * Access follows knowledge (SECURITY.md): a browser that found plans through search_plan (or
 * opened a signed plan link) holds a short-lived, signed, HttpOnly, SameSite=Strict cookie naming
 * the customers and plans it found. Every plan, claim, item, damage, document, upload and
 * customer_info call checks its record against it and answers 404, never 403, otherwise: a
 * stranger cannot even learn that a record exists.
 *
 * The cookie is one of Hono's signed cookies (session-cookie.ts: HMAC-SHA256 under a key derived
 * from SESSION_SECRET) whose value is JSON `{e: expiry s, c: customer ids, p: plan ids, v: verified customer ids}`. Nothing
 * secret is in it (the browser found those ids itself); the signature makes it unforgeable. Its
 * Max-Age ends it in the browser; the signed expiry `e` refuses a copied or replayed value after it.
 *
 * A customer is *verified* when this browser found them by personal information (names with their
 * email, phone or invoice) or through a signed plan link; a warranty number alone does not verify,
 * so such a session sees the customer's contact details masked (SECURITY.md, "A warranty number alone shows no contact details").
 */
import type { Context, MiddlewareHandler } from "hono";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { CLAIM_CODES } from "../../contract/schemas.ts";
import type { Queryable } from "../db/db.ts";
import { notFound } from "./http-errors.ts";
import type { ServerConfig } from "../config.ts";
import { isHttps } from "./public-url.ts";
import { signedCookie } from "./session-cookie.ts";

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
// Keyed by the Context, which one request keeps through every middleware (bodyLimit replaces
// c.req.raw on the way). `renewed`: a grant changed the session, so its cookie is written.
const sessions = new WeakMap<Context, { access: Access; renewed: boolean }>();
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The access a signed value grants: none once its expiry has passed or when it is malformed. */
function accessOfValue(value: string): Access {
  try {
    const data = JSON.parse(value) as { e: unknown; c: unknown; p: unknown; v: unknown };
    if (typeof data.e !== "number" || data.e < nowSeconds()) return EMPTY;
    const ids = (list: unknown) =>
      new Set(Array.isArray(list) ? list.filter((id): id is number => Number.isSafeInteger(id)) : []);
    const customers = ids(data.c);
    return { customers, plans: ids(data.p), verified: new Set([...ids(data.v)].filter((id) => customers.has(id))) };
  } catch {
    return EMPTY;
  }
}

/**
 * Middleware holding each request's session: reads the cookie once, before everything that checks
 * it (hono/cookie checks the signature, accessOfValue the expiry), and when a grant renewed it,
 * writes it signed with the answer, its expiry and Max-Age SESSION_TTL_SECONDS from now. Mounted
 * on the paths whose routes read it (server/app.ts: the API, stored files, plan links), before
 * the idempotency keys and the routes.
 */
export function browserSession(config: SessionSettings): MiddlewareHandler {
  const cookie = signedCookie(SESSION_COOKIE, config.sessionSecret);
  return async (c, next) => {
    const signed = await cookie.read(c);
    const session = { access: signed ? accessOfValue(signed) : EMPTY, renewed: false };
    sessions.set(c, session);
    await next();
    if (!session.renewed) return;
    const { customers, plans, verified } = session.access;
    const value = JSON.stringify({
      e: nowSeconds() + SESSION_TTL_SECONDS,
      c: [...customers],
      p: [...plans],
      v: [...verified],
    });
    const secure = isHttps(c, config);
    await cookie.write(c, value, {
      path: "/",
      httpOnly: true,
      sameSite: "Strict",
      secure,
      maxAge: SESSION_TTL_SECONDS,
    });
  };
}

/** This request's session; throws when browserSession is not mounted on its path (a wiring mistake, never a 404). */
function sessionOf(c: Context) {
  const session = sessions.get(c);
  if (!session) throw new Error(`session not read: browserSession() is not mounted for ${c.req.path}`);
  return session;
}

/** The access of this request's browser. @throws as sessionOf, when browserSession is not mounted on its path */
export function accessOf(c: Context): Access {
  return sessionOf(c).access;
}

/**
 * Adds plans and their customers to this browser's session and renews it (SESSION_TTL_SECONDS;
 * browserSession writes the cookie with the answer). The newest grants are kept when a session
 * would name more than its limits. A verified grant verifies its customer; an unverified one never
 * takes away a verification the session holds.
 */
export function grantAccess(c: Context, found: Grant[]): void {
  const session = sessionOf(c);
  const current = session.access;
  const keepNewest = (old: ReadonlySet<number>, added: number[], max: number) => {
    const all = [...old].filter((id) => !added.includes(id)).concat([...new Set(added)]);
    return new Set(all.slice(Math.max(0, all.length - max)));
  };
  const customers = keepNewest(
    current.customers,
    found.map((f) => f.customerId),
    MAX_CUSTOMERS,
  );
  const plans = keepNewest(
    current.plans,
    found.map((f) => f.planId),
    MAX_PLANS,
  );
  const newlyVerified = new Set(found.filter((f) => f.verified).map((f) => f.customerId));
  const verified = new Set([...customers].filter((id) => current.verified.has(id) || newlyVerified.has(id)));
  Object.assign(session, { access: { customers, plans, verified }, renewed: true });
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
export function ownerOf(c: Context): Owner {
  const access = accessOf(c);
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
    claim: (q, id) =>
      viaPlan(q, "SELECT plan_id FROM claims WHERE id = $1", id, CLAIM_CODES.claimNotFound, "Claim not found"),
    loadedClaim(loaded) {
      if (!loaded || !access.plans.has(loaded.planId)) throw notFound(CLAIM_CODES.claimNotFound, "Claim not found");
      return loaded;
    },
    claimItem: (q, id) =>
      viaPlan(
        q,
        "SELECT c.plan_id FROM claim_items ci JOIN claims c ON c.id = ci.claim_id WHERE ci.id = $1",
        id,
        "CLAIM_ITEM_NOT_FOUND",
        "Claim item not found",
      ),
    damage: (q, id) =>
      viaPlan(
        q,
        "SELECT c.plan_id FROM damages d JOIN claim_items ci ON ci.id = d.claim_item_id JOIN claims c ON c.id = ci.claim_id WHERE d.id = $1",
        id,
        "DAMAGE_NOT_FOUND",
        "Damage not found",
      ),
    document: (q, id) =>
      viaPlan(
        q,
        "SELECT c.plan_id FROM documents d JOIN claims c ON c.id = d.claim_id WHERE d.id = $1",
        id,
        "DOCUMENT_NOT_FOUND",
        "Document not found",
      ),
    async ownsClaim(q, claimId) {
      const [row] = await q.query<{ plan_id: number }>("SELECT plan_id FROM claims WHERE id = $1", [claimId]);
      return !!row && access.plans.has(row.plan_id);
    },
  };
}
