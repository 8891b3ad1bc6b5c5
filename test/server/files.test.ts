/**
 * Reference claims API: upload URL, signed upload PUT, linking, public storage, document delete,
 * and submitting a complete claim (SPEC.md sections 5, 7, 9; DESIGN.md "The reference claims API").
 */
import { readFile, readdir } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimDetailSchema, linkDocumentResponseSchema, uploadUrlResponseSchema } from "../../contract/schemas.ts";
import { MAX_UPLOAD_BYTES } from "../../contract/upload-rules.ts";
import { signedQuery } from "../../server/http/url-signing.ts";
import {
  UPLOAD_SECRET,
  claimBody,
  demoPlan,
  expectShape,
  fileBesideStorage,
  lookupId,
  snapshot,
  startTestServer,
  type TestServer,
} from "./helpers.ts";

const FIXTURES = join(import.meta.dirname, "..", "fixtures");

let server: TestServer;
let photo: Buffer;
let pdf: Buffer;
let heic: Buffer;
let claimId: number;
let claimItemId: number;
let customerId: number;

beforeAll(async () => {
  [photo, pdf, heic] = (await Promise.all(
    ["iphone_hdr_YES.jpg", "shared-mime-info-spec.pdf", "iphone_13_pro_max.HEIC"].map((name) =>
      readFile(join(FIXTURES, name)),
    ),
  )) as [Buffer, Buffer, Buffer];
  server = await startTestServer();
  // A draft on Carlos's first plan with one claim item and one damage: everything but documents.
  const carlos = await demoPlan(server.api, "W-K77-AB1020");
  customerId = carlos.customerId;
  claimId = (await server.api.post("/insert_claim", claimBody(carlos.id, customerId))).body.result.claim_id;
  const items = await server.api.post("/insert_update_claim_item", {
    warrentyId: carlos.id,
    claimId,
    claim_items: [
      {
        selectedItemId: carlos.itemId("Sectional"),
        manuFacturer: await lookupId(server.api, "/all_manufacturer", "Flexsteel"),
        material: await lookupId(server.api, "/all_material", "Fabric"),
        color: await lookupId(server.api, "/all_color", "Navy"),
      },
    ],
  });
  claimItemId = items.body.results[0].claimItemId;
  const damaged = await server.api.post("/insert_claim_item_damage", {
    claimId,
    customerId,
    damage_item: [
      {
        selectedItemId: carlos.itemId("Sectional"),
        damageType: await lookupId(server.api, "/damage_type_lookup_values", "Stain"),
        specificLocation: (await server.api.get(`/claim/${claimId}`)).body.damageAreasDisp[0].id,
        howDidOccur: await lookupId(server.api, "/how_did_it_occur_lookup_values", "Pet damage"),
        actionTaken: await lookupId(server.api, "/actions_taken_lookup_values", "None"),
        damageDate: "2025-09-10",
        notes: "Dog chewed the corner.",
      },
    ],
  });
  expect(damaged.status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

/** Asks for an upload URL; answers the parsed body. */
async function uploadUrl(fileType: string, fileName?: string, forClaim = claimId) {
  const query = new URLSearchParams({
    claimId: String(forClaim),
    fileType,
    ...(fileName === undefined ? {} : { fileName }),
  });
  const answer = await server.api.get(`/file-upload-url?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return expectShape(uploadUrlResponseSchema, answer.body);
}

/** PUTs bytes to a URL the way a browser would: no API key, the file's content type. */
async function put(url: string, bytes: Uint8Array | ReadableStream<Uint8Array>, contentType = "image/jpeg") {
  const response = await fetch(new URL(url, server.url), {
    method: "PUT",
    headers: { "content-type": contentType },
    body: bytes,
    duplex: "half",
  } as RequestInit);
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

function storageUrl(fileName: string, forClaim = claimId) {
  return `${server.url}/storage/claims_documentation/CL-${forClaim}/photos-consumer/${fileName}`;
}

async function storedFiles(forClaim = claimId): Promise<string[]> {
  return readdir(join(server.dataDir, "storage", "claims_documentation", `CL-${forClaim}`, "photos-consumer")).catch(
    () => [],
  );
}

/** A raw GET that keeps the path exactly as written (fetch would normalise `..`). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    const req = request({ host: url.hostname, port: url.port, path, method: "GET" }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("file-upload-url", () => {
  it("answers a signed same-origin URL and a unique safe name with the type's extension", async () => {
    const first = await uploadUrl("image/jpeg", "My Sofa (1).HEIC.jpeg");
    const second = await uploadUrl("image/jpeg", "My Sofa (1).HEIC.jpeg");
    expect(first.fileName).toMatch(/^[a-z0-9]{10}-My_Sofa_1_HEIC\.jpeg$/);
    expect(second.fileName).not.toBe(first.fileName);
    // Same-origin as a root-relative URL: it works at whatever address the page was opened at.
    expect(first.url.startsWith("/")).toBe(true);
    const url = new URL(first.url, server.url);
    expect(url.pathname).toBe(`/api/v1/uploads/${claimId}/${first.fileName}`);
    expect(Number(url.searchParams.get("expires"))).toBeGreaterThan(Date.now() / 1000 + 14 * 60);
    expect(Number(url.searchParams.get("expires"))).toBeLessThanOrEqual(Date.now() / 1000 + 15 * 60 + 1);
    expect(url.searchParams.get("sig")).toMatch(/^[0-9a-f]{64}$/);
    expect((await uploadUrl("application/pdf", "../../etc/passwd")).fileName).toMatch(/^[a-z0-9]{10}-passwd\.pdf$/);
    expect((await uploadUrl("image/png")).fileName).toMatch(/^[a-z0-9]{10}-document\.png$/);
    expect((await uploadUrl("image/jpeg", "photo.png")).fileName).toMatch(/-photo\.jpg$/);
  });

  it("refuses bad queries with field errors, unknown claims with 404 and handled claims with 409", async () => {
    const bad = await server.api.get(`/file-upload-url?claimId=${claimId}&fileType=image/heic`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("fileType");
    for (const query of [
      "claimId=abc&fileType=image/png",
      "fileType=image/png",
      "claimId=0&fileType=image/png",
      "claimId=9007199254740992&fileType=image/png",
    ]) {
      const answer = await server.api.get(`/file-upload-url?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toHaveProperty("claimId");
    }
    expect((await server.api.get("/file-upload-url?claimId=999999&fileType=image/png")).body.code).toBe(
      "CLAIM_NOT_FOUND",
    );
    const paul = await demoPlan(server.api, "W-P55-IP0001");
    const paulClaim = (await server.db.query<{ id: number }>("SELECT id FROM claims WHERE plan_id = $1", [paul.id]))[0]!
      .id;
    const handled = await server.api.get(`/file-upload-url?claimId=${paulClaim}&fileType=image/png`);
    expect(handled.status).toBe(409);
  });
});

describe("upload, link, serve", () => {
  let photoName: string;
  let photoDocId: number;

  it("stores a real phone photo, links it, and serves it back byte for byte without the API key", async () => {
    const { url, fileName } = await uploadUrl("image/jpeg", "iphone_hdr_YES.jpg");
    photoName = fileName;
    expect(await put(url, photo)).toEqual({ status: 200, body: { message: "Succeed" } });
    const linked = await server.api.post("/insert_linked_and_embedded_files", {
      claimId,
      claimItemsId: claimItemId,
      docName: fileName,
    });
    expect(linked.status).toBe(200);
    const parsed = expectShape(linkDocumentResponseSchema, linked.body);
    expect(parsed).toEqual({ message: "Succeed", result: [{ id: expect.any(Number), name: fileName }] });
    photoDocId = parsed.result[0]!.id;

    const served = await server.fetch(storageUrl(fileName));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);

    const detail = expectShape(claimDetailSchema, (await server.api.get(`/claim/${claimId}`)).body);
    expect(detail.documents).toEqual([{ id: photoDocId, fileName, claimItemId }]);
    expect(detail.items[0]!.documents_and_photos).toEqual([{ id: photoDocId, fileName }]);
  });

  it("stores and serves a real PDF", async () => {
    const { url, fileName } = await uploadUrl("application/pdf", "shared-mime-info-spec.pdf");
    expect((await put(url, pdf, "application/pdf")).status).toBe(200);
    const served = await server.fetch(storageUrl(fileName));
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    const head = await server.fetch(storageUrl(fileName), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(pdf.length));
  });

  it("refuses a file over 10485760 bytes with 413, by Content-Length and by streamed size, storing nothing", async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const before = await storedFiles();
    const declared = await uploadUrl("image/jpeg", "big.jpg");
    expect(await put(declared.url, big)).toMatchObject({ status: 413, body: { code: "FILE_TOO_BIG" } });
    // Without Content-Length (chunked), the server must stop once the limit is passed.
    const streamed = await uploadUrl("image/jpeg", "big.jpg");
    const chunk = 1024 * 1024;
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= big.length) return controller.close();
        controller.enqueue(big.subarray(sent, sent + chunk));
        sent += chunk;
      },
    });
    const answer = await put(streamed.url, stream).catch((error: Error) => ({ status: 0, body: error.message }));
    // The server may close the connection before the client finishes sending; either way nothing is stored.
    if (answer.status !== 0) expect(answer.status).toBe(413);
    // It stopped reading soon after the limit instead of taking the whole stream (1 MB chunks, and
    // the socket buffers a few).
    expect(sent).toBeLessThan(big.length + 8 * chunk);
    expect(await storedFiles()).toEqual(before);
    // Exactly the limit is accepted.
    const exact = await uploadUrl("image/jpeg", "exact.jpg");
    expect((await put(exact.url, big.subarray(0, MAX_UPLOAD_BYTES))).status).toBe(200);
  });

  it("refuses bytes that are not really PNG, JPEG or PDF, or not what the name says, with 415", async () => {
    const before = await storedFiles();
    const heicAsJpg = await uploadUrl("image/jpeg", "iphone_13_pro_max.jpg");
    expect(await put(heicAsJpg.url, heic)).toMatchObject({ status: 415, body: { code: "UNSUPPORTED_TYPE" } });
    const textAsPng = await uploadUrl("image/png", "notes.png");
    expect((await put(textAsPng.url, Buffer.from("just some text, not a picture"), "image/png")).status).toBe(415);
    const jpegAsPdf = await uploadUrl("application/pdf", "photo.pdf");
    expect(await put(jpegAsPdf.url, photo, "application/pdf")).toMatchObject({
      status: 415,
      body: { code: "TYPE_MISMATCH" },
    });
    const empty = await uploadUrl("image/png", "empty.png");
    expect((await put(empty.url, new Uint8Array(0), "image/png")).status).toBe(415);
    expect(await storedFiles()).toEqual(before);
    expect((await server.fetch(storageUrl(heicAsJpg.fileName))).status).toBe(404);
  });

  it("refuses a bad, tampered or expired signature with 403", async () => {
    const { url, fileName } = await uploadUrl("image/jpeg", "photo.jpg");
    const flipped = url.replace(/sig=([0-9a-f])/, (_m, c: string) => `sig=${c === "0" ? "1" : "0"}`);
    expect(await put(flipped, photo)).toMatchObject({ status: 403, body: { code: "BAD_SIGNATURE" } });
    expect((await put(url.replace(/&sig=.*/, ""), photo)).status).toBe(403);
    expect((await put(url.replace(fileName, `x${fileName}`), photo)).status).toBe(403);
    expect((await put(url.replace(`/uploads/${claimId}/`, `/uploads/${claimId + 1}/`), photo)).status).toBe(403);
    const later = Number(new URL(url, server.url).searchParams.get("expires")) + 3600;
    expect((await put(url.replace(/expires=\d+/, `expires=${later}`), photo)).status).toBe(403);
    // Correctly signed but expired.
    const expires = Math.floor(Date.now() / 1000) - 1;
    const path = `/api/v1/uploads/${claimId}/${fileName}`;
    const expired = `${server.url}${path}?${signedQuery(UPLOAD_SECRET, { method: "PUT", path, expires, contentType: "image/jpeg" })}`;
    expect(await put(expired, photo)).toMatchObject({ status: 403, body: { code: "URL_EXPIRED" } });
    expect((await server.fetch(storageUrl(fileName))).status).toBe(404);
  });

  it("refuses to link a file never uploaded, a foreign claim item, an unsafe name or the same file twice", async () => {
    const link = (body: Record<string, unknown>) =>
      server.api.post("/insert_linked_and_embedded_files", {
        claimId,
        claimItemsId: claimItemId,
        docName: photoName,
        ...body,
      });
    const before = await snapshot(server.db);
    const notUploaded = (await uploadUrl("image/jpeg", "never.jpg")).fileName;
    expect((await link({ docName: notUploaded })).body.errors).toHaveProperty("docName");
    expect((await link({ docName: "../../pg/PG_VERSION" })).body.errors).toHaveProperty("docName");
    expect((await link({ docName: "" })).body.errors).toHaveProperty("docName");
    expect((await link({ claimItemsId: 999999 })).body.errors).toHaveProperty("claimItemsId");
    expect((await link({})).status).toBe(409);
    expect((await link({ claimId: 999999 })).status).toBe(404);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it("serves storage read-only and never outside a claim's folder", async () => {
    const paths = [
      `/storage/claims_documentation/CL-${claimId}/photos-consumer/../../../pg/PG_VERSION`,
      `/storage/claims_documentation/CL-${claimId}/photos-consumer/..%2F..%2F..%2Fpg%2FPG_VERSION`,
      `/storage/claims_documentation/CL-${claimId}/photos-consumer/%2e%2e%2f%2e%2e%2f%2e%2e%2fpg%2fPG_VERSION`,
      `/storage/claims_documentation/CL-${claimId}/photos-consumer/.%2E/.%2E/.%2E/pg/PG_VERSION`,
      `/storage/claims_documentation/..%2F..%2Fpg/photos-consumer/PG_VERSION`,
      `/storage/claims_documentation/CL-${claimId}/photos-consumer/%5C..%5C..%5Cpg%5CPG_VERSION`,
      `/storage/claims_documentation/CL-${claimId}/photos-consumer/`,
      `/storage/../pg/PG_VERSION`,
    ];
    const pgVersion = await fileBesideStorage(server);
    for (const path of paths) {
      const answer = await rawGet(path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.body.trim(), path).not.toBe(pgVersion);
    }
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const answer = await server.fetch(storageUrl(photoName), { method });
      expect(answer.status, method).toBe(405);
    }
    expect((await server.fetch(storageUrl(photoName))).status).toBe(200);
  });

  it("submits the complete claim: status becomes Open, and it cannot be changed or resubmitted", async () => {
    const answer = await server.api.put(`/submit_claim/${claimId}/${customerId}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: "Succeed" });
    expect((await server.api.get(`/claim/${claimId}`)).body.claim.status).toBe("Open");
    const [row] = await server.db.query<{ submitted: boolean }>(
      "SELECT submitted_at IS NOT NULL AS submitted FROM claims WHERE id = $1",
      [claimId],
    );
    expect(row!.submitted).toBe(true);
    expect((await server.api.put(`/submit_claim/${claimId}/${customerId}`)).body.message).toBe(
      "Claim already submitted",
    );
    const carlos = await demoPlan(server.api, "W-K77-AB1020");
    const again = (await server.api.post("/insert_claim", claimBody(carlos.id, customerId))).body;
    expect(again).toMatchObject({ code: "CLAIM_IN_PROGRESS", claimSatusCode: expect.stringMatching(/^CS-/) });
    expect((await server.api.del(`/delete_uploaded_documents_of_claim/${photoDocId}`)).status).toBe(409);
    expect((await server.api.get(`/file-upload-url?claimId=${claimId}&fileType=image/png`)).status).toBe(409);
    expect((await server.api.del(`/delete_draft_claim/${claimId}`)).status).toBe(409);
  });
});

describe("deleting documents", () => {
  /** A draft on Carlos's second plan with one claim item and one linked photo. */
  async function draftWithPhoto() {
    const carlos = await demoPlan(server.api, "W-K77-AB1021");
    const created = (await server.api.post("/insert_claim", claimBody(carlos.id, carlos.customerId))).body;
    const draftId: number = created.result?.claim_id ?? created.claimId;
    const items = await server.api.post("/insert_update_claim_item", {
      warrentyId: carlos.id,
      claimId: draftId,
      claim_items: [
        {
          selectedItemId: carlos.itemId("Dresser"),
          manuFacturer: await lookupId(server.api, "/all_manufacturer", "Hooker"),
          material: await lookupId(server.api, "/all_material", "Wood"),
          color: await lookupId(server.api, "/all_color", "White"),
        },
      ],
    });
    const itemId: number = items.body.results[0].claimItemId;
    const { url, fileName } = await uploadUrl("image/jpeg", "dresser.jpg", draftId);
    expect((await put(url, photo)).status).toBe(200);
    const docId: number = (
      await server.api.post("/insert_linked_and_embedded_files", {
        claimId: draftId,
        claimItemsId: itemId,
        docName: fileName,
      })
    ).body.result[0].id;
    return { draftId, itemId, fileName, docId };
  }

  it("delete_uploaded_documents_of_claim removes the row and the stored file", async () => {
    const { draftId, fileName, docId } = await draftWithPhoto();
    const answer = await server.api.del(`/delete_uploaded_documents_of_claim/${docId}`);
    expect(answer).toMatchObject({ status: 200, body: { message: "Succeed" } });
    expect((await server.fetch(storageUrl(fileName, draftId))).status).toBe(404);
    expect((await server.api.get(`/claim/${draftId}`)).body.documents).toEqual([]);
    expect((await server.api.del(`/delete_uploaded_documents_of_claim/${docId}`)).body.code).toBe("DOCUMENT_NOT_FOUND");
    await server.api.del(`/delete_draft_claim/${draftId}`);
  });

  it("remove_claim_items removes the item's stored files", async () => {
    const { draftId, itemId, fileName } = await draftWithPhoto();
    expect((await server.api.del(`/remove_claim_items/${itemId}`)).status).toBe(200);
    expect(await storedFiles(draftId)).not.toContain(fileName);
    expect(await server.db.query("SELECT id FROM documents WHERE claim_id = $1", [draftId])).toEqual([]);
    await server.api.del(`/delete_draft_claim/${draftId}`);
  });

  it("delete_draft_claim removes the claim's whole storage folder", async () => {
    const { draftId, fileName } = await draftWithPhoto();
    expect(await storedFiles(draftId)).toEqual([fileName]);
    expect((await server.api.del(`/delete_draft_claim/${draftId}`)).body).toEqual({ message: "Succeed" });
    expect(await readdir(join(server.dataDir, "storage", "claims_documentation"))).not.toContain(`CL-${draftId}`);
  });
});
