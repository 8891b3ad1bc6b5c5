/**
 * Idempotency keys for the portal's writes (the server side is server/idempotency.ts).
 * Every POST, PUT and DELETE carries an `Idempotency-Key`. A write whose answer never came (a
 * dropped connection, a cancel) keeps its key, so when the person repeats that same write the
 * server answers it from the first time instead of doing it twice; once any answer below 500 has
 * been heard, the next identical write is a new one with a new key (deleting a damage and adding
 * the same one again must add it). Keys of unanswered writes are kept in session storage, so a
 * reload in between still reuses them.
 */

const STORAGE_KEY = "unansweredWrites";
/** Reads that travel as POST: their answers carry data and cookies, so they are never replayed. */
const READS_SENT_AS_POST = [/\/search_plan$/];

/** Unanswered writes: what was sent (method, URL, body) -> the key it was sent with. */
function unanswered(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function keep(writes: Record<string, string>): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(writes));
  } catch {
    // Storage refused: a repeat after a lost answer may then be done twice, as without keys.
  }
}

/** A new random key (UUID where the page is a secure context, random hex otherwise). */
function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** ky beforeRequest hook: gives a write its key, the same one as an identical unanswered write's. */
export async function addIdempotencyKey({ request }: { request: Request }): Promise<void> {
  if (request.method === "GET" || request.method === "HEAD" || READS_SENT_AS_POST.some((read) => read.test(new URL(request.url).pathname))) return;
  const what = `${request.method} ${request.url} ${await request.clone().text()}`;
  const writes = unanswered();
  writes[what] ??= newKey();
  keep(writes);
  request.headers.set("Idempotency-Key", writes[what]);
}

/** ky afterResponse hook: an answer below 500 settles the write; its key is not used again. */
export function settleIdempotencyKey({ request, response }: { request: Request; response: Response }): void {
  const key = request.headers.get("Idempotency-Key");
  if (key === null || response.status >= 500) return;
  const writes = unanswered();
  for (const [what, kept] of Object.entries(writes)) if (kept === key) delete writes[what];
  keep(writes);
}
