/**
 * Stored documents: served to the owning session or through a short-lived signed GET URL
 * that GET /documents/{docId}/download-url (and its /ace/ twin) hands to the owner. Such a URL
 * opens its one file without a cookie until it expires; an expired, altered or moved one is the
 * same 404 as a missing file.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadUrlResponseSchema, uploadUrlResponseSchema } from "../../contract/schemas.ts";
import { signedQuery, DOWNLOAD_URL_TTL_SECONDS } from "../../server/http/url-signing.ts";
import {
  UPLOAD_SECRET,
  draftWithItem,
  expectShape,
  lookupId,
  startTestServer,
  demoPlan,
  claimBody,
  type TestServer,
} from "./helpers.ts";

const FIXTURES = join(import.meta.dirname, "..", "fixtures");

let server: TestServer;
let photo: Buffer;
let pdf: Buffer;
const docs = {} as {
  claimId: number;
  photoId: number;
  photoName: string;
  pdfId: number;
  pdfName: string;
  aceClaimId: number;
  aceId: number;
  aceName: string;
};

/** Uploads a file through a signed URL and links it; answers the document id and stored name. */
async function attach(
  prefix: "" | "ace/",
  claimId: number,
  claimItemId: number,
  bytes: Buffer,
  fileType: string,
  fileName: string,
) {
  const query = new URLSearchParams({ claimId: String(claimId), fileType, fileName, fileSize: String(bytes.length) });
  const grant = expectShape(uploadUrlResponseSchema, (await server.api.get(`/${prefix}file-upload-url?${query}`)).body);
  expect(
    (
      await fetch(new URL(grant.url, server.url), {
        method: "PUT",
        headers: { "content-type": fileType },
        body: new Uint8Array(bytes),
      })
    ).status,
  ).toBe(200);
  const linked = await server.api.post(`/${prefix}insert_linked_and_embedded_files`, {
    claimId,
    claimItemsId: claimItemId,
    docName: grant.fileName,
  });
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  return { id: linked.body.result[0].id as number, name: grant.fileName };
}

beforeAll(async () => {
  [photo, pdf] = (await Promise.all(
    ["iphone_hdr_YES.jpg", "shared-mime-info-spec.pdf"].map((name) => readFile(join(FIXTURES, name))),
  )) as [Buffer, Buffer];
  server = await startTestServer();
  const { claimId, claimItemId } = await draftWithItem(server.api, "W-E34-WS4566", "Sofa");
  const shot = await attach("", claimId, claimItemId, photo, "image/jpeg", "sofa.jpg");
  const invoice = await attach("", claimId, claimItemId, pdf, "application/pdf", "invoice.pdf");
  const maria = await demoPlan(server.api, "A-300-100200");
  const aceClaimId = (await server.api.post("/ace/insert_claim", claimBody(maria.id, maria.customerId))).body.result
    .claim_id as number;
  const aceItem = (
    await server.api.post("/ace/insert_claim_item", {
      claimId: aceClaimId,
      warrentyId: maria.id,
      selectedItemId: maria.itemId("Recliner"),
      manuFacturer: await lookupId(server.api, "/ace/all_manufacturer", "La-Z-Boy"),
      material: await lookupId(server.api, "/ace/all_material", "Leather"),
      color: await lookupId(server.api, "/ace/all_color", "Saddle"),
    })
  ).body.result.claimItemId as number;
  const ace = await attach("ace/", aceClaimId, aceItem, photo, "image/jpeg", "recliner.jpg");
  Object.assign(docs, {
    claimId,
    photoId: shot.id,
    photoName: shot.name,
    pdfId: invoice.id,
    pdfName: invoice.name,
    aceClaimId,
    aceId: ace.id,
    aceName: ace.name,
  });
});
afterAll(async () => {
  await server?.stop();
});

/** Asks the owner's session for a document's download URL. */
async function downloadUrl(docId: number, prefix: "" | "ace/" = "") {
  const answer = await server.api.get(`/${prefix}documents/${docId}/download-url`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return expectShape(downloadUrlResponseSchema, answer.body);
}

/** GET with no cookie at all, as another app or a shared link would. */
const anonymous = (url: string) => fetch(new URL(url, server.url));

describe("signed download URLs", () => {
  it("open the document without a cookie, with its type, nosniff and inline disposition, for five minutes", async () => {
    const { url, expires } = await downloadUrl(docs.photoId);
    // Root-relative: it opens at whatever address the page was opened at.
    expect(url.startsWith("/storage/")).toBe(true);
    const parsed = new URL(url, server.url);
    expect(parsed.pathname).toBe(`/storage/claims_documentation/CL-${docs.claimId}/photos-consumer/${docs.photoName}`);
    expect(parsed.searchParams.get("expires")).toBe(String(expires));
    expect(expires).toBeGreaterThan(Date.now() / 1000 + DOWNLOAD_URL_TTL_SECONDS - 60);
    expect(expires).toBeLessThanOrEqual(Date.now() / 1000 + DOWNLOAD_URL_TTL_SECONDS + 1);
    const served = await anonymous(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toBe(`inline; filename="${docs.photoName}"`);
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
    // The same path without the signature and without the session is not served.
    expect((await anonymous(`${server.url}${parsed.pathname}`)).status).toBe(404);
  });

  it("download a PDF as an attachment, never rendered on the portal's origin", async () => {
    const served = await anonymous((await downloadUrl(docs.pdfId)).url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toBe(`attachment; filename="${docs.pdfName}"`);
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("serve ACE documents through the /ace/ twin, under the ACE prefix; each family's call refuses the other's", async () => {
    const { url } = await downloadUrl(docs.aceId, "ace/");
    expect(new URL(url, server.url).pathname).toBe(
      `/storage/ace/claims_documentation/CL-${docs.aceClaimId}/photos-consumer/${docs.aceName}`,
    );
    expect((await anonymous(url)).status).toBe(200);
    expect((await server.api.get(`/documents/${docs.aceId}/download-url`)).body.code).toBe("WRONG_PLAN_TYPE");
    expect((await server.api.get(`/ace/documents/${docs.photoId}/download-url`)).body.code).toBe("WRONG_PLAN_TYPE");
    expect((await anonymous(url.replace("/storage/ace/", "/storage/"))).status).toBe(404);
  });

  it("answer an expired, altered or moved URL with the 404 of a missing file", async () => {
    const { url } = await downloadUrl(docs.photoId);
    const missing = await anonymous(
      `${server.url}/storage/claims_documentation/CL-${docs.claimId}/photos-consumer/zzzzzzzzzz-none.jpg`,
    );
    expect(missing.status).toBe(404);
    const missingBody = await missing.json();
    const path = new URL(url, server.url).pathname;
    const expiredAt = Math.floor(Date.now() / 1000) - 1;
    const expired = `${server.url}${path}?${signedQuery(UPLOAD_SECRET, { method: "GET", path, expires: expiredAt })}`;
    const sig = new URL(url, server.url).searchParams.get("sig")!;
    const flipped = `${sig[0] === "0" ? "1" : "0"}${sig.slice(1)}`;
    const later = Number(new URL(url, server.url).searchParams.get("expires")) + 3600;
    for (const bad of [
      expired,
      url.replace(`sig=${sig}`, `sig=${flipped}`),
      url.replace(/expires=\d+/, `expires=${later}`),
      url.replace(/&sig=.*/, ""),
      url.replace(`sig=${sig}`, "sig="),
      // One file's URL does not open another file, of the same claim or another claim.
      url.replace(docs.photoName, docs.pdfName),
      url.replace(`CL-${docs.claimId}`, `CL-${docs.aceClaimId}`),
    ]) {
      const answer = await anonymous(bad);
      expect(answer.status, bad).toBe(404);
      expect(await answer.json(), bad).toEqual(missingBody);
    }
  });

  it("a signed upload URL's signature does not open the stored file for reading", async () => {
    const query = new URLSearchParams({
      claimId: String(docs.claimId),
      fileType: "image/jpeg",
      fileName: "x.jpg",
      fileSize: String(photo.length),
    });
    const grant = expectShape(uploadUrlResponseSchema, (await server.api.get(`/file-upload-url?${query}`)).body);
    expect(
      (
        await fetch(new URL(grant.url, server.url), {
          method: "PUT",
          headers: { "content-type": "image/jpeg" },
          body: new Uint8Array(photo),
        })
      ).status,
    ).toBe(200);
    const asDownload = `${server.url}/storage/claims_documentation/CL-${docs.claimId}/photos-consumer/${grant.fileName}${new URL(grant.url, server.url).search}`;
    expect((await anonymous(asDownload)).status).toBe(404);
  });

  it("are handed out only for a document the session owns", async () => {
    const stranger = server.newSession();
    await demoPlan(stranger, "W-K77-AB1020");
    expect(await stranger.get(`/documents/${docs.photoId}/download-url`)).toMatchObject({
      status: 404,
      body: { code: "DOCUMENT_NOT_FOUND" },
    });
    expect((await server.api.get("/documents/123456789012/download-url")).body.code).toBe("DOCUMENT_NOT_FOUND");
    expect((await server.api.get("/documents/abc/download-url")).body.errors).toHaveProperty("docId");
  });
});
