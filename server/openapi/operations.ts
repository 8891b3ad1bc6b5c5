/**
 * Every route of the reference server, one entry each: method and path as served (OpenAPI form,
 * `{name}` as the route names it), what it takes, what it answers and the refusals of its own.
 * What every call shares (API key, 500, injected faults, idempotent writes, body limits) is added
 * by document.ts. test/server/openapi.test.ts holds this list and the app's routes equal.
 */
import type * as v from "valibot";
import * as c from "../../contract/schemas.ts";
import * as status from "../../contract/claim-status.ts";
import { MAX_UPLOAD_BYTES } from "../../contract/upload-rules.ts";
import type { RateLimits } from "../config.ts";
import { LIST_ROUTES, MODEL_ROUTES } from "../domain/lookup-kinds.ts";
import { wireSchema, type Json } from "./json-schema.ts";
import * as finishLater from "../../contract/finish-later.ts";
import {
  customerInfoAnswerSchema,
  healthAnswerSchema,
  manualItemAnswerSchema,
  readinessAnswerSchema,
  submitAnswerSchema,
} from "./answers.ts";

type AnySchema = v.GenericSchema<unknown, unknown>;
export type { Json };

/** Who may call: the API key; the key and the session owning the record; a signed URL; anyone; the staff key (instead of the API key). */
type Access = "key" | "owner" | "signed" | "owner-or-signed" | "public" | "staff";

export interface Operation {
  method: "get" | "post" | "put" | "delete";
  /** Path as served, e.g. `/api/v1/plan/{id}`. */
  path: string;
  /** operationId: SPEC.md's call name where it has one. */
  id: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Path parameters other than record ids (the default), by name. */
  params?: Record<string, Json>;
  query?: Record<string, { schema: Json; required?: boolean; description?: string }>;
  /** JSON body (a contract schema), or the file's bytes. */
  body?: AnySchema | "file";
  /** 200 answer: a contract schema, or what else the route sends. */
  answer: AnySchema | "file" | "html" | "script" | "document" | "redirect";
  /** Refusals of this call (statuses), beside those document.ts adds to every call. */
  errors: number[];
  /** The rate limit the call counts under (server/config.ts RateLimits). */
  limit?: keyof RateLimits;
  /** Sends a 304 without a body to a matching If-None-Match. */
  etag?: boolean;
}

const API = "/api/v1";
const DIGITS = (max: number): Json => ({
  type: "string",
  pattern: `^\\d{1,${String(max).length}}$`,
  description: `1 to ${max}`,
});
/** Id of a customer, claim, claim item, damage or document. */
export const RECORD_ID = DIGITS(c.MAX_ID);
/** Id of a plan or a contact document. */
const PLAN_ID = DIGITS(c.MAX_SERIAL_ID);
const FILE_NAME: Json = { type: "string", description: "The stored name the upload URL was handed out with" };
const REQUEST_ID: Json = { type: "string", pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$" };
const SIGNED = {
  expires: {
    schema: { type: "string", pattern: "^\\d{1,12}$" },
    required: true,
    description: "Unix seconds the URL works until",
  },
  sig: {
    schema: { type: "string" },
    required: true,
    description: "HMAC-SHA256 of the method, path, expiry (and type and size)",
  },
};
const UPLOAD_QUERY = {
  ...SIGNED,
  size: { schema: { type: "string", pattern: "^\\d{1,12}$" }, description: "The declared size in bytes, when one was" },
};
/**
 * A contract query schema (contract/schemas.ts) as query parameters: texts, as a URL carries them
 * (the schema's input).
 */
function queryOf(schema: AnySchema, descriptions: Record<string, string> = {}): NonNullable<Operation["query"]> {
  const { properties = {}, required = [] } = wireSchema(schema) as {
    properties?: Record<string, Json>;
    required?: string[];
  };
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      { schema: property, required: required.includes(name), description: descriptions[name] },
    ]),
  );
}
const optional = (schema: Json, description?: string) => ({ schema, description });

const UPLOAD_URL_QUERY = {
  claimId: "The claim's id, 1 to 9007199254740991",
  fileName: "The original name, kept for display",
  fileSize: "The file's size in bytes: the URL then takes exactly that many",
};

const lookups: Operation[] = [
  ...Object.keys(LIST_ROUTES).map((path): Operation => ({
    method: "get",
    path: `${API}${path}`,
    id: path.slice(1).replace("/", "_"),
    tag: "Lookups",
    summary: `The ${path.slice(1)} list`,
    access: "key",
    answer: c.lookupListSchema,
    errors: [],
    description: "Names in the language of Accept-Language (English or Spanish). Cached by the browser for 10 minutes.",
  })),
  ...Object.keys(MODEL_ROUTES).map((path): Operation => ({
    method: "get",
    path: `${API}${path}`,
    id: path.slice(1).replace("/", "_"),
    tag: "Lookups",
    summary: `The ${path.slice(1)} list of one model`,
    access: "key",
    answer: c.lookupListSchema,
    errors: [400],
    query: queryOf(c.modelQuerySchema, { modelNo: "The damaged item's model number, any case" }),
    description: "The model's own entries first, then those valid for every model.",
  })),
  {
    method: "get",
    path: `${API}/lookups`,
    id: "lookups",
    tag: "Lookups",
    summary: "The seven FPP lists a claim needs, in one answer",
    description:
      "An addition to SPEC.md: each list exactly as its own call answers it. Without `lang`, the language of Accept-Language.",
    access: "key",
    query: queryOf(c.claimLookupsQuerySchema),
    answer: c.claimLookupsSchema,
    errors: [400],
    etag: true,
  },
];

const plans: Operation[] = [
  {
    method: "post",
    path: `${API}/search_plan`,
    id: "search_plan",
    tag: "Plans",
    summary: "Find plans by warranty number or personal details",
    description:
      "Finding a plan grants this browser's session its plans and customers (the `claims_session` cookie). After a few failed searches a proof-of-work comes first (428); send the solution in `X-Altcha`.",
    access: "key",
    body: c.searchPlanRequestSchema,
    answer: c.searchPlanResponseSchema,
    errors: [400, 428],
    limit: "searchPerAddress",
  },
  {
    method: "get",
    path: `${API}/plan/{id}`,
    id: "plan",
    tag: "Plans",
    summary: "A plan the session holds, with its items",
    access: "owner",
    params: { id: PLAN_ID },
    query: queryOf(c.planQuerySchema, { claimId: "The claim being filed: its missing line items are listed too" }),
    answer: c.searchPlanResponseSchema,
    errors: [400, 404],
    limit: "planLookupPerAddress",
  },
  {
    method: "get",
    path: `${API}/ace/plan/{id}`,
    id: "ace_plan",
    tag: "Plans",
    summary: "An ACE plan the session holds",
    access: "owner",
    params: { id: PLAN_ID },
    query: queryOf(c.acePlanQuerySchema),
    answer: c.searchPlanResponseSchema,
    errors: [400, 404],
    limit: "planLookupPerAddress",
  },
  {
    method: "get",
    path: `${API}/plan_link/{id}`,
    id: "plan_link",
    tag: "Plan links",
    summary: "Open a plan link",
    description:
      "The portal's call for `/find-claim/{id}?customer_id&plan_type`. A plan the session holds is read; otherwise (PLAN_LINKS=unsigned) the customer's random id opens it and grants it unverified. Misses count as failed searches.",
    access: "key",
    params: { id: PLAN_ID },
    query: queryOf(c.planLinkQuerySchema, { plan_type: "FPP or ACE" }),
    answer: c.searchPlanResponseSchema,
    errors: [400, 404],
    limit: "searchPerAddress",
  },
  {
    method: "get",
    path: "/find-claim/{id}",
    id: "find_claim",
    tag: "Plan links",
    summary: "A plan link from an email",
    description:
      "With `exp` and `sig` (a signed link) the plan is granted to the session, verified, and the browser is sent on to the link without them (303). Followed from another site (no session cookie comes along), it grants nothing and is not found here: the portal host answers with a page that reopens it from the portal's origin. Without `sig`, the portal's page. With `claim_id` and `step` it is a finish-later link (POST /finish_later): signed under its own key, it grants the plan likewise and sends the browser to the claim's wizard at that step (303); expired or altered, it answers 404 with a page saying which, in the visitor's language, leading to the plan search.",
    access: "public",
    params: { id: { type: "string", pattern: "^\\d{1,10}$" } },
    query: {
      customer_id: optional(RECORD_ID),
      plan_type: optional({ type: "string" }, "FPP or ACE"),
      exp: optional({ type: "string" }, "Unix seconds"),
      sig: optional({ type: "string" }, "The link's signature"),
      claim_id: optional(RECORD_ID, "Finish-later links: the draft claim to reopen"),
      step: optional({ type: "string", pattern: "^[2-5]$" }, "Finish-later links: the wizard step"),
    },
    answer: "redirect",
    errors: [404],
    limit: "planLinkPerAddress",
  },
];

/** The calls both families make, FPP at /api/v1 and ACE at /api/v1/ace (server/routes/documents.ts). */
const documentCalls = (family: "fpp" | "ace"): Operation[] => {
  const base = family === "ace" ? `${API}/ace` : API;
  const id = (name: string) => (family === "ace" ? `ace_${name}` : name);
  const tag = family === "ace" ? "ACE claims" : "Documents";
  return [
    {
      method: "get",
      path: `${base}/file-upload-url`,
      id: id("file_upload_url"),
      tag,
      summary: "A signed URL to upload one file to the claim",
      description: `The URL takes one PUT of that type (and size) within 15 minutes; at most ${MAX_UPLOAD_BYTES} bytes. \`url\` is root-relative on this API's origin (resolve it against this answer's URL); with object storage it is an absolute presigned PUT to the bucket.`,
      access: "owner",
      query: queryOf(c.uploadUrlQuerySchema, UPLOAD_URL_QUERY),
      answer: c.uploadUrlResponseSchema,
      errors: [400, 404, 409, 413, 429],
    },
    {
      method: "put",
      path: `${API}/uploads/${family === "ace" ? "ace/" : ""}{claimId}/{fileName}`,
      id: id("upload"),
      tag,
      summary: "Upload the file (the signed URL)",
      access: "signed",
      params: { fileName: FILE_NAME },
      query: UPLOAD_QUERY,
      description:
        "Works once, with the Content-Type the URL was issued for; the bytes must be PNG, JPEG or PDF as the name says.",
      body: "file",
      answer: c.messageSchema,
      errors: [400, 403, 404, 409, 413, 415],
    },
    {
      method: "post",
      path: `${base}/insert_linked_and_embedded_files`,
      id: id("insert_linked_and_embedded_files"),
      tag,
      summary: "Link an uploaded file to a claim item",
      access: "owner",
      body: c.linkDocumentRequestSchema,
      answer: c.linkDocumentResponseSchema,
      errors: [400, 404, 409, 413],
    },
    {
      method: "delete",
      path: `${base}/delete_uploaded_documents_of_claim/{docId}`,
      id: id("delete_uploaded_documents_of_claim"),
      tag,
      summary: "Delete a document and its file",
      access: "owner",
      answer: c.messageSchema,
      errors: [400, 404, 409],
    },
    {
      method: "get",
      path: `${base}/documents/{docId}/download-url`,
      id: id("download_url"),
      tag,
      summary: "A signed URL that opens one document for 5 minutes",
      description:
        "An addition to SPEC.md, to hand a document to another tab or app without the session. `url` is root-relative on this API's origin.",
      access: "owner",
      answer: c.downloadUrlResponseSchema,
      errors: [400, 404, 409],
    },
  ];
};

const fppClaims: Operation[] = [
  {
    method: "post",
    path: `${API}/insert_claim`,
    id: "insert_claim",
    tag: "FPP claims",
    summary: "Start a claim on an FPP plan",
    description:
      "`code` CREATED with `result.claim_id`; DRAFT_EXIST with the draft's `claimId`; CLAIM_IN_PROGRESS with `claimSatusCode`.",
    access: "owner",
    body: c.insertClaimRequestSchema,
    answer: c.insertClaimResponseSchema,
    errors: [400, 404, 409],
    limit: "draftsPerAddress",
  },
  {
    method: "post",
    path: `${API}/insert_update_claim_item`,
    id: "insert_update_claim_item",
    tag: "FPP claims",
    summary: "Save the claim items",
    access: "owner",
    body: c.claimItemsRequestSchema,
    answer: c.claimItemsResponseSchema,
    errors: [400, 404, 409],
  },
  {
    method: "delete",
    path: `${API}/remove_claim_items/{id}`,
    id: "remove_claim_items",
    tag: "FPP claims",
    summary: "Remove a claim item with its damages and documents",
    access: "owner",
    answer: c.messageSchema,
    errors: [400, 404, 409],
  },
  {
    method: "post",
    path: `${API}/insert_claim_item_damage`,
    id: "insert_claim_item_damage",
    tag: "FPP claims",
    summary: "Save damages",
    access: "owner",
    body: c.damagesRequestSchema,
    answer: c.damagesResponseSchema,
    errors: [400, 404, 409],
  },
  {
    method: "delete",
    path: `${API}/delete_claim_item_damage/{id}`,
    id: "delete_claim_item_damage",
    tag: "FPP claims",
    summary: "Delete a damage",
    access: "owner",
    answer: c.messageSchema,
    errors: [400, 404, 409],
  },
  {
    method: "delete",
    path: `${API}/delete_draft_claim/{claimId}`,
    id: "delete_draft_claim",
    tag: "FPP claims",
    summary: "Delete a draft claim (FPP or ACE)",
    access: "owner",
    answer: c.messageSchema,
    errors: [400, 404, 409],
  },
  {
    method: "get",
    path: `${API}/claim/{claimId}`,
    id: "claim",
    tag: "FPP claims",
    summary: "A claim with its items, damages and documents",
    access: "owner",
    answer: c.claimDetailSchema,
    errors: [400, 404],
  },
  {
    method: "put",
    path: `${API}/submit_claim/{claimId}/{customerId}`,
    id: "submit_claim",
    tag: "FPP claims",
    summary: "Submit the claim",
    description:
      "`Succeed` (the claim is Open), or `code` CLAIM_INCOMPLETE with what is `missing`, or CLAIM_ALREADY_SUBMITTED.",
    access: "owner",
    answer: submitAnswerSchema,
    errors: [400, 404, 409],
  },
  {
    method: "post",
    path: `${API}/insert_manual_warr_item`,
    id: "insert_manual_warr_item",
    tag: "FPP claims",
    summary: "Add an item missing from the plan",
    access: "owner",
    body: c.manualItemRequestSchema,
    answer: manualItemAnswerSchema,
    errors: [400, 404, 409],
  },
];

const aceClaims: Operation[] = [
  {
    method: "post",
    path: `${API}/ace/insert_claim`,
    id: "ace_insert_claim",
    tag: "ACE claims",
    summary: "Start a claim on an ACE plan",
    access: "owner",
    body: c.insertClaimRequestSchema,
    answer: c.insertClaimResponseSchema,
    errors: [400, 404, 409],
    limit: "draftsPerAddress",
  },
  {
    method: "post",
    path: `${API}/ace/insert_claim_item`,
    id: "ace_insert_claim_item",
    tag: "ACE claims",
    summary: "Save one claim item",
    access: "owner",
    body: c.aceClaimItemRequestSchema,
    answer: c.aceClaimItemResponseSchema,
    errors: [400, 404, 409],
  },
  {
    method: "post",
    path: `${API}/ace/insert_claim_item_damage`,
    id: "ace_insert_claim_item_damage",
    tag: "ACE claims",
    summary: "Save one damage",
    description: "Damage type, location and cause from the lists of the damaged item's model number.",
    access: "owner",
    body: c.aceDamageRequestSchema,
    answer: c.aceDamageResponseSchema,
    errors: [400, 404, 409],
  },
  {
    method: "get",
    path: `${API}/ace/claim/{claimId}`,
    id: "ace_claim",
    tag: "ACE claims",
    summary: "An ACE claim with its items, damages and documents",
    access: "owner",
    answer: c.claimDetailSchema,
    errors: [400, 404],
  },
  {
    method: "delete",
    path: `${API}/ace/remove_claim_items/{claimId}/{itemId}`,
    id: "ace_remove_claim_items",
    tag: "ACE claims",
    summary: "Remove a claim item",
    access: "owner",
    answer: c.messageSchema,
    errors: [400, 404, 409],
  },
  {
    method: "delete",
    path: `${API}/ace/delete_claim_item_damage/{id}`,
    id: "ace_delete_claim_item_damage",
    tag: "ACE claims",
    summary: "Delete a damage",
    access: "owner",
    answer: c.messageSchema,
    errors: [400, 404, 409],
  },
  {
    method: "put",
    path: `${API}/ace/submit_claim/{claimId}`,
    id: "ace_submit_claim",
    tag: "ACE claims",
    summary: "Submit the ACE claim",
    access: "owner",
    answer: submitAnswerSchema,
    errors: [400, 404, 409],
  },
  {
    method: "get",
    path: `${API}/ace/customer_info/{customerId}`,
    id: "ace_customer_info",
    tag: "ACE claims",
    summary: "The customer's contact details",
    description:
      "A session that found the customer by warranty number alone gets email, phone and street masked, and `masked: true`. With `claimId`, `unverified` holds what such sessions typed for that claim (masked but for a verified session).",
    access: "owner",
    query: queryOf(c.customerInfoQuerySchema, { claimId: "The claim the details are confirmed for" }),
    answer: customerInfoAnswerSchema,
    errors: [400, 404],
  },
  {
    method: "put",
    path: `${API}/ace/customer_info/{customerId}`,
    id: "ace_update_customer_info",
    tag: "ACE claims",
    summary: "Update the customer's contact details",
    description:
      "From a session that proved who it is (a personal search or a link sent to the address on file), the details on file. From one that holds only the warranty number, details kept for the claim `claimId` alone, never on file (403 PROOF_REQUIRED without it). Email, phone and address sent back masked (or blank, from an unverified session) keep what is on file.",
    access: "owner",
    query: queryOf(c.customerInfoQuerySchema, {
      claimId: "The claim the details are confirmed for; required from a session without proof",
    }),
    body: c.customerInfoUpdateSchema,
    answer: c.messageSchema,
    errors: [400, 403, 404],
  },
];

const contactService: Operation[] = [
  {
    method: "get",
    path: `${API}/contact_service/file-upload-url`,
    id: "contact_service_file_upload_url",
    tag: "Contact service",
    summary: "A signed URL to upload one file to a contact request",
    access: "key",
    query: queryOf(c.contactUploadUrlQuerySchema, UPLOAD_URL_QUERY),
    answer: c.uploadUrlResponseSchema,
    errors: [400, 409, 413, 429],
    limit: "contactUploadPerAddress",
  },
  {
    method: "put",
    path: `${API}/uploads/contact_service/{requestId}/{fileName}`,
    id: "contact_service_upload",
    tag: "Contact service",
    summary: "Upload the file (the signed URL)",
    access: "signed",
    params: { requestId: REQUEST_ID, fileName: FILE_NAME },
    query: UPLOAD_QUERY,
    body: "file",
    answer: c.messageSchema,
    errors: [400, 403, 409, 413, 415],
    limit: "contactUploadPerAddress",
  },
  {
    method: "post",
    path: `${API}/contact_service/documents`,
    id: "contact_service_documents",
    tag: "Contact service",
    summary: "Link an uploaded file to the request",
    access: "key",
    body: c.contactLinkDocumentRequestSchema,
    answer: c.linkDocumentResponseSchema,
    errors: [400, 409, 413],
  },
  {
    method: "delete",
    path: `${API}/contact_service/documents/{docId}`,
    id: "contact_service_delete_document",
    tag: "Contact service",
    summary: "Delete a document of an unsent request",
    access: "key",
    params: { docId: PLAN_ID },
    query: queryOf(c.contactDocumentQuerySchema),
    answer: c.messageSchema,
    errors: [400, 404, 409],
  },
  {
    method: "post",
    path: `${API}/contact_service_ticket`,
    id: "contact_service_ticket",
    tag: "Contact service",
    summary: "Send the request: the ticket",
    description: "Stands in for the real service's unpublished call (SPEC.md section 7). Answers the Request Number.",
    access: "key",
    body: c.contactTicketRequestSchema,
    answer: c.contactTicketResponseSchema,
    errors: [400, 409],
    limit: "ticketPerAddress",
  },
];

const storage: Operation[] = [
  ...(["", "ace/"] as const).map((prefix): Operation => ({
    method: "get",
    path: `/storage/${prefix}claims_documentation/{folder}/photos-consumer/{fileName}`,
    id: `storage_${prefix ? "ace" : "fpp"}_document`,
    tag: "Storage",
    summary: `A stored ${prefix ? "ACE" : "FPP"} claim document`,
    description:
      "To the session owning the claim, or to anyone with a download URL's `expires` and `sig`. Anything else is 404.",
    access: "owner-or-signed",
    params: { folder: { type: "string", pattern: "^CL-\\d{1,16}$", description: "CL-{claimId}" }, fileName: FILE_NAME },
    query: { expires: optional({ type: "string" }), sig: optional({ type: "string" }) },
    answer: "file",
    errors: [404],
  })),
  {
    method: "get",
    path: "/storage/contact_service/{requestId}/{fileName}",
    id: "storage_contact_document",
    tag: "Storage",
    summary: "A stored contact-request document",
    description: "Reached by the request's random id.",
    access: "public",
    params: { requestId: { type: "string" }, fileName: FILE_NAME },
    answer: "file",
    errors: [404],
  },
];

const claimStatus: Operation[] = [
  {
    method: "get",
    path: `${API}/claim_status`,
    id: "claim_status",
    tag: "Claim status",
    summary: "A submitted claim's status and timeline",
    description:
      "`code` is the claim number (`CL-{claimId}`) or the claim's status code (`CS-…`). Readable by the session that found the claim's plan, or with the `expires` and `sig` of an emailed status link (`/claim-status?code&expires&sig`, 90 days) from any browser. A draft, an unknown claim, another session's claim and a wrong signature are the same 404; a right signature past its time is 403 LINK_EXPIRED. Item names in the language of Accept-Language.",
    access: "owner",
    query: queryOf(status.claimStatusQuerySchema, {
      code: "CL-{claimId} or CS-…",
      expires: "A status link's expiry, Unix seconds",
      sig: "A status link's signature",
    }),
    answer: status.claimStatusResponseSchema,
    errors: [400, 403, 404],
    limit: "claimStatusPerAddress",
  },
  {
    method: "get",
    path: `${API}/claim_status_link`,
    id: "claim_status_link",
    tag: "Claim status",
    summary: "A signed link to a submitted claim's status page",
    description:
      "For the session that owns the submitted claim: the path and query of its status page, signed as the submit email's link (90 days), so it opens in any browser. A draft, an unknown claim and another session's claim are the same 404.",
    access: "owner",
    query: queryOf(status.claimStatusLinkQuerySchema, { claimId: "The submitted claim" }),
    answer: status.claimStatusLinkAnswerSchema,
    errors: [400, 404],
  },
  {
    method: "post",
    path: `${API}/staff/claim_status`,
    id: "staff_claim_status",
    tag: "Claim status",
    summary: "Move a claim to a later step (staff)",
    description:
      "Staff only: the staff key in `x-staff-key` (STAFF_KEY, else DATA_DIR/staff-key; `npm run claim-status`), not the API key. A claim moves forward only, and may skip steps: a step it has reached or passed is 409 CLAIM_STEP_NOT_FORWARD. A code no submitted claim has is 404 CLAIM_NOT_FOUND, one several claims share 409 CLAIM_CODE_AMBIGUOUS, each naming the code. Answers the claim's new status. The right key always works; wrong keys are counted per address: past 10 in 10 minutes they are answered 429.",
    access: "staff",
    body: status.staffClaimStatusRequestSchema,
    answer: status.claimStatusResponseSchema,
    errors: [400, 401, 404, 409, 429],
  },
];

const reference: Operation[] = [
  {
    method: "get",
    path: `${API}/openapi.json`,
    id: "openapi",
    tag: "Reference",
    summary: "This document",
    access: "public",
    answer: "document",
    errors: [],
  },
  {
    method: "get",
    path: "/api/docs",
    id: "api_docs",
    tag: "Reference",
    summary: "The API reference page",
    access: "public",
    answer: "html",
    errors: [],
  },
  {
    method: "get",
    path: "/api/docs/scalar.js",
    id: "api_docs_script",
    tag: "Reference",
    summary: "The reference page's script",
    access: "public",
    answer: "script",
    errors: [],
  },
];

const finishLaterCalls: Operation[] = [
  {
    method: "get",
    path: `${API}/finish_later`,
    id: "finish_later_target",
    tag: "Finish later",
    summary: "Where a link to finish the claim later would be sent",
    description: "The email on the claim's plan, masked; null when none is on file.",
    access: "owner",
    query: queryOf(finishLater.finishLaterQuerySchema),
    answer: finishLater.finishLaterTargetSchema,
    errors: [400, 404],
  },
  {
    method: "post",
    path: `${API}/finish_later`,
    id: "finish_later",
    tag: "Finish later",
    summary: "Email me a link to finish later",
    description:
      "Emails the plan's customer a signed link (7 days) that reopens the draft at `step` on any device, and answers where it went, masked. Only a draft (409 CLAIM_NOT_DRAFT); 409 NO_EMAIL_ON_FILE without an email on file. Also limited per customer, whatever the draft: RATE_LIMIT_FINISH_LATER (default 5 per 3600 s).",
    access: "owner",
    body: finishLater.finishLaterRequestSchema,
    answer: finishLater.finishLaterAnswerSchema,
    errors: [400, 404, 409],
    limit: "finishLaterPerAddress",
  },
];

const probes: Operation[] = [
  {
    method: "get",
    path: "/healthz",
    id: "healthz",
    tag: "Operations",
    summary: "Liveness: the process answers",
    description: "Asks no dependency (docs/operations.md). No API key, no rate limit.",
    access: "public",
    answer: healthAnswerSchema,
    errors: [],
  },
  {
    method: "get",
    path: "/readyz",
    id: "readyz",
    tag: "Operations",
    summary: "Readiness: the process can serve",
    description:
      "The database answers with every migration of this build applied, storage answers, and no shutdown has begun; else 503 NOT_READY with `failed` naming `database`, `migrations`, `storage` or `draining` (docs/operations.md). No API key, no rate limit.",
    access: "public",
    answer: readinessAnswerSchema,
    errors: [503],
  },
];

/** Every operation of the reference server, in the order the reference lists them. */
export const OPERATIONS: readonly Operation[] = [
  ...plans,
  ...lookups,
  ...fppClaims,
  ...documentCalls("fpp"),
  ...aceClaims,
  ...documentCalls("ace"),
  ...contactService,
  ...finishLaterCalls,
  ...claimStatus,
  ...storage,
  ...reference,
  ...probes,
];
