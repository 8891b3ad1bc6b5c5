/**
 * The claims API contract (SPEC.md section 7) as valibot schemas, shared by the portal's API client
 * (responses parsed at the edge) and the reference server (requests validated before any write).
 * Wire spellings (`warrentyId`, `manuFacturer`, `warrntyItemId`, `claimSatusCode`) live only here
 * and in the API client (src/api/); the rest of the code uses domain names.
 *
 * Units: ids are positive integers (records' ids random up to 2^53 - 1, plans', plan items' and
 * lookups' small); dates are ISO `YYYY-MM-DD`; prices are US dollars (number).
 */
import * as v from "valibot";
import { isMaskedValue } from "./contact-masks.ts";
import { LOCALES } from "./locales.ts";

/**
 * Largest id of customers, claims, claim items, damages and documents: their ids are random in
 * 10^11..2^53 - 1 (server/db/migrations/006_random_ids.sql), the largest integer a JSON number carries
 * exactly into JavaScript.
 */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
/** Largest id of plans, plan items, lookup values and contact documents: PostgreSQL int4. */
export const MAX_SERIAL_ID = 2_147_483_647;
/** Largest price in US dollars: NUMERIC(12,2). */
export const MAX_PRICE = 9_999_999_999.99;

/** True for an existing calendar day `YYYY-MM-DD` between years 1900 and 2999. */
export function isRealDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True for `YYYY-MM-DD HH:mm:ss` naming an existing day and a real time of day. */
export function isRealTimestamp(text: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return false;
  return isRealDate(match[1]!) && Number(match[2]) <= 23 && Number(match[3]) <= 59 && Number(match[4]) <= 59;
}

/** Id of a customer, claim, claim item, damage or document. */
const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ID, `Must be at most ${MAX_ID}`));
/** Id of a plan, plan item, lookup value or contact document. */
const serialId = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(1),
  v.maxValue(MAX_SERIAL_ID, `Must be at most ${MAX_SERIAL_ID}`),
);
/** An id as a path or query carries it: digits only, 1 to `max`, so none reaches the database that it would refuse. */
const idText = (max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,16}$/, "Must be a positive whole number"),
    v.toNumber(),
    v.minValue(1, "Must be a positive whole number"),
    v.maxValue(max, `Must be at most ${max}`),
  );
/** Id of a customer, claim, claim item, damage or document in a path or query (random, up to 2^53 - 1). */
export const idParamSchema = idText(MAX_ID);
/** Id of a plan or contact document in a path or query (int4). */
export const serialIdParamSchema = idText(MAX_SERIAL_ID);
const isoDate = v.pipe(v.string(), v.check(isRealDate, "Must be a real calendar date (YYYY-MM-DD)"));
// PostgreSQL refuses NUL in text: refused here as a field error instead of failing the write.
const noNul = v.check((value: string) => !value.includes("\u0000"), "Must not contain NUL characters");
// Lengths come before every other check of a value, so a hostile value of a megabyte is refused
// for its length alone: valibot's pipe skips the schemas after an issue (and, with the server's
// abortPipeEarly, every later check), and a too-long array costs nothing per item.
/** Optional free text up to `max` characters. */
const plain = (max: number) => v.pipe(v.string(), v.maxLength(max), noNul);
/**
 * Required free text: whitespace alone fails; at most `max` characters once trimmed (trimming looks
 * no further than the spaces at each end, so the length is still checked before the text is scanned).
 */
const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max), noNul, v.nonEmpty());

/**
 * An array of `min` to `max` items of `item`, its length checked before any item is.
 * @param minMessage the message when it has fewer than `min` items (valibot's default otherwise)
 */
function boundedArray<TItem extends v.GenericSchema>(item: TItem, min: number, max: number, minMessage?: string) {
  // The metadata names the items for the API's JSON Schema (server/openapi/json-schema.ts), which
  // reads a pipe's input only up to its second schema; parsing ignores metadata.
  return v.pipe(
    v.array(v.unknown()),
    v.metadata({ items: item }),
    v.minLength(min, minMessage),
    v.maxLength(max),
    v.array(item),
  );
}

/** Most claim items one insert_update_claim_item call takes. */
export const MAX_CLAIM_ITEMS_PER_CALL = 100;
/** Most damages one insert_claim_item_damage call takes. */
export const MAX_DAMAGES_PER_CALL = 200;
/** Most characters of a damage's notes. */
export const MAX_NOTES_LENGTH = 2000;

/** `{ id, name }`: every lookup entry, and every lookup reference inside a record. */
export const lookupSchema = v.object({ id: v.number(), name: v.string() });
export type Lookup = v.InferOutput<typeof lookupSchema>;

/** GET lookup lists: `{ result: Lookup[] }`. */
export const lookupListSchema = v.object({ result: v.array(lookupSchema) });

/** Query of the lookups read by a damaged item's model number. */
export const modelQuerySchema = v.object({ modelNo: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64)) });
/** GET /claim_lookups query: the language, when the URL names it (else Accept-Language's). */
export const claimLookupsQuerySchema = v.object({ lang: v.optional(v.picklist(LOCALES)) });

/**
 * The seven FPP lists a claim needs, keyed by the path of the SPEC.md call that answers each alone
 * (section 7, "Lookups"). A reference-API addition: a claim step opened cold from a link needs them
 * all before it can show its fields, and one cacheable answer per language costs one round trip
 * instead of seven.
 */
export const CLAIM_LOOKUP_PATHS = [
  "all_manufacturer",
  "all_material",
  "all_color",
  "damage_type_lookup_values",
  "specific_damage_lookup_values",
  "how_did_it_occur_lookup_values",
  "actions_taken_lookup_values",
] as const;
export type ClaimLookupPath = (typeof CLAIM_LOOKUP_PATHS)[number];

/** GET /lookups?lang=en|es: `{ result: { all_manufacturer: Lookup[], ... } }`, one list per CLAIM_LOOKUP_PATHS entry. */
export const claimLookupsSchema = v.object({
  result: v.object(
    Object.fromEntries(CLAIM_LOOKUP_PATHS.map((path) => [path, v.array(lookupSchema)])) as Record<
      ClaimLookupPath,
      v.ArraySchema<typeof lookupSchema, undefined>
    >,
  ),
});
export type ClaimLookups = v.InferOutput<typeof claimLookupsSchema>["result"];

// ---------------------------------------------------------------- plans

/** One item covered by a plan (SPEC.md section 3, "Plan / warranty item"). */
export const wirePlanItemSchema = v.object({
  id: v.number(),
  trackKey: v.nullable(v.string()),
  itemOrigin: v.nullable(v.string()),
  type: v.nullable(lookupSchema),
  manufacturer: v.nullable(lookupSchema),
  material: v.nullable(lookupSchema),
  color: v.nullable(lookupSchema),
  itemDescription: v.nullable(v.string()),
  vendor: v.nullable(v.string()),
  sku: v.nullable(v.string()),
  itemPrice: v.nullable(v.union([v.number(), v.string()])),
  modelNumber: v.nullable(v.string()),
  quantity: v.nullable(v.number()),
  location: v.nullable(v.string()),
  returned: v.boolean(),
  full_replacement: v.boolean(),
});
export type WirePlanItem = v.InferOutput<typeof wirePlanItemSchema>;

/** One plan with its customer, as search_plan and plan/{id} return it. */
export const wirePlanSchema = v.object({
  id: v.number(),
  number: v.string(),
  planStatus: v.nullable(v.string()),
  planType: v.nullable(v.string()),
  programName: v.nullable(v.string()),
  programId: v.nullable(v.number()),
  dealerId: v.nullable(v.number()),
  invoiceId: v.nullable(v.string()),
  store: v.nullable(v.string()),
  purchaseDate: v.nullable(v.string()),
  deliveryDate: v.nullable(v.string()),
  expirationDate: v.nullable(v.string()),
  totalPrice: v.nullable(v.union([v.number(), v.string()])),
  warrantyProgramPrice: v.nullable(v.union([v.number(), v.string()])),
  customerId: v.number(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  aceMigrated: v.boolean(),
  internallyGenerated: v.boolean(),
  warrantyItems: v.array(wirePlanItemSchema),
});
export type WirePlan = v.InferOutput<typeof wirePlanSchema>;

/** Search type codes (SPEC.md section 3). */
export const SEARCH_TYPES = {
  warrantyNumber: "search_plan_4",
  email: "search_plan_1",
  phone: "search_plan_2",
  invoice: "search_plan_3",
} as const;

const person = { name_first: text(100), name_last: text(100), zip_code: v.optional(plain(10)) };

/** GET /plan/{id} query: the claim being filed on the plan, whose missing line items are listed too. */
export const planQuerySchema = v.object({ claimId: v.optional(idParamSchema) });
/** GET /ace/plan/{id} query. */
export const acePlanQuerySchema = v.object({
  customerId: v.optional(idParamSchema),
  claimId: v.optional(idParamSchema),
});
/** GET /plan_link/{id} query as SPEC.md spells it; plan_type is checked against the plan, not here. */
export const planLinkQuerySchema = v.object({
  customer_id: idParamSchema,
  plan_type: v.pipe(v.string(), v.maxLength(8, "Must be FPP or ACE")),
});

/**
 * POST /search_plan body: by warranty number, or by names plus the one field the search type
 * reads (email, phone_number or invoice_number), which is then required.
 */
export const searchPlanRequestSchema = v.variant("search_type", [
  v.object({ search_type: v.literal(SEARCH_TYPES.warrantyNumber), number: text(64) }),
  v.object({ search_type: v.literal(SEARCH_TYPES.email), ...person, email: text(254) }),
  v.object({ search_type: v.literal(SEARCH_TYPES.phone), ...person, phone_number: text(32) }),
  v.object({ search_type: v.literal(SEARCH_TYPES.invoice), ...person, invoice_number: text(64) }),
]);
export type SearchPlanRequest = v.InferOutput<typeof searchPlanRequestSchema>;

/** POST /search_plan and GET /plan/{id} answer: FPP plans in `customers`, ACE in `aceCustomers`. */
export const searchPlanResponseSchema = v.object({
  customers: v.array(wirePlanSchema),
  aceCustomers: v.optional(v.array(wirePlanSchema), []),
});

// ---------------------------------------------------------------- claims

/** POST /insert_claim body. `claimdate` is `YYYY-MM-DD HH:mm:ss`; `allowSMS` is true or 1. */
export const insertClaimRequestSchema = v.object({
  warrentyId: serialId,
  customerId: id,
  damagedate: isoDate,
  claimdate: v.pipe(v.string(), v.check(isRealTimestamp, "Must be a real date and time (YYYY-MM-DD HH:mm:ss)")),
  allowSMS: v.union([v.literal(true), v.literal(1)]),
});
export type InsertClaimRequest = v.InferOutput<typeof insertClaimRequestSchema>;

/** Answer codes of insert_claim. */
export const CLAIM_CODES = {
  created: "CREATED",
  draftExist: "DRAFT_EXIST",
  claimInProgress: "CLAIM_IN_PROGRESS",
  claimNotFound: "CLAIM_NOT_FOUND",
} as const;

/**
 * POST /insert_claim answer: `result.claim_id` when created; `code` DRAFT_EXIST with `claimId`, or
 * CLAIM_IN_PROGRESS with `claimSatusCode` (the code the claim-status site takes).
 */
export const insertClaimResponseSchema = v.object({
  code: v.string(),
  message: v.string(),
  result: v.optional(v.object({ claim_id: v.number() })),
  claimId: v.optional(v.number()),
  claimSatusCode: v.optional(v.nullable(v.string())),
});
export type InsertClaimResponse = v.InferOutput<typeof insertClaimResponseSchema>;

/** One claim item as both families send it: the plan item claimed and its confirmed details. */
const claimItemFields = {
  claimItemId: v.optional(id),
  selectedItemId: serialId,
  manuFacturer: serialId,
  material: serialId,
  color: serialId,
  itemType: v.optional(v.nullable(serialId)),
};

/** POST /insert_update_claim_item body; ids of lookups, `selectedItemId` is the plan item id. */
export const claimItemsRequestSchema = v.object({
  warrentyId: serialId,
  claimId: id,
  claim_items: boundedArray(v.object(claimItemFields), 1, MAX_CLAIM_ITEMS_PER_CALL),
});

export const claimItemsResponseSchema = v.object({
  message: v.string(),
  results: v.array(v.object({ claimItemId: v.number(), selectedItemId: v.number() })),
});

/** Fields of one damage, FPP and ACE alike; `selectedItemId` is the plan item id of a claim item. */
const damageFields = {
  damageId: v.optional(id),
  selectedItemId: serialId,
  damageType: serialId,
  specificLocation: serialId,
  damageDate: isoDate,
  howDidOccur: serialId,
  actionTaken: serialId,
  notes: text(MAX_NOTES_LENGTH),
};

/** POST /insert_claim_item_damage body: several damages, each with its specific damage. */
export const damagesRequestSchema = v.object({
  claimId: id,
  customerId: id,
  damage_item: boundedArray(
    v.object({ ...damageFields, specificDamage: v.optional(v.nullable(serialId)) }),
    1,
    MAX_DAMAGES_PER_CALL,
  ),
});

/** Ids of the damages written, in request order. */
export const damagesResponseSchema = v.object({
  message: v.string(),
  multipleDamageIds: v.array(v.number()),
});

/** A stored damage (SPEC.md section 3, "Damage (stored)"). */
export const wireDamageSchema = v.object({
  id: v.number(),
  damageCategory: lookupSchema,
  specificDamage: v.nullable(lookupSchema),
  specificLocation: lookupSchema,
  occuredReason: lookupSchema,
  actionTaken: lookupSchema,
  damageDate: v.string(),
  notes: v.string(),
});
export type WireDamage = v.InferOutput<typeof wireDamageSchema>;

/** A stored document, read from public storage by its file name. */
const wireDocumentSchema = v.object({ id: v.number(), fileName: v.string() });

/** A stored claim item with its damages and documents. */
export const wireClaimItemSchema = v.object({
  id: v.number(),
  warrntyItemId: v.number(),
  type: v.nullable(lookupSchema),
  manufacturer: lookupSchema,
  material: lookupSchema,
  color: lookupSchema,
  damages: v.array(wireDamageSchema),
  documents_and_photos: v.array(wireDocumentSchema),
});
export type WireClaimItem = v.InferOutput<typeof wireClaimItemSchema>;

/** GET /claim/{claimId} answer. `damageAreasDisp` is the damage-area option list of the claim. */
export const claimDetailSchema = v.object({
  claim: v.object({
    id: v.number(),
    status: v.string(),
    warrentyId: v.number(),
    customerId: v.number(),
    claimSatusCode: v.nullable(v.string()),
  }),
  items: v.array(wireClaimItemSchema),
  damageAreasDisp: v.array(lookupSchema),
  documents: v.array(v.object({ id: v.number(), fileName: v.string(), claimItemId: v.number() })),
});
export type WireClaimDetail = v.InferOutput<typeof claimDetailSchema>;

/** Plain `{ message }` answers (deletes, submit). Submit succeeds only on 'Succeed'. */
export const messageSchema = v.object({ message: v.string() });
export const SUCCEED = "Succeed";

/**
 * Declared size in bytes of the file an upload URL is for: an optional addition to SPEC.md's
 * `/file-upload-url` query (docs/api.md). Given, the URL takes exactly that many bytes.
 */
const fileSize = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,12}$/, "Must be a number of bytes"),
    v.toNumber(),
    v.minValue(1, "Must be at least 1 byte"),
  ),
);

/** GET /file-upload-url query. `fileName` is the consumer's original name, kept for display. */
export const uploadUrlQuerySchema = v.object({
  claimId: v.pipe(v.string(), v.toNumber(), id),
  fileType: v.picklist(["image/png", "image/jpeg", "application/pdf"]),
  fileName: v.optional(plain(200)),
  fileSize,
});

/** GET /file-upload-url answer: a short-lived signed URL to PUT the bytes to, and the stored name. */
export const uploadUrlResponseSchema = v.object({ url: v.string(), fileName: v.string() });

/**
 * GET /documents/{docId}/download-url (and /ace/...) answer, an addition to SPEC.md's calls
 * (docs/api.md): a signed GET URL of the stored document that works without the session until
 * `expires` (Unix seconds).
 */
export const downloadUrlResponseSchema = v.object({ url: v.string(), expires: v.number() });

/** POST /insert_linked_and_embedded_files body: links an uploaded file to a claim item. */
export const linkDocumentRequestSchema = v.object({
  claimId: id,
  claimItemsId: id,
  docName: text(255),
});
export const linkDocumentResponseSchema = v.object({
  message: v.string(),
  result: v.array(v.object({ id: v.number(), name: v.string() })),
});

/** POST /insert_manual_warr_item body (SPEC.md section 5, "Missing line item"). */
/** Most missing line items one claim may add: a few beyond the invoice, never thousands. */
export const MAX_MANUAL_ITEMS_PER_CLAIM = 10;
/** `code` of the 409 answering one missing line item more than MAX_MANUAL_ITEMS_PER_CLAIM. */
export const TOO_MANY_MISSING_ITEMS = "TOO_MANY_MISSING_ITEMS";

export const manualItemRequestSchema = v.object({
  claimId: id,
  warrentyId: serialId,
  vendor: v.optional(plain(100)),
  sku: v.optional(plain(64)),
  modelNumber: text(64),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10)),
  price: v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_PRICE, `Must be at most ${MAX_PRICE}`)),
  itemType: serialId,
  manuFacturer: serialId,
  material: serialId,
  color: serialId,
  description: text(1000),
});
export type ManualItemRequest = v.InferOutput<typeof manualItemRequestSchema>;

// ---------------------------------------------------------------- ACE claims (SPEC.md section 7, "ACE calls")
// POST /ace/insert_claim takes insertClaimRequestSchema and answers insertClaimResponseSchema;
// GET /ace/claim/{claimId} answers claimDetailSchema (damageAreasDisp empty: ACE damage areas are
// per model number); /ace/file-upload-url, /ace/insert_linked_and_embedded_files and
// /ace/delete_uploaded_documents_of_claim/{docId} take and answer what their FPP twins do. ACE
// documents are stored under the ACE prefix: {storage}/ace/claims_documentation/CL-{id}/...

/** POST /ace/insert_claim_item body: one call per claim item. */
export const aceClaimItemRequestSchema = v.object({
  claimId: id,
  warrentyId: serialId,
  ...claimItemFields,
});

export const aceClaimItemResponseSchema = v.object({
  message: v.string(),
  result: v.object({ claimItemId: v.number() }),
});

/** POST /ace/insert_claim_item_damage body: one call per damage; ACE damages have no specific damage. */
export const aceDamageRequestSchema = v.object({ claimId: id, customerId: id, ...damageFields });

export const aceDamageResponseSchema = v.object({
  message: v.string(),
  result: v.object({ damageId: v.number() }),
});

/**
 * The customer's contact information, shown and updated on the ACE wizard's step 2
 * (GET and PUT /ace/customer_info/{customerId}; the PUT answers messageSchema). Phone is digits.
 */
export const customerInfoSchema = v.object({
  firstName: text(100),
  lastName: text(100),
  email: v.pipe(text(254), v.email()),
  phone: v.pipe(v.string(), v.regex(/^\d{10}$/, "Must be 10 digits")),
  address: text(200),
  city: text(100),
  state: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, "Must be a two-letter state code")),
  zipCode: v.pipe(v.string(), v.regex(/^\d{5}$/, "Must be 5 digits")),
});
export type CustomerInfo = v.InferOutput<typeof customerInfoSchema>;

/** A value that keeps what is on file: a masked one, or blank (blank only from an unverified session). */
const keptValue = v.pipe(
  v.string(),
  v.maxLength(254),
  v.check((value) => value.trim() === "" || isMaskedValue(value)),
);

/** PUT /ace/customer_info body: customerInfoSchema, where each masked field may also be a kept value. */
export const customerInfoUpdateSchema = v.object({
  ...customerInfoSchema.entries,
  email: v.union([customerInfoSchema.entries.email, keptValue], "Must be an email address"),
  phone: v.union([customerInfoSchema.entries.phone, keptValue], "Must be 10 digits"),
  address: v.union([customerInfoSchema.entries.address, keptValue], "Must be a street address"),
});

/** GET and PUT /ace/customer_info query: the claim the details are for (an unproven session's stay with it). */
export const customerInfoQuerySchema = v.object({ claimId: v.optional(idParamSchema) });

const lenientContact = Object.fromEntries(
  Object.keys(customerInfoSchema.entries).map((key) => [key, v.optional(v.nullable(v.string()), "")]),
) as {
  [K in keyof CustomerInfo]: v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, "">;
};

/**
 * GET /ace/customer_info answer. Lenient on purpose: a customer with no address on file, or a
 * phone in another format, still loads, and step 2 asks for what is missing ("" when none).
 * `unverified`: what sessions holding only the warranty number typed for the claim asked about,
 * kept apart from what is on file (email, phone and street masked but for a verified session).
 */
export const customerInfoResponseSchema = v.object({
  result: v.object({ ...lenientContact, unverified: v.optional(v.partial(v.object(lenientContact))) }),
});

// ---------------------------------------------------------------- Contact service (SPEC.md section 3, "Contact service data")
// SPEC.md shows no ticket call (section 7: "its method, path and payload are not shown"); these
// stand in for the real service's unpublished one. docs/api.md says so.

/**
 * A contact request's id: a UUID the portal makes when the request starts (crypto.randomUUID), in
 * its one lower-case spelling, so one request never has two names (nor two storage folders).
 */
export const requestIdSchema = v.pipe(
  v.string(),
  v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "Must be a request id (a UUID)"),
);

/** GET /contact_service/file-upload-url query. */
export const contactUploadUrlQuerySchema = v.object({
  requestId: requestIdSchema,
  fileType: v.picklist(["image/png", "image/jpeg", "application/pdf"]),
  fileName: v.optional(plain(200)),
  fileSize,
});

/** POST /contact_service/documents body: links an uploaded file to a request not yet sent. */
export const contactLinkDocumentRequestSchema = v.object({ requestId: requestIdSchema, docName: text(255) });

/** DELETE /contact_service/documents/{id} query. */
export const contactDocumentQuerySchema = v.object({ requestId: requestIdSchema });

const usPhoneDigits = v.pipe(v.string(), v.regex(/^[2-9]\d{2}[2-9]\d{6}$/, "Must be a 10-digit US number"));
const usStateCode = v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, "Must be a two-letter state code"));
const usZipCode = v.pipe(v.string(), v.regex(/^\d{5}$/, "Must be 5 digits"));

/** POST /contact_service_ticket body: the request (SPEC.md section 3) and its document ids. */
export const contactTicketRequestSchema = v.object({
  request_id: requestIdSchema,
  customerDetails: v.object({
    name: text(200),
    email: v.pipe(text(254), v.email()),
    phone: usPhoneDigits,
    address: text(200),
    city: text(100),
    state: usStateCode,
    zip_code: usZipCode,
  }),
  purchaseDetails: v.object({
    invoice: text(64),
    date_of_purchase: isoDate,
    store_name: text(200),
    store_phone: usPhoneDigits,
    store_address: text(200),
    store_city: text(100),
    store_state: usStateCode,
    store_zip: usZipCode,
    were_any_items_exchanged: v.boolean(),
  }),
  documents: boundedArray(serialId, 1, 20, "At least one document"),
});
export type ContactTicketRequest = v.InferOutput<typeof contactTicketRequestSchema>;

/** POST /contact_service_ticket answer: the Request Number. */
export const contactTicketResponseSchema = v.object({ message: v.string(), ticket: v.string() });
