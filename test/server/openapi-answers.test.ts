/**
 * The answers a real server gives, checked against the OpenAPI document it serves: one server
 * driven through the main flows (search, plan, FPP claim with items, damages and an uploaded
 * document, submit; the ACE twin; lookups; the contact service; plan links) and through refusals
 * (400, 401, 403, 404, 409, 413, 422, 428, 429). Every answer's status must be one the document
 * lists for that method and path, and every JSON body must fit the schema it gives (ajv, JSON
 * Schema 2020-12, OpenAPI 3.1's dialect), with no field the schema leaves out.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedPlanLinkPath } from "../../server/domain/plan-links.ts";
import { claimStatusLinkPath } from "../../server/domain/claim-status-links.ts";
import { staffKeyOf } from "../../server/http/staff-key.ts";
import {
  API_KEY,
  CookieJar,
  claimBody,
  png,
  sessionFetch,
  startTestServer,
  ticketBody,
  type TestServer,
} from "./helpers.ts";

type Json = Record<string, any>;

let server: TestServer;
let document: Json;
const jar = new CookieJar();

/** What was called and answered, for the coverage check at the end. */
const seen: { operation: string; status: number }[] = [];

beforeAll(async () => {
  server = await startTestServer({
    // Tight enough to meet the proof-of-work and the ticket limit in a few calls; the flows stay below them.
    searchChallenge: { after: [3, 600], cost: 1 },
    rateLimits: {
      searchPerAddress: [100_000, 60],
      planLookupPerAddress: [100_000, 60],
      ticketPerAddress: [3, 600],
      contactUploadPerAddress: [100_000, 60],
      planLinkPerAddress: [100_000, 60],
    },
  });
  document = await (await fetch(`${server.url}/api/v1/openapi.json`)).json();
});
afterAll(async () => {
  await server?.stop();
});

// ajv reads the document's schemas as they are; OpenAPI's own words (e.g. `example`) are not its keywords.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const compiled = new Map<string, ValidateFunction>();

/**
 * A schema that also refuses fields it does not name: an answer must not carry what the document
 * leaves out (a schema that lets them through on purpose says `additionalProperties` itself).
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== "object") return schema;
  const copy = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === "properties"
        ? Object.fromEntries(Object.entries(value as Json).map(([name, property]) => [name, closed(property)]))
        : closed(value),
    ]),
  );
  if ("properties" in copy && !("additionalProperties" in copy)) copy.additionalProperties = false;
  return copy;
}

/** The document's operation answering `method` on `path` (a served path, without its query). */
function operationOf(method: string, path: string): { template: string; operation: Json } {
  for (const [template, methods] of Object.entries(document.paths as Record<string, Json>)) {
    const pattern = new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+")}$`);
    const operation = methods[method.toLowerCase()];
    if (operation && pattern.test(path)) return { template, operation };
  }
  throw new Error(`the document has no ${method} ${path}`);
}

/** Expects an answer the document describes: its status listed, its body of the listed type and schema. */
function expectDocumented(method: string, url: string, status: number, contentType: string, body: unknown): void {
  const path = new URL(url, server.url).pathname;
  const { template, operation } = operationOf(method, path);
  seen.push({ operation: `${method} ${template}`, status });
  let response = operation.responses[String(status)];
  expect(
    response,
    `${method} ${template} answered ${status}, which the document does not list: ${JSON.stringify(body)}`,
  ).toBeDefined();
  if (response.$ref) response = document.components.responses[response.$ref.split("/").pop()];
  const types = Object.keys(response.content ?? {});
  if (!contentType) return expect(types, `${method} ${template} ${status} has a body`).toEqual([]);
  const type = contentType.split(";")[0]!.trim();
  expect(types, `${method} ${template} ${status} answered ${type}`).toContain(type);
  if (type !== "application/json") return;
  const schema = response.content[type].schema;
  const key = JSON.stringify(schema);
  // The document's models ride along, so `#/components/schemas/…` resolves as in the document.
  if (!compiled.has(key))
    compiled.set(
      key,
      ajv.compile({ ...(closed(schema) as Json), components: { schemas: closed(document.components.schemas) } }),
    );
  const validate = compiled.get(key)!;
  expect(
    validate(body),
    `${method} ${template} ${status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
  ).toBe(true);
}

interface Call {
  body?: unknown;
  /** Raw bytes (an upload), sent as is. */
  bytes?: Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** The API key to send; null: none. */
  key?: string | null;
  jar?: CookieJar;
}

/**
 * One request from the test's browser (its cookie jar), its answer checked against the document.
 * @param url a path from the server's root, or a URL the server handed out
 */
async function call(
  method: string,
  url: string,
  { body, bytes, headers = {}, key = API_KEY, jar: cookies = jar }: Call = {},
) {
  const sent = new Headers(headers);
  if (key !== null && !sent.has("x-api-key")) sent.set("x-api-key", key);
  if (body !== undefined) sent.set("content-type", "application/json");
  const response = await sessionFetch(cookies, new URL(url, server.url).href, {
    method,
    headers: sent,
    body: bytes ?? (typeof body === "string" ? body : body === undefined ? undefined : JSON.stringify(body)),
    redirect: "manual",
  });
  const contentType = response.headers.get("content-type") ?? "";
  const text = await response.text();
  const parsed = contentType.startsWith("application/json") ? JSON.parse(text) : text;
  expectDocumented(method, url, response.status, text ? contentType : "", parsed);
  return { status: response.status, headers: response.headers, body: parsed as any };
}

const api = (path: string) => `/api/v1${path}`;
const ok = async (answer: Promise<{ status: number; body: any }>) => {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
};
const firstId = async (path: string): Promise<number> => (await ok(call("GET", api(path)))).result[0].id;

describe("answers of the main flows fit the document", () => {
  it("lookups, in both languages, and a 304 for an unchanged list", async () => {
    for (const path of [
      "/all_item_type",
      "/all_material",
      "/all_manufacturer",
      "/all_color",
      "/actions_taken_lookup_values",
      "/specific_damage_lookup_values",
      "/how_did_it_occur_lookup_values",
      "/damage_type_lookup_values",
      "/ace/all_material",
      "/ace/all_manufacturer",
      "/ace/all_color",
      "/ace/actions_taken_lookup_values",
    ]) {
      await ok(call("GET", api(path)));
    }
    for (const path of [
      "/ace/how_did_it_occur_lookup_values",
      "/ace/damage_type_lookup_values",
      "/ace/specific_location_lookup_values",
    ]) {
      await ok(call("GET", api(`${path}?modelNo=ACE-SOF-2201`)));
    }
    const lookups = await call("GET", api("/lookups?lang=es"));
    expect(lookups.status).toBe(200);
    expect(
      (await call("GET", api("/lookups?lang=es"), { headers: { "if-none-match": lookups.headers.get("etag")! } }))
        .status,
    ).toBe(304);
  });

  it("an FPP claim from search to submit, with an uploaded document", async () => {
    const found = await ok(
      call("POST", api("/search_plan"), { body: { search_type: "search_plan_4", number: "W-E34-WS4566" } }),
    );
    const plan = found.customers[0];
    const sofa = plan.warrantyItems.find((item: Json) => item.type?.name === "Sofa").id;
    await ok(call("GET", api(`/plan/${plan.id}`)));
    const created = await ok(call("POST", api("/insert_claim"), { body: claimBody(plan.id, plan.customerId) }));
    expect(created.code).toBe("CREATED");
    const claimId = created.result.claim_id;
    expect((await ok(call("POST", api("/insert_claim"), { body: claimBody(plan.id, plan.customerId) }))).code).toBe(
      "DRAFT_EXIST",
    );
    await ok(call("GET", api(`/plan/${plan.id}?claimId=${claimId}`)));

    const lookup = {
      manuFacturer: await firstId("/all_manufacturer"),
      material: await firstId("/all_material"),
      color: await firstId("/all_color"),
    };
    const items = await ok(
      call("POST", api("/insert_update_claim_item"), {
        body: { warrentyId: plan.id, claimId, claim_items: [{ selectedItemId: sofa, ...lookup }] },
      }),
    );
    const claimItemId = items.results[0].claimItemId;
    const manual = await ok(
      call("POST", api("/insert_manual_warr_item"), {
        body: {
          claimId,
          warrentyId: plan.id,
          modelNumber: "M-1",
          quantity: 1,
          price: 10,
          itemType: await firstId("/all_item_type"),
          ...lookup,
          description: "Side table",
        },
      }),
    );
    expect(manual.result.id).toEqual(expect.any(Number));

    const detail = await ok(call("GET", api(`/claim/${claimId}`)));
    const damage = {
      selectedItemId: sofa,
      damageType: await firstId("/damage_type_lookup_values"),
      specificDamage: await firstId("/specific_damage_lookup_values"),
      specificLocation: detail.damageAreasDisp[0].id,
      damageDate: "2025-08-30",
      howDidOccur: await firstId("/how_did_it_occur_lookup_values"),
      actionTaken: await firstId("/actions_taken_lookup_values"),
      notes: "Ink on the seat.",
    };
    const damages = await ok(
      call("POST", api("/insert_claim_item_damage"), {
        body: { claimId, customerId: plan.customerId, damage_item: [damage, damage] },
      }),
    );
    await ok(call("DELETE", api(`/delete_claim_item_damage/${damages.multipleDamageIds[1]}`)));
    expect((await ok(call("PUT", api(`/submit_claim/${claimId}/${plan.customerId}`)))).code).toBe("CLAIM_INCOMPLETE");

    const signed = await ok(
      call("GET", api(`/file-upload-url?claimId=${claimId}&fileType=image/png&fileName=seat.png&fileSize=64`)),
    );
    // An altered signature, then the real PUT, then the same URL again.
    await expect(
      call("PUT", signed.url.replace(/sig=[0-9a-f]/, "sig=g"), {
        bytes: png(64),
        headers: { "content-type": "image/png" },
        key: null,
      }),
    ).resolves.toMatchObject({ status: 403 });
    await ok(call("PUT", signed.url, { bytes: png(64), headers: { "content-type": "image/png" }, key: null }));
    expect(
      (await call("PUT", signed.url, { bytes: png(64), headers: { "content-type": "image/png" }, key: null })).status,
    ).toBe(409);
    const linked = await ok(
      call("POST", api("/insert_linked_and_embedded_files"), {
        body: { claimId, claimItemsId: claimItemId, docName: signed.fileName },
      }),
    );
    const again = await call("POST", api("/insert_linked_and_embedded_files"), {
      body: { claimId, claimItemsId: claimItemId, docName: signed.fileName },
    });
    expect(again.body).toMatchObject({ code: "DOCUMENT_ALREADY_LINKED", result: linked.result });
    const download = await ok(call("GET", api(`/documents/${linked.result[0].id}/download-url`)));
    expect((await call("GET", download.url, { key: null, jar: new CookieJar() })).headers.get("content-type")).toBe(
      "image/png",
    );
    const stored = new URL(download.url, server.url).pathname;
    expect((await call("GET", stored, { key: null })).status).toBe(200);
    expect((await call("GET", stored, { key: null, jar: new CookieJar() })).status).toBe(404);

    // A second document, deleted; a second claim item, removed.
    const other = await ok(call("GET", api(`/file-upload-url?claimId=${claimId}&fileType=image/png`)));
    await ok(call("PUT", other.url, { bytes: png(32), headers: { "content-type": "image/png" }, key: null }));
    const otherDoc = await ok(
      call("POST", api("/insert_linked_and_embedded_files"), {
        body: { claimId, claimItemsId: claimItemId, docName: other.fileName },
      }),
    );
    await ok(call("DELETE", api(`/delete_uploaded_documents_of_claim/${otherDoc.result[0].id}`)));
    const loveseat = plan.warrantyItems.find((item: Json) => item.type?.name === "Loveseat").id;
    const second = await ok(
      call("POST", api("/insert_update_claim_item"), {
        body: { warrentyId: plan.id, claimId, claim_items: [{ selectedItemId: loveseat, ...lookup }] },
      }),
    );
    await ok(call("DELETE", api(`/remove_claim_items/${second.results[0].claimItemId}`)));

    expect((await ok(call("GET", api(`/claim/${claimId}`)))).items[0].documents_and_photos).toHaveLength(1);
    expect((await ok(call("PUT", api(`/submit_claim/${claimId}/${plan.customerId}`)))).message).toBe("Succeed");
    expect((await ok(call("PUT", api(`/submit_claim/${claimId}/${plan.customerId}`)))).code).toBe(
      "CLAIM_ALREADY_SUBMITTED",
    );
    // A submitted claim takes no change, and is no draft to delete.
    expect(
      (
        await call("POST", api("/insert_update_claim_item"), {
          body: { warrentyId: plan.id, claimId, claim_items: [{ selectedItemId: sofa, ...lookup }] },
        })
      ).body.code,
    ).toBe("CLAIM_NOT_DRAFT");
    expect((await call("DELETE", api(`/delete_draft_claim/${claimId}`))).status).toBe(409);
  });

  it("an ACE claim, the customer's contact details, and a draft deleted", async () => {
    const found = await ok(
      call("POST", api("/search_plan"), { body: { search_type: "search_plan_4", number: "A-300-100200" } }),
    );
    const plan = found.aceCustomers[0];
    const sofa = plan.warrantyItems.find((item: Json) => item.type?.name === "Sofa");
    await ok(call("GET", api(`/ace/plan/${plan.id}?customerId=${plan.customerId}`)));
    const claimId = (await ok(call("POST", api("/ace/insert_claim"), { body: claimBody(plan.id, plan.customerId) })))
      .result.claim_id;
    const lookup = {
      manuFacturer: await firstId("/ace/all_manufacturer"),
      material: await firstId("/ace/all_material"),
      color: await firstId("/ace/all_color"),
    };
    const item = await ok(
      call("POST", api("/ace/insert_claim_item"), {
        body: { claimId, warrentyId: plan.id, selectedItemId: sofa.id, ...lookup },
      }),
    );
    const model = `?modelNo=${sofa.modelNumber}`;
    const damage = await ok(
      call("POST", api("/ace/insert_claim_item_damage"), {
        body: {
          claimId,
          customerId: plan.customerId,
          selectedItemId: sofa.id,
          damageType: await firstId(`/ace/damage_type_lookup_values${model}`),
          specificLocation: await firstId(`/ace/specific_location_lookup_values${model}`),
          howDidOccur: await firstId(`/ace/how_did_it_occur_lookup_values${model}`),
          actionTaken: await firstId("/ace/actions_taken_lookup_values"),
          damageDate: "2025-09-01",
          notes: "Torn seam.",
        },
      }),
    );
    const signed = await ok(call("GET", api(`/ace/file-upload-url?claimId=${claimId}&fileType=image/png`)));
    await ok(call("PUT", signed.url, { bytes: png(48), headers: { "content-type": "image/png" }, key: null }));
    const linked = await ok(
      call("POST", api("/ace/insert_linked_and_embedded_files"), {
        body: { claimId, claimItemsId: item.result.claimItemId, docName: signed.fileName },
      }),
    );
    const download = await ok(call("GET", api(`/ace/documents/${linked.result[0].id}/download-url`)));
    expect((await call("GET", download.url, { key: null, jar: new CookieJar() })).status).toBe(200);
    await ok(call("GET", api(`/ace/claim/${claimId}`)));

    // Found by warranty number alone: the details come masked, and what is typed is kept for the claim.
    const info = await ok(call("GET", api(`/ace/customer_info/${plan.customerId}?claimId=${claimId}`)));
    expect(info.result.masked).toBe(true);
    const { masked: _masked, ...details } = info.result;
    expect((await call("PUT", api(`/ace/customer_info/${plan.customerId}`), { body: details })).body.code).toBe(
      "PROOF_REQUIRED",
    );
    await ok(
      call("PUT", api(`/ace/customer_info/${plan.customerId}?claimId=${claimId}`), {
        body: { ...details, city: "Katy" },
      }),
    );
    expect(
      (await ok(call("GET", api(`/ace/customer_info/${plan.customerId}?claimId=${claimId}`)))).result.unverified,
    ).toEqual({ city: "Katy" });

    await ok(call("DELETE", api(`/ace/delete_uploaded_documents_of_claim/${linked.result[0].id}`)));
    await ok(call("DELETE", api(`/ace/delete_claim_item_damage/${damage.result.damageId}`)));
    await ok(call("DELETE", api(`/ace/remove_claim_items/${claimId}/${item.result.claimItemId}`)));
    expect((await ok(call("PUT", api(`/ace/submit_claim/${claimId}`)))).code).toBe("CLAIM_INCOMPLETE");
    // The FPP read does not show an ACE claim.
    expect((await call("GET", api(`/claim/${claimId}`))).status).toBe(404);
    await ok(call("DELETE", api(`/delete_draft_claim/${claimId}`)));
  });

  it("a contact-service request with its documents, and the ticket", async () => {
    const requestId = "5b0c2d9e-1f4a-4b8c-9d2e-3f4a5b6c7d8e";
    const upload = async () => {
      const signed = await ok(
        call(
          "GET",
          api(`/contact_service/file-upload-url?requestId=${requestId}&fileType=image/png&fileName=receipt.png`),
        ),
      );
      await ok(call("PUT", signed.url, { bytes: png(40), headers: { "content-type": "image/png" }, key: null }));
      return (
        await ok(call("POST", api("/contact_service/documents"), { body: { requestId, docName: signed.fileName } }))
      ).result[0];
    };
    const kept = await upload();
    const dropped = await upload();
    await ok(call("DELETE", api(`/contact_service/documents/${dropped.id}?requestId=${requestId}`)));
    expect(
      (await ok(call("POST", api("/contact_service_ticket"), { body: ticketBody(requestId, [kept.id]) }))).ticket,
    ).toMatch(/^CS-\d{6}$/);
    expect((await call("GET", `/storage/contact_service/${requestId}/${kept.name}`, { key: null })).status).toBe(200);
    expect(
      (await call("POST", api("/contact_service_ticket"), { body: ticketBody(requestId, [kept.id]) })).status,
    ).toBe(409);
  });

  it("plan links: the portal's call, and a signed link from an email", async () => {
    const owner = await ok(
      call("POST", api("/search_plan"), { body: { search_type: "search_plan_4", number: "W-K77-AB1020" } }),
    );
    const plan = owner.customers[0];
    const stranger = new CookieJar();
    await ok(call("GET", api(`/plan_link/${plan.id}?customer_id=${plan.customerId}&plan_type=FPP`), { jar: stranger }));
    expect(
      (await call("GET", api(`/plan_link/${plan.id}?customer_id=1&plan_type=FPP`), { jar: new CookieJar() })).status,
    ).toBe(404);
    const link = signedPlanLinkPath(server.config.linkSecret!, {
      planId: plan.id,
      customerId: plan.customerId,
      planType: "FPP",
      expires: Math.floor(Date.now() / 1000) + 600,
    });
    const opened = await call("GET", link, { key: null, jar: new CookieJar() });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/find-claim/${plan.id}?customer_id=${plan.customerId}&plan_type=FPP`);
    expect(
      (await call("GET", link, { key: null, jar: new CookieJar(), headers: { "sec-fetch-site": "cross-site" } }))
        .status,
    ).toBe(404);
  });

  it("claim status: the owner's read, signed links, and the staff move with its refusals", async () => {
    const paul = new CookieJar();
    await ok(
      call("POST", api("/search_plan"), { body: { search_type: "search_plan_4", number: "W-P55-IP0001" }, jar: paul }),
    );
    const claimNumber: string = (await ok(call("GET", api("/claim_status?code=CS-P55-0001"), { jar: paul }))).result
      .claimNumber;
    const claimId = Number(claimNumber.slice("CL-".length));
    const query = (expires?: number) => claimStatusLinkPath(server.config.linkSecret!, claimId, expires).split("?")[1];
    await ok(call("GET", api(`/claim_status?${query()}`), { jar: new CookieJar() }));
    expect((await call("GET", api(`/claim_status?${query(1)}`), { jar: new CookieJar() })).status).toBe(403);
    expect((await call("GET", api("/claim_status?code=CL-1"), { jar: new CookieJar() })).status).toBe(404);
    const staffKey = await staffKeyOf(server.dataDir);
    const move = (step: string, key = staffKey) =>
      call("POST", api("/staff/claim_status"), {
        body: { code: claimNumber, step },
        key: null,
        headers: { "x-staff-key": key },
        jar: new CookieJar(),
      });
    expect((await ok(move("service"))).result.current).toBe("service");
    expect((await move("service")).status).toBe(409);
    expect((await move("approved")).status).toBe(400);
    expect((await move("closed", "not-the-staff-key")).status).toBe(401);
  });

  it("the document and the reference page themselves", async () => {
    await ok(call("GET", "/api/v1/openapi.json", { key: null }));
    await ok(call("GET", "/api/docs", { key: null }));
  });
});

describe("refusals fit the document", () => {
  it("400, 401, 404, 413 and 422", async () => {
    const invalid = await call("POST", api("/insert_claim"), { body: { warrentyId: "x" } });
    expect(invalid.body).toMatchObject({ code: "INVALID_REQUEST", errors: expect.any(Object) });
    expect((await call("POST", api("/search_plan"), { body: "{not json" })).status).toBe(400);
    expect((await call("GET", api("/claim/abc"))).status).toBe(400);
    expect(
      (await call("POST", api("/insert_claim"), { body: {}, headers: { "idempotency-key": "short" } })).body.code,
    ).toBe("BAD_IDEMPOTENCY_KEY");
    expect((await call("GET", api("/all_color"), { key: "wrong" })).status).toBe(401);
    expect((await call("GET", api("/plan/2147483647"))).status).toBe(404);
    expect((await call("GET", api("/claim/100000000001"))).body.code).toBe("CLAIM_NOT_FOUND");
    expect((await call("GET", api("/ace/customer_info/100000000001"))).status).toBe(404);
    expect(
      (await call("POST", api("/search_plan"), { body: { search_type: "search_plan_4", number: "x".repeat(70_000) } }))
        .body.code,
    ).toBe("PAYLOAD_TOO_LARGE");
    const key = "openapi-answers-key-0001";
    expect(
      (await call("DELETE", api("/delete_draft_claim/100000000001"), { headers: { "idempotency-key": key } })).status,
    ).toBe(404);
    expect(
      (await call("DELETE", api("/delete_draft_claim/100000000002"), { headers: { "idempotency-key": key } })).status,
    ).toBe(422);
  });

  it("429 with Retry-After: too many upload URLs, too many tickets", async () => {
    const { id, customerId } = (
      await ok(call("POST", api("/search_plan"), { body: { search_type: "search_plan_4", number: "W-K77-AB1021" } }))
    ).customers[0];
    const claimId = (await ok(call("POST", api("/insert_claim"), { body: claimBody(id, customerId) }))).result.claim_id;
    let answer;
    for (let open = 0; open <= 30 && answer?.status !== 429; open++)
      answer = await call("GET", api(`/file-upload-url?claimId=${claimId}&fileType=image/png&fileSize=1`));
    expect(answer!.body.code).toBe("TOO_MANY_UPLOAD_URLS");
    expect(Number(answer!.headers.get("retry-after"))).toBeGreaterThan(0);
    let ticket;
    for (let sent = 0; sent < 5 && ticket?.status !== 429; sent++)
      ticket = await call("POST", api("/contact_service_ticket"), { body: {} });
    expect(ticket!.body).toMatchObject({ code: "TOO_MANY_REQUESTS", retryAfter: expect.any(Number) });
    expect(ticket!.headers.get("retry-after")).toBe(String(ticket!.body.retryAfter));
  });

  it("428: a proof-of-work after failed searches", async () => {
    let answer;
    for (let tries = 0; tries < 5 && answer?.status !== 428; tries++)
      answer = await call("POST", api("/search_plan"), {
        body: { search_type: "search_plan_4", number: "W-NONE-000" },
      });
    expect(answer!.body.code).toBe("CHALLENGE_REQUIRED");
  });

  it("covered most of the document, every kind of refusal among it", () => {
    const operations = Object.values(document.paths as Record<string, Json>).flatMap((methods) =>
      Object.keys(methods),
    ).length;
    const covered = new Set(seen.map(({ operation }) => operation));
    expect(covered.size / operations).toBeGreaterThan(0.9);
    expect(new Set(seen.map(({ status }) => status))).toEqual(
      new Set([200, 303, 304, 400, 401, 403, 404, 409, 413, 422, 428, 429]),
    );
  });
});
