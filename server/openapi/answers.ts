/**
 * Answers the contract (contract/schemas.ts) leaves out, as valibot schemas beside it: the error
 * answers every call may give (docs/api.md "Conventions", server/http/http-errors.ts) and the few
 * success answers the portal reads without a schema of its own. Only for the OpenAPI document.
 */
import * as v from "valibot";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { customerInfoResponseSchema } from "../../contract/schemas.ts";

/** 400: SPEC.md's `{ message, errors }` plus a code; bodiless refusals (a bad Idempotency-Key, a PUT of the wrong size) carry no `errors`. */
export const invalidAnswerSchema = v.object({
  message: v.string(),
  code: v.picklist(["INVALID_REQUEST", "BAD_IDEMPOTENCY_KEY", "SIZE_MISMATCH"]),
  errors: v.optional(v.record(v.string(), v.string())),
});

/** 401: a wrong or missing API key. */
export const unauthorizedAnswerSchema = v.object({ message: v.literal("Unauthorized") });

/** 403, 404, 405, 409, 415, 422, 503, 504: `{ code, message }`. */
export const refusalAnswerSchema = v.object({ message: v.string(), code: v.string() });

/** 409: as refusalAnswerSchema; DOCUMENT_ALREADY_LINKED to the same claim item also lists the document already made. */
export const conflictAnswerSchema = v.object({
  message: v.string(),
  code: v.string(),
  result: v.optional(v.array(v.object({ id: v.number(), name: v.string() }))),
});

/** 413: PAYLOAD_TOO_LARGE, FILE_TOO_BIG, or a full claim or request (CLAIM_STORAGE_FULL, REQUEST_STORAGE_FULL) with its `maxBytes`. */
export const tooLargeAnswerSchema = v.object({
  message: v.string(),
  code: v.string(),
  maxBytes: v.optional(v.number()),
});

/** 429: TOO_MANY_REQUESTS with `retryAfter` seconds, or TOO_MANY_UPLOAD_URLS with `maxOpen`; both with Retry-After. */
export const tooManyAnswerSchema = v.object({
  message: v.string(),
  code: v.picklist(["TOO_MANY_REQUESTS", "TOO_MANY_UPLOAD_URLS"]),
  retryAfter: v.optional(v.number()),
  maxOpen: v.optional(v.number()),
});

/** 500: nothing of the cause (SECURITY.md, "What protects the data"). */
export const internalErrorAnswerSchema = v.object({ message: v.string() });

/** PUT /submit_claim and /ace/submit_claim: Succeed, or why not (with what is missing). */
export const submitAnswerSchema = v.object({
  message: v.string(),
  code: v.optional(v.picklist([REFUSAL_CODES.claimIncomplete, REFUSAL_CODES.claimAlreadySubmitted])),
  missing: v.optional(v.array(v.string())),
});

/** POST /insert_manual_warr_item: the new plan item's id. */
export const manualItemAnswerSchema = v.object({ message: v.string(), result: v.object({ id: v.number() }) });

/** GET /ace/customer_info: the contract's answer, and `masked: true` (ours) when email, phone and street come masked. */
export const customerInfoAnswerSchema = v.object({
  result: v.object({ ...customerInfoResponseSchema.entries.result.entries, masked: v.optional(v.literal(true)) }),
});

/** GET /healthz: the process answers (server/routes/health.ts). */
export const healthAnswerSchema = v.object({ status: v.literal("ok") });

/** GET /readyz when the process can serve; its 503 is a refusal naming what `failed`. */
export const readinessAnswerSchema = v.object({ status: v.literal("ready") });
