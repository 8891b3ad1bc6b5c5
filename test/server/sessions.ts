/**
 * Session cookies made and read as a browser's copy would be, signed and checked by Hono's own
 * signed-cookie helpers (hono/cookie) under the session key derived from the server's
 * SESSION_SECRET (HMAC-SHA256 of "session", SECURITY.md), so the tests'
 * forgeries and readings depend on no signing code of the server's (SECURITY.md, "Access follows
 * knowledge"). The signed value is JSON `{e: expiry in seconds since the epoch, c: customer ids,
 * p: plan ids, v: verified customer ids}`.
 */
import { createHmac } from "node:crypto";
import { Hono } from "hono";
import { generateSignedCookie, getSignedCookie } from "hono/cookie";
import { SESSION_COOKIE } from "../../server/http/session.ts";

/** The key sessions are signed with, derived from SESSION_SECRET as SECURITY.md states. */
const sessionKey = (secret: string) => Uint8Array.from(createHmac("sha256", secret).update("session").digest());

/** What a session cookie names. */
export interface SessionLists {
  customers: number[];
  plans: number[];
  verified: number[];
}

/**
 * A session cookie's value as it travels in a Cookie header (after `claims_session=`), naming
 * these lists and signed with `secret`. `expires` is in seconds since the epoch; `verified`
 * omitted: no customer is verified (contact details masked).
 */
export async function signedSession(
  secret: string,
  access: { customers: number[]; plans: number[]; verified?: number[] },
  expires: number,
): Promise<string> {
  const payload = JSON.stringify({ e: expires, c: access.customers, p: access.plans, v: access.verified ?? [] });
  const cookie = await generateSignedCookie(SESSION_COOKIE, payload, sessionKey(secret));
  return cookie.split(";")[0]!.slice(SESSION_COOKIE.length + 1);
}

/**
 * What the session cookie in a Cookie header names, its signature checked with `secret`: empty
 * lists when there is none, or it is forged or past its expiry.
 */
export async function sessionIn(secret: string, cookieHeader: string | undefined): Promise<SessionLists> {
  const payload = await signedCookieIn(cookieHeader, sessionKey(secret));
  const data = payload ? (JSON.parse(payload) as { e: number; c: number[]; p: number[]; v: number[] }) : undefined;
  if (!data || data.e < Date.now() / 1000) return { customers: [], plans: [], verified: [] };
  return { customers: data.c, plans: data.p, verified: data.v };
}

/** The session cookie's value in `cookieHeader` when its signature is right under `key`; Hono reads it only from a request. */
async function signedCookieIn(cookieHeader: string | undefined, key: BufferSource): Promise<string | undefined> {
  const reader = new Hono().get("/", async (c) =>
    c.json({ value: (await getSignedCookie(c, key, SESSION_COOKIE)) || null }),
  );
  const answer = await reader.request("/", { headers: cookieHeader ? { cookie: cookieHeader } : {} });
  return ((await answer.json()) as { value: string | null }).value ?? undefined;
}
