/**
 * Reference claims API: creating a claim, claim items, damages, manual plan items, submit and
 * delete (SPEC.md sections 4 "Claim flow" and 7 "FPP claim calls"). File calls are in files.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  claimDetailSchema,
  claimItemsResponseSchema,
  damagesResponseSchema,
  insertClaimResponseSchema,
  messageSchema,
} from "../../contract/schemas.ts";
import { loadPlans } from "../../server/domain/plan-queries.ts";
import { claimBody, demoPlan, expectShape, lookupId, snapshot, startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer;
/** Lookup ids by name, read once. */
const ids: Record<string, number> = {};
let jane: Awaited<ReturnType<typeof demoPlan>>;

beforeAll(async () => {
  server = await startTestServer();
  const api = server.api;
  Object.assign(ids, {
    ashley: await lookupId(api, "/all_manufacturer", "Ashley"),
    bassett: await lookupId(api, "/all_manufacturer", "Bassett"),
    leather: await lookupId(api, "/all_material", "Leather"),
    fabric: await lookupId(api, "/all_material", "Fabric"),
    brown: await lookupId(api, "/all_color", "Brown"),
    gray: await lookupId(api, "/all_color", "Gray"),
    sofa: await lookupId(api, "/all_item_type", "Sofa"),
    chair: await lookupId(api, "/all_item_type", "Chair"),
    stain: await lookupId(api, "/damage_type_lookup_values", "Stain"),
    tear: await lookupId(api, "/damage_type_lookup_values", "Tear"),
    inkStain: await lookupId(api, "/specific_damage_lookup_values", "Ink stain"),
    // Any claim answers the damage-area list: Dana's seeded draft, in a session that found her plan.
    seatCushion: (await api.get(`/claim/${await seededClaimOf("W-D12-DR0001")}`)).body.damageAreasDisp.find(
      (a: { name: string }) => a.name === "Seat cushion",
    ).id,
    spill: await lookupId(api, "/how_did_it_occur_lookup_values", "Accidental spill"),
    cleaned: await lookupId(api, "/actions_taken_lookup_values", "Cleaned with water"),
  });
  jane = await demoPlan(api, "W-E34-WS4566");
});
afterAll(async () => {
  await server?.stop();
});

/** Id of the seeded claim of a demo plan, after a search that grants its plan to the session. */
async function seededClaimOf(number: string): Promise<number> {
  const plan = await demoPlan(server.api, number);
  return (await server.db.query<{ id: number }>("SELECT id FROM claims WHERE plan_id = $1", [plan.id]))[0]!.id;
}

/** Expects a refused call: the status, optionally field errors, and no change in the database. */
async function expectRefused(
  call: () => Promise<{ status: number; body: any }>,
  status: number,
  fields: string[] = [],
) {
  const before = await snapshot(server.db);
  const answer = await call();
  expect(answer.status).toBe(status);
  if (status === 400) {
    expect(answer.body.message).toBe("Invalid request");
    for (const field of fields) expect(answer.body.errors, JSON.stringify(answer.body)).toHaveProperty([field]);
  }
  expect(await snapshot(server.db)).toEqual(before);
  return answer.body;
}

function itemBody(claimId: number, items: Record<string, unknown>[], planId = jane.id) {
  return { warrentyId: planId, claimId, claim_items: items };
}

function damage(selectedItemId: number, extra: Record<string, unknown> = {}) {
  return {
    selectedItemId,
    damageType: ids.stain,
    specificDamage: ids.inkStain,
    specificLocation: ids.seatCushion,
    damageDate: "2025-08-30",
    howDidOccur: ids.spill,
    actionTaken: ids.cleaned,
    notes: "Ink pen leaked on the seat.",
    ...extra,
  };
}

let claimId: number;

describe("insert_claim", () => {
  it("creates one Draft claim on an Active plan with a status code, even under concurrent calls", async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => server.api.post("/insert_claim", claimBody(jane.id, jane.customerId))),
    );
    const parsed = answers.map((answer) => expectShape(insertClaimResponseSchema, answer.body));
    const created = parsed.filter((p) => p.code === "CREATED");
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ message: "Succeed", result: { claim_id: expect.any(Number) } });
    claimId = created[0]!.result!.claim_id;
    expect(parsed.filter((p) => p.code === "DRAFT_EXIST").map((p) => p.claimId)).toEqual([
      claimId,
      claimId,
      claimId,
      claimId,
    ]);
    const detail = expectShape(claimDetailSchema, (await server.api.get(`/claim/${claimId}`)).body);
    expect(detail.claim).toEqual({
      id: claimId,
      status: "Draft",
      warrentyId: jane.id,
      customerId: jane.customerId,
      claimSatusCode: expect.stringMatching(/^CS-\d+$/),
    });
    expect(detail.items).toEqual([]);
  });

  it("answers DRAFT_EXIST with the claim id when the plan has a draft", async () => {
    const again = expectShape(
      insertClaimResponseSchema,
      (await server.api.post("/insert_claim", claimBody(jane.id, jane.customerId))).body,
    );
    expect(again).toMatchObject({ code: "DRAFT_EXIST", claimId });
    const dana = await demoPlan(server.api, "W-D12-DR0001");
    const answer = expectShape(
      insertClaimResponseSchema,
      (await server.api.post("/insert_claim", claimBody(dana.id, dana.customerId))).body,
    );
    expect(answer.code).toBe("DRAFT_EXIST");
    const draft = expectShape(claimDetailSchema, (await server.api.get(`/claim/${answer.claimId}`)).body);
    expect(draft.claim).toMatchObject({ status: "Draft", warrentyId: dana.id });
    expect(draft.items.map((i) => i.type?.name)).toEqual(["Sofa"]);
  });

  it("a 'Not submitted' claim counts as a draft: DRAFT_EXIST, it takes changes, and it can be submitted", async () => {
    const nora = await demoPlan(server.api, "W-N07-NS0001");
    const answer = expectShape(
      insertClaimResponseSchema,
      (await server.api.post("/insert_claim", claimBody(nora.id, nora.customerId))).body,
    );
    expect(answer.code).toBe("DRAFT_EXIST");
    const claimId = answer.claimId!;
    const before = expectShape(claimDetailSchema, (await server.api.get(`/claim/${claimId}`)).body);
    expect(before.claim.status).toBe("Not submitted");
    const [item] = before.items;
    // Its one missing part, a photo, is added like on a draft.
    const signed = (await server.api.get(`/file-upload-url?claimId=${claimId}&fileType=image/png&fileName=stain.png`))
      .body;
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    expect(
      (
        await fetch(new URL(signed.url, server.url), {
          method: "PUT",
          headers: { "content-type": "image/png" },
          body: new Uint8Array(png),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await server.api.post("/insert_linked_and_embedded_files", {
          claimId,
          claimItemsId: item!.id,
          docName: signed.fileName,
        })
      ).status,
    ).toBe(200);
    expect((await server.api.put(`/submit_claim/${claimId}/${nora.customerId}`)).body).toEqual({ message: "Succeed" });
    expect(expectShape(claimDetailSchema, (await server.api.get(`/claim/${claimId}`)).body).claim.status).toBe("Open");
  });

  it("answers CLAIM_IN_PROGRESS with the status code when a claim is being handled", async () => {
    const paul = await demoPlan(server.api, "W-P55-IP0001");
    const before = await snapshot(server.db);
    const answer = expectShape(
      insertClaimResponseSchema,
      (await server.api.post("/insert_claim", claimBody(paul.id, paul.customerId))).body,
    );
    expect(answer).toMatchObject({ code: "CLAIM_IN_PROGRESS", claimSatusCode: "CS-P55-0001" });
    expect(await snapshot(server.db)).toEqual(before);
  });

  it("refuses plans that are not Active with 409 PLAN_NOT_ACTIVE", async () => {
    for (const number of ["W-E34-WS4570", "W-C00-CX0001"]) {
      const plan = await demoPlan(server.api, number);
      const body = await expectRefused(
        () => server.api.post("/insert_claim", claimBody(plan.id, plan.customerId)),
        409,
      );
      expect(body.code).toBe("PLAN_NOT_ACTIVE");
    }
  });

  it("answers 404 for an unknown plan or a plan of another customer", async () => {
    const carlos = await demoPlan(server.api, "W-K77-AB1020");
    expect(
      (await expectRefused(() => server.api.post("/insert_claim", claimBody(carlos.id, jane.customerId)), 404)).code,
    ).toBe("PLAN_NOT_FOUND");
    expect(
      (await expectRefused(() => server.api.post("/insert_claim", claimBody(999999, jane.customerId)), 404)).code,
    ).toBe("PLAN_NOT_FOUND");
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["claimdate without time", { claimdate: "2025-09-02" }, "claimdate"],
    ["claimdate with an impossible time", { claimdate: "2025-09-02 25:61:00" }, "claimdate"],
    ["damagedate that does not exist", { damagedate: "2025-02-30" }, "damagedate"],
    ["damagedate in another format", { damagedate: "09/01/2025" }, "damagedate"],
    ["allowSMS false", { allowSMS: false }, "allowSMS"],
    ["a text warrentyId", { warrentyId: "1" }, "warrentyId"],
    ["a warrentyId beyond int4", { warrentyId: 1e12 }, "warrentyId"],
    ["a zero customerId", { customerId: 0 }, "customerId"],
  ];
  it.each(bad)("refuses %s with 400 and writes nothing", async (_label, change, field) => {
    const carlos = await demoPlan(server.api, "W-K77-AB1020");
    await expectRefused(
      () => server.api.post("/insert_claim", { ...claimBody(carlos.id, carlos.customerId), ...change }),
      400,
      [field],
    );
  });
});

describe("insert_update_claim_item", () => {
  let sofaClaimItem: number;

  it("saves the chosen items and answers their claim item ids", async () => {
    const answer = await server.api.post(
      "/insert_update_claim_item",
      itemBody(claimId, [
        {
          selectedItemId: jane.itemId("Sofa"),
          manuFacturer: ids.ashley,
          material: ids.leather,
          color: ids.brown,
          itemType: ids.sofa,
        },
        { selectedItemId: jane.itemId("Loveseat"), manuFacturer: ids.ashley, material: ids.fabric, color: ids.gray },
      ]),
    );
    expect(answer.status).toBe(200);
    const parsed = expectShape(claimItemsResponseSchema, answer.body);
    expect(parsed.message).toBe("Succeed");
    expect(parsed.results.map((r) => r.selectedItemId)).toEqual([jane.itemId("Sofa"), jane.itemId("Loveseat")]);
    sofaClaimItem = parsed.results[0]!.claimItemId;
    const detail = expectShape(claimDetailSchema, (await server.api.get(`/claim/${claimId}`)).body);
    expect(
      detail.items.map((i) => [i.warrntyItemId, i.type?.name, i.manufacturer.name, i.material.name, i.color.name]),
    ).toEqual([
      [jane.itemId("Sofa"), "Sofa", "Ashley", "Leather", "Brown"],
      [jane.itemId("Loveseat"), "Loveseat", "Ashley", "Fabric", "Gray"], // type from the plan item
    ]);
  });

  it("updates the claim item of a plan item instead of adding another", async () => {
    const again = expectShape(
      claimItemsResponseSchema,
      (
        await server.api.post(
          "/insert_update_claim_item",
          itemBody(claimId, [
            { selectedItemId: jane.itemId("Sofa"), manuFacturer: ids.bassett, material: ids.leather, color: ids.gray },
          ]),
        )
      ).body,
    );
    expect(again.results).toEqual([{ claimItemId: sofaClaimItem, selectedItemId: jane.itemId("Sofa") }]);
    const byId = expectShape(
      claimItemsResponseSchema,
      (
        await server.api.post(
          "/insert_update_claim_item",
          itemBody(claimId, [
            {
              claimItemId: sofaClaimItem,
              selectedItemId: jane.itemId("Sofa"),
              manuFacturer: ids.ashley,
              material: ids.leather,
              color: ids.brown,
            },
          ]),
        )
      ).body,
    );
    expect(byId.results).toEqual([{ claimItemId: sofaClaimItem, selectedItemId: jane.itemId("Sofa") }]);
    const detail = expectShape(claimDetailSchema, (await server.api.get(`/claim/${claimId}`)).body);
    expect(detail.items).toHaveLength(2);
    expect(detail.items[0]).toMatchObject({
      id: sofaClaimItem,
      manufacturer: { name: "Ashley" },
      color: { name: "Brown" },
    });
  });

  it("refuses returned and fully replaced items, writing nothing of the request", async () => {
    const ottoman = {
      selectedItemId: jane.itemId("Ottoman"),
      manuFacturer: ids.ashley,
      material: ids.leather,
      color: ids.brown,
    };
    const returned = await expectRefused(
      () =>
        server.api.post(
          "/insert_update_claim_item",
          itemBody(claimId, [
            ottoman,
            {
              selectedItemId: jane.itemId("Recliner"),
              manuFacturer: ids.ashley,
              material: ids.fabric,
              color: ids.gray,
            },
          ]),
        ),
      400,
      ["claim_items.1.selectedItemId"],
    );
    expect(returned.errors["claim_items.1.selectedItemId"]).toMatch(/returned/);
    const replaced = await expectRefused(
      () =>
        server.api.post(
          "/insert_update_claim_item",
          itemBody(claimId, [
            {
              selectedItemId: jane.itemId("Dining Table"),
              manuFacturer: ids.ashley,
              material: ids.fabric,
              color: ids.gray,
            },
            ottoman,
          ]),
        ),
      400,
      ["claim_items.0.selectedItemId"],
    );
    expect(replaced.errors["claim_items.0.selectedItemId"]).toMatch(/replaced/);
  });

  it("refuses items of another plan, unknown or wrong-kind lookups, a foreign claim item and duplicates", async () => {
    const carlos = await demoPlan(server.api, "W-K77-AB1020");
    const good = {
      selectedItemId: jane.itemId("Ottoman"),
      manuFacturer: ids.ashley,
      material: ids.leather,
      color: ids.brown,
    };
    const post = (items: Record<string, unknown>[], planId?: number) => () =>
      server.api.post("/insert_update_claim_item", itemBody(claimId, items, planId));
    await expectRefused(post([{ ...good, selectedItemId: carlos.itemId("Sectional") }]), 400, [
      "claim_items.0.selectedItemId",
    ]);
    await expectRefused(post([{ ...good, manuFacturer: ids.brown }]), 400, ["claim_items.0.manuFacturer"]);
    await expectRefused(post([{ ...good, color: 999999 }]), 400, ["claim_items.0.color"]);
    await expectRefused(post([{ ...good, itemType: ids.ashley }]), 400, ["claim_items.0.itemType"]);
    await expectRefused(post([{ ...good, claimItemId: sofaClaimItem }]), 400, ["claim_items.0.claimItemId"]);
    await expectRefused(post([good, good]), 400, ["claim_items.1.selectedItemId"]);
    await expectRefused(post([good], carlos.id), 400, ["warrentyId"]);
  });

  it("refuses bad payloads with field errors", async () => {
    const good = {
      selectedItemId: jane.itemId("Ottoman"),
      manuFacturer: ids.ashley,
      material: ids.leather,
      color: ids.brown,
    };
    await expectRefused(() => server.api.post("/insert_update_claim_item", itemBody(claimId, [])), 400, [
      "claim_items",
    ]);
    await expectRefused(
      () => server.api.post("/insert_update_claim_item", itemBody(claimId, [{ ...good, material: "Leather" }])),
      400,
      ["claim_items.0.material"],
    );
    await expectRefused(() => server.api.post("/insert_update_claim_item", { claimId, claim_items: [good] }), 400, [
      "warrentyId",
    ]);
    await expectRefused(() => server.api.send("POST", "/insert_update_claim_item", "{not json"), 400, ["body"]);
  });

  it("answers 404 CLAIM_NOT_FOUND for an unknown claim and 409 for a claim no longer in draft", async () => {
    const good = {
      selectedItemId: jane.itemId("Ottoman"),
      manuFacturer: ids.ashley,
      material: ids.leather,
      color: ids.brown,
    };
    const missing = await expectRefused(
      () => server.api.post("/insert_update_claim_item", itemBody(999999, [good])),
      404,
    );
    expect(missing).toEqual({ code: "CLAIM_NOT_FOUND", message: expect.any(String) });
    const paul = await demoPlan(server.api, "W-P55-IP0001");
    const paulClaim = (await server.db.query<{ id: number }>("SELECT id FROM claims WHERE plan_id = $1", [paul.id]))[0]!
      .id;
    const busy = await expectRefused(
      () =>
        server.api.post(
          "/insert_update_claim_item",
          itemBody(
            paulClaim,
            [
              {
                selectedItemId: paul.itemId("Recliner"),
                manuFacturer: ids.ashley,
                material: ids.leather,
                color: ids.brown,
              },
            ],
            paul.id,
          ),
        ),
      409,
    );
    expect(busy.code).toBe("CLAIM_NOT_DRAFT");
  });
});

describe("insert_claim_item_damage and delete_claim_item_damage", () => {
  let damageIds: number[];

  it("adds damages to claim items by plan item id and answers their ids in request order", async () => {
    const answer = await server.api.post("/insert_claim_item_damage", {
      claimId,
      customerId: jane.customerId,
      damage_item: [
        damage(jane.itemId("Sofa")),
        damage(jane.itemId("Loveseat"), { damageType: ids.tear, specificDamage: null, notes: "Torn seam." }),
        damage(jane.itemId("Sofa"), { damageType: ids.tear }),
      ],
    });
    expect(answer.status).toBe(200);
    const parsed = expectShape(damagesResponseSchema, answer.body);
    expect(parsed.message).toBe("Succeed");
    expect(parsed.multipleDamageIds).toHaveLength(3);
    damageIds = parsed.multipleDamageIds;
    const detail = expectShape(claimDetailSchema, (await server.api.get(`/claim/${claimId}`)).body);
    const sofa = detail.items.find((i) => i.warrntyItemId === jane.itemId("Sofa"))!;
    expect(sofa.damages.map((d) => d.id)).toEqual([damageIds[0], damageIds[2]]);
    expect(sofa.damages[0]).toEqual({
      id: damageIds[0],
      damageCategory: { id: ids.stain, name: "Stain" },
      specificDamage: { id: ids.inkStain, name: "Ink stain" },
      specificLocation: { id: ids.seatCushion, name: "Seat cushion" },
      occuredReason: { id: ids.spill, name: "Accidental spill" },
      actionTaken: { id: ids.cleaned, name: "Cleaned with water" },
      damageDate: "2025-08-30",
      notes: "Ink pen leaked on the seat.",
    });
    const loveseat = detail.items.find((i) => i.warrntyItemId === jane.itemId("Loveseat"))!;
    expect(loveseat.damages[0]).toMatchObject({ specificDamage: null, notes: "Torn seam." });
  });

  it("updates a damage given its damageId", async () => {
    const answer = expectShape(
      damagesResponseSchema,
      (
        await server.api.post("/insert_claim_item_damage", {
          claimId,
          customerId: jane.customerId,
          damage_item: [
            damage(jane.itemId("Sofa"), {
              damageId: damageIds[2],
              notes: "  Updated note.  ",
              damageDate: "2025-08-31",
            }),
          ],
        })
      ).body,
    );
    expect(answer.multipleDamageIds).toEqual([damageIds[2]]);
    const detail = expectShape(claimDetailSchema, (await server.api.get(`/claim/${claimId}`)).body);
    const updated = detail.items.flatMap((i) => i.damages).find((d) => d.id === damageIds[2]);
    expect(updated).toMatchObject({
      notes: "Updated note.",
      damageDate: "2025-08-31",
      damageCategory: { name: "Stain" },
    });
  });

  it("refuses damages for plan items without a claim item, another customer, unknown damages and bad fields", async () => {
    const post = (body: Record<string, unknown>) => () =>
      server.api.post("/insert_claim_item_damage", { claimId, customerId: jane.customerId, ...body });
    await expectRefused(post({ damage_item: [damage(jane.itemId("Sofa")), damage(jane.itemId("Ottoman"))] }), 400, [
      "damage_item.1.selectedItemId",
    ]);
    await expectRefused(post({ customerId: jane.customerId + 1, damage_item: [damage(jane.itemId("Sofa"))] }), 400, [
      "customerId",
    ]);
    await expectRefused(post({ damage_item: [damage(jane.itemId("Sofa"), { damageId: 999999 })] }), 400, [
      "damage_item.0.damageId",
    ]);
    await expectRefused(post({ damage_item: [damage(jane.itemId("Sofa"), { notes: "   " })] }), 400, [
      "damage_item.0.notes",
    ]);
    await expectRefused(post({ damage_item: [damage(jane.itemId("Sofa"), { damageDate: "2025-13-01" })] }), 400, [
      "damage_item.0.damageDate",
    ]);
    await expectRefused(post({ damage_item: [damage(jane.itemId("Sofa"), { damageType: ids.spill })] }), 400, [
      "damage_item.0.damageType",
    ]);
    await expectRefused(
      post({ damage_item: [damage(jane.itemId("Sofa"), { specificLocation: ids.ashley, howDidOccur: ids.stain })] }),
      400,
      ["damage_item.0.specificLocation", "damage_item.0.howDidOccur"],
    );
    await expectRefused(post({ damage_item: [] }), 400, ["damage_item"]);
    const missing = await expectRefused(post({ claimId: 999999, damage_item: [damage(jane.itemId("Sofa"))] }), 404);
    expect(missing.code).toBe("CLAIM_NOT_FOUND");
  });

  it("deletes a damage, then answers 404 for it", async () => {
    const answer = await server.api.del(`/delete_claim_item_damage/${damageIds[2]}`);
    expect(answer.status).toBe(200);
    expect(expectShape(messageSchema, answer.body).message).toBe("Succeed");
    const detail = expectShape(claimDetailSchema, (await server.api.get(`/claim/${claimId}`)).body);
    expect(detail.items.flatMap((i) => i.damages).map((d) => d.id)).toEqual([damageIds[0], damageIds[1]]);
    expect((await expectRefused(() => server.api.del(`/delete_claim_item_damage/${damageIds[2]}`), 404)).code).toBe(
      "DAMAGE_NOT_FOUND",
    );
    await expectRefused(() => server.api.del("/delete_claim_item_damage/abc"), 400, ["id"]);
  });
});

describe("remove_claim_items", () => {
  it("removes a claim item with its damages, then answers 404 for it", async () => {
    const detail = expectShape(claimDetailSchema, (await server.api.get(`/claim/${claimId}`)).body);
    const loveseat = detail.items.find((i) => i.warrntyItemId === jane.itemId("Loveseat"))!;
    const answer = await server.api.del(`/remove_claim_items/${loveseat.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: "Succeed" });
    const after = expectShape(claimDetailSchema, (await server.api.get(`/claim/${claimId}`)).body);
    expect(after.items.map((i) => i.warrntyItemId)).toEqual([jane.itemId("Sofa")]);
    const orphans = await server.db.query("SELECT id FROM damages WHERE claim_item_id = $1", [loveseat.id]);
    expect(orphans).toEqual([]);
    expect((await expectRefused(() => server.api.del(`/remove_claim_items/${loveseat.id}`), 404)).code).toBe(
      "CLAIM_ITEM_NOT_FOUND",
    );
  });
});

describe("insert_manual_warr_item", () => {
  const manual = () => ({
    claimId,
    warrentyId: jane.id,
    vendor: "Local Furniture Co.",
    sku: "LFC-CH-100",
    modelNumber: "CH-100",
    quantity: 2,
    price: 249.99,
    itemType: ids.chair,
    manuFacturer: ids.bassett,
    material: ids.fabric,
    color: ids.gray,
    description: "Accent chair bought with the set",
  });

  it("adds a MANUAL item to the plan, listed where its claim is filed", async () => {
    const answer = await server.api.post("/insert_manual_warr_item", manual());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: "Succeed", result: { id: expect.any(Number) } });
    // The plan as its claim is filed lists it (write-caps.test.ts: nowhere else).
    const [plan] = await loadPlans(server.db, [jane.id], "en", { claimId });
    const added = plan!.warrantyItems.find((i) => i.id === answer.body.result.id);
    expect(added).toMatchObject({
      itemOrigin: "MANUAL",
      type: { name: "Chair" },
      manufacturer: { name: "Bassett" },
      material: { name: "Fabric" },
      color: { name: "Gray" },
      vendor: "Local Furniture Co.",
      sku: "LFC-CH-100",
      modelNumber: "CH-100",
      quantity: 2,
      itemPrice: 249.99,
      returned: false,
      full_replacement: false,
    });
  });

  it("refuses bad quantities, prices, missing fields, another plan and unknown lookups", async () => {
    const post = (change: Record<string, unknown>) => () =>
      server.api.post("/insert_manual_warr_item", { ...manual(), ...change });
    await expectRefused(post({ quantity: 0 }), 400, ["quantity"]);
    await expectRefused(post({ quantity: 11 }), 400, ["quantity"]);
    await expectRefused(post({ quantity: 1.5 }), 400, ["quantity"]);
    await expectRefused(post({ price: -1 }), 400, ["price"]);
    await expectRefused(post({ price: 1e15 }), 400, ["price"]);
    await expectRefused(post({ description: "" }), 400, ["description"]);
    await expectRefused(post({ modelNumber: undefined }), 400, ["modelNumber"]);
    await expectRefused(post({ color: ids.chair }), 400, ["color"]);
    const carlos = await demoPlan(server.api, "W-K77-AB1020");
    await expectRefused(post({ warrentyId: carlos.id }), 400, ["warrentyId"]);
    expect((await expectRefused(post({ claimId: 999999 }), 404)).code).toBe("CLAIM_NOT_FOUND");
  });
});

describe("submit_claim", () => {
  it("answers 'Claim is incomplete' while an item lacks a document, leaving the draft as is", async () => {
    const before = await snapshot(server.db);
    const answer = await server.api.put(`/submit_claim/${claimId}/${jane.customerId}`);
    expect(answer.status).toBe(200);
    expect(expectShape(messageSchema, answer.body).message).toBe("Claim is incomplete");
    expect(await snapshot(server.db)).toEqual(before);
  });

  it("answers 'Claim is incomplete' for a claim without items", async () => {
    const carlos = await demoPlan(server.api, "W-K77-AB1021");
    const created = (await server.api.post("/insert_claim", claimBody(carlos.id, carlos.customerId))).body.result
      .claim_id;
    expect((await server.api.put(`/submit_claim/${created}/${carlos.customerId}`)).body.message).toBe(
      "Claim is incomplete",
    );
  });

  it("answers 404 for another customer or an unknown claim, and 'Claim already submitted' for a handled claim", async () => {
    expect(
      (await expectRefused(() => server.api.put(`/submit_claim/${claimId}/${jane.customerId + 1}`), 404)).code,
    ).toBe("CLAIM_NOT_FOUND");
    expect((await expectRefused(() => server.api.put(`/submit_claim/999999/${jane.customerId}`), 404)).code).toBe(
      "CLAIM_NOT_FOUND",
    );
    const paul = await demoPlan(server.api, "W-P55-IP0001");
    const paulClaim = (await server.db.query<{ id: number }>("SELECT id FROM claims WHERE plan_id = $1", [paul.id]))[0]!
      .id;
    const answer = await server.api.put(`/submit_claim/${paulClaim}/${paul.customerId}`);
    expect(answer.body.message).toBe("Claim already submitted");
  });
});

describe("GET /claim and delete_draft_claim", () => {
  it("answers 404 CLAIM_NOT_FOUND for an unknown claim", async () => {
    const answer = await server.api.get("/claim/999999");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: "CLAIM_NOT_FOUND", message: expect.any(String) });
  });

  it("deletes a draft with everything in it; the plan can then get a new claim", async () => {
    const dana = await demoPlan(server.api, "W-D12-DR0001");
    const draftId = (await server.api.post("/insert_claim", claimBody(dana.id, dana.customerId))).body
      .claimId as number;
    const answer = await server.api.del(`/delete_draft_claim/${draftId}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: "Succeed" });
    expect((await server.api.get(`/claim/${draftId}`)).body.code).toBe("CLAIM_NOT_FOUND");
    expect(await server.db.query("SELECT id FROM claim_items WHERE claim_id = $1", [draftId])).toEqual([]);
    expect((await server.api.post("/insert_claim", claimBody(dana.id, dana.customerId))).body.code).toBe("CREATED");
    expect((await expectRefused(() => server.api.del(`/delete_draft_claim/${draftId}`), 404)).code).toBe(
      "CLAIM_NOT_FOUND",
    );
  });

  it("refuses to delete a claim that is not a draft", async () => {
    const paul = await demoPlan(server.api, "W-P55-IP0001");
    const paulClaim = (await server.db.query<{ id: number }>("SELECT id FROM claims WHERE plan_id = $1", [paul.id]))[0]!
      .id;
    expect((await expectRefused(() => server.api.del(`/delete_draft_claim/${paulClaim}`), 409)).code).toBe(
      "CLAIM_NOT_DRAFT",
    );
  });
});

describe("ACE plans and claims", () => {
  it("are refused by the FPP calls with 409 WRONG_PLAN_TYPE (ACE claims are filed with /ace/ calls: ace.test.ts)", async () => {
    const maria = await demoPlan(server.api, "A-300-100200");
    const body = await expectRefused(
      () => server.api.post("/insert_claim", claimBody(maria.id, maria.customerId)),
      409,
    );
    expect(body.code).toBe("WRONG_PLAN_TYPE");
  });
});

describe("API key on writing calls", () => {
  it("refuses every writing call without the right key and writes nothing", async () => {
    const calls: [string, string, unknown?][] = [
      ["POST", "/insert_claim", claimBody(jane.id, jane.customerId)],
      [
        "POST",
        "/insert_update_claim_item",
        itemBody(claimId, [
          { selectedItemId: jane.itemId("Ottoman"), manuFacturer: ids.ashley, material: ids.leather, color: ids.brown },
        ]),
      ],
      [
        "POST",
        "/insert_claim_item_damage",
        { claimId, customerId: jane.customerId, damage_item: [damage(jane.itemId("Sofa"))] },
      ],
      [
        "POST",
        "/insert_manual_warr_item",
        {
          claimId,
          warrentyId: jane.id,
          modelNumber: "X",
          quantity: 1,
          price: 1,
          itemType: ids.chair,
          manuFacturer: ids.ashley,
          material: ids.fabric,
          color: ids.gray,
          description: "x",
        },
      ],
      ["POST", "/insert_linked_and_embedded_files", { claimId, claimItemsId: 1, docName: "x.jpg" }],
      ["PUT", `/submit_claim/${claimId}/${jane.customerId}`],
      ["DELETE", `/delete_draft_claim/${claimId}`],
      ["DELETE", "/remove_claim_items/1"],
      ["DELETE", "/delete_claim_item_damage/1"],
      ["DELETE", "/delete_uploaded_documents_of_claim/1"],
      ["GET", `/claim/${claimId}`],
      ["GET", `/file-upload-url?claimId=${claimId}&fileType=image/jpeg`],
    ];
    for (const key of [undefined, "demo-key"]) {
      const api = server.apiWithKey(key);
      for (const [method, path, body] of calls) {
        const answer = await expectRefused(
          () => api.send(method, path, body === undefined ? undefined : JSON.stringify(body)),
          401,
        );
        expect(answer).toEqual({ message: "Unauthorized" });
      }
    }
  });
});
