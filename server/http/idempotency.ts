/**
 * Idempotent writes, as payment APIs do them: a write that carries an
 * `Idempotency-Key` header is done once; the same key again gets the first answer back (with
 * `Idempotent-Replayed: true`) instead of a second claim, damage or ticket. The portal sends the
 * same key only when it repeats a write whose answer it never heard (src/api/idempotency.ts).
 *
 * A key used for a different method, path or body is refused (422), one whose first request is
 * still running gets 409 (try again shortly), and answers of 500 or above are not kept, so such a
 * write may be tried again for real. Keys live a day.
 *
 * A key counts within the browser session that sent it (the customers its cookie names): the same
 * key from another session is another key, so a stranger who learns a key gets no answer of
 * someone else's replayed, and cannot take a key first to spoil the owner's retry.
 */
import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { bodyText } from "./body-text.ts";
import type { Database } from "../db/db.ts";
import { accessOf } from "./session.ts";

/** What a key looks like: a UUID or another token of 16 to 64 letters, digits and dashes. */
const KEY_PATTERN = /^[A-Za-z0-9-]{16,64}$/;
/** How long an answer is kept, in hours. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** A first request still unanswered after this many seconds is taken as abandoned. */
const ABANDONED_AFTER_SECONDS = 120;
/** One request in this many also sweeps expired keys. */
const SWEEP_EVERY = 200;

/**
 * Middleware over the API's writes (POST, PUT, DELETE). Writes without the header run as before.
 */
export function idempotentWrites(db: Database): MiddlewareHandler {
  let requests = 0;
  const middleware: MiddlewareHandler = async (c, next) => {
    const sent = c.req.header("idempotency-key");
    if (sent === undefined || c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();
    if (!KEY_PATTERN.test(sent)) return c.json({ message: "Idempotency-Key must be 16 to 64 letters, digits or dashes", code: "BAD_IDEMPOTENCY_KEY" }, 400);
    if (++requests % SWEEP_EVERY === 0) await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '${IDEMPOTENCY_KEY_HOURS} hours'`);

    const key = sessionKey(c, sent);
    const body = await bodyText(c); // kept, so the route reads the same text
    const fingerprint = `${c.req.method} ${c.req.path} ${createHash("sha256").update(body).digest("hex")}`;
    const [claimed] = await db.query("INSERT INTO idempotency_keys (key, fingerprint) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key", [key, fingerprint]);
    if (!claimed) {
      const [kept] = await db.query<{ fingerprint: string; status: number | null; body: string | null; content_type: string | null; abandoned: boolean }>(
        `SELECT fingerprint, status, body, content_type, created_at < now() - interval '${ABANDONED_AFTER_SECONDS} seconds' AS abandoned
           FROM idempotency_keys WHERE key = $1`,
        [key],
      );
      if (kept && kept.fingerprint !== fingerprint) return c.json({ message: "This Idempotency-Key was used for another request", code: "IDEMPOTENCY_KEY_REUSED" }, 422);
      if (!kept || (kept.status === null && !kept.abandoned)) return c.json({ message: "Request in progress, try again", code: "REQUEST_IN_PROGRESS" }, 409);
      if (kept.status === null) {
        // The first request never finished (the process stopped mid-write, which rolled it back): run this one.
        await db.query("DELETE FROM idempotency_keys WHERE key = $1 AND status IS NULL", [key]);
        return middleware(c, next);
      }
      return new Response(kept.body, { status: kept.status, headers: { "Content-Type": kept.content_type ?? "application/json", "Idempotent-Replayed": "true" } });
    }

    await next();
    if (c.res.status >= 500) {
      await db.query("DELETE FROM idempotency_keys WHERE key = $1", [key]);
      return;
    }
    const answer = await c.res.clone().text();
    await db.query("UPDATE idempotency_keys SET status = $2, body = $3, content_type = $4 WHERE key = $1", [key, c.res.status, answer, c.res.headers.get("content-type")]);
  };
  return middleware;
}

/** The stored key: the sent one within this browser's session (its customers; none when anonymous). */
function sessionKey(c: Context, sent: string): string {
  const customers = [...accessOf(c).customers].sort((a, b) => a - b).join(",");
  return createHash("sha256").update(`${customers}\n${sent}`).digest("hex");
}
