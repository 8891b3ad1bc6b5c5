/**
 * What the claims API accepts and refuses at its edge (contract/schemas.ts, SPEC.md section 7):
 * the bounds of every id, length, count and price, and the message a refused field carries back
 * to the consumer. Written beside the mutation run (docs/qa/mutation.md): the server suites check
 * these through HTTP, which that run leaves out.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  MAX_CLAIM_ITEMS_PER_CALL,
  MAX_DAMAGES_PER_CALL,
  MAX_ID,
  MAX_NOTES_LENGTH,
  MAX_PRICE,
  MAX_SERIAL_ID,
  aceClaimItemRequestSchema,
  aceDamageRequestSchema,
  claimItemsRequestSchema,
  claimLookupsQuerySchema,
  claimLookupsSchema,
  CLAIM_LOOKUP_PATHS,
  contactTicketRequestSchema,
  contactUploadUrlQuerySchema,
  customerInfoResponseSchema,
  customerInfoSchema,
  customerInfoUpdateSchema,
  damagesRequestSchema,
  idParamSchema,
  insertClaimRequestSchema,
  isRealDate,
  isRealTimestamp,
  linkDocumentRequestSchema,
  manualItemRequestSchema,
  modelQuerySchema,
  planLinkQuerySchema,
  requestIdSchema,
  searchPlanRequestSchema,
  searchPlanResponseSchema,
  serialIdParamSchema,
  uploadUrlQuerySchema,
} from "../../contract/schemas.ts";

/** The parsed value, or the messages of the refusal (what a 422 answer lists). */
function parse<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; value: v.InferOutput<S> } | { ok: false; messages: string[] } {
  const result = v.safeParse(schema, input);
  return result.success
    ? { ok: true, value: result.output }
    : { ok: false, messages: result.issues.map((issue) => issue.message) };
}
const accepted = (schema: v.GenericSchema, input: unknown) =>
  expect(parse(schema, input).ok, JSON.stringify(input).slice(0, 120)).toBe(true);
const refusedWith = (schema: v.GenericSchema, input: unknown, message: string | RegExp) => {
  const result = parse(schema, input);
  expect(result.ok, JSON.stringify(input).slice(0, 120)).toBe(false);
  if (!result.ok) expect(result.messages.join(" | ")).toMatch(message);
};

describe("dates the API takes", () => {
  it("takes real calendar days from 1900 to 2999 and refuses the rest", () => {
    for (const day of ["2024-02-29", "1900-01-01", "2999-12-31", "2023-12-31"]) expect(isRealDate(day), day).toBe(true);
    for (const day of [
      "2023-02-29",
      "1899-12-31",
      "3000-01-01",
      "2024-13-01",
      "2024-00-10",
      "2024-04-31",
      "2024-4-01",
      "x2024-04-01",
      "2024-04-01x",
      "",
    ]) {
      expect(isRealDate(day), day).toBe(false);
    }
  });

  it("takes a claim time YYYY-MM-DD HH:mm:ss up to 23:59:59 and refuses impossible times", () => {
    for (const time of ["2024-05-01 00:00:00", "2024-05-01 23:59:59"]) expect(isRealTimestamp(time), time).toBe(true);
    for (const time of [
      "2024-05-01 24:00:00",
      "2024-05-01 23:60:00",
      "2024-05-01 23:59:60",
      "2024-02-30 10:00:00",
      "2024-05-01T10:00:00",
      "2024-05-01 10:00",
      " 2024-05-01 10:00:00",
      "2024-05-01 10:00:00 ",
    ]) {
      expect(isRealTimestamp(time), time).toBe(false);
    }
  });
});

describe("ids in a path or query", () => {
  it("reads digits as the id and refuses zero, signs, letters and too many digits", () => {
    expect(parse(idParamSchema, "42")).toEqual({ ok: true, value: 42 });
    expect(parse(idParamSchema, String(MAX_ID))).toEqual({ ok: true, value: MAX_ID });
    refusedWith(idParamSchema, "0", /^Must be a positive whole number$/);
    for (const text of ["-1", "1.5", "12a", "", " 7", "12345678901234567"])
      refusedWith(idParamSchema, text, /^Must be a positive whole number$/);
    refusedWith(idParamSchema, "9007199254740992", `Must be at most ${MAX_ID}`);
  });

  it("stops a plan or contact document id at PostgreSQL's int4", () => {
    expect(parse(serialIdParamSchema, String(MAX_SERIAL_ID))).toEqual({ ok: true, value: MAX_SERIAL_ID });
    refusedWith(serialIdParamSchema, String(MAX_SERIAL_ID + 1), `Must be at most ${MAX_SERIAL_ID}`);
  });
});

const claimStart = {
  warrentyId: 7,
  customerId: 900000000001,
  damagedate: "2024-05-01",
  claimdate: "2024-05-02 09:30:00",
  allowSMS: true,
};

describe("POST /insert_claim", () => {
  it("takes a claim start with allowSMS true or 1", () => {
    accepted(insertClaimRequestSchema, claimStart);
    accepted(insertClaimRequestSchema, { ...claimStart, allowSMS: 1 });
  });

  it("refuses impossible dates with a message saying the expected form", () => {
    refusedWith(
      insertClaimRequestSchema,
      { ...claimStart, damagedate: "2023-02-29" },
      "Must be a real calendar date (YYYY-MM-DD)",
    );
    refusedWith(
      insertClaimRequestSchema,
      { ...claimStart, claimdate: "2024-05-02 25:00:00" },
      "Must be a real date and time (YYYY-MM-DD HH:mm:ss)",
    );
  });

  it("refuses ids out of range, fractional ids and a refused SMS consent", () => {
    refusedWith(
      insertClaimRequestSchema,
      { ...claimStart, warrentyId: MAX_SERIAL_ID + 1 },
      `Must be at most ${MAX_SERIAL_ID}`,
    );
    accepted(insertClaimRequestSchema, { ...claimStart, warrentyId: MAX_SERIAL_ID, customerId: MAX_ID });
    refusedWith(insertClaimRequestSchema, { ...claimStart, customerId: MAX_ID + 2 }, `Must be at most ${MAX_ID}`);
    for (const bad of [
      { customerId: 0 },
      { customerId: 1.5 },
      { warrentyId: 0 },
      { allowSMS: false },
      { allowSMS: 0 },
    ]) {
      expect(parse(insertClaimRequestSchema, { ...claimStart, ...bad }).ok, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("POST /search_plan", () => {
  const byEmail = { search_type: "search_plan_1", name_first: "Jane", name_last: "Doe", email: "jane@example.com" };

  it("searches by warranty number alone, or by names with the one field the search type reads", () => {
    expect(parse(searchPlanRequestSchema, { search_type: "search_plan_4", number: "  W-E34-WS4566 " })).toEqual({
      ok: true,
      value: { search_type: "search_plan_4", number: "W-E34-WS4566" },
    });
    accepted(searchPlanRequestSchema, byEmail);
    accepted(searchPlanRequestSchema, {
      ...byEmail,
      search_type: "search_plan_2",
      email: undefined,
      phone_number: "7135550142",
    });
    accepted(searchPlanRequestSchema, {
      ...byEmail,
      search_type: "search_plan_3",
      email: undefined,
      invoice_number: "INV-1",
    });
    expect(parse(searchPlanRequestSchema, { ...byEmail, search_type: "search_plan_2" }).ok).toBe(false);
    expect(parse(searchPlanRequestSchema, { ...byEmail, search_type: "search_plan_9" }).ok).toBe(false);
  });

  it("trims names, refuses blank ones, too long ones and NUL characters", () => {
    const result = parse(searchPlanRequestSchema, { ...byEmail, name_first: "  Jane  " });
    expect(result.ok && result.value).toMatchObject({ name_first: "Jane" });
    expect(parse(searchPlanRequestSchema, { ...byEmail, name_first: "   " }).ok).toBe(false);
    accepted(searchPlanRequestSchema, { ...byEmail, name_last: "x".repeat(100) });
    accepted(searchPlanRequestSchema, { ...byEmail, name_last: ` ${"x".repeat(100)} ` });
    expect(parse(searchPlanRequestSchema, { ...byEmail, name_last: "x".repeat(101) }).ok).toBe(false);
    refusedWith(searchPlanRequestSchema, { ...byEmail, name_last: "Do\u0000e" }, "Must not contain NUL characters");
  });

  it("takes an optional ZIP code of up to 10 characters", () => {
    accepted(searchPlanRequestSchema, { ...byEmail, zip_code: "77002-1234" });
    accepted(searchPlanRequestSchema, { ...byEmail, zip_code: "" });
    expect(parse(searchPlanRequestSchema, { ...byEmail, zip_code: "77002-12345" }).ok).toBe(false);
    refusedWith(searchPlanRequestSchema, { ...byEmail, zip_code: "7700\u0000" }, "Must not contain NUL characters");
  });

  it("answers with ACE plans as an empty list when the server leaves them out", () => {
    expect(parse(searchPlanResponseSchema, { customers: [] })).toEqual({
      ok: true,
      value: { customers: [], aceCustomers: [] },
    });
  });
});

const item = { selectedItemId: 3, manuFacturer: 1, material: 2, color: 4 };

describe("claim items", () => {
  it("takes 1 to MAX_CLAIM_ITEMS_PER_CALL items, a new one without claimItemId and a type that may be null", () => {
    accepted(claimItemsRequestSchema, { warrentyId: 7, claimId: 5, claim_items: [item] });
    accepted(claimItemsRequestSchema, {
      warrentyId: 7,
      claimId: 5,
      claim_items: [{ ...item, claimItemId: 9, itemType: null }],
    });
    accepted(claimItemsRequestSchema, {
      warrentyId: 7,
      claimId: 5,
      claim_items: Array.from({ length: MAX_CLAIM_ITEMS_PER_CALL }, () => item),
    });
    expect(parse(claimItemsRequestSchema, { warrentyId: 7, claimId: 5, claim_items: [] }).ok).toBe(false);
    expect(
      parse(claimItemsRequestSchema, {
        warrentyId: 7,
        claimId: 5,
        claim_items: Array.from({ length: MAX_CLAIM_ITEMS_PER_CALL + 1 }, () => item),
      }).ok,
    ).toBe(false);
    expect(parse(claimItemsRequestSchema, { warrentyId: 7, claimId: 5, claim_items: [{ ...item, color: 0 }] }).ok).toBe(
      false,
    );
  });

  it("takes an ACE claim item one per call, with the plan and claim it belongs to", () => {
    accepted(aceClaimItemRequestSchema, { claimId: 5, warrentyId: 7, ...item });
    expect(parse(aceClaimItemRequestSchema, { claimId: 5, ...item }).ok).toBe(false);
  });
});

const damage = {
  selectedItemId: 3,
  damageType: 1,
  specificLocation: 2,
  damageDate: "2024-05-01",
  howDidOccur: 4,
  actionTaken: 5,
  notes: "Torn seam",
};

describe("damages", () => {
  it("takes notes up to MAX_NOTES_LENGTH characters and refuses longer or blank notes", () => {
    accepted(damagesRequestSchema, {
      claimId: 5,
      customerId: 6,
      damage_item: [{ ...damage, notes: "n".repeat(MAX_NOTES_LENGTH), specificDamage: null }],
    });
    expect(
      parse(damagesRequestSchema, {
        claimId: 5,
        customerId: 6,
        damage_item: [{ ...damage, notes: "n".repeat(MAX_NOTES_LENGTH + 1) }],
      }).ok,
    ).toBe(false);
    expect(
      parse(damagesRequestSchema, { claimId: 5, customerId: 6, damage_item: [{ ...damage, notes: " \n " }] }).ok,
    ).toBe(false);
  });

  it("takes 1 to MAX_DAMAGES_PER_CALL damages in one call", () => {
    accepted(damagesRequestSchema, {
      claimId: 5,
      customerId: 6,
      damage_item: Array.from({ length: MAX_DAMAGES_PER_CALL }, () => damage),
    });
    expect(
      parse(damagesRequestSchema, {
        claimId: 5,
        customerId: 6,
        damage_item: Array.from({ length: MAX_DAMAGES_PER_CALL + 1 }, () => damage),
      }).ok,
    ).toBe(false);
    expect(parse(damagesRequestSchema, { claimId: 5, customerId: 6, damage_item: [] }).ok).toBe(false);
  });

  it("takes an ACE damage alone, refusing an impossible damage date", () => {
    accepted(aceDamageRequestSchema, { claimId: 5, customerId: 6, ...damage });
    refusedWith(
      aceDamageRequestSchema,
      { claimId: 5, customerId: 6, ...damage, damageDate: "2024-02-30" },
      "Must be a real calendar date (YYYY-MM-DD)",
    );
  });
});

describe("uploads", () => {
  const query = { claimId: "5", fileType: "image/jpeg", fileName: "sofa.jpg", fileSize: "2048" };

  it("reads the claim id and size as numbers", () => {
    expect(parse(uploadUrlQuerySchema, query)).toEqual({
      ok: true,
      value: { claimId: 5, fileType: "image/jpeg", fileName: "sofa.jpg", fileSize: 2048 },
    });
    accepted(uploadUrlQuerySchema, { claimId: "5", fileType: "application/pdf" });
    accepted(uploadUrlQuerySchema, { ...query, fileType: "image/png", fileSize: "999999999999" });
  });

  it("refuses other types, empty or non-numeric sizes and long names", () => {
    expect(parse(uploadUrlQuerySchema, { ...query, fileType: "image/gif" }).ok).toBe(false);
    refusedWith(uploadUrlQuerySchema, { ...query, fileSize: "0" }, "Must be at least 1 byte");
    refusedWith(uploadUrlQuerySchema, { ...query, fileSize: "12kB" }, "Must be a number of bytes");
    refusedWith(uploadUrlQuerySchema, { ...query, fileSize: "1234567890123" }, "Must be a number of bytes");
    accepted(uploadUrlQuerySchema, { ...query, fileName: "n".repeat(200) });
    expect(parse(uploadUrlQuerySchema, { ...query, fileName: "n".repeat(201) }).ok).toBe(false);
    expect(parse(uploadUrlQuerySchema, { ...query, claimId: "0" }).ok).toBe(false);
  });

  it("links a document by a name of up to 255 characters", () => {
    accepted(linkDocumentRequestSchema, { claimId: 5, claimItemsId: 6, docName: "d".repeat(255) });
    expect(parse(linkDocumentRequestSchema, { claimId: 5, claimItemsId: 6, docName: "d".repeat(256) }).ok).toBe(false);
    expect(parse(linkDocumentRequestSchema, { claimId: 5, claimItemsId: 6, docName: "  " }).ok).toBe(false);
  });
});

describe("POST /insert_manual_warr_item", () => {
  const manual = {
    claimId: 5,
    warrentyId: 7,
    modelNumber: "M-1",
    quantity: 1,
    price: 0,
    itemType: 1,
    manuFacturer: 2,
    material: 3,
    color: 4,
    description: "Side table",
  };

  it("takes 1 to 10 pieces and a price from 0 to MAX_PRICE", () => {
    accepted(manualItemRequestSchema, manual);
    accepted(manualItemRequestSchema, {
      ...manual,
      quantity: 10,
      price: MAX_PRICE,
      vendor: "v".repeat(100),
      sku: "s".repeat(64),
    });
    for (const bad of [
      { quantity: 0 },
      { quantity: 11 },
      { quantity: 1.5 },
      { price: -0.01 },
      { vendor: "v".repeat(101) },
      { sku: "s".repeat(65) },
      { modelNumber: "m".repeat(65) },
      { description: "d".repeat(1001) },
    ]) {
      expect(parse(manualItemRequestSchema, { ...manual, ...bad }).ok, JSON.stringify(bad).slice(0, 40)).toBe(false);
    }
    refusedWith(manualItemRequestSchema, { ...manual, price: 10_000_000_000 }, `Must be at most ${MAX_PRICE}`);
  });
});

describe("lookups", () => {
  it("reads a model number trimmed, up to 64 characters", () => {
    expect(parse(modelQuerySchema, { modelNo: " M-1 " })).toEqual({ ok: true, value: { modelNo: "M-1" } });
    for (const modelNo of ["  ", "m".repeat(65)]) expect(parse(modelQuerySchema, { modelNo }).ok).toBe(false);
  });

  it("takes the language of the lookups only as en or es", () => {
    accepted(claimLookupsQuerySchema, {});
    accepted(claimLookupsQuerySchema, { lang: "es" });
    expect(parse(claimLookupsQuerySchema, { lang: "fr" }).ok).toBe(false);
  });

  it("needs every one of the seven claim lists in the one lookups answer", () => {
    const result = Object.fromEntries(CLAIM_LOOKUP_PATHS.map((path) => [path, [{ id: 1, name: path }]]));
    expect(CLAIM_LOOKUP_PATHS).toHaveLength(7);
    accepted(claimLookupsSchema, { result });
    for (const path of CLAIM_LOOKUP_PATHS) {
      const { [path]: _dropped, ...rest } = result;
      expect(parse(claimLookupsSchema, { result: rest }).ok, path).toBe(false);
    }
  });

  it("takes a plan link's type of up to 8 characters", () => {
    accepted(planLinkQuerySchema, { customer_id: "12", plan_type: "FPP" });
    refusedWith(planLinkQuerySchema, { customer_id: "12", plan_type: "FPPFPPFPP" }, "Must be FPP or ACE");
  });
});

describe("ACE customer information", () => {
  const info = {
    firstName: "Maria",
    lastName: "Lopez",
    email: "maria@example.com",
    phone: "7135550142",
    address: "1 Main St",
    city: "Houston",
    state: "TX",
    zipCode: "77002",
  };

  it("takes a full address and says what is wrong with each malformed field", () => {
    accepted(customerInfoSchema, info);
    refusedWith(customerInfoSchema, { ...info, phone: "713555014" }, "Must be 10 digits");
    refusedWith(customerInfoSchema, { ...info, state: "tx" }, "Must be a two-letter state code");
    refusedWith(customerInfoSchema, { ...info, zipCode: "7700" }, "Must be 5 digits");
    expect(parse(customerInfoSchema, { ...info, email: "maria" }).ok).toBe(false);
    expect(parse(customerInfoSchema, { ...info, city: " " }).ok).toBe(false);
  });

  it("keeps what is on file when a masked or blank value comes back, and refuses anything else", () => {
    accepted(customerInfoUpdateSchema, { ...info, email: "m•••@example.com", phone: "•••-0142", address: "•••" });
    accepted(customerInfoUpdateSchema, { ...info, email: "", phone: " ", address: "" });
    refusedWith(customerInfoUpdateSchema, { ...info, email: "maria" }, "Must be an email address");
    refusedWith(customerInfoUpdateSchema, { ...info, phone: "713" }, "Must be 10 digits");
    refusedWith(customerInfoUpdateSchema, { ...info, address: "\u0000" }, "Must be a street address");
    expect(parse(customerInfoUpdateSchema, { ...info, email: `•${"x".repeat(254)}` }).ok).toBe(false);
  });

  it("loads a customer with fields missing as empty and keeps a null as null", () => {
    expect(parse(customerInfoResponseSchema, { result: { firstName: "Maria", phone: null } })).toEqual({
      ok: true,
      value: {
        result: {
          firstName: "Maria",
          lastName: "",
          email: "",
          phone: null,
          address: "",
          city: "",
          state: "",
          zipCode: "",
        },
      },
    });
  });
});

describe("contact service", () => {
  const requestId = "0f8fad5b-d9cb-469f-a165-70867728950e";
  const ticket = {
    request_id: requestId,
    customerDetails: {
      name: "Jane Doe",
      email: "jane@example.com",
      phone: "7135550142",
      address: "1 Main St",
      city: "Houston",
      state: "TX",
      zip_code: "77002",
    },
    purchaseDetails: {
      invoice: "INV-1",
      date_of_purchase: "2024-01-02",
      store_name: "Store",
      store_phone: "7135550143",
      store_address: "2 Main St",
      store_city: "Houston",
      store_state: "TX",
      store_zip: "77002",
      were_any_items_exchanged: false,
    },
    documents: [1],
  };

  it("names a request by one lower-case UUID", () => {
    accepted(requestIdSchema, requestId);
    refusedWith(requestIdSchema, requestId.toUpperCase(), "Must be a request id (a UUID)");
    refusedWith(requestIdSchema, `${requestId}0`, "Must be a request id (a UUID)");
    accepted(contactUploadUrlQuerySchema, { requestId, fileType: "application/pdf", fileSize: "10" });
  });

  it("takes a ticket with 1 to 20 documents and US phone numbers", () => {
    accepted(contactTicketRequestSchema, ticket);
    accepted(contactTicketRequestSchema, { ...ticket, documents: Array.from({ length: 20 }, (_, i) => i + 1) });
    refusedWith(contactTicketRequestSchema, { ...ticket, documents: [] }, "At least one document");
    expect(
      parse(contactTicketRequestSchema, { ...ticket, documents: Array.from({ length: 21 }, (_, i) => i + 1) }).ok,
    ).toBe(false);
    refusedWith(
      contactTicketRequestSchema,
      { ...ticket, customerDetails: { ...ticket.customerDetails, phone: "1135550142" } },
      "Must be a 10-digit US number",
    );
    refusedWith(
      contactTicketRequestSchema,
      { ...ticket, purchaseDetails: { ...ticket.purchaseDetails, store_phone: "7131550142" } },
      "Must be a 10-digit US number",
    );
    refusedWith(
      contactTicketRequestSchema,
      { ...ticket, purchaseDetails: { ...ticket.purchaseDetails, store_zip: "770021" } },
      "Must be 5 digits",
    );
    refusedWith(
      contactTicketRequestSchema,
      { ...ticket, purchaseDetails: { ...ticket.purchaseDetails, store_state: "Tx" } },
      "Must be a two-letter state code",
    );
  });
});
