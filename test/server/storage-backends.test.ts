/**
 * Uploaded files live in a folder (the default) or in an S3-compatible bucket (STORAGE_URL=s3://...),
 * here s3rver on loopback. Every test runs on both. The upload guarantees (signed, once, checked type
 * and size) hold on both; where they are enforced differs: the API's own PUT route checks the bytes
 * as they come in, while with the bucket the browser PUTs to a presigned URL and the API checks the
 * object when it is linked (server/storage/direct-uploads.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { uploadUrlResponseSchema } from "../../contract/schemas.ts";
import type { StorageSettings } from "../../server/config.ts";
import { claimDocumentPath, contactDocumentPath, openStorage, type Storage } from "../../server/storage/storage.ts";
import { sweepUploads } from "../../server/storage/upload-sweep.ts";
import { UPLOAD_URL_TTL_SECONDS } from "../../server/storage/upload-grants.ts";
import { API_KEY, draftWithItem, expectShape, startTestServer, type TestServer } from "./helpers.ts";
import { startTestS3, type TestS3 } from "./s3-server.ts";

/** A PNG of `size` bytes (its signature, then `fill`), or another file's bytes when `png` is false. */
const bytesOf = (size: number, fill = 0, png = true) => {
  const bytes = new Uint8Array(size).fill(fill);
  if (png) bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};

/** What each storage answers where they differ: the PUT of a refused file, and the link after it. */
const backends = [
  { name: "disk", direct: false, refusedAt: { put: 415, link: 400 } },
  { name: "s3", direct: true, refusedAt: { put: 200, link: 415 } },
] as const;

describe.each(backends)("uploads on $name storage", ({ name, direct, refusedAt }) => {
  let server: TestServer;
  let s3: TestS3 | undefined;
  let draft: Awaited<ReturnType<typeof draftWithItem>>;

  beforeAll(async () => {
    s3 = name === "s3" ? await startTestS3("claims/") : undefined;
    const storage: StorageSettings = s3?.settings ?? { kind: "disk" };
    server = await startTestServer({ storage });
    draft = await draftWithItem(server.api, "W-E34-WS4566", "Sofa");
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
    // CI's log names each storage the suite ran on; a failure is reported by vitest.
    console.log(`storage tests ran on ${name === "s3" ? "the S3-compatible server (s3rver)" : "disk"}`);
  });

  /** An upload URL for a PNG of `size` bytes under the draft. */
  async function urlFor(size: number, claimId = draft.claimId) {
    const answer = await server.api.get(
      `/file-upload-url?claimId=${claimId}&fileType=image/png&fileName=photo.png&fileSize=${size}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return expectShape(uploadUrlResponseSchema, answer.body);
  }
  const put = (url: string, bytes: Uint8Array, contentType = "image/png") =>
    fetch(new URL(url, server.url), {
      method: "PUT",
      headers: { "content-type": contentType },
      body: bytes,
    } as RequestInit);
  const link = (docName: string) =>
    server.api.post("/insert_linked_and_embedded_files", {
      claimId: draft.claimId,
      claimItemsId: draft.claimItemId,
      docName,
    });
  const stored = async (fileName: string) => {
    const path = claimDocumentPath(draft.claimId, fileName, "fpp");
    return {
      file: await server.storage.size(path),
      pending: (await server.storage.direct?.pending.size(path)) ?? null,
    };
  };
  const bytesAt = async (url: string, init?: RequestInit) =>
    new Uint8Array(await (await fetch(new URL(url, server.url), init)).arrayBuffer());

  it(`hands out ${direct ? "presigned bucket" : "the API's own"} upload URLs`, async () => {
    const { url } = await urlFor(64);
    // The bucket is named; the API's own is root-relative, for whatever address the page was opened at.
    expect(url.startsWith(direct ? s3!.settings.endpoint! : "/api/v1/uploads/")).toBe(true);
    expect(Boolean(server.storage.direct)).toBe(direct);
  });

  it(`lets the page's CSP send files ${direct ? "to the bucket's origin" : "to its own origin only"}`, async () => {
    const page = await fetch(`${server.url}/api/v1/all_color`, { headers: { "x-api-key": API_KEY } });
    const connect = /connect-src ([^;]*)/.exec(page.headers.get("content-security-policy") ?? "")![1]!.split(" ");
    if (direct) expect(connect).toContain(new URL(s3!.settings.endpoint!).origin);
    else expect(connect.filter((source) => source.startsWith("http://127.0.0.1"))).toEqual([]);
  });

  it("stores, links, serves to the owner and by a signed URL, and deletes a document", async () => {
    const photo = bytesOf(300, 7);
    const { url, fileName } = await urlFor(photo.length);
    expect((await put(url, photo)).status).toBe(200);
    const linked = await link(fileName);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(await stored(fileName)).toEqual({ file: photo.length, pending: null });

    const path = `${server.url}/storage/claims_documentation/CL-${draft.claimId}/photos-consumer/${fileName}`;
    expect((await fetch(path)).status).toBe(404); // no session, no signature
    const owned = await server.fetch(path);
    expect(owned.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await owned.arrayBuffer())).toEqual(photo);
    const docId = linked.body.result[0].id as number;
    const signed = (await server.api.get(`/documents/${docId}/download-url`)).body.url as string;
    expect(await bytesAt(signed)).toEqual(photo);

    expect((await server.api.del(`/delete_uploaded_documents_of_claim/${docId}`)).status).toBe(200);
    expect(await stored(fileName)).toEqual({ file: null, pending: null });
    expect((await server.fetch(path)).status).toBe(404);
  });

  it("never lets a repeated PUT replace a linked file", async () => {
    const first = bytesOf(200, 1);
    const { url, fileName } = await urlFor(first.length);
    expect((await put(url, first)).status).toBe(200);
    expect((await link(fileName)).status).toBe(200);
    // The API refuses a spent URL; a bucket takes the PUT, but only into the pending upload.
    expect((await put(url, bytesOf(200, 2))).status).toBe(direct ? 200 : 409);
    const again = await link(fileName);
    expect([again.status, again.body.code]).toEqual([409, "DOCUMENT_ALREADY_LINKED"]);
    const path = `${server.url}/storage/claims_documentation/CL-${draft.claimId}/photos-consumer/${fileName}`;
    expect(new Uint8Array(await (await server.fetch(path)).arrayBuffer())).toEqual(first);
  });

  it("refuses a file that is not what its name says and keeps nothing of it", async () => {
    const { url, fileName } = await urlFor(100);
    expect((await put(url, bytesOf(100, 0x41, false))).status).toBe(refusedAt.put);
    const answer = await link(fileName);
    expect(answer.status, JSON.stringify(answer.body)).toBe(refusedAt.link);
    if (direct) expect(answer.body.code).toBe("UNSUPPORTED_TYPE");
    expect(await stored(fileName)).toEqual({ file: null, pending: null });
    expect((await link(fileName)).status).toBe(400);
  });

  it("refuses a file of another Content-Type than its URL was issued for", async () => {
    // Real S3 already refuses this PUT (the type is signed); s3rver does not check signatures.
    const { url, fileName } = await urlFor(64);
    expect((await put(url, bytesOf(64), "application/pdf")).status).toBe(refusedAt.put);
    const answer = await link(fileName);
    expect([answer.status, answer.body.code]).toEqual(
      direct ? [415, "WRONG_CONTENT_TYPE"] : [400, REFUSAL_CODES.invalidRequest],
    );
    expect(await stored(fileName)).toEqual({ file: null, pending: null });
  });

  it(`${direct ? "requires" : "takes"} a declared size when handing out a URL`, async () => {
    const answer = await server.api.get(
      `/file-upload-url?claimId=${draft.claimId}&fileType=image/png&fileName=photo.png`,
    );
    expect(answer.status).toBe(direct ? 400 : 200);
    if (direct) expect(answer.body.errors).toHaveProperty("fileSize");
  });

  it("sweeps an upload never linked once its URL has expired", async () => {
    const { url, fileName } = await urlFor(64);
    expect((await put(url, bytesOf(64))).status).toBe(200);
    expect(await stored(fileName)).toEqual(direct ? { file: null, pending: 64 } : { file: 64, pending: null });
    const report = await sweepUploads(
      { db: server.db, storage: server.storage },
      Date.now() + 2 * UPLOAD_URL_TTL_SECONDS * 1000,
    );
    const path = claimDocumentPath(draft.claimId, fileName, "fpp");
    expect(report.removed).toContain(direct ? `pending:${path}` : path);
    expect(await stored(fileName)).toEqual({ file: null, pending: null });
    expect((await link(fileName)).status).toBe(400);
  });

  it("takes contact-service documents the same way", async () => {
    const requestId = "5b0f3c1e-7a2d-4e8f-9b1c-2d3e4f5a6b7c";
    const pdf = new TextEncoder().encode("%PDF-1.4\n% an invoice\n");
    const asked = await server.api.get(
      `/contact_service/file-upload-url?requestId=${requestId}&fileType=application/pdf&fileName=invoice.pdf&fileSize=${pdf.length}`,
    );
    const { url, fileName } = expectShape(uploadUrlResponseSchema, asked.body);
    expect((await put(url, pdf, "application/pdf")).status).toBe(200);
    const linked = await server.api.post("/contact_service/documents", { requestId, docName: fileName });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(await server.storage.size(contactDocumentPath(requestId, fileName))).toBe(pdf.length);
    expect(await bytesAt(`${server.url}/storage/contact_service/${requestId}/${fileName}`)).toEqual(pdf);
  });
});

describe.each(backends)("the storage interface on $name", ({ name }) => {
  let storage: Storage;
  let folder: string;
  let s3: TestS3 | undefined;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "claims-storage-"));
    s3 = name === "s3" ? await startTestS3() : undefined;
    storage = await openStorage({ dataDir: folder, storage: s3?.settings ?? { kind: "disk" } });
  });
  afterAll(async () => {
    await s3?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("writes, sizes, reads, lists and removes files and folders; no path leaves the root", async () => {
    await storage.write("box/a/one.png", bytesOf(20, 3));
    await storage.write("box/two.pdf", new Uint8Array([1, 2, 3]));
    expect(await storage.size("box/a/one.png")).toBe(20);
    expect(await storage.size("box/none.png")).toBeNull();
    expect(await storage.readStart("box/a/one.png", 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    expect(await storage.readStart("box/two.pdf", 16)).toEqual(new Uint8Array([1, 2, 3]));
    expect(await storage.readStart("box/none.png", 4)).toBeNull();
    expect(new Uint8Array(await new Response(await storage.read("box/two.pdf")).arrayBuffer())).toEqual(
      new Uint8Array([1, 2, 3]),
    );
    const listed = await storage.list("box");
    expect(listed.map((entry) => [entry.name, entry.isFile]).sort()).toEqual([
      ["a", false],
      ["two.pdf", true],
    ]);
    expect(listed.find((entry) => entry.isFile)!.modifiedMs).toBeGreaterThan(Date.now() - 600_000);
    expect(await storage.list("nothing-here")).toEqual([]);
    await storage.remove("box/two.pdf");
    await storage.remove("box/two.pdf");
    expect(await storage.size("box/two.pdf")).toBeNull();
    await storage.removeTree("box");
    expect(await storage.list("box")).toEqual([]);
    await expect(storage.write("../escape.png", bytesOf(8))).rejects.toThrow(/leaves the root/);
    await expect(storage.read("box/../../escape.png")).rejects.toThrow(/leaves the root/);
  });
});
