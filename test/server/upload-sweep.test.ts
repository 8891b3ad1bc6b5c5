/**
 * The upload sweep: files uploaded but never linked are removed once their upload URL has
 * expired, from claims' folders and contact-service requests' folders; linked files and young
 * uploads stay; a deleted claim's leftover folder goes; expired URL records are forgotten. The
 * sweep runs at server start, and tests call it with a later "now".
 */
import { existsSync } from "node:fs";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { uploadUrlResponseSchema } from "../../contract/schemas.ts";
import { startServer } from "../../server/start.ts";
import { createStorage } from "../../server/storage/storage.ts";
import { sweepUploads } from "../../server/storage/upload-sweep.ts";
import { UPLOAD_URL_TTL_SECONDS } from "../../server/storage/upload-grants.ts";
import { API_KEY, UPLOAD_SECRET, draftWithItem, expectShape, startTestServer, type TestServer } from "./helpers.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const REQUEST = "5d0c2e7a-3b1f-4e8a-9c6d-7f2a1b0e9d84";

let server: TestServer;
let claimId: number;
let claimItemId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ claimId, claimItemId } = await draftWithItem(server.api, "W-E34-WS4566", "Sofa"));
});
afterAll(async () => {
  await server?.stop();
});

/** Uploads a PNG through a signed URL (of a claim, or of the contact request); answers the stored name. */
async function upload(kind: "claim" | "contact"): Promise<string> {
  const query =
    kind === "claim"
      ? `/file-upload-url?claimId=${claimId}&fileType=image/png&fileName=p.png&fileSize=${PNG.length}`
      : `/contact_service/file-upload-url?requestId=${REQUEST}&fileType=image/png&fileName=p.png&fileSize=${PNG.length}`;
  const grant = expectShape(uploadUrlResponseSchema, (await server.api.get(query)).body);
  expect(
    (
      await fetch(new URL(grant.url, server.url), {
        method: "PUT",
        headers: { "content-type": "image/png" },
        body: PNG,
      })
    ).status,
  ).toBe(200);
  return grant.fileName;
}

const storage = () => createStorage(join(server.dataDir, "storage"));
const claimFile = (name: string, id = claimId) =>
  join(server.dataDir, "storage", "claims_documentation", `CL-${id}`, "photos-consumer", name);
const contactFile = (name: string) => join(server.dataDir, "storage", "contact_service", REQUEST, name);
/** One URL lifetime and a minute after now: every URL handed out by now has expired. */
const afterExpiry = () => Date.now() + (UPLOAD_URL_TTL_SECONDS + 60) * 1000;

describe("the upload sweep", () => {
  it("keeps unlinked uploads while their URL may still be valid, then removes them; linked files stay", async () => {
    const linked = await upload("claim");
    expect(
      (
        await server.api.post("/insert_linked_and_embedded_files", {
          claimId,
          claimItemsId: claimItemId,
          docName: linked,
        })
      ).status,
    ).toBe(200);
    const orphan = await upload("claim");
    const contactLinked = await upload("contact");
    expect(
      (await server.api.post("/contact_service/documents", { requestId: REQUEST, docName: contactLinked })).status,
    ).toBe(200);
    const contactOrphan = await upload("contact");

    const now = await sweepUploads({ db: server.db, storage: storage() });
    expect(now.removed).toEqual([]);
    for (const file of [claimFile(linked), claimFile(orphan), contactFile(contactLinked), contactFile(contactOrphan)])
      expect(existsSync(file), file).toBe(true);

    const later = await sweepUploads({ db: server.db, storage: storage() }, afterExpiry());
    expect(later.removed.sort()).toEqual(
      [
        `claims_documentation/CL-${claimId}/photos-consumer/${orphan}`,
        `contact_service/${REQUEST}/${contactOrphan}`,
      ].sort(),
    );
    expect(existsSync(claimFile(orphan))).toBe(false);
    expect(existsSync(contactFile(contactOrphan))).toBe(false);
    expect(existsSync(claimFile(linked))).toBe(true);
    expect(existsSync(contactFile(contactLinked))).toBe(true);
    // The linked documents are still served.
    expect(
      (await server.fetch(`${server.url}/storage/claims_documentation/CL-${claimId}/photos-consumer/${linked}`)).status,
    ).toBe(200);
  });

  it("forgets the record of an upload URL once it has expired, not before", async () => {
    await upload("claim");
    const [grant] = await server.db.query<{ expires: number }>("SELECT max(expires) AS expires FROM upload_grants");
    const count = async () =>
      (await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM upload_grants"))[0]!.n;
    const held = await count();
    expect(held).toBeGreaterThan(0);
    expect((await sweepUploads({ db: server.db, storage: storage() }, grant!.expires * 1000)).forgottenUrls).toBe(0);
    expect(await count()).toBe(held);
    expect((await sweepUploads({ db: server.db, storage: storage() }, (grant!.expires + 1) * 1000)).forgottenUrls).toBe(
      held,
    );
    expect(await count()).toBe(0);
  });

  it("removes the whole folder a deleted claim left behind once its files are old", async () => {
    const folder = join(server.dataDir, "storage", "claims_documentation", "CL-123456789012");
    await mkdir(join(folder, "photos-consumer"), { recursive: true });
    await writeFile(join(folder, "photos-consumer", "abcdefghij-left.png"), PNG);
    expect((await sweepUploads({ db: server.db, storage: storage() })).removed).toEqual([]);
    const report = await sweepUploads({ db: server.db, storage: storage() }, afterExpiry());
    expect(report.removed.filter((path) => path.includes("CL-123456789012"))).toEqual([
      "claims_documentation/CL-123456789012/photos-consumer/abcdefghij-left.png",
      "claims_documentation/CL-123456789012",
    ]);
    expect(existsSync(folder)).toBe(false);
  });

  it("runs when the server starts", async () => {
    const orphan = await upload("claim");
    const data = server.data;
    await server.close();
    // Written an hour ago: its URL expired long since.
    const hourAgo = new Date(Date.now() - 3600 * 1000);
    await utimes(claimFile(orphan), hourAgo, hourAgo);
    const again = await startServer({ ...data, apiKey: API_KEY, uploadSecret: UPLOAD_SECRET, staticDir: undefined });
    try {
      await vi.waitFor(() => expect(existsSync(claimFile(orphan))).toBe(false), { timeout: 20_000, interval: 50 });
    } finally {
      await again.close();
      server = await startTestServer(data);
    }
  });
});
