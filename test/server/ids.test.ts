/**
 * Ids that cannot be walked. Customers, claims, claim items, damages and documents get
 * random ids in 10^11..2^53 - 1 (server/db/migrations/006_random_ids.sql) that both database drivers
 * hand back as JS numbers; the API, the storage paths (CL-{id}) and the plan links take them.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ID } from "../../contract/schemas.ts";
import { INT8_OID, parseInt8, poolTypes } from "../../server/db/db.ts";
import { signedPlanLinkPath } from "../../server/domain/plan-links.ts";
import { claimBody, demoPlan, lookupId, startTestServer, type TestServer } from "./helpers.ts";

const FLOOR = 100_000_000_000;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

let server: TestServer;
const made = {} as {
  claim: number;
  claimItem: number;
  damage: number;
  document: number;
  customer: number;
  fileName: string;
};

beforeAll(async () => {
  server = await startTestServer();
  const jane = await demoPlan(server.api, "W-E34-WS4566");
  const claim = (await server.api.post("/insert_claim", claimBody(jane.id, jane.customerId))).body.result
    .claim_id as number;
  const lookups = {
    manuFacturer: await lookupId(server.api, "/all_manufacturer", "Ashley"),
    material: await lookupId(server.api, "/all_material", "Leather"),
    color: await lookupId(server.api, "/all_color", "Brown"),
  };
  const claimItem = (
    await server.api.post("/insert_update_claim_item", {
      warrentyId: jane.id,
      claimId: claim,
      claim_items: [{ selectedItemId: jane.itemId("Sofa"), ...lookups }],
    })
  ).body.results[0].claimItemId as number;
  const area = (await server.api.get(`/claim/${claim}`)).body.damageAreasDisp[0].id as number;
  const damage = (
    await server.api.post("/insert_claim_item_damage", {
      claimId: claim,
      customerId: jane.customerId,
      damage_item: [
        {
          selectedItemId: jane.itemId("Sofa"),
          damageType: await lookupId(server.api, "/damage_type_lookup_values", "Stain"),
          specificLocation: area,
          howDidOccur: await lookupId(server.api, "/how_did_it_occur_lookup_values", "Accidental spill"),
          actionTaken: await lookupId(server.api, "/actions_taken_lookup_values", "None"),
          damageDate: "2025-09-10",
          notes: "Coffee.",
        },
      ],
    })
  ).body.multipleDamageIds[0] as number;
  const grant = (
    await server.api.get(
      `/file-upload-url?claimId=${claim}&fileType=image/png&fileName=sofa.png&fileSize=${PNG.length}`,
    )
  ).body;
  expect(
    (
      await fetch(new URL(grant.url, server.url), {
        method: "PUT",
        headers: { "content-type": "image/png" },
        body: PNG,
      })
    ).status,
  ).toBe(200);
  const document = (
    await server.api.post("/insert_linked_and_embedded_files", {
      claimId: claim,
      claimItemsId: claimItem,
      docName: grant.fileName,
    })
  ).body.result[0].id as number;
  Object.assign(made, { claim, claimItem, damage, document, customer: jane.customerId, fileName: grant.fileName });
});
afterAll(async () => {
  await server?.stop();
});

const inRange = (id: unknown) => typeof id === "number" && Number.isSafeInteger(id) && id >= FLOOR && id <= MAX_ID;

describe("random ids", () => {
  it("every customer, claim, claim item, damage and document id is a JS number in 10^11..2^53-1", async () => {
    for (const table of ["customers", "claims", "claim_items", "damages", "documents"]) {
      const rows = await server.db.query<{ id: unknown }>(`SELECT id FROM ${table}`);
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) expect(inRange(row.id), `${table} ${String(row.id)} (${typeof row.id})`).toBe(true);
    }
    // What the API answers carries them as numbers too, and the references between them line up.
    for (const id of [made.claim, made.claimItem, made.damage, made.document, made.customer])
      expect(inRange(id), String(id)).toBe(true);
    const detail = (await server.api.get(`/claim/${made.claim}`)).body;
    expect(detail.claim).toMatchObject({ id: made.claim, customerId: made.customer });
    expect(detail.items[0]).toMatchObject({
      id: made.claimItem,
      damages: [expect.objectContaining({ id: made.damage })],
    });
    expect(detail.documents).toEqual([{ id: made.document, fileName: made.fileName, claimItemId: made.claimItem }]);
  });

  it("are drawn across the whole range without repeats", async () => {
    const [row] = await server.db.query<{
      n: number;
      distinct_ids: number;
      low: number;
      high: number;
      outside: number;
    }>(
      `SELECT count(*)::int AS n, count(DISTINCT id)::int AS distinct_ids, min(id) AS low, max(id) AS high,
         count(*) FILTER (WHERE id < $1 OR id > $2)::int AS outside
       FROM (SELECT random_id() AS id FROM generate_series(1, 20000)) AS drawn`,
      [FLOOR, MAX_ID],
    );
    expect(row).toMatchObject({ n: 20000, distinct_ids: 20000, outside: 0 });
    // 20000 uniform draws: the lowest is below 1% of the range and the highest above 99%.
    expect(row!.low).toBeLessThan(MAX_ID / 100);
    expect(row!.high).toBeGreaterThan(MAX_ID * 0.99);
  });

  it("walking small ids finds nothing, even with the owner's session", async () => {
    const statuses = new Set<number>();
    for (let id = 1; id <= 60; id++) {
      for (const path of [
        `/claim/${id}`,
        `/ace/customer_info/${id}`,
        `/delete_claim_item_damage/${id}`,
        `/delete_uploaded_documents_of_claim/${id}`,
      ]) {
        statuses.add((await (path.startsWith("/delete") ? server.api.del(path) : server.api.get(path))).status);
      }
    }
    expect([...statuses]).toEqual([404]);
  });

  it("the claim number CL-{id} names the claim's storage folder, and ids over 2^53-1 are refused", async () => {
    const served = await server.fetch(
      `${server.url}/storage/claims_documentation/CL-${made.claim}/photos-consumer/${made.fileName}`,
    );
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await server.api.get(`/claim/${2 ** 53}`)).body.errors).toHaveProperty("claimId");
    expect((await server.api.get("/claim/12345678901234567")).body.errors).toHaveProperty("claimId");
    const tooBig = await server.api.post("/insert_linked_and_embedded_files", {
      claimId: 2 ** 53,
      claimItemsId: made.claimItem,
      docName: made.fileName,
    });
    expect(tooBig.body.errors).toHaveProperty("claimId");
  });

  it("a signed plan link names the customer's random id and opens the plan", async () => {
    const [plan] = await server.db.query<{ id: number; customer_id: number }>(
      "SELECT id, customer_id FROM plans WHERE number = 'A-300-100200'",
    );
    expect(inRange(plan!.customer_id)).toBe(true);
    const expires = Math.floor(Date.now() / 1000) + 600;
    const path = signedPlanLinkPath(server.config.linkSecret!, {
      planId: plan!.id,
      customerId: plan!.customer_id,
      planType: "ace",
      expires,
    });
    const browser = server.newSession();
    const opened = await fetch(`${server.url}${path}`, { redirect: "manual" });
    expect(opened.status).toBe(303);
    browser.jar.take(opened.headers);
    expect((await browser.get(`/ace/customer_info/${plan!.customer_id}`)).status).toBe(200);
  });
});

describe("bigint parsing", () => {
  it("turns bigint text into an exact number, and keeps text that a number would round", () => {
    expect(parseInt8("9007199254740991")).toBe(9_007_199_254_740_991);
    expect(parseInt8("100000000000")).toBe(100_000_000_000);
    expect(parseInt8("-42")).toBe(-42);
    expect(parseInt8("9007199254740993")).toBe("9007199254740993");
  });

  it("gives the PostgreSQL pool the bigint parser without changing pg's own for the rest of the process", () => {
    const types = poolTypes(pg.types);
    expect(types.getTypeParser(INT8_OID, "text")("4563306363245381")).toBe(4_563_306_363_245_381);
    expect(types.getTypeParser(INT8_OID)("100000000001")).toBe(100_000_000_001);
    expect(types.getTypeParser(23, "text")("7")).toBe(7); // int4: pg's own parser
    expect(pg.types.getTypeParser(INT8_OID, "text")("4563306363245381")).toBe("4563306363245381");
  });
});
