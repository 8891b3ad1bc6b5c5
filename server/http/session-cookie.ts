/**
 * The session cookie's signature (SECURITY.md, "Access follows knowledge"): one of Hono's signed
 * cookies (hono/cookie, HMAC-SHA256), under a key derived from SESSION_SECRET for sessions only, so
 * the same secret used elsewhere (search-challenge.ts signs with it) can never mint a session.
 *
 * Hono imports the key and signs or checks through WebCrypto on every call (some 130 µs of CPU
 * each, the largest cost of a plan search or plan lookup under load), and takes no imported key. So each
 * distinct cookie value is checked once and each distinct value signed once: a browser sends the
 * same cookie with every call, and a cookie this server just issued is known good. Only values
 * that passed Hono's check, or that Hono signed, are remembered, in a bounded memory per secret.
 */
import { createHmac } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { Context } from "hono";
import { generateSignedCookie, getCookie, getSignedCookie } from "hono/cookie";
import { parse, type CookieOptions } from "hono/utils/cookie";

/** Distinct values remembered (checked cookies, signed lines), the least recently used dropped first. */
const REMEMBERED = 4096;

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
  // The cookie as the browser sends it back (decoded, signature included) -> its signed value.
  const checked = new LRUCache<string, string>({ max: REMEMBERED });
  const lines = new LRUCache<string, string>({ max: REMEMBERED });
  return {
    async read(c) {
      const sent = getCookie(c, name);
      if (sent === undefined) return undefined;
      const known = checked.get(sent);
      if (known !== undefined) return known;
      const value = await getSignedCookie(c, key, name);
      if (!value) return undefined;
      checked.set(sent, value);
      return value;
    },
    async write(c, value, options) {
      const id = JSON.stringify([value, options]);
      let line = lines.get(id);
      if (line === undefined) {
        line = await generateSignedCookie(name, value, key, options);
        lines.set(id, line);
        // What the browser will send back (the pair before the attributes) is good without a check.
        const sent = parse(line.split(";")[0]!, name)[name];
        if (sent !== undefined) checked.set(sent, value);
      }
      c.header("Set-Cookie", line, { append: true });
    },
  };
}
