/**
 * The URLs the API hands the page work at whatever address the page was opened at: here
 * http://127.0.0.1:<port> while PUBLIC_URL says http://localhost:<port>, as when the portal is
 * opened by IP, from the LAN, or at www instead of the apex. The page's CSP (`connect-src 'self'`)
 * lets it reach only its own origin, so an upload or download URL on PUBLIC_URL's would fail there.
 * None names a host a request chose either (SECURITY.md "URLs handed out"): they are root-relative.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadUrlResponseSchema, uploadUrlResponseSchema } from "../../contract/schemas.ts";
import { API_KEY, draftWithItem, expectShape, png, startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer;
/** The address the page was opened at: the server's own, which PUBLIC_URL does not name. */
let pageOrigin: string;

beforeAll(async () => {
  server = await startTestServer();
  pageOrigin = server.url;
  // The server reads its settings live: PUBLIC_URL names the same server by another host name.
  server.config.publicUrl = `http://localhost:${server.port}`;
  expect(new URL(pageOrigin).host).toBe(`127.0.0.1:${server.port}`);
});
afterAll(async () => {
  await server?.stop();
});

/** A GET with the Host header given (fetch sets its own). */
function getWithHost(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: server.port, path, method: "GET", headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A URL the API answered, as the page resolves it (against its own origin). */
const onPage = (url: string) => new URL(url, pageOrigin);

describe("opened at 127.0.0.1 while PUBLIC_URL names localhost", () => {
  it("an upload URL asked for with Host: 127.0.0.1:<port> is on the page's origin, and its PUT stores the file", async () => {
    const session = server.newSession();
    const { claimId, claimItemId } = await draftWithItem(session, "W-E34-WS4566", "Sofa");
    const photo = png(64);
    const cookie = session.jar.header()!;
    const asked = await getWithHost(
      `/api/v1/file-upload-url?claimId=${claimId}&fileType=image/png&fileName=sofa.png&fileSize=${photo.length}`,
      {
        host: `127.0.0.1:${server.port}`,
        "x-api-key": API_KEY,
        cookie,
      },
    );
    expect(asked.status, asked.body).toBe(200);
    const grant = expectShape(uploadUrlResponseSchema, JSON.parse(asked.body));
    expect(onPage(grant.url).origin).toBe(pageOrigin);
    const put = await fetch(onPage(grant.url), {
      method: "PUT",
      headers: { "content-type": "image/png" },
      body: photo,
    });
    expect(put.status).toBe(200);
    const linked = await session.post("/insert_linked_and_embedded_files", {
      claimId,
      claimItemsId: claimItemId,
      docName: grant.fileName,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);

    const download = expectShape(
      downloadUrlResponseSchema,
      (await session.get(`/documents/${linked.body.result[0].id}/download-url`)).body,
    );
    expect(onPage(download.url).origin).toBe(pageOrigin);
    const served = await fetch(onPage(download.url));
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(photo);
  });

  it("a contact request's upload URL is on the page's origin too, and its PUT stores the file", async () => {
    const requestId = "3c9b6a2e-7d4f-4e1a-9b8c-5d6e7f8a9b0c";
    const grant = expectShape(
      uploadUrlResponseSchema,
      (
        await server.api.get(
          `/contact_service/file-upload-url?requestId=${requestId}&fileType=image/png&fileName=receipt.png`,
        )
      ).body,
    );
    expect(onPage(grant.url).origin).toBe(pageOrigin);
    expect(
      (await fetch(onPage(grant.url), { method: "PUT", headers: { "content-type": "image/png" }, body: png(48) }))
        .status,
    ).toBe(200);
  });

  it("no URL names the host a request claims: a forged Host header changes nothing", async () => {
    const session = server.newSession();
    const { claimId } = await draftWithItem(session, "W-E34-WS4566", "Sofa");
    const asked = await getWithHost(`/api/v1/file-upload-url?claimId=${claimId}&fileType=image/png`, {
      host: "evil.example",
      "x-api-key": API_KEY,
      cookie: session.jar.header()!,
    });
    expect(asked.status, asked.body).toBe(200);
    const { url } = JSON.parse(asked.body) as { url: string };
    expect(url).toMatch(/^\/api\/v1\/uploads\//);
    expect(url).not.toContain("evil.example");
  });
});
