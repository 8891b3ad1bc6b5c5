/**
 * Caps on every write, each finding replayed as the attacker did it: a contact-service request
 * takes at most MAX_DOCUMENTS_PER_CONTACT_REQUEST documents and MAX_CONTACT_REQUEST_BYTES bytes
 * (refused when linking), its id is a UUID, and one never sent goes with its files a day after its
 * last change; a claim adds at most MAX_MANUAL_ITEMS_PER_CLAIM missing line items, listed only
 * where that claim is filed and deleted with its draft; a claim or request holds at most
 * MAX_OPEN_UPLOAD_URLS open upload URLs.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  linkDocumentResponseSchema,
  searchPlanResponseSchema,
  uploadUrlResponseSchema,
} from "../../contract/schemas.ts";
import { MAX_CONTACT_REQUEST_BYTES, MAX_DOCUMENTS_PER_CONTACT_REQUEST } from "../../contract/upload-rules.ts";
import { MAX_MANUAL_ITEMS_PER_CLAIM } from "../../server/domain/manual-items.ts";
import { loadPlans } from "../../server/domain/plan-queries.ts";
import { createStorage } from "../../server/storage/storage.ts";
import { UNSENT_REQUEST_TTL_MS } from "../../server/domain/unsent-requests.ts";
import { MAX_OPEN_UPLOAD_URLS } from "../../server/storage/upload-grants.ts";
import { sweepUploads } from "../../server/storage/upload-sweep.ts";
import { UPLOAD_URL_TTL_SECONDS } from "../../server/storage/upload-grants.ts";
import {
  claimBody,
  demoPlan,
  draftWithItem,
  expectRefused,
  expectShape,
  lookupId,
  png,
  startTestServer,
  ticketBody,
  type TestServer,
} from "./helpers.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const contactUrl = (requestId: string, fileSize = 64) =>
  server.api.get(
    `/contact_service/file-upload-url?${new URLSearchParams({ requestId, fileType: "image/png", fileName: "receipt.png", fileSize: String(fileSize) })}`,
  );
const contactLink = (requestId: string, docName: string) =>
  server.api.post("/contact_service/documents", { requestId, docName });

/** PUTs a PNG of `size` bytes to a signed URL as the browser does. */
async function put(url: string, size: number): Promise<number> {
  return (
    await fetch(new URL(url, server.url), { method: "PUT", headers: { "content-type": "image/png" }, body: png(size) })
  ).status;
}

/** Uploads a PNG of `size` bytes for a request; answers its stored name (not linked). */
async function uploadForRequest(requestId: string, size = 64): Promise<string> {
  const answer = await contactUrl(requestId, size);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { url, fileName } = expectShape(uploadUrlResponseSchema, answer.body);
  expect(await put(url, size)).toBe(200);
  return fileName;
}

/** Uploads and links a PNG to a request; answers the document. */
async function attach(requestId: string, size = 64) {
  const linked = await contactLink(requestId, await uploadForRequest(requestId, size));
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  return expectShape(linkDocumentResponseSchema, linked.body).result[0]!;
}

const requestFolder = (requestId: string) => join(server.dataDir, "storage", "contact_service", requestId);
const documentsOf = async (requestId: string) =>
  (
    await server.db.query<{ file_name: string }>(
      "SELECT file_name FROM contact_documents WHERE request_id = $1 ORDER BY id",
      [requestId],
    )
  ).map((row) => row.file_name);

describe("contact-service requests", () => {
  it("'aaaaaaaa' and other ids that are not a UUID are refused on every call", async () => {
    for (const requestId of ["aaaaaaaa", "0D7B2C9E-1F4A-4B8C-9D2E-3F4A5B6C7D8E", "0d7b2c9e1f4a4b8c9d2e3f4a5b6c7d8e"]) {
      expect((await expectRefused(server.db, () => contactUrl(requestId), 400)).errors).toHaveProperty("requestId");
      expect(
        (await expectRefused(server.db, () => contactLink(requestId, "abcdefghij-receipt.png"), 400)).errors,
      ).toHaveProperty("requestId");
      expect(
        (
          await expectRefused(
            server.db,
            () => server.api.del(`/contact_service/documents/1?requestId=${requestId}`),
            400,
          )
        ).errors,
      ).toHaveProperty("requestId");
      expect(
        (
          await expectRefused(
            server.db,
            () => server.api.post("/contact_service_ticket", ticketBody(requestId, [1])),
            400,
          )
        ).errors,
      ).toHaveProperty("request_id");
    }
    expect(existsSync(requestFolder("aaaaaaaa"))).toBe(false);
  });

  it(`links at most ${MAX_DOCUMENTS_PER_CONTACT_REQUEST} documents to a request: the next is refused when linking, and gets no upload URL`, async () => {
    const requestId = "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e";
    // One more file than the limit, all uploaded while there was room.
    const names: string[] = [];
    for (let i = 0; i <= MAX_DOCUMENTS_PER_CONTACT_REQUEST; i++) names.push(await uploadForRequest(requestId));
    for (const name of names.slice(0, -1)) expect((await contactLink(requestId, name)).status).toBe(200);
    const refused = await contactLink(requestId, names.at(-1)!);
    expect(refused).toMatchObject({ status: 409, body: { code: "TOO_MANY_DOCUMENTS" } });
    expect(refused.body.message).toContain(String(MAX_DOCUMENTS_PER_CONTACT_REQUEST));
    expect(await documentsOf(requestId)).toHaveLength(MAX_DOCUMENTS_PER_CONTACT_REQUEST);
    expect(await contactUrl(requestId)).toMatchObject({ status: 409, body: { code: "TOO_MANY_DOCUMENTS" } });
    // A document deleted makes room again.
    const [first] = await server.db.query<{ id: number }>(
      "SELECT id FROM contact_documents WHERE request_id = $1 ORDER BY id LIMIT 1",
      [requestId],
    );
    expect((await server.api.del(`/contact_service/documents/${first!.id}?requestId=${requestId}`)).status).toBe(200);
    expect((await contactLink(requestId, names.at(-1)!)).status).toBe(200);
  });

  it(`holds at most ${MAX_CONTACT_REQUEST_BYTES} bytes per request: a file past the budget is refused when linking, and gets no upload URL`, async () => {
    const requestId = "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f";
    const late = await uploadForRequest(requestId, 200);
    // Documents as if linked meanwhile (their files are not needed): 100 bytes of the budget are left.
    await server.db.query(
      "INSERT INTO contact_documents (request_id, file_name, content_type, size_bytes) VALUES ($1, 'fake000000-filler.png', 'image/png', $2)",
      [requestId, MAX_CONTACT_REQUEST_BYTES - 100],
    );
    const refused = await contactLink(requestId, late);
    expect(refused).toMatchObject({
      status: 413,
      body: { code: "REQUEST_STORAGE_FULL", maxBytes: MAX_CONTACT_REQUEST_BYTES },
    });
    expect(await documentsOf(requestId)).toEqual(["fake000000-filler.png"]);
    expect(await contactUrl(requestId, 101)).toMatchObject({ status: 413, body: { code: "REQUEST_STORAGE_FULL" } });
  });

  it("a request never sent goes with its documents and files a day after its last change; a sent one keeps what its ticket took", async () => {
    const unsent = "3d4e5f6a-7b8c-4d9e-8f1a-2b3c4d5e6f7a";
    const sent = "4e5f6a7b-8c9d-4e0f-9a2b-3c4d5e6f7a8b";
    const kept = await attach(unsent);
    const orphan = await uploadForRequest(unsent);
    const ticketed = await attach(sent);
    const leftOut = await attach(sent);
    expect((await server.api.post("/contact_service_ticket", ticketBody(sent, [ticketed.id]))).status).toBe(200);
    const sweep = (atMs: number) =>
      sweepUploads({ db: server.db, storage: createStorage(join(server.dataDir, "storage")) }, atMs);

    // Once the upload URLs have expired only the unlinked file goes: the person may still be writing.
    await sweep(Date.now() + (UPLOAD_URL_TTL_SECONDS + 60) * 1000);
    expect(existsSync(join(requestFolder(unsent), orphan))).toBe(false);
    expect(existsSync(join(requestFolder(unsent), kept.name))).toBe(true);
    expect(await documentsOf(unsent)).toEqual([kept.name]);

    const report = await sweep(Date.now() + UNSENT_REQUEST_TTL_MS + 60_000);
    expect(report.removed).toContain(`contact_service/${unsent}`);
    expect(existsSync(requestFolder(unsent))).toBe(false);
    expect(await documentsOf(unsent)).toEqual([]);
    expect((await fetch(`${server.url}/storage/contact_service/${unsent}/${kept.name}`)).status).toBe(404);
    expect(
      (await server.api.post("/contact_service_ticket", ticketBody(unsent, [kept.id]))).body.errors,
    ).toHaveProperty("documents");
    // The sent request keeps the document its ticket took; the one it left out is gone.
    expect(await documentsOf(sent)).toEqual([ticketed.name]);
    expect(existsSync(join(requestFolder(sent), ticketed.name))).toBe(true);
    expect(existsSync(join(requestFolder(sent), leftOut.name))).toBe(false);
  });
});

describe("missing line items", () => {
  let jane: Awaited<ReturnType<typeof demoPlan>>;
  let claimId: number;
  let item: () => Record<string, unknown>;

  beforeAll(async () => {
    const api = server.api;
    const [chair, bassett, fabric, gray] = await Promise.all([
      lookupId(api, "/all_item_type", "Chair"),
      lookupId(api, "/all_manufacturer", "Bassett"),
      lookupId(api, "/all_material", "Fabric"),
      lookupId(api, "/all_color", "Gray"),
    ]);
    jane = await demoPlan(api, "W-E34-WS4566");
    const created = (await api.post("/insert_claim", claimBody(jane.id, jane.customerId))).body;
    claimId = created.result?.claim_id ?? created.claimId;
    item = () => ({
      claimId,
      warrentyId: jane.id,
      vendor: "Local Furniture Co.",
      sku: "LFC-CH-100",
      modelNumber: "CH-100",
      quantity: 1,
      price: 249.99,
      itemType: chair,
      manuFacturer: bassett,
      material: fabric,
      color: gray,
      description: "Accent chair bought with the set",
    });
  });

  const manualItemsOf = async (planId: number) =>
    (
      await server.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM plan_items WHERE plan_id = $1 AND item_origin = 'MANUAL'",
        [planId],
      )
    )[0]!.n;

  it(`a claim adds at most ${MAX_MANUAL_ITEMS_PER_CLAIM}; the next is refused with its code and writes nothing`, async () => {
    for (let i = 0; i < MAX_MANUAL_ITEMS_PER_CLAIM; i++) {
      const added = await server.api.post("/insert_manual_warr_item", item());
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const refused = await expectRefused(server.db, () => server.api.post("/insert_manual_warr_item", item()), 409);
    expect(refused.code).toBe("TOO_MANY_MISSING_ITEMS");
    expect(refused.message).toContain(String(MAX_MANUAL_ITEMS_PER_CLAIM));
    expect(await manualItemsOf(jane.id)).toBe(MAX_MANUAL_ITEMS_PER_CLAIM);
  });

  it("are listed only where their claim is filed, never in the plan's search answer", async () => {
    const sold = jane.plan.warrantyItems.map((one: { id: number }) => one.id);
    const searched = expectShape(
      searchPlanResponseSchema,
      (await server.api.post("/search_plan", { search_type: "search_plan_4", number: jane.plan.number })).body,
    );
    expect(searched.customers[0]!.warrantyItems.map((one) => one.id)).toEqual(sold);
    const byId = expectShape(searchPlanResponseSchema, (await server.api.get(`/plan/${jane.id}`)).body);
    expect(byId.customers[0]!.warrantyItems.map((one) => one.id)).toEqual(sold);
    // Where the claim is filed, the plan lists them after the sold items.
    const [filed] = await loadPlans(server.db, [jane.id], "en", { claimId });
    expect(filed!.warrantyItems.slice(0, sold.length).map((one) => one.id)).toEqual(sold);
    expect(filed!.warrantyItems.slice(sold.length).map((one) => one.itemOrigin)).toEqual(
      Array(MAX_MANUAL_ITEMS_PER_CLAIM).fill("MANUAL"),
    );
    // Another claim lists none of them.
    const [other] = await loadPlans(server.db, [jane.id], "en", { claimId: claimId + 1 });
    expect(other!.warrantyItems.map((one) => one.id)).toEqual(sold);
  });

  it("are deleted with their draft, and a new draft starts with room again", async () => {
    expect((await server.api.del(`/delete_draft_claim/${claimId}`)).status).toBe(200);
    expect(await manualItemsOf(jane.id)).toBe(0);
    const created = (await server.api.post("/insert_claim", claimBody(jane.id, jane.customerId))).body;
    claimId = created.result.claim_id;
    expect((await server.api.post("/insert_manual_warr_item", item())).status).toBe(200);
    expect(await manualItemsOf(jane.id)).toBe(1);
  });
});

describe(`upload URLs: at most ${MAX_OPEN_UPLOAD_URLS} open at once`, () => {
  it("per claim: the next is refused with 429 and Retry-After until one is used", async () => {
    const { claimId } = await draftWithItem(server.api, "W-K77-AB1020", "Sectional");
    const ask = () =>
      server.api.get(`/file-upload-url?claimId=${claimId}&fileType=image/png&fileName=photo.png&fileSize=64`);
    const urls: string[] = [];
    for (let i = 0; i < MAX_OPEN_UPLOAD_URLS; i++) {
      const answer = await ask();
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      urls.push(expectShape(uploadUrlResponseSchema, answer.body).url);
    }
    const refused = await ask();
    expect(refused).toMatchObject({ status: 429, body: { code: "TOO_MANY_UPLOAD_URLS" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await server.db.query("SELECT 1 FROM upload_grants WHERE claim_id = $1", [claimId])).toHaveLength(
      MAX_OPEN_UPLOAD_URLS,
    );
    // A URL used is no longer open.
    expect(await put(urls[0]!, 64)).toBe(200);
    expect((await ask()).status).toBe(200);
  });

  it("per contact request", async () => {
    const requestId = "5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c";
    for (let i = 0; i < MAX_OPEN_UPLOAD_URLS; i++) expect((await contactUrl(requestId)).status).toBe(200);
    expect(await contactUrl(requestId)).toMatchObject({ status: 429, body: { code: "TOO_MANY_UPLOAD_URLS" } });
    // Another request is not held back by this one.
    expect((await contactUrl("6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d")).status).toBe(200);
  });
});
