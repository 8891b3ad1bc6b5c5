/**
 * Idempotent writes, as payment APIs do them: a write that carries an
 * `Idempotency-Key` header is done once; the same key again gets the first answer back (with
 * `Idempotent-Replayed: true`) instead of a second claim, damage or ticket. The portal sends the
 * same key only when it repeats a write whose answer it never heard (src/api/idempotency.ts).
 *
 * The answer is kept in the same transaction as the write it answers: the route runs inside the
 * key's transaction (Database.sharedTransaction: its own transactions become savepoints), so a
 * process that dies in between leaves both or neither, and a retry after a crash is answered from
 * the first write or does it once.
 *
 * A key used for a different method, path or body is refused (422). A key whose first request is
 * still running gets 409 (try again shortly) on PostgreSQL; on the embedded database, which runs one
 * transaction at a time, the second waits for the first and is answered from it. Answers of 500 or
 * above are not kept and roll their write back, so such a write may be tried again for real. Keys
 * live a day.
 *
 * A key counts within the browser session that sent it (the customers its cookie names): the same
 * key from another session is another key, so a stranger who learns a key gets no answer of
 * someone else's replayed, and cannot take a key first to spoil the owner's retry.
 */
import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { bodyText } from "./body-text.ts";
import type { Database } from "../db/db.ts";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { accessOf } from "./session.ts";

/** What a key looks like: a UUID or another token of 16 to 64 letters, digits and dashes. */
const KEY_PATTERN = /^[A-Za-z0-9-]{16,64}$/;
/** How long an answer is kept, in hours. */
const IDEMPOTENCY_KEY_HOURS = 24;
/** One request in this many also sweeps expired keys. */
const SWEEP_EVERY = 200;
/** Advisory lock class of the keys (the two-number form: apart from the migrations' lock, server/db/db.ts). */
const KEY_LOCK_CLASS = 727002;
/** Thrown out of the key's transaction to roll back a write answered 500 or above, its key unkept. */
const NOT_KEPT = new Error("answer not kept");

/** A kept answer. */
interface Kept {
  fingerprint: string;
  status: number;
  body: string | null;
  content_type: string | null;
}

/**
 * Middleware over the API's writes (POST, PUT, DELETE). Writes without the header run as before.
 */
export function idempotentWrites(db: Database): MiddlewareHandler {
  let requests = 0;
  return async (c, next) => {
    const sent = c.req.header("idempotency-key");
    if (sent === undefined || c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS")
      return next();
    if (!KEY_PATTERN.test(sent))
      return c.json(
        { message: "Idempotency-Key must be 16 to 64 letters, digits or dashes", code: "BAD_IDEMPOTENCY_KEY" },
        400,
      );
    if (++requests % SWEEP_EVERY === 0)
      await db.query(
        `DELETE FROM idempotency_keys WHERE created_at < now() - interval '${IDEMPOTENCY_KEY_HOURS} hours'`,
      );

    const key = sessionKey(c, sent);
    const body = await bodyText(c); // kept, so the route reads the same text; read before the transaction opens
    const fingerprint = `${c.req.method} ${c.req.path} ${createHash("sha256").update(body).digest("hex")}`;
    return db
      .sharedTransaction(async (tx): Promise<Response | undefined> => {
        // Not waiting on a first request with this key: PostgreSQL would hold this connection meanwhile.
        const [lock] = await tx.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock($1, $2) AS locked", [
          KEY_LOCK_CLASS,
          lockNumber(key),
        ]);
        if (!lock?.locked)
          return c.json({ message: "Request in progress, try again", code: REFUSAL_CODES.requestInProgress }, 409);
        // A row without an answer is one the previous version left unfinished: the write runs.
        const [kept] = await tx.query<Kept>(
          "SELECT fingerprint, status, body, content_type FROM idempotency_keys WHERE key = $1 AND status IS NOT NULL",
          [key],
        );
        if (kept && kept.fingerprint !== fingerprint)
          return c.json(
            { message: "This Idempotency-Key was used for another request", code: "IDEMPOTENCY_KEY_REUSED" },
            422,
          );
        if (kept)
          return new Response(kept.body, {
            status: kept.status,
            headers: { "Content-Type": kept.content_type ?? "application/json", "Idempotent-Replayed": "true" },
          });

        await tx.query("SAVEPOINT keyed_write");
        await next();
        // A route that threw writes nothing; its error may also have aborted the transaction.
        if (c.error) await tx.query("ROLLBACK TO SAVEPOINT keyed_write");
        if (c.res.status >= 500) throw NOT_KEPT;
        await tx.query(
          `INSERT INTO idempotency_keys (key, fingerprint, status, body, content_type) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (key) DO UPDATE SET fingerprint = $2, status = $3, body = $4, content_type = $5, created_at = now()`,
          [key, fingerprint, c.res.status, await c.res.clone().text(), c.res.headers.get("content-type")],
        );
        return undefined;
      })
      .catch((error: unknown) => {
        if (error !== NOT_KEPT) throw error;
        return undefined;
      });
  };
}

/** The stored key: the sent one within this browser's session (its customers; none when anonymous). */
function sessionKey(c: Context, sent: string): string {
  const customers = [...accessOf(c).customers].sort((a, b) => a - b).join(",");
  return createHash("sha256").update(`${customers}\n${sent}`).digest("hex");
}

/** The key's advisory lock number: 32 bits of its hash (another key sharing them is told 409 and tries again). */
function lockNumber(key: string): number {
  return Number.parseInt(key.slice(0, 8), 16) | 0;
}
