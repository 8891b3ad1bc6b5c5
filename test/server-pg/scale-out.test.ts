/**
 * Scale-out: the API keeps nothing a second process needs beyond PostgreSQL and the
 * bucket (the rate-limit counts too: shared-rate-limits.test.ts). Two API processes
 * (`tsx server/main.ts`, each with its own data folder, port 0) run on one new database and one
 * bucket with the same secrets, started at once, as a deployment starts them; one person's browser
 * files a claim with each call going to the other process, as a load balancer may send it.
 * Needs PostgreSQL (PGlite is one process): part of the server-pg project only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadUrlResponseSchema } from "../../contract/schemas.ts";
import { startApiProcess, stopApiProcess, type ApiProcess } from "../../scripts/api-process.ts";
import { openS3Storage } from "../../server/storage/s3-storage.ts";
import { claimDocumentPath } from "../../server/storage/storage.ts";
import {
  API_KEY,
  CookieJar,
  claimBody,
  demoPlan,
  expectShape,
  lookupId,
  makeApi,
  type Api,
} from "../server/helpers.ts";
import { startTestS3, type TestS3 } from "../server/s3-server.ts";
import { createTestDatabase, dropTestDatabase } from "../server/test-database.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1]);

let s3: TestS3;
let databaseUrl: string;
let a: ApiProcess;
let b: ApiProcess;

beforeAll(async () => {
  s3 = await startTestS3();
  databaseUrl = await createTestDatabase();
  const { bucket, endpoint, credentials } = s3.settings;
  const shared = {
    DATABASE_URL: databaseUrl,
    API_KEY,
    STORAGE_URL: `s3://${bucket}`,
    S3_ENDPOINT: endpoint!,
    S3_ACCESS_KEY_ID: credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials!.secretAccessKey,
    // The secrets every process of a deployment shares (docs/deployment.md).
    SESSION_SECRET: "scale-out-session-secret",
    UPLOAD_SECRET: "scale-out-upload-secret",
    LINK_SECRET: "scale-out-link-secret",
  };
  // Started together on the empty database: they race to migrate and seed it.
  [a, b] = await Promise.all([startApiProcess(shared), startApiProcess(shared)]);
});
afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map(stopApiProcess));
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  await s3?.stop();
});

describe("two API processes on one PostgreSQL and one bucket", () => {
  it("are two processes that seeded the demo data once", async () => {
    expect(a.child.pid).not.toBe(b.child.pid);
    expect(a.url).not.toBe(b.url);
    const jar = new CookieJar();
    for (const server of [a, b]) {
      const found = (
        await makeApi(`${server.url}/api/v1`, API_KEY, jar).post("/search_plan", {
          search_type: "search_plan_4",
          number: "W-E34-WS4566",
        })
      ).body;
      expect(found.customers, server.url).toHaveLength(1);
    }
  });

  it("file one claim with every call on the other process, and the claim is whole", async () => {
    // One browser, one cookie: the session signed by A is honoured by B.
    const jar = new CookieJar();
    const onA: Api = makeApi(`${a.url}/api/v1`, API_KEY, jar);
    const onB: Api = makeApi(`${b.url}/api/v1`, API_KEY, jar);

    const plan = await demoPlan(onA, "W-E34-WS4566");
    const created = await onB.post("/insert_claim", claimBody(plan.id, plan.customerId));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const claimId = created.body.result.claim_id as number;

    const items = await onA.post("/insert_update_claim_item", {
      warrentyId: plan.id,
      claimId,
      claim_items: [
        {
          selectedItemId: plan.itemId("Sofa"),
          manuFacturer: await lookupId(onA, "/all_manufacturer", "Ashley"),
          material: await lookupId(onB, "/all_material", "Leather"),
          color: await lookupId(onA, "/all_color", "Brown"),
        },
      ],
    });
    expect(items.status, JSON.stringify(items.body)).toBe(200);
    const claimItemId = items.body.results[0].claimItemId as number;
    const area = (await onB.get(`/claim/${claimId}`)).body.damageAreasDisp[0].id as number;
    const damage = await onA.post("/insert_claim_item_damage", {
      claimId,
      customerId: plan.customerId,
      damage_item: [
        {
          selectedItemId: plan.itemId("Sofa"),
          damageType: await lookupId(onB, "/damage_type_lookup_values", "Stain"),
          specificLocation: area,
          howDidOccur: await lookupId(onA, "/how_did_it_occur_lookup_values", "Accidental spill"),
          actionTaken: await lookupId(onB, "/actions_taken_lookup_values", "None"),
          damageDate: "2025-09-10",
          notes: "Coffee.",
        },
      ],
    });
    expect(damage.status, JSON.stringify(damage.body)).toBe(200);

    const grant = expectShape(
      uploadUrlResponseSchema,
      (await onB.get(`/file-upload-url?claimId=${claimId}&fileType=image/png&fileName=sofa.png&fileSize=${PNG.length}`))
        .body,
    );
    // Straight to the bucket: neither process receives the bytes.
    expect(grant.url.startsWith(s3.settings.endpoint!)).toBe(true);
    const put = await fetch(grant.url, {
      method: "PUT",
      headers: { "content-type": "image/png" },
      body: PNG,
    } as RequestInit);
    expect(put.status).toBe(200);
    const linked = await onA.post("/insert_linked_and_embedded_files", {
      claimId,
      claimItemsId: claimItemId,
      docName: grant.fileName,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const submitted = await onB.put(`/submit_claim/${claimId}/${plan.customerId}`);
    expect(submitted.body).toEqual({ message: "Succeed" });

    // Whole, as either process sees it: submitted, one item with its damage and its document.
    for (const api of [onA, onB]) {
      const detail = (await api.get(`/claim/${claimId}`)).body;
      expect(detail.claim).toMatchObject({ id: claimId, status: "Open" });
      expect(detail.items).toHaveLength(1);
      expect(detail.items[0]).toMatchObject({
        id: claimItemId,
        damages: [expect.objectContaining({ notes: "Coffee." })],
      });
      expect(detail.documents).toEqual([{ id: linked.body.result[0].id, fileName: grant.fileName, claimItemId }]);
    }
    for (const server of [a, b]) {
      const file = await fetch(
        `${server.url}/storage/claims_documentation/CL-${claimId}/photos-consumer/${grant.fileName}`,
        { headers: { cookie: jar.header()! } },
      );
      expect(new Uint8Array(await file.arrayBuffer()), server.url).toEqual(PNG);
    }
    // In the bucket at its document path, nothing left pending.
    const bucket = await openS3Storage(s3.settings);
    const path = claimDocumentPath(claimId, grant.fileName, "fpp");
    expect([await bucket.size(path), await bucket.direct!.pending.size(path)]).toEqual([PNG.length, null]);
  });
});
