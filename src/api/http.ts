/**
 * The ky instance every call goes through: base URL and API key header from config (SPEC.md
 * section 7), and the page's language (Accept-Language) so lookup names come back in it. No
 * timeout, as the spec says. Reads retry with backoff: a GET that met no answer, a
 * timeout or a 5xx is tried up to 3 more times, about 0.3 s, 0.6 s and 1.2 s apart (jittered so
 * phones do not return in step). Writes never retry here: a failed write is shown to the person,
 * whose input stays for their own Retry, and that repeat carries the first attempt's
 * Idempotency-Key (idempotency.ts), so a write whose answer was lost is not done twice.
 */
import { i18n } from "@lingui/core";
import ky, { isHTTPError } from "ky";
import { CallFailed, type CallFailure, type SubmitOutcome } from "../../machines/outcomes.ts";
import { config } from "../config.ts";
import { addIdempotencyKey, settleIdempotencyKey } from "./idempotency.ts";
import { cancellableFetch } from "./pending-calls.ts";

export const http = ky.create({
  prefix: config.apiBaseUrl,
  headers: { "x-api-key": config.apiKey },
  timeout: false,
  // Lets a person give up on a call that takes too long (src/ui/StillWorking.tsx).
  fetch: cancellableFetch,
  retry: {
    limit: 3,
    methods: ["get"],
    statusCodes: [408, 500, 502, 503, 504],
    afterStatusCodes: [503],
    // A Retry-After longer than this is not waited out: the failure is shown instead.
    maxRetryAfter: 5_000,
    backoffLimit: 5_000,
    jitter: true,
  },
  hooks: {
    beforeRequest: [
      ({ request }) => {
        if (i18n.locale) request.headers.set("Accept-Language", i18n.locale);
      },
      addIdempotencyKey,
    ],
    afterResponse: [settleIdempotencyKey],
  },
});

/** The claims APIs' answer to a submit of a claim that still lacks a damage or a document. */
export const INCOMPLETE_CLAIM_MESSAGE = "Claim is incomplete";

/** The code of a submit refused because the claim is already submitted (a lost answer, a second tab). */
const ALREADY_SUBMITTED_CODE = "CLAIM_ALREADY_SUBMITTED";

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
export function serverMessage(error: unknown): string {
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
  return codeOf(error) === ALREADY_SUBMITTED_CODE ? { kind: "alreadySubmitted" } : null;
}
