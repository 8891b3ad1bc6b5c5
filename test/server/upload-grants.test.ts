/**
 * Uploads: a signed PUT URL works once (recorded in the database, so also across a
 * restart), for the declared type and size; a claim holds at most 20 documents per claim item and
 * MAX_CLAIM_BYTES bytes; a claim deleted before or during an upload keeps no file.
 */
import { existsSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadUrlResponseSchema } from "../../contract/schemas.ts";
import { MAX_CLAIM_BYTES, MAX_DOCUMENTS_PER_CLAIM_ITEM, MAX_UPLOAD_BYTES } from "../../contract/upload-rules.ts";
import { startServer } from "../../server/start.ts";
import {
  API_KEY,
  UPLOAD_SECRET,
  draftWithItem,
  expectShape,
  png,
  startTestServer,
  type TestServer,
} from "./helpers.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** GET /file-upload-url; answers the status and body. */
async function askUrl(claimId: number, query: Record<string, string | number> = {}) {
  const params = new URLSearchParams({ claimId: String(claimId), fileType: "image/png", fileName: "photo.png" });
  for (const [name, value] of Object.entries(query)) params.set(name, String(value));
  return server.api.get(`/file-upload-url?${params}`);
}

/** An upload URL for a PNG of `size` bytes (declared unless `declare` is false). */
async function urlFor(claimId: number, size: number, declare = true) {
  const answer = await askUrl(claimId, declare ? { fileSize: size } : {});
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return expectShape(uploadUrlResponseSchema, answer.body);
}

/** PUTs bytes as a browser would: no API key, the given Content-Type, Content-Length set by fetch. */
async function put(url: string, bytes: Uint8Array | ReadableStream<Uint8Array>, contentType = "image/png") {
  const response = await fetch(new URL(url, server.url), {
    method: "PUT",
    headers: { "content-type": contentType },
    body: bytes,
    duplex: "half",
  } as RequestInit);
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/** A PUT whose Content-Length header says what we choose, whatever the bytes (fetch would correct it). */
function putClaimingLength(url: string, bytes: Uint8Array, length: number): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url, server.url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: "PUT",
        headers: { "content-type": "image/png", "content-length": String(length) },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || "null") }));
      },
    );
    req.on("error", reject);
    // The server answers before reading a body whose declared length is wrong; the rest is not sent.
    req.end(bytes.subarray(0, Math.min(bytes.length, length)));
  });
}

const link = (claimId: number, claimItemsId: number, docName: string) =>
  server.api.post("/insert_linked_and_embedded_files", { claimId, claimItemsId, docName });
const claimFolder = (claimId: number) => join(server.dataDir, "storage", "claims_documentation", `CL-${claimId}`);

describe("a signed upload URL works once", () => {
  let draft: Awaited<ReturnType<typeof draftWithItem>>;
  beforeAll(async () => {
    draft = await draftWithItem(server.api, "W-K77-AB1020", "Sectional");
  });

  it("a second PUT with the same URL is refused, though the first succeeded, and the file stays as stored", async () => {
    const { url, fileName } = await urlFor(draft.claimId, 64);
    expect(await put(url, png(64))).toEqual({ status: 200, body: { message: "Succeed" } });
    const replaced = png(64).fill(7, 8);
    expect(await put(url, replaced)).toMatchObject({ status: 409, body: { code: "URL_ALREADY_USED" } });
    const served = await server.fetch(
      `${server.url}/storage/claims_documentation/CL-${draft.claimId}/photos-consumer/${fileName}`,
    );
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png(64));
  });

  it("a URL whose first PUT was refused for its bytes is spent too", async () => {
    const { url } = await urlFor(draft.claimId, 64);
    const notPng = new Uint8Array(64).fill(1);
    expect((await put(url, notPng)).body.code).toBe("UNSUPPORTED_TYPE");
    expect((await put(url, png(64))).body.code).toBe("URL_ALREADY_USED");
  });

  it("of two PUTs racing with one URL exactly one stores", async () => {
    const { url } = await urlFor(draft.claimId, 64);
    const answers = await Promise.all([put(url, png(64)), put(url, png(64)), put(url, png(64))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
  });

  it("stays spent across a restart: the record is in the database, not in the process", async () => {
    const other = await draftWithItem(server.api, "W-K77-AB1021", "Dresser");
    const used = await urlFor(other.claimId, 64);
    const unused = await urlFor(other.claimId, 64);
    expect((await put(used.url, png(64))).status).toBe(200);
    const data = server.data;
    await server.close();
    const again = await startServer({ ...data, apiKey: API_KEY, uploadSecret: UPLOAD_SECRET, staticDir: undefined });
    try {
      const moved = (url: string) => new URL(url, again.url).href;
      expect((await put(moved(used.url), png(64))).body.code).toBe("URL_ALREADY_USED");
      expect((await put(moved(unused.url), png(64))).status).toBe(200);
      expect((await put(moved(unused.url), png(64))).body.code).toBe("URL_ALREADY_USED");
    } finally {
      await again.close();
      server = await startTestServer(data);
    }
  });
});

describe("a signed upload URL is for one type and one size", () => {
  let claimId: number;
  beforeAll(async () => {
    claimId = (await draftWithItem(server.api, "W-E34-WS4566", "Sofa")).claimId;
  });

  it("puts the declared size in the signed URL", async () => {
    const { url } = await urlFor(claimId, 100);
    expect(new URL(url, server.url).searchParams.get("size")).toBe("100");
    expect(new URL((await urlFor(claimId, 100, false)).url, server.url).searchParams.has("size")).toBe(false);
  });

  it("refuses another Content-Length, another Content-Type, or an altered or dropped size, without spending the URL", async () => {
    const { url } = await urlFor(claimId, 100);
    expect(await putClaimingLength(url, png(101), 101)).toMatchObject({ status: 400, body: { code: "SIZE_MISMATCH" } });
    expect(await putClaimingLength(url, png(99), 99)).toMatchObject({ status: 400, body: { code: "SIZE_MISMATCH" } });
    expect(await put(url, png(100), "image/jpeg")).toMatchObject({ status: 415, body: { code: "WRONG_CONTENT_TYPE" } });
    expect(await put(url, png(100), "")).toMatchObject({ status: 415, body: { code: "WRONG_CONTENT_TYPE" } });
    expect((await put(url.replace("size=100", "size=101"), png(101))).body.code).toBe("BAD_SIGNATURE");
    expect((await put(url.replace("&size=100", ""), png(100))).body.code).toBe("BAD_SIGNATURE");
    expect(await put(url, png(100), "image/png; charset=binary")).toEqual({
      status: 200,
      body: { message: "Succeed" },
    });
  });

  it("without a Content-Length, reads no more than the declared size and refuses a body of another size", async () => {
    const chunked = (bytes: Uint8Array) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      });
    for (const size of [150, 50]) {
      const { url } = await urlFor(claimId, 100);
      const answer = await put(url, chunked(png(size))).catch(() => ({ status: 0, body: undefined }));
      // The server may close the connection on a body longer than declared before the client is done.
      if (answer.status !== 0) expect(answer).toMatchObject({ status: 400, body: { code: "SIZE_MISMATCH" } });
    }
    const { url } = await urlFor(claimId, 100);
    expect((await put(url, chunked(png(100)))).status).toBe(200);
  });

  it("refuses a declared size over the upload limit at once, and a malformed one as a field error", async () => {
    expect(await askUrl(claimId, { fileSize: MAX_UPLOAD_BYTES + 1 })).toMatchObject({
      status: 413,
      body: { code: "FILE_TOO_BIG" },
    });
    for (const fileSize of ["0", "abc", "-5", "1.5"]) {
      const answer = await askUrl(claimId, { fileSize });
      expect(answer.status, fileSize).toBe(400);
      expect(answer.body.errors).toHaveProperty("fileSize");
    }
    expect((await askUrl(claimId, { fileSize: MAX_UPLOAD_BYTES })).status).toBe(200);
  });
});

describe("per-claim limits", () => {
  /** Adds documents to a claim item as if uploaded and linked (the files themselves are not needed). */
  async function fakeDocuments(claimId: number, claimItemId: number, count: number, sizeBytes: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      await server.db.query(
        "INSERT INTO documents (claim_id, claim_item_id, file_name, content_type, size_bytes) VALUES ($1, $2, $3, 'image/png', $4)",
        [claimId, claimItemId, `fake${String(i).padStart(6, "0")}-filler.png`, sizeBytes],
      );
    }
  }

  it(`a claim item takes at most ${MAX_DOCUMENTS_PER_CLAIM_ITEM} documents; with every item full no upload URL is handed out`, async () => {
    // Dana's demo draft: its one claim item is on the sofa.
    const { claimId, claimItemId } = await draftWithItem(server.api, "W-D12-DR0001", "Sofa");
    await fakeDocuments(claimId, claimItemId, MAX_DOCUMENTS_PER_CLAIM_ITEM - 1, 10);
    const last = await urlFor(claimId, 64);
    const extra = await urlFor(claimId, 64);
    expect((await put(last.url, png(64))).status).toBe(200);
    expect((await put(extra.url, png(64))).status).toBe(200);
    expect((await link(claimId, claimItemId, last.fileName)).status).toBe(200);
    const refused = await link(claimId, claimItemId, extra.fileName);
    expect(refused).toMatchObject({ status: 409, body: { code: "TOO_MANY_DOCUMENTS" } });
    expect(refused.body.message).toMatch(/20/);
    expect(await askUrl(claimId, { fileSize: 64 })).toMatchObject({
      status: 409,
      body: { code: "TOO_MANY_DOCUMENTS" },
    });
    // A document deleted makes room again.
    const [one] = await server.db.query<{ id: number }>(
      "SELECT id FROM documents WHERE claim_id = $1 AND file_name LIKE 'fake%' LIMIT 1",
      [claimId],
    );
    expect((await server.api.del(`/delete_uploaded_documents_of_claim/${one!.id}`)).status).toBe(200);
    expect((await link(claimId, claimItemId, extra.fileName)).status).toBe(200);
  });

  it(`a claim holds at most ${MAX_CLAIM_BYTES} bytes, counting its open upload URLs, on URL issue and on link`, async () => {
    // Nora's demo claim, Not submitted, which counts as a draft: its one claim item is on the sofa.
    const { claimId, claimItemId } = await draftWithItem(server.api, "W-N07-NS0001", "Sofa");
    await fakeDocuments(claimId, claimItemId, 1, MAX_CLAIM_BYTES - 200);
    const full = await askUrl(claimId, { fileSize: 201 });
    expect(full).toMatchObject({ status: 413, body: { code: "CLAIM_STORAGE_FULL" } });
    // Undeclared, a URL counts as the largest file allowed.
    expect((await askUrl(claimId)).body.code).toBe("CLAIM_STORAGE_FULL");
    const first = await urlFor(claimId, 120);
    // The first URL's 120 bytes are still to come: 120 + 120 > 200.
    expect((await askUrl(claimId, { fileSize: 120 })).body.code).toBe("CLAIM_STORAGE_FULL");
    expect((await put(first.url, png(120))).status).toBe(200);
    // The budget shrank meanwhile: linking refuses what no longer fits.
    await server.db.query(
      "UPDATE documents SET size_bytes = size_bytes + 100 WHERE claim_id = $1 AND file_name LIKE 'fake%'",
      [claimId],
    );
    expect(await link(claimId, claimItemId, first.fileName)).toMatchObject({
      status: 413,
      body: { code: "CLAIM_STORAGE_FULL" },
    });
    await server.db.query(
      "UPDATE documents SET size_bytes = size_bytes - 100 WHERE claim_id = $1 AND file_name LIKE 'fake%'",
      [claimId],
    );
    expect((await link(claimId, claimItemId, first.fileName)).status).toBe(200);
    // Linked, it counts as a document, not twice: 80 bytes are left.
    expect((await askUrl(claimId, { fileSize: 80 })).status).toBe(200);
  });
});

describe("a claim deleted while its file is uploaded", () => {
  it("between the URL and the PUT: the PUT is refused and nothing is stored", async () => {
    // Carlos's draft of the first tests.
    const { claimId } = await draftWithItem(server.api, "W-K77-AB1020", "Sectional");
    const { url } = await urlFor(claimId, 64);
    expect((await server.api.del(`/delete_draft_claim/${claimId}`)).status).toBe(200);
    expect(await put(url, png(64))).toMatchObject({ status: 404, body: { code: "CLAIM_NOT_FOUND" } });
    expect(existsSync(claimFolder(claimId))).toBe(false);
  });

  it("during the PUT: the file written after the delete is removed with the claim's folder", async () => {
    const { claimId } = await draftWithItem(server.api, "W-K77-AB1020", "Sectional");
    const { url } = await urlFor(claimId, 0, false);
    let sendRest!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(png(4096).subarray(0, 1024));
        sendRest = () => {
          controller.enqueue(png(4096).subarray(1024));
          controller.close();
        };
      },
    });
    const answer = put(url, body);
    // The PUT has passed its checks and spent its URL once the record says so; it now waits for bytes.
    const sig = new URL(url, server.url).searchParams.get("sig");
    for (let tries = 0; tries < 500; tries++) {
      const [grant] = await server.db.query<{ used: boolean }>(
        "SELECT used_at IS NOT NULL AS used FROM upload_grants WHERE signature = $1",
        [sig],
      );
      if (grant?.used) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await server.api.del(`/delete_draft_claim/${claimId}`)).status).toBe(200);
    sendRest();
    expect(await answer).toMatchObject({ status: 404, body: { code: "CLAIM_NOT_FOUND" } });
    expect(existsSync(claimFolder(claimId))).toBe(false);
  });
});
