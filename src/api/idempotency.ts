/**
 * Idempotency keys for the portal's writes (the server side is server/http/idempotency.ts).
 * Every POST, PUT and DELETE carries an `Idempotency-Key`. A write whose answer never came (a
 * dropped connection, a cancel) keeps its key, so when the person repeats that same write the
 * server answers it from the first time instead of doing it twice; once an answer that settles it
 * has been heard, the next identical write is a new one with a new key (deleting a damage and adding
 * the same one again must add it). Keys of unanswered writes are kept in session storage, so a
 * reload in between still reuses them. An answer that says the write may not be done yet (5xx,
 * 408, a 409 REQUEST_IN_PROGRESS while the first request still runs) settles nothing either.
 *
 * Because of the key, such a write is safe to send again: src/api/http.ts retries it by itself
 * (isSafeToRepeat), as ky retries reads.
 */
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";

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

/** Below 500, the answer that says the request timed out before the server took it: the key stays. */
const REQUEST_TIMEOUT = 408;

/** True when a request is a read sent as POST (a search): it carries no key, yet repeating it changes nothing. */
function isReadSentAsPost(request: Request): boolean {
  return READS_SENT_AS_POST.some((read) => read.test(new URL(request.url).pathname));
}

/**
 * True when sending `request` again cannot do anything twice: a read (GET, HEAD, a search sent as
 * POST), or a write carrying an Idempotency-Key, which the server answers once (server/http/idempotency.ts).
 */
export function isSafeToRepeat(request: Request): boolean {
  return (
    request.method === "GET" ||
    request.method === "HEAD" ||
    isReadSentAsPost(request) ||
    request.headers.has("Idempotency-Key")
  );
}

/** True when an answer is the server's 409 REQUEST_IN_PROGRESS for a keyed write: try again shortly. */
async function isRequestInProgress(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return body?.code === REFUSAL_CODES.requestInProgress;
}

/** A new random key (UUID where the page is a secure context, random hex otherwise). */
function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** ky beforeRequest hook: gives a write its key, the same one as an identical unanswered write's. */
export async function addIdempotencyKey({ request }: { request: Request }): Promise<void> {
  if (request.method === "GET" || request.method === "HEAD" || isReadSentAsPost(request)) return;
  const what = `${request.method} ${request.url} ${await request.clone().text()}`;
  const writes = unanswered();
  writes[what] ??= newKey();
  keep(writes);
  request.headers.set("Idempotency-Key", writes[what]);
}

/**
 * ky afterResponse hook: an answer that says the write was done, or refused for good, settles it;
 * its key is not used again. One that says not done (yet) keeps the key for the repeat.
 */
export async function settleIdempotencyKey({
  request,
  response,
}: {
  request: Request;
  response: Response;
}): Promise<void> {
  const key = request.headers.get("Idempotency-Key");
  if (key === null || response.status >= 500 || response.status === REQUEST_TIMEOUT) return;
  if (response.status === 409 && (await isRequestInProgress(response))) return;
  const writes = unanswered();
  for (const [what, kept] of Object.entries(writes)) if (kept === key) delete writes[what];
  keep(writes);
}
