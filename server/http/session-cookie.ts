/**
 * The session cookie's signature (SECURITY.md, "Access follows knowledge"): one of Hono's signed
 * cookies (hono/cookie, HMAC-SHA256), under a key derived from SESSION_SECRET for sessions only, so
 * the same secret used elsewhere (search-challenge.ts signs with it) can never mint a session.
 */
import { createHmac } from "node:crypto";
import type { Context } from "hono";
import { getSignedCookie, setSignedCookie } from "hono/cookie";

/** A Set-Cookie's attributes, as hono/cookie takes them. */
type CookieOptions = NonNullable<Parameters<typeof setSignedCookie>[4]>;

/** The session cookie of one secret. */
export interface SignedCookie {
  /** The signed value the request's cookie carries; undefined when it has none or its signature is wrong. */
  read(c: Context): Promise<string | undefined>;
  /** Adds a Set-Cookie for `value`, signed, to the answer. */
  write(c: Context, value: string, options: CookieOptions): Promise<void>;
}

/**
 * The signed cookie `name` under the session key derived from `secret`.
 * @param secret SESSION_SECRET
 */
export function signedCookie(name: string, secret: string): SignedCookie {
  const key = createHmac("sha256", secret).update("session").digest();
  return {
    async read(c) {
      return (await getSignedCookie(c, key, name)) || undefined;
    },
    write(c, value, options) {
      return setSignedCookie(c, name, value, key, options);
    },
  };
}
