/**
 * Reference claims API: the ACE claim calls (SPEC.md section 7 "ACE calls"; contract/schemas.ts
 * section "ACE claims") on Maria Lopez's ACE plan A-300-100200: create, items, damages with the
 * lookups of each item's model, documents under the ACE storage prefix, submit; the refusal of
 * plans and claims of the other family; and the customer's contact information.
 */
import { cp, mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  aceClaimItemResponseSchema,
  aceDamageResponseSchema,
  claimDetailSchema,
  customerInfoResponseSchema,
  customerInfoSchema,
  insertClaimResponseSchema,
  linkDocumentResponseSchema,
  messageSchema,
  searchPlanResponseSchema,
  uploadUrlResponseSchema,
  type CustomerInfo,
} from "../../contract/schemas.ts";
import { copyTemplate } from "../../server/db/pglite-template.ts";
import { seedIfEmpty } from "../../server/seed/seed.ts";
import { ACE_MODELS, DEMO_PLANS } from "../../server/seed/seed-data.ts";
import { startServer } from "../../server/start.ts";
import {
  claimBody,
  demoPlan,
  expectRefused,
  expectShape,
  fileBesideStorage,
  lookupId,
  newTestData,
  removeTestData,
  sessionCookie,
  startTestServer,
  type Answer,
  type TestData,
  type TestServer,
} from "./helpers.ts";
import { runSqlScript } from "./test-database.ts";

const FIXTURES = join(import.meta.dirname, "..", "fixtures");

let server: TestServer;
let photo: Buffer;
let pdf: Buffer;
let maria: Awaited<ReturnType<typeof demoPlan>>;
let jane: Awaited<ReturnType<typeof demoPlan>>;
/** Lookup ids by name, read once through the lookup calls. */
const ids: Record<string, number> = {};

/** The ACE claim filed through the tests, its claim items and damages. */
let claimId: number;
let reclinerItem: number;
let sofaItem: number;
let reclinerDamage: number;
/** An FPP draft on Jane's plan, to show the ACE calls refuse FPP claims. */
let fppClaim: number;
let fppClaimItem: number;

const refused = (call: () => Promise<Answer>, status: number, fields: string[] = []) =>
  expectRefused(server.db, call, status, fields);
const model = (modelNo: string) => `?modelNo=${encodeURIComponent(modelNo)}`;

beforeAll(async () => {
  [photo, pdf] = (await Promise.all(
    ["iphone_hdr_YES.jpg", "shared-mime-info-spec.pdf"].map((name) => readFile(join(FIXTURES, name))),
  )) as [Buffer, Buffer];
  server = await startTestServer();
  const api = server.api;
  maria = await demoPlan(api, "A-300-100200");
  jane = await demoPlan(api, "W-E34-WS4566");
  const recliner = model(ACE_MODELS.recliner);
  const sofa = model(ACE_MODELS.sofa);
  Object.assign(ids, {
    laZBoy: await lookupId(api, "/ace/all_manufacturer", "La-Z-Boy"),
    aceAshley: await lookupId(api, "/ace/all_manufacturer", "Ashley"),
    aceLeather: await lookupId(api, "/ace/all_material", "Leather"),
    perfFabric: await lookupId(api, "/ace/all_material", "Performance fabric"),
    saddle: await lookupId(api, "/ace/all_color", "Saddle"),
    charcoal: await lookupId(api, "/ace/all_color", "Charcoal"),
    aceNone: await lookupId(api, "/ace/actions_taken_lookup_values", "None"),
    aceRepair: await lookupId(api, "/ace/actions_taken_lookup_values", "Attempted repair"),
    sofaType: await lookupId(api, "/all_item_type", "Sofa"),
    mechanism: await lookupId(api, `/ace/damage_type_lookup_values${recliner}`, "Mechanism failure"),
    reclinerTear: await lookupId(api, `/ace/damage_type_lookup_values${recliner}`, "Tear"),
    footrest: await lookupId(api, `/ace/specific_location_lookup_values${recliner}`, "Footrest"),
    jammed: await lookupId(api, `/ace/how_did_it_occur_lookup_values${recliner}`, "Mechanism jammed while reclining"),
    normalUse: await lookupId(api, `/ace/how_did_it_occur_lookup_values${recliner}`, "Normal use"), // valid for every model
    sofaStain: await lookupId(api, `/ace/damage_type_lookup_values${sofa}`, "Stain"),
    seatCushion: await lookupId(api, `/ace/specific_location_lookup_values${sofa}`, "Seat cushion"),
    seamGaveWay: await lookupId(api, `/ace/how_did_it_occur_lookup_values${sofa}`, "Cushion seam gave way"),
    spill: await lookupId(api, `/ace/how_did_it_occur_lookup_values${sofa}`, "Accidental spill"),
    fppAshley: await lookupId(api, "/all_manufacturer", "Ashley"),
    fppLeather: await lookupId(api, "/all_material", "Leather"),
    fppBrown: await lookupId(api, "/all_color", "Brown"),
    fppStain: await lookupId(api, "/damage_type_lookup_values", "Stain"),
    fppNone: await lookupId(api, "/actions_taken_lookup_values", "None"),
  });
  fppClaim = (await api.post("/insert_claim", claimBody(jane.id, jane.customerId))).body.result.claim_id;
  fppClaimItem = (
    await api.post("/insert_update_claim_item", {
      warrentyId: jane.id,
      claimId: fppClaim,
      claim_items: [
        {
          selectedItemId: jane.itemId("Sofa"),
          manuFacturer: ids.fppAshley,
          material: ids.fppLeather,
          color: ids.fppBrown,
        },
      ],
    })
  ).body.results[0].claimItemId;
});
afterAll(async () => {
  await server?.stop();
});

function itemBody(extra: Record<string, unknown> = {}) {
  return {
    claimId,
    warrentyId: maria.id,
    selectedItemId: maria.itemId("Recliner"),
    manuFacturer: ids.laZBoy,
    material: ids.aceLeather,
    color: ids.saddle,
    ...extra,
  };
}

function damageBody(extra: Record<string, unknown> = {}) {
  return {
    claimId,
    customerId: maria.customerId,
    selectedItemId: maria.itemId("Recliner"),
    damageType: ids.mechanism,
    specificLocation: ids.footrest,
    damageDate: "2025-10-01",
    howDidOccur: ids.jammed,
    actionTaken: ids.aceNone,
    notes: "Footrest no longer closes.",
    ...extra,
  };
}

async function aceDetail(id = claimId) {
  const answer = await server.api.get(`/ace/claim/${id}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return expectShape(claimDetailSchema, answer.body);
}

/** Asks for an ACE upload URL and PUTs the bytes to it as a browser would (no API key). */
async function uploadAce(bytes: Buffer, fileType: string, fileName: string) {
  const query = new URLSearchParams({ claimId: String(claimId), fileType, fileName });
  const answer = await server.api.get(`/ace/file-upload-url?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const grant = expectShape(uploadUrlResponseSchema, answer.body);
  const put = await fetch(new URL(grant.url, server.url), {
    method: "PUT",
    headers: { "content-type": fileType },
    body: new Uint8Array(bytes),
  });
  return { ...grant, status: put.status, body: await put.json() };
}

function aceStorageUrl(fileName: string, id = claimId) {
  return `${server.url}/storage/ace/claims_documentation/CL-${id}/photos-consumer/${fileName}`;
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

describe("POST /ace/insert_claim", () => {
  it("creates one Draft on Maria's ACE plan, then answers DRAFT_EXIST with its id", async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() => server.api.post("/ace/insert_claim", claimBody(maria.id, maria.customerId))),
    );
    const parsed = answers.map((answer) => expectShape(insertClaimResponseSchema, answer.body));
    const created = parsed.filter((p) => p.code === "CREATED");
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ message: "Succeed", result: { claim_id: expect.any(Number) } });
    claimId = created[0]!.result!.claim_id;
    expect(parsed.filter((p) => p.code === "DRAFT_EXIST").map((p) => p.claimId)).toEqual([claimId, claimId]);
    const detail = await aceDetail();
    expect(detail).toEqual({
      claim: {
        id: claimId,
        status: "Draft",
        warrentyId: maria.id,
        customerId: maria.customerId,
        claimSatusCode: expect.stringMatching(/^CS-\d+$/),
      },
      items: [],
      damageAreasDisp: [],
      documents: [],
    });
  });

  it("refuses an FPP plan, and /insert_claim refuses the ACE plan, with 409 WRONG_PLAN_TYPE", async () => {
    const carlos = await demoPlan(server.api, "W-K77-AB1020");
    expect(
      await refused(() => server.api.post("/ace/insert_claim", claimBody(carlos.id, carlos.customerId)), 409),
    ).toEqual({ code: "WRONG_PLAN_TYPE", message: expect.any(String) });
    const legacy = await demoPlan(server.api, "L-900-LEG001");
    expect(
      (await refused(() => server.api.post("/ace/insert_claim", claimBody(legacy.id, legacy.customerId)), 409)).code,
    ).toBe("WRONG_PLAN_TYPE");
    expect(
      (await refused(() => server.api.post("/insert_claim", claimBody(maria.id, maria.customerId)), 409)).code,
    ).toBe("WRONG_PLAN_TYPE");
  });

  it("answers 404 PLAN_NOT_FOUND for an unknown plan or another customer, and 400 for bad payloads", async () => {
    expect(
      (await refused(() => server.api.post("/ace/insert_claim", claimBody(999999, maria.customerId)), 404)).code,
    ).toBe("PLAN_NOT_FOUND");
    expect(
      (await refused(() => server.api.post("/ace/insert_claim", claimBody(maria.id, jane.customerId)), 404)).code,
    ).toBe("PLAN_NOT_FOUND");
    const post = (change: Record<string, unknown>) => () =>
      server.api.post("/ace/insert_claim", { ...claimBody(maria.id, maria.customerId), ...change });
    await refused(post({ claimdate: "2025-09-02" }), 400, ["claimdate"]);
    await refused(post({ damagedate: "2025-02-30" }), 400, ["damagedate"]);
    await refused(post({ allowSMS: false }), 400, ["allowSMS"]);
    await refused(post({ warrentyId: "1" }), 400, ["warrentyId"]);
    await refused(() => server.api.send("POST", "/ace/insert_claim", "{not json"), 400, ["body"]);
  });
});

describe("POST /ace/insert_claim_item", () => {
  it("saves one item per call with ACE lookups and answers its claim item id", async () => {
    const recliner = await server.api.post("/ace/insert_claim_item", itemBody());
    expect(recliner.status, JSON.stringify(recliner.body)).toBe(200);
    const parsed = expectShape(aceClaimItemResponseSchema, recliner.body);
    expect(parsed).toEqual({ message: "Succeed", result: { claimItemId: expect.any(Number) } });
    reclinerItem = parsed.result.claimItemId;
    const sofa = expectShape(
      aceClaimItemResponseSchema,
      (
        await server.api.post(
          "/ace/insert_claim_item",
          itemBody({
            selectedItemId: maria.itemId("Sofa"),
            manuFacturer: ids.aceAshley,
            material: ids.perfFabric,
            color: ids.charcoal,
            itemType: ids.sofaType,
          }),
        )
      ).body,
    );
    sofaItem = sofa.result.claimItemId;
    const detail = await aceDetail();
    expect(
      detail.items.map((i) => [
        i.id,
        i.warrntyItemId,
        i.type?.name,
        i.manufacturer.name,
        i.material.name,
        i.color.name,
      ]),
    ).toEqual([
      [reclinerItem, maria.itemId("Recliner"), "Recliner", "La-Z-Boy", "Leather", "Saddle"],
      [sofaItem, maria.itemId("Sofa"), "Sofa", "Ashley", "Performance fabric", "Charcoal"],
    ]);
    expect(detail.damageAreasDisp).toEqual([]);
  });

  it("updates the claim item of a plan item, by plan item or by claimItemId, instead of adding another", async () => {
    const again = expectShape(
      aceClaimItemResponseSchema,
      (await server.api.post("/ace/insert_claim_item", itemBody({ color: ids.charcoal }))).body,
    );
    expect(again.result.claimItemId).toBe(reclinerItem);
    const byId = expectShape(
      aceClaimItemResponseSchema,
      (await server.api.post("/ace/insert_claim_item", itemBody({ claimItemId: reclinerItem }))).body,
    );
    expect(byId.result.claimItemId).toBe(reclinerItem);
    const detail = await aceDetail();
    expect(detail.items).toHaveLength(2);
    expect(detail.items[0]).toMatchObject({ id: reclinerItem, color: { name: "Saddle" } });
  });

  it("refuses FPP lookups, items of another plan, returned items, a foreign claim item and another plan, writing nothing", async () => {
    const post = (extra: Record<string, unknown>) => () => server.api.post("/ace/insert_claim_item", itemBody(extra));
    await refused(post({ manuFacturer: ids.fppAshley }), 400, ["manuFacturer"]);
    await refused(post({ material: ids.fppLeather, color: ids.fppBrown }), 400, ["material", "color"]);
    await refused(post({ color: 999999 }), 400, ["color"]);
    await refused(post({ itemType: ids.laZBoy }), 400, ["itemType"]);
    await refused(post({ selectedItemId: jane.itemId("Ottoman") }), 400, ["selectedItemId"]);
    await refused(post({ claimItemId: sofaItem }), 400, ["claimItemId"]);
    await refused(post({ claimItemId: fppClaimItem }), 400, ["claimItemId"]);
    await refused(post({ warrentyId: jane.id }), 400, ["warrentyId"]);
    const table = maria.itemId("Dining Table");
    await server.db.query("UPDATE plan_items SET returned = true WHERE id = $1", [table]);
    try {
      const returned = await refused(post({ selectedItemId: table }), 400, ["selectedItemId"]);
      expect(returned.errors.selectedItemId).toMatch(/returned/);
    } finally {
      await server.db.query("UPDATE plan_items SET returned = false WHERE id = $1", [table]);
    }
  });

  it("refuses bad payloads with 400, an unknown claim with 404 and FPP claims with 409 WRONG_PLAN_TYPE", async () => {
    const send = (body: unknown) => () => server.api.post("/ace/insert_claim_item", body);
    const { color: _color, ...withoutColor } = itemBody();
    await refused(send(withoutColor), 400, ["color"]);
    await refused(send(itemBody({ material: "Leather" })), 400, ["material"]);
    await refused(send(itemBody({ selectedItemId: 0 })), 400, ["selectedItemId"]);
    await refused(send(itemBody({ claimId: 2 ** 53 })), 400, ["claimId"]);
    await refused(send([itemBody()]), 400);
    await refused(() => server.api.send("POST", "/ace/insert_claim_item", "{not json"), 400, ["body"]);
    expect((await refused(send(itemBody({ claimId: 999999 })), 404)).code).toBe("CLAIM_NOT_FOUND");
    const fpp = {
      claimId: fppClaim,
      warrentyId: jane.id,
      selectedItemId: jane.itemId("Ottoman"),
      manuFacturer: ids.fppAshley,
      material: ids.fppLeather,
      color: ids.fppBrown,
    };
    expect((await refused(send(fpp), 409)).code).toBe("WRONG_PLAN_TYPE");
    // And the FPP call refuses the ACE claim.
    const viaFpp = () =>
      server.api.post("/insert_update_claim_item", {
        warrentyId: maria.id,
        claimId,
        claim_items: [{ ...itemBody(), claimId: undefined, warrentyId: undefined }],
      });
    expect((await refused(viaFpp, 409)).code).toBe("WRONG_PLAN_TYPE");
  });
});

describe("POST /ace/insert_claim_item_damage", () => {
  it("saves one damage per call with the lookups of the item's model and answers its id", async () => {
    const answer = await server.api.post("/ace/insert_claim_item_damage", damageBody());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const parsed = expectShape(aceDamageResponseSchema, answer.body);
    expect(parsed).toEqual({ message: "Succeed", result: { damageId: expect.any(Number) } });
    reclinerDamage = parsed.result.damageId;
    // A cause valid for every model is accepted too; a specificDamage sent anyway is not stored.
    const sofa = expectShape(
      aceDamageResponseSchema,
      (
        await server.api.post(
          "/ace/insert_claim_item_damage",
          damageBody({
            selectedItemId: maria.itemId("Sofa"),
            damageType: ids.sofaStain,
            specificLocation: ids.seatCushion,
            howDidOccur: ids.spill,
            actionTaken: ids.aceRepair,
            specificDamage: ids.fppStain,
            notes: "Coffee spilled on the seat.",
          }),
        )
      ).body,
    );
    const detail = await aceDetail();
    expect(detail.items.find((i) => i.id === reclinerItem)!.damages).toEqual([
      {
        id: reclinerDamage,
        damageCategory: { id: ids.mechanism, name: "Mechanism failure" },
        specificDamage: null,
        specificLocation: { id: ids.footrest, name: "Footrest" },
        occuredReason: { id: ids.jammed, name: "Mechanism jammed while reclining" },
        actionTaken: { id: ids.aceNone, name: "None" },
        damageDate: "2025-10-01",
        notes: "Footrest no longer closes.",
      },
    ]);
    expect(detail.items.find((i) => i.id === sofaItem)!.damages).toEqual([
      expect.objectContaining({
        id: sofa.result.damageId,
        specificDamage: null,
        occuredReason: { id: ids.spill, name: "Accidental spill" },
      }),
    ]);
  });

  it("updates a damage given its damageId", async () => {
    const answer = expectShape(
      aceDamageResponseSchema,
      (
        await server.api.post(
          "/ace/insert_claim_item_damage",
          damageBody({
            damageId: reclinerDamage,
            howDidOccur: ids.normalUse,
            notes: "  Footrest stuck half open.  ",
          }),
        )
      ).body,
    );
    expect(answer.result.damageId).toBe(reclinerDamage);
    const damage = (await aceDetail()).items.find((i) => i.id === reclinerItem)!.damages[0];
    expect(damage).toMatchObject({
      id: reclinerDamage,
      occuredReason: { name: "Normal use" },
      notes: "Footrest stuck half open.",
    });
  });

  it("refuses with 400 a damage type, location or cause of another model, writing nothing", async () => {
    const post = (extra: Record<string, unknown>) => () =>
      server.api.post("/ace/insert_claim_item_damage", damageBody(extra));
    // The sofa's "Stain" is not the recliner's "Stain": each model has its own entries.
    const stain = await refused(post({ damageType: ids.sofaStain }), 400, ["damageType"]);
    expect(stain.errors.damageType).toMatch(new RegExp(ACE_MODELS.recliner));
    await refused(post({ specificLocation: ids.seatCushion }), 400, ["specificLocation"]);
    await refused(post({ howDidOccur: ids.seamGaveWay }), 400, ["howDidOccur"]);
    // And the recliner's entries are refused on the sofa.
    await refused(
      post({
        selectedItemId: maria.itemId("Sofa"),
        damageType: ids.reclinerTear,
        specificLocation: ids.seatCushion,
        howDidOccur: ids.spill,
      }),
      400,
      ["damageType"],
    );
  });

  it("refuses FPP lookups, items without a claim item, another customer, unknown damages and bad fields", async () => {
    const post = (extra: Record<string, unknown>) => () =>
      server.api.post("/ace/insert_claim_item_damage", damageBody(extra));
    await refused(post({ damageType: ids.fppStain }), 400, ["damageType"]);
    await refused(post({ actionTaken: ids.fppNone }), 400, ["actionTaken"]);
    await refused(post({ actionTaken: ids.jammed }), 400, ["actionTaken"]);
    await refused(post({ selectedItemId: maria.itemId("Dining Table") }), 400, ["selectedItemId"]);
    await refused(post({ selectedItemId: jane.itemId("Sofa") }), 400, ["selectedItemId"]);
    await refused(post({ customerId: jane.customerId }), 400, ["customerId"]);
    await refused(post({ damageId: 999999 }), 400, ["damageId"]);
    await refused(post({ notes: "   " }), 400, ["notes"]);
    await refused(post({ damageDate: "2025-13-01" }), 400, ["damageDate"]);
    await refused(post({ howDidOccur: null }), 400, ["howDidOccur"]);
    await refused(() => server.api.send("POST", "/ace/insert_claim_item_damage", "[]"), 400);
    expect((await refused(post({ claimId: 999999 }), 404)).code).toBe("CLAIM_NOT_FOUND");
  });

  it("refuses FPP claims with 409 WRONG_PLAN_TYPE, and the FPP call refuses the ACE claim", async () => {
    const onFpp = () =>
      server.api.post(
        "/ace/insert_claim_item_damage",
        damageBody({ claimId: fppClaim, customerId: jane.customerId, selectedItemId: jane.itemId("Sofa") }),
      );
    expect((await refused(onFpp, 409)).code).toBe("WRONG_PLAN_TYPE");
    const { claimId: _c, customerId: _u, ...damage } = damageBody();
    const viaFpp = () =>
      server.api.post("/insert_claim_item_damage", { claimId, customerId: maria.customerId, damage_item: [damage] });
    expect((await refused(viaFpp, 409)).code).toBe("WRONG_PLAN_TYPE");
  });
});

describe("ACE documents", () => {
  let photoName: string;
  let photoDoc: number;

  it("uploads a real photo through an ACE URL, links it and serves it byte for byte under /storage/ace/", async () => {
    const uploaded = await uploadAce(photo, "image/jpeg", "iphone_hdr_YES.jpg");
    expect(uploaded).toMatchObject({ status: 200, body: { message: "Succeed" } });
    photoName = uploaded.fileName;
    expect(photoName).toMatch(/^[a-z0-9]{10}-iphone_hdr_YES\.jpg$/);
    // Root-relative: it works at whatever address the page was opened at.
    expect(uploaded.url.startsWith("/")).toBe(true);
    const url = new URL(uploaded.url, server.url);
    expect(url.pathname).toBe(`/api/v1/uploads/ace/${claimId}/${photoName}`);
    // Stored under the ACE prefix only.
    expect(
      await readdir(join(server.dataDir, "storage", "ace", "claims_documentation", `CL-${claimId}`, "photos-consumer")),
    ).toEqual([photoName]);
    expect(await readdir(join(server.dataDir, "storage", "claims_documentation")).catch(() => [])).not.toContain(
      `CL-${claimId}`,
    );

    const linked = await server.api.post("/ace/insert_linked_and_embedded_files", {
      claimId,
      claimItemsId: reclinerItem,
      docName: photoName,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const parsed = expectShape(linkDocumentResponseSchema, linked.body);
    expect(parsed).toEqual({ message: "Succeed", result: [{ id: expect.any(Number), name: photoName }] });
    photoDoc = parsed.result[0]!.id;

    const served = await server.fetch(aceStorageUrl(photoName));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
    expect(
      (await server.fetch(`${server.url}/storage/claims_documentation/CL-${claimId}/photos-consumer/${photoName}`))
        .status,
    ).toBe(404);

    const detail = await aceDetail();
    expect(detail.documents).toEqual([{ id: photoDoc, fileName: photoName, claimItemId: reclinerItem }]);
    expect(detail.items.find((i) => i.id === reclinerItem)!.documents_and_photos).toEqual([
      { id: photoDoc, fileName: photoName },
    ]);
  });

  it("signs the ACE prefix: the URL moved to the FPP upload path, or another claim, is refused with 403", async () => {
    const query = new URLSearchParams({ claimId: String(claimId), fileType: "image/jpeg", fileName: "moved.jpg" });
    const { url, fileName } = expectShape(
      uploadUrlResponseSchema,
      (await server.api.get(`/ace/file-upload-url?${query}`)).body,
    );
    const put = (to: string) =>
      fetch(new URL(to, server.url), {
        method: "PUT",
        headers: { "content-type": "image/jpeg" },
        body: new Uint8Array(photo),
      });
    const moved = await put(url.replace("/uploads/ace/", "/uploads/"));
    expect(moved.status).toBe(403);
    expect((await moved.json()).code).toBe("BAD_SIGNATURE");
    expect((await put(url.replace(`/uploads/ace/${claimId}/`, `/uploads/ace/${fppClaim}/`))).status).toBe(403);
    expect(
      (await server.fetch(`${server.url}/storage/claims_documentation/CL-${claimId}/photos-consumer/${fileName}`))
        .status,
    ).toBe(404);
    expect((await server.fetch(aceStorageUrl(fileName))).status).toBe(404);
  });

  it("refuses FPP claims on the ACE document calls and the ACE claim on the FPP ones with 409 WRONG_PLAN_TYPE", async () => {
    const wrong = async (call: () => Promise<Answer>) =>
      expect((await refused(call, 409)).code).toBe("WRONG_PLAN_TYPE");
    await wrong(() => server.api.get(`/ace/file-upload-url?claimId=${fppClaim}&fileType=image/png`));
    await wrong(() => server.api.get(`/file-upload-url?claimId=${claimId}&fileType=image/png`));
    await wrong(() =>
      server.api.post("/insert_linked_and_embedded_files", { claimId, claimItemsId: reclinerItem, docName: photoName }),
    );
    await wrong(() => server.api.del(`/delete_uploaded_documents_of_claim/${photoDoc}`));
  });

  it("refuses to link a file never uploaded, an FPP item or the same file twice, and bad queries", async () => {
    const link = (body: Record<string, unknown>) => () =>
      server.api.post("/ace/insert_linked_and_embedded_files", {
        claimId,
        claimItemsId: sofaItem,
        docName: photoName,
        ...body,
      });
    await refused(link({ docName: "abcdefghij-never.jpg" }), 400, ["docName"]);
    await refused(link({ docName: "../../../pg/PG_VERSION" }), 400, ["docName"]);
    await refused(link({ claimItemsId: fppClaimItem }), 400, ["claimItemsId"]);
    expect((await refused(link({}), 409)).code).toBe("DOCUMENT_ALREADY_LINKED");
    expect((await refused(link({ claimId: 999999 }), 404)).code).toBe("CLAIM_NOT_FOUND");
    expect(
      (await server.api.get(`/ace/file-upload-url?claimId=${claimId}&fileType=image/heic`)).body.errors,
    ).toHaveProperty("fileType");
    expect((await server.api.get("/ace/file-upload-url?claimId=abc&fileType=image/png")).body.errors).toHaveProperty(
      "claimId",
    );
  });

  it("serves /storage/ace/ read-only and never outside a claim's folder", async () => {
    const base = `/storage/ace/claims_documentation/CL-${claimId}/photos-consumer`;
    const pgVersion = await fileBesideStorage(server);
    for (const path of [
      `${base}/../../../../pg/PG_VERSION`,
      `${base}/..%2F..%2F..%2F..%2Fpg%2FPG_VERSION`,
      `${base}/%2e%2e%2f%2e%2e%2fpg%2fPG_VERSION`,
      `${base}/`,
      `/storage/ace/claims_documentation/..%2F..%2Fpg/photos-consumer/PG_VERSION`,
      `/storage/ace/../pg/PG_VERSION`,
    ]) {
      const answer = await rawGet(path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.body.trim(), path).not.toBe(pgVersion);
    }
    for (const method of ["POST", "PUT", "DELETE"])
      expect((await server.fetch(aceStorageUrl(photoName), { method })).status, method).toBe(405);
  });

  it("DELETE /ace/delete_uploaded_documents_of_claim removes the row and the stored file", async () => {
    const { fileName, status } = await uploadAce(pdf, "application/pdf", "receipt.pdf");
    expect(status).toBe(200);
    const docId = (
      await server.api.post("/ace/insert_linked_and_embedded_files", {
        claimId,
        claimItemsId: sofaItem,
        docName: fileName,
      })
    ).body.result[0].id;
    expect(Buffer.from(await (await server.fetch(aceStorageUrl(fileName))).arrayBuffer()).equals(pdf)).toBe(true);
    const answer = await server.api.del(`/ace/delete_uploaded_documents_of_claim/${docId}`);
    expect(answer.status).toBe(200);
    expect(expectShape(messageSchema, answer.body)).toEqual({ message: "Succeed" });
    expect((await server.fetch(aceStorageUrl(fileName))).status).toBe(404);
    expect((await aceDetail()).documents.map((d) => d.id)).toEqual([photoDoc]);
    expect((await refused(() => server.api.del(`/ace/delete_uploaded_documents_of_claim/${docId}`), 404)).code).toBe(
      "DOCUMENT_NOT_FOUND",
    );
    await refused(() => server.api.del("/ace/delete_uploaded_documents_of_claim/abc"), 400, ["docId"]);
  });
});

describe("deleting ACE damages and claim items", () => {
  it("DELETE /ace/delete_claim_item_damage deletes a damage, then answers 404 for it", async () => {
    const extra = expectShape(
      aceDamageResponseSchema,
      (await server.api.post("/ace/insert_claim_item_damage", damageBody({ damageType: ids.reclinerTear }))).body,
    ).result.damageId;
    expect((await refused(() => server.api.del(`/delete_claim_item_damage/${extra}`), 409)).code).toBe(
      "WRONG_PLAN_TYPE",
    );
    const answer = await server.api.del(`/ace/delete_claim_item_damage/${extra}`);
    expect(answer.status).toBe(200);
    expect(expectShape(messageSchema, answer.body).message).toBe("Succeed");
    expect((await aceDetail()).items.find((i) => i.id === reclinerItem)!.damages.map((d) => d.id)).toEqual([
      reclinerDamage,
    ]);
    expect((await refused(() => server.api.del(`/ace/delete_claim_item_damage/${extra}`), 404)).code).toBe(
      "DAMAGE_NOT_FOUND",
    );
    await refused(() => server.api.del("/ace/delete_claim_item_damage/0"), 400, ["id"]);
  });

  it("DELETE /ace/remove_claim_items/{claimId}/{itemId} removes an item of that claim with its damages and files", async () => {
    const { fileName } = await uploadAce(photo, "image/jpeg", "sofa.jpg");
    await server.api.post("/ace/insert_linked_and_embedded_files", {
      claimId,
      claimItemsId: sofaItem,
      docName: fileName,
    });
    // The item must belong to the claim named; the claim must be an ACE claim.
    expect((await refused(() => server.api.del(`/ace/remove_claim_items/${claimId}/${fppClaimItem}`), 404)).code).toBe(
      "CLAIM_ITEM_NOT_FOUND",
    );
    expect((await refused(() => server.api.del(`/ace/remove_claim_items/${fppClaim}/${sofaItem}`), 409)).code).toBe(
      "WRONG_PLAN_TYPE",
    );
    expect((await refused(() => server.api.del(`/ace/remove_claim_items/999999/${sofaItem}`), 404)).code).toBe(
      "CLAIM_NOT_FOUND",
    );
    expect((await refused(() => server.api.del(`/remove_claim_items/${sofaItem}`), 409)).code).toBe("WRONG_PLAN_TYPE");
    await refused(() => server.api.del(`/ace/remove_claim_items/${claimId}/x`), 400, ["itemId"]);

    const answer = await server.api.del(`/ace/remove_claim_items/${claimId}/${sofaItem}`);
    expect(answer).toMatchObject({ status: 200, body: { message: "Succeed" } });
    const detail = await aceDetail();
    expect(detail.items.map((i) => i.id)).toEqual([reclinerItem]);
    expect(await server.db.query("SELECT id FROM damages WHERE claim_item_id = $1", [sofaItem])).toEqual([]);
    expect((await server.fetch(aceStorageUrl(fileName))).status).toBe(404);
    expect((await refused(() => server.api.del(`/ace/remove_claim_items/${claimId}/${sofaItem}`), 404)).code).toBe(
      "CLAIM_ITEM_NOT_FOUND",
    );
  });
});

describe("PUT /ace/submit_claim and GET /ace/claim", () => {
  it("answers 'Claim is incomplete' while an item lacks a document or a damage, changing nothing", async () => {
    const sofa = expectShape(
      aceClaimItemResponseSchema,
      (
        await server.api.post(
          "/ace/insert_claim_item",
          itemBody({
            selectedItemId: maria.itemId("Sofa"),
            manuFacturer: ids.aceAshley,
            material: ids.perfFabric,
            color: ids.charcoal,
          }),
        )
      ).body,
    ).result.claimItemId;
    const incomplete = await refused(() => server.api.put(`/ace/submit_claim/${claimId}`), 200);
    expect(expectShape(messageSchema, incomplete).message).toBe("Claim is incomplete");
    expect(incomplete.missing).toEqual([`claim item ${sofa} has no damage`, `claim item ${sofa} has no document`]);
    expect((await server.api.del(`/ace/remove_claim_items/${claimId}/${sofa}`)).status).toBe(200);
  });

  it("refuses the other family's submit with 409 WRONG_PLAN_TYPE and unknown claims with 404", async () => {
    expect((await refused(() => server.api.put(`/submit_claim/${claimId}/${maria.customerId}`), 409)).code).toBe(
      "WRONG_PLAN_TYPE",
    );
    expect((await refused(() => server.api.put(`/ace/submit_claim/${fppClaim}`), 409)).code).toBe("WRONG_PLAN_TYPE");
    expect((await refused(() => server.api.put("/ace/submit_claim/999999"), 404)).code).toBe("CLAIM_NOT_FOUND");
    await refused(() => server.api.put("/ace/submit_claim/abc"), 400, ["claimId"]);
  });

  it("submits the complete claim: Succeed, then GET /ace/claim shows Open and the plan answers CLAIM_IN_PROGRESS", async () => {
    const answer = await server.api.put(`/ace/submit_claim/${claimId}`);
    expect(answer.status).toBe(200);
    expect(expectShape(messageSchema, answer.body)).toEqual({ message: "Succeed" });
    const detail = await aceDetail();
    expect(detail.claim.status).toBe("Open");
    expect(detail.items).toHaveLength(1);
    expect(detail.items[0]!.damages).toHaveLength(1);
    expect(detail.items[0]!.documents_and_photos).toHaveLength(1);
    expect((await server.api.put(`/ace/submit_claim/${claimId}`)).body.message).toBe("Claim already submitted");
    const again = expectShape(
      insertClaimResponseSchema,
      (await server.api.post("/ace/insert_claim", claimBody(maria.id, maria.customerId))).body,
    );
    expect(again).toMatchObject({ code: "CLAIM_IN_PROGRESS", claimSatusCode: detail.claim.claimSatusCode });
    // A submitted claim can no longer be changed.
    expect((await refused(() => server.api.post("/ace/insert_claim_item", itemBody()), 409)).code).toBe(
      "CLAIM_NOT_DRAFT",
    );
    expect((await refused(() => server.api.post("/ace/insert_claim_item_damage", damageBody()), 409)).code).toBe(
      "CLAIM_NOT_DRAFT",
    );
    expect((await refused(() => server.api.del(`/ace/delete_claim_item_damage/${reclinerDamage}`), 409)).code).toBe(
      "CLAIM_NOT_DRAFT",
    );
    expect((await refused(() => server.api.del(`/ace/remove_claim_items/${claimId}/${reclinerItem}`), 409)).code).toBe(
      "CLAIM_NOT_DRAFT",
    );
    expect((await server.api.get(`/ace/file-upload-url?claimId=${claimId}&fileType=image/png`)).body.code).toBe(
      "CLAIM_NOT_DRAFT",
    );
  });

  it("GET /ace/claim answers 404 CLAIM_NOT_FOUND for unknown and FPP claims; GET /claim for ACE claims", async () => {
    for (const path of ["/ace/claim/999999", `/ace/claim/${fppClaim}`, `/claim/${claimId}`]) {
      const answer = await server.api.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toEqual({ code: "CLAIM_NOT_FOUND", message: expect.any(String) });
    }
    expect((await server.api.get("/ace/claim/abc")).status).toBe(400);
  });
});

describe("customer contact information", () => {
  let original: CustomerInfo;
  // Contact details are shown in full to a session that found the customer by personal information.
  beforeAll(async () => {
    for (const { customer } of DEMO_PLANS) {
      await server.api.post("/search_plan", {
        search_type: "search_plan_1",
        name_first: customer.firstName,
        name_last: customer.lastName,
        email: customer.email,
      });
    }
  });

  it("GET /ace/customer_info answers Maria's contact details, and every demo customer's fits the contract", async () => {
    const answer = await server.api.get(`/ace/customer_info/${maria.customerId}`);
    expect(answer.status).toBe(200);
    // The answer may carry gaps (lenient schema); every demo customer's must be complete.
    original = expectShape(customerInfoSchema, expectShape(customerInfoResponseSchema, answer.body).result);
    expect(original).toEqual({
      firstName: "Maria",
      lastName: "Lopez",
      email: "maria.lopez@example.com",
      phone: "7135550142",
      address: "1200 Main St",
      city: "Houston",
      state: "TX",
      zipCode: "77002",
    });
    for (const plan of DEMO_PLANS) {
      const { customerId } = await demoPlan(server.api, plan.number);
      const info = expectShape(
        customerInfoSchema,
        expectShape(customerInfoResponseSchema, (await server.api.get(`/ace/customer_info/${customerId}`)).body).result,
      );
      expect(info).toMatchObject({
        lastName: plan.customer.lastName,
        city: plan.customer.city,
        state: plan.customer.state,
        zipCode: plan.customer.zip,
      });
    }
  });

  it("PUT /ace/customer_info updates it; the seed does not overwrite it on the next start", async () => {
    const moved: CustomerInfo = {
      ...original,
      email: "maria.l@example.com",
      phone: "8325550199",
      address: "  2400 Westheimer Rd  ",
      zipCode: "77098",
    };
    const answer = await server.api.put(`/ace/customer_info/${maria.customerId}`, moved);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(expectShape(messageSchema, answer.body)).toEqual({ message: "Succeed" });
    const expected = { ...moved, address: "2400 Westheimer Rd" };
    expect((await server.api.get(`/ace/customer_info/${maria.customerId}`)).body.result).toEqual(expected);
    expect(await seedIfEmpty(server.db)).toBe(false);
    expect((await server.api.get(`/ace/customer_info/${maria.customerId}`)).body.result).toEqual(expected);
    // Personal search now finds Maria by her new ZIP.
    const found = expectShape(
      searchPlanResponseSchema,
      (
        await server.api.post("/search_plan", {
          search_type: "search_plan_1",
          name_first: "Maria",
          name_last: "Lopez",
          email: "maria.l@example.com",
          zip_code: "77098",
        })
      ).body,
    );
    expect(found.aceCustomers.map((p) => p.number)).toEqual(["A-300-100200"]);
    expect((await server.api.put(`/ace/customer_info/${maria.customerId}`, original)).status).toBe(200);
  });

  it("refuses bad state codes, ZIPs, phones, emails and missing fields with 400, writing nothing", async () => {
    const put = (change: Record<string, unknown>) => () =>
      server.api.put(`/ace/customer_info/${maria.customerId}`, { ...original, ...change });
    for (const state of ["tx", "Texas", "T", "", "T1"]) await refused(put({ state }), 400, ["state"]);
    for (const zipCode of ["7700", "770021", "77002-1234", "ABCDE", ""])
      await refused(put({ zipCode }), 400, ["zipCode"]);
    for (const phone of ["(713) 555-0142", "713555014", "17135550142"]) await refused(put({ phone }), 400, ["phone"]);
    await refused(put({ email: "not-an-email" }), 400, ["email"]);
    await refused(put({ address: "   " }), 400, ["address"]);
    await refused(put({ city: undefined, firstName: "" }), 400, ["city", "firstName"]);
    await refused(() => server.api.send("PUT", `/ace/customer_info/${maria.customerId}`, "{not json"), 400, ["body"]);
    await refused(() => server.api.put("/ace/customer_info/abc", original), 400, ["customerId"]);
  });

  it("answers 404 CUSTOMER_NOT_FOUND for an unknown customer", async () => {
    expect((await refused(() => server.api.get("/ace/customer_info/999999"), 404)).code).toBe("CUSTOMER_NOT_FOUND");
    expect((await refused(() => server.api.put("/ace/customer_info/999999", original), 404)).code).toBe(
      "CUSTOMER_NOT_FOUND",
    );
  });
});

describe("API key on the ACE calls", () => {
  it("refuses every ACE call without the right key and writes nothing", async () => {
    const calls: [string, string, unknown?][] = [
      ["POST", "/ace/insert_claim", claimBody(maria.id, maria.customerId)],
      ["POST", "/ace/insert_claim_item", itemBody()],
      ["POST", "/ace/insert_claim_item_damage", damageBody()],
      ["GET", `/ace/claim/${claimId}`],
      ["DELETE", `/ace/remove_claim_items/${claimId}/${reclinerItem}`],
      ["DELETE", `/ace/delete_claim_item_damage/${reclinerDamage}`],
      ["DELETE", "/ace/delete_uploaded_documents_of_claim/1"],
      ["PUT", `/ace/submit_claim/${claimId}`],
      ["GET", `/ace/file-upload-url?claimId=${claimId}&fileType=image/jpeg`],
      ["POST", "/ace/insert_linked_and_embedded_files", { claimId, claimItemsId: reclinerItem, docName: "x.jpg" }],
      ["GET", `/ace/customer_info/${maria.customerId}`],
      ["PUT", `/ace/customer_info/${maria.customerId}`, { ...damageBody() }],
    ];
    for (const key of [undefined, "demo-key"]) {
      const api = server.apiWithKey(key);
      for (const [method, path, body] of calls) {
        const answer = await refused(
          () => api.send(method, path, body === undefined ? undefined : JSON.stringify(body)),
          401,
        );
        expect(answer, `${method} ${path}`).toEqual({ message: "Unauthorized" });
      }
    }
  });
});

describe("Mace plans", () => {
  it("are ACE plans: listed with the ACE plans and filed through /ace/insert_claim only", async () => {
    const [plan] = await server.db.query<{ id: number }>(
      `INSERT INTO plans (number, customer_id, plan_type, status, program_name) VALUES ('M-410-000777', $1, 'Mace', 'Active', 'MACE Furniture Care')
       RETURNING id`,
      [maria.customerId],
    );
    await server.db.query(
      `INSERT INTO plan_items (plan_id, type_id, manufacturer_id, material_id, color_id, model_number)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [plan!.id, ids.sofaType, ids.aceAshley, ids.perfFabric, ids.charcoal, ACE_MODELS.sofa],
    );
    const found = expectShape(
      searchPlanResponseSchema,
      (await server.api.post("/search_plan", { search_type: "search_plan_4", number: "M-410-000777" })).body,
    );
    expect(found).toMatchObject({ customers: [], aceCustomers: [{ id: plan!.id, planType: "Mace" }] });
    expect((await server.api.get(`/ace/plan/${plan!.id}`)).status).toBe(200);
    expect(
      (await refused(() => server.api.post("/insert_claim", claimBody(plan!.id, maria.customerId)), 409)).code,
    ).toBe("WRONG_PLAN_TYPE");
    const created = expectShape(
      insertClaimResponseSchema,
      (await server.api.post("/ace/insert_claim", claimBody(plan!.id, maria.customerId))).body,
    );
    expect(created.code).toBe("CREATED");
    expect((await aceDetail(created.result!.claim_id)).claim.warrentyId).toBe(plan!.id);
  });
});

describe("migration 002 on a database created by migration 001", () => {
  /**
   * On PGlite, a data folder whose database has migration 001 alone, made once and copied for each
   * test: creating a PGlite cluster is most of what a new database costs, and the file's three
   * databases made three.
   */
  let at001: string | undefined;
  afterAll(async () => {
    if (at001) await rm(at001, { recursive: true, force: true });
  });

  /** Fresh test data whose database has only migration 001 applied, optionally with a pre-002 customer and plan. */
  async function databaseAt001(withOldDemoData: boolean): Promise<TestData> {
    const data = await newTestData();
    const schema = [
      "CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
      await readFile(join(import.meta.dirname, "..", "..", "server", "db", "migrations", "001_init.sql"), "utf8"),
      "INSERT INTO schema_migrations (name) VALUES ('001_init.sql')",
    ].join(";\n");
    const oldDemoData = withOldDemoData
      ? `INSERT INTO customers (first_name, last_name, email, phone, zip) VALUES
          ('Maria', 'Lopez', 'maria.lopez@example.com', '7135550142', '77002'),
          ('Olive', 'Oldham', 'olive.oldham@example.com', '5125550100', '78701');
        INSERT INTO plans (number, customer_id, plan_type, status) SELECT 'A-300-100200', id, 'Ace', 'Active' FROM customers WHERE last_name = 'Lopez';`
      : undefined;
    if (data.databaseUrl) {
      await runSqlScript(data, oldDemoData ? `${schema};\n${oldDemoData}` : schema);
      return data;
    }
    if (!at001) {
      const folder = await mkdtemp(join(tmpdir(), "claims-at-001-"));
      // An emptied copy of the server's seeded template stands in for a new cluster (PGlite's initdb)
      // at about a seventh of the CPU; with no template yet, PGlite creates the cluster.
      const emptied = (await copyTemplate(join(folder, "pg")))
        ? "DROP SCHEMA public CASCADE; CREATE SCHEMA public;\n"
        : "";
      await runSqlScript({ dataDir: folder, databaseUrl: undefined }, emptied + schema);
      at001 = folder;
    }
    // Closed cleanly by runSqlScript, the folder opens as it was wherever it is copied.
    await cp(join(at001, "pg"), join(data.dataDir, "pg"), { recursive: true });
    if (oldDemoData) await runSqlScript(data, oldDemoData);
    return data;
  }

  async function infoOf(data: TestData, lastName: string) {
    const started = await startServer({ ...data, apiKey: "k", uploadSecret: "s", staticDir: undefined });
    try {
      const [row] = await started.db.query<{ id: number }>("SELECT id FROM customers WHERE last_name = $1", [lastName]);
      // The customer's browser: a session that found this customer (SECURITY.md).
      const cookie = await sessionCookie(started.config, { customers: [row!.id] });
      const response = await fetch(`${started.url}/api/v1/ace/customer_info/${row!.id}`, {
        headers: { "x-api-key": "k", cookie },
      });
      return (await response.json()) as { result: CustomerInfo };
    } finally {
      await started.close();
      await removeTestData(data);
    }
  }

  it("seeds an empty database with the demo addresses", async () => {
    const info = await infoOf(await databaseAt001(false), "Lopez");
    expect(expectShape(customerInfoResponseSchema, info).result).toMatchObject({
      address: "1200 Main St",
      city: "Houston",
      state: "TX",
      zipCode: "77002",
    });
  });

  it("gives demo customers seeded before it their address; others answer empty fields to fill in", async () => {
    const maria = await infoOf(await databaseAt001(true), "Lopez");
    expect(expectShape(customerInfoResponseSchema, maria).result).toMatchObject({
      address: "1200 Main St",
      city: "Houston",
      state: "TX",
    });
    const other = await infoOf(await databaseAt001(true), "Oldham");
    expect(other.result).toMatchObject({ firstName: "Olive", address: "", city: "", state: "", zipCode: "78701" });
  });
});
