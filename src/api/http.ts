/**
 * The ky instance every call goes through: base URL and API key header from config (SPEC.md
 * section 7), and the page's language (Accept-Language) so lookup names come back in it. No
 * timeout, as the spec says. Calls that are safe to send again retry with backoff: a call that met
 * no answer, a 408 or a 5xx is tried up to 3 more times, about 0.3 s, 0.6 s and 1.2 s apart
 * (jittered so phones do not return in step), before the person sees a failure. Safe means a read,
 * or a write carrying an Idempotency-Key (idempotency.ts): every try of a write sends the same key,
 * as ky runs beforeRequest hooks once and retries a copy of that request, so the server does a
 * write whose answer was lost only once and answers the retry from the first time. A keyed write
 * the server is still doing (409 REQUEST_IN_PROGRESS) is asked again too. A 4xx is never retried,
 * nor a call the person cancelled (`endedBy`), nor a 504 to a call that counts it as its answer
 * (SUBMIT_504_IS_SUCCESS).
 */
import ky, { isHTTPError, replaceOption, type KyInstance, type Options } from "ky";
import { CallFailed, type CallFailure, type SubmitOutcome } from "../../machines/outcomes.ts";
import { config } from "../config.ts";
import { shownLocale, type Locale } from "../i18n.ts";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { addIdempotencyKey, isSafeToRepeat, settleIdempotencyKey } from "./idempotency.ts";

/**
 * ky's shouldRetry: a call that is not safe to send again (isSafeToRepeat) is never retried; a
 * keyed write the server is still doing (409 REQUEST_IN_PROGRESS) is; anything else is left to the
 * retry options (network failures, the status codes listed).
 */
function shouldRetryCall({ error }: { error: Error }): boolean | undefined {
  const request = (error as { request?: unknown }).request;
  if (!(request instanceof Request) || !isSafeToRepeat(request)) return false;
  if (isHTTPError(error) && error.response.status === 409) return codeOf(error) === REFUSAL_CODES.requestInProgress;
  return undefined;
}

/** Answers retried: the request timed out before the server took it (408), or the server failed (5xx). */
const RETRIED_STATUS_CODES = [408, 500, 502, 503, 504];

/**
 * Per-call options of a submit whose HTTP 504 SPEC.md section 4 counts as success (the ACE
 * submit): that 504 is its answer, so it is not retried, and the person sees the thank-you page at
 * once instead of after three more submits and their backoff. replaceOption makes ky use this list
 * instead of adding it to the instance's.
 */
export const SUBMIT_504_IS_SUCCESS = {
  retry: { statusCodes: replaceOption(RETRIED_STATUS_CODES.filter((status) => status !== 504)) },
} satisfies Options;

/**
 * The client the claim's loads call through (claim-loads.ts): `http` in the browser; on the server,
 * rendering a claim's step, one made for the visitor at the claims API's base URL
 * (src/welcome/render.tsx).
 */
export type ApiClient = KyInstance;

/** The claims API as the portal host asks it for one visitor, and the language of the page it renders. */
export interface ServerCalls {
  client: ApiClient;
  locale: Locale;
}

export const http = ky.create({
  prefix: config.apiBaseUrl,
  headers: { "x-api-key": config.apiKey },
  timeout: false,
  retry: {
    limit: 3,
    methods: ["get", "post", "put", "delete"],
    statusCodes: RETRIED_STATUS_CODES,
    shouldRetry: shouldRetryCall,
    afterStatusCodes: [503],
    // A Retry-After longer than this is not waited out: the failure is shown instead.
    maxRetryAfter: 5_000,
    backoffLimit: 5_000,
    jitter: true,
  },
  hooks: {
    beforeRequest: [
      ({ request }) => {
        // The language on screen, or being put there: also before the first catalog is active.
        request.headers.set("Accept-Language", shownLocale());
      },
      addIdempotencyKey,
    ],
    afterResponse: [settleIdempotencyKey],
  },
});

/**
 * The client for the calls of one invoked actor: XState aborts the actor's `signal` when the
 * machine stops it (Cancel under 'Still working…', or the state left), which ends the request, its
 * retries and the waits between them.
 */
export function endedBy(signal: AbortSignal): ApiClient {
  return http.extend({ signal });
}

/** The claims APIs' answer to a submit of a claim that still lacks a damage or a document. */
export const INCOMPLETE_CLAIM_MESSAGE = "Claim is incomplete";

/** HTTP status of a failed call, or undefined for network and parse failures. */
export function statusOf(error: unknown): number | undefined {
  const response = (error as { response?: Response } | null)?.response;
  return response instanceof Response ? response.status : undefined;
}

/** The `code` of a failed call's JSON answer, or undefined when it has none. */
export function codeOf(error: unknown): string | undefined {
  const data = isHTTPError(error) ? (error.data as { code?: unknown } | undefined) : undefined;
  return typeof data?.code === "string" ? data.code : undefined;
}

/**
 * The `message` of a failed call's JSON answer, or "" when it has none. ky has already read the
 * body into `error.data`; the response itself can no longer be read.
 */
function serverMessage(error: unknown): string {
  const data = isHTTPError(error) ? (error.data as { message?: unknown } | undefined) : undefined;
  return typeof data?.message === "string" ? data.message : "";
}

/**
 * Seconds a rate-limited answer (HTTP 429) asks to wait: its Retry-After header (delta seconds), else
 * the body's `retryAfter`, else a minute, so the consumer is still told something true.
 */
function retryAfterOf(response: Response, data: unknown): number {
  const header = Number(response.headers.get("Retry-After") ?? Number.NaN);
  if (Number.isFinite(header) && header > 0) return Math.ceil(header);
  const body = (data as { retryAfter?: unknown } | null | undefined)?.retryAfter;
  return typeof body === "number" && Number.isFinite(body) && body > 0 ? Math.ceil(body) : 60;
}

/**
 * Why a call failed, in the machines' terms (machines/outcomes.ts): an HTTP 429 is `rateLimited`,
 * any other HTTP answer `refused` (status, the answer's code and message), anything else (no
 * connection, an unreadable answer) `network`.
 */
export function callFailureOf(error: unknown): CallFailure {
  if (error instanceof CallFailed) return error.failure;
  if (!isHTTPError(error)) return { kind: "network" };
  const status = error.response.status;
  if (status === 429) return { kind: "rateLimited", retryAfterSeconds: retryAfterOf(error.response, error.data) };
  return { kind: "refused", status, code: codeOf(error) ?? null, message: serverMessage(error) };
}

/**
 * Runs a call whose failure a machine reads: any rejection becomes a CallFailed saying why
 * (callFailureOf), with the original error as its cause.
 * @throws CallFailed
 */
export async function withCallFailure<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof CallFailed ? error : new CallFailed(callFailureOf(error), { cause: error });
  }
}

/**
 * The submit outcome a failed submit still tells (SPEC.md section 4): an HTTP 504 is gatewayTimeout,
 * a CLAIM_ALREADY_SUBMITTED refusal alreadySubmitted; null for any other failure.
 */
export function submitOutcomeOfFailure(error: unknown): SubmitOutcome | null {
  if (statusOf(error) === 504) return { kind: "gatewayTimeout" };
  return codeOf(error) === REFUSAL_CODES.claimAlreadySubmitted ? { kind: "alreadySubmitted" } : null;
}
