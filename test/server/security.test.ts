/**
 * Only the browser that found a plan can touch it. Replays the attacks of the security review (walked
 * ids, a stranger's contact details changed, a stranger's draft edited or submitted, a forged or
 * expired session) and walks every route of the API with a second customer's session, which gets
 * nothing of the first customer's: 404 everywhere, nothing written, none of their data in any answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.ts";
import { API_PREFIX } from "../../server/app-deps.ts";
import { SESSION_COOKIE } from "../../server/http/session.ts";
import {
  API_KEY,
  claimBody,
  demoPlan,
  expectShape,
  lookupId,
  snapshot,
  startTestServer,
  type Answer,
  type Api,
  type TestServer,
} from "./helpers.ts";
import { signedSession } from "./sessions.ts";
import { uploadUrlResponseSchema } from "../../contract/schemas.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

let server: TestServer;
/** Jane's browser (and Maria's: one person may look up two plans), and a stranger's (Carlos). */
type Browser = ReturnType<TestServer["newSession"]>;
let owner: Browser;
let stranger: Browser;
const a = {} as {
  plan: number;
  customer: number;
  sofa: number;
  claim: number;
  claimItem: number;
  damage: number;
  document: number;
  docName: string;
  storagePath: string;
  acePlan: number;
  aceCustomer: number;
  aceRecliner: number;
  aceClaim: number;
  aceItem: number;
  aceDocument: number;
  lookups: Record<string, number>;
};

beforeAll(async () => {
  server = await startTestServer();
  owner = server.newSession();
  stranger = server.newSession();
  const jane = await demoPlan(owner, "W-E34-WS4566");
  const maria = await demoPlan(owner, "A-300-100200");
  await demoPlan(stranger, "W-K77-AB1020");
  const l: Record<string, number> = {
    ashley: await lookupId(owner, "/all_manufacturer", "Ashley"),
    leather: await lookupId(owner, "/all_material", "Leather"),
    brown: await lookupId(owner, "/all_color", "Brown"),
    sofaType: await lookupId(owner, "/all_item_type", "Sofa"),
    stain: await lookupId(owner, "/damage_type_lookup_values", "Stain"),
    spill: await lookupId(owner, "/how_did_it_occur_lookup_values", "Accidental spill"),
    none: await lookupId(owner, "/actions_taken_lookup_values", "None"),
    laZBoy: await lookupId(owner, "/ace/all_manufacturer", "La-Z-Boy"),
    aceLeather: await lookupId(owner, "/ace/all_material", "Leather"),
    saddle: await lookupId(owner, "/ace/all_color", "Saddle"),
    aceNone: await lookupId(owner, "/ace/actions_taken_lookup_values", "None"),
    mechanism: await lookupId(owner, "/ace/damage_type_lookup_values?modelNo=ACE-REC-3307", "Mechanism failure"),
    footrest: await lookupId(owner, "/ace/specific_location_lookup_values?modelNo=ACE-REC-3307", "Footrest"),
    normalUse: await lookupId(owner, "/ace/how_did_it_occur_lookup_values?modelNo=ACE-REC-3307", "Normal use"),
  };
  const ok = (answer: Answer) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const claim = ok(await owner.post("/insert_claim", claimBody(jane.id, jane.customerId))).result.claim_id as number;
  const claimItem = ok(
    await owner.post("/insert_update_claim_item", {
      warrentyId: jane.id,
      claimId: claim,
      claim_items: [
        { selectedItemId: jane.itemId("Sofa"), manuFacturer: l.ashley, material: l.leather, color: l.brown },
      ],
    }),
  ).results[0].claimItemId as number;
  const area = ok(await owner.get(`/claim/${claim}`)).damageAreasDisp[0].id as number;
  l.area = area;
  const damage = ok(
    await owner.post("/insert_claim_item_damage", {
      claimId: claim,
      customerId: jane.customerId,
      damage_item: [
        {
          selectedItemId: jane.itemId("Sofa"),
          damageType: l.stain,
          specificLocation: area,
          howDidOccur: l.spill,
          actionTaken: l.none,
          damageDate: "2025-09-10",
          notes: "Coffee.",
        },
      ],
    }),
  ).multipleDamageIds[0] as number;
  const grant = expectShape(
    uploadUrlResponseSchema,
    ok(await owner.get(`/file-upload-url?claimId=${claim}&fileType=image/png&fileName=sofa.png`)),
  );
  expect(
    (
      await fetch(new URL(grant.url, server.url), {
        method: "PUT",
        headers: { "content-type": "image/png" },
        body: PNG,
      })
    ).status,
  ).toBe(200);
  const document = ok(
    await owner.post("/insert_linked_and_embedded_files", {
      claimId: claim,
      claimItemsId: claimItem,
      docName: grant.fileName,
    }),
  ).result[0].id as number;

  const aceClaim = ok(await owner.post("/ace/insert_claim", claimBody(maria.id, maria.customerId))).result
    .claim_id as number;
  const aceItem = ok(
    await owner.post("/ace/insert_claim_item", {
      claimId: aceClaim,
      warrentyId: maria.id,
      selectedItemId: maria.itemId("Recliner"),
      manuFacturer: l.laZBoy,
      material: l.aceLeather,
      color: l.saddle,
    }),
  ).result.claimItemId as number;
  const aceGrant = expectShape(
    uploadUrlResponseSchema,
    ok(await owner.get(`/ace/file-upload-url?claimId=${aceClaim}&fileType=image/png&fileName=r.png`)),
  );
  expect(
    (
      await fetch(new URL(aceGrant.url, server.url), {
        method: "PUT",
        headers: { "content-type": "image/png" },
        body: PNG,
      })
    ).status,
  ).toBe(200);
  const aceDocument = ok(
    await owner.post("/ace/insert_linked_and_embedded_files", {
      claimId: aceClaim,
      claimItemsId: aceItem,
      docName: aceGrant.fileName,
    }),
  ).result[0].id as number;

  Object.assign(a, {
    plan: jane.id,
    customer: jane.customerId,
    sofa: jane.itemId("Sofa"),
    claim,
    claimItem,
    damage,
    document,
    docName: grant.fileName,
    storagePath: `/storage/claims_documentation/CL-${claim}/photos-consumer/${grant.fileName}`,
    acePlan: maria.id,
    aceCustomer: maria.customerId,
    aceRecliner: maria.itemId("Recliner"),
    aceClaim,
    aceItem,
    aceDocument,
    lookups: l,
  });
});
afterAll(async () => {
  await server?.stop();
});

/** Every call of the API that reaches a customer's records, with the first customer's ids. */
function walk(): Array<[method: string, route: string, path: string, body?: unknown]> {
  const l = a.lookups;
  const fppDamage = {
    selectedItemId: a.sofa,
    damageType: l.stain,
    specificLocation: l.area,
    howDidOccur: l.spill,
    actionTaken: l.none,
    damageDate: "2025-09-10",
    notes: "x",
  };
  return [
    ["GET", "/plan/:id", `/plan/${a.plan}`],
    ["GET", "/ace/plan/:id", `/ace/plan/${a.acePlan}?customerId=${a.aceCustomer}`],
    ["POST", "/insert_claim", "/insert_claim", claimBody(a.plan, a.customer)],
    [
      "POST",
      "/insert_update_claim_item",
      "/insert_update_claim_item",
      {
        warrentyId: a.plan,
        claimId: a.claim,
        claim_items: [{ selectedItemId: a.sofa, manuFacturer: l.ashley, material: l.leather, color: l.brown }],
      },
    ],
    ["DELETE", "/remove_claim_items/:id", `/remove_claim_items/${a.claimItem}`],
    [
      "POST",
      "/insert_manual_warr_item",
      "/insert_manual_warr_item",
      {
        claimId: a.claim,
        warrentyId: a.plan,
        modelNumber: "M-1",
        quantity: 1,
        price: 10,
        itemType: l.sofaType,
        manuFacturer: l.ashley,
        material: l.leather,
        color: l.brown,
        description: "Chair",
      },
    ],
    [
      "POST",
      "/insert_claim_item_damage",
      "/insert_claim_item_damage",
      { claimId: a.claim, customerId: a.customer, damage_item: [fppDamage] },
    ],
    ["DELETE", "/delete_claim_item_damage/:id", `/delete_claim_item_damage/${a.damage}`],
    ["GET", "/claim/:claimId", `/claim/${a.claim}`],
    ["GET", "/claim_status", `/claim_status?code=CL-${a.claim}`],
    ["GET", "/claim_status_link", `/claim_status_link?claimId=${a.claim}`],
    ["PUT", "/submit_claim/:claimId/:customerId", `/submit_claim/${a.claim}/${a.customer}`],
    ["GET", "/file-upload-url", `/file-upload-url?claimId=${a.claim}&fileType=image/png&fileName=x.png`],
    [
      "POST",
      "/insert_linked_and_embedded_files",
      "/insert_linked_and_embedded_files",
      { claimId: a.claim, claimItemsId: a.claimItem, docName: a.docName },
    ],
    ["DELETE", "/delete_uploaded_documents_of_claim/:docId", `/delete_uploaded_documents_of_claim/${a.document}`],
    ["GET", "/documents/:docId/download-url", `/documents/${a.document}/download-url`],
    ["GET", "/finish_later", `/finish_later?claimId=${a.claim}`],
    ["POST", "/finish_later", "/finish_later", { claimId: a.claim, step: 3 }],
    ["DELETE", "/delete_draft_claim/:claimId", `/delete_draft_claim/${a.claim}`],
    ["POST", "/ace/insert_claim", "/ace/insert_claim", claimBody(a.acePlan, a.aceCustomer)],
    [
      "POST",
      "/ace/insert_claim_item",
      "/ace/insert_claim_item",
      {
        claimId: a.aceClaim,
        warrentyId: a.acePlan,
        selectedItemId: a.aceRecliner,
        manuFacturer: l.laZBoy,
        material: l.aceLeather,
        color: l.saddle,
      },
    ],
    [
      "POST",
      "/ace/insert_claim_item_damage",
      "/ace/insert_claim_item_damage",
      {
        claimId: a.aceClaim,
        customerId: a.aceCustomer,
        selectedItemId: a.aceRecliner,
        damageType: l.mechanism,
        specificLocation: l.footrest,
        damageDate: "2025-10-01",
        howDidOccur: l.normalUse,
        actionTaken: l.aceNone,
        notes: "x",
      },
    ],
    ["GET", "/ace/claim/:claimId", `/ace/claim/${a.aceClaim}`],
    ["DELETE", "/ace/remove_claim_items/:claimId/:itemId", `/ace/remove_claim_items/${a.aceClaim}/${a.aceItem}`],
    ["DELETE", "/ace/delete_claim_item_damage/:id", `/ace/delete_claim_item_damage/${a.damage}`],
    ["PUT", "/ace/submit_claim/:claimId", `/ace/submit_claim/${a.aceClaim}`],
    ["GET", "/ace/file-upload-url", `/ace/file-upload-url?claimId=${a.aceClaim}&fileType=image/png&fileName=x.png`],
    [
      "POST",
      "/ace/insert_linked_and_embedded_files",
      "/ace/insert_linked_and_embedded_files",
      { claimId: a.aceClaim, claimItemsId: a.aceItem, docName: a.docName },
    ],
    [
      "DELETE",
      "/ace/delete_uploaded_documents_of_claim/:docId",
      `/ace/delete_uploaded_documents_of_claim/${a.aceDocument}`,
    ],
    ["GET", "/ace/documents/:docId/download-url", `/ace/documents/${a.aceDocument}/download-url`],
    ["GET", "/ace/customer_info/:customerId", `/ace/customer_info/${a.customer}`],
    [
      "PUT",
      "/ace/customer_info/:customerId",
      `/ace/customer_info/${a.aceCustomer}`,
      {
        firstName: "Eve",
        lastName: "Mallory",
        email: "eve@example.com",
        phone: "2125550000",
        address: "1 Evil Way",
        city: "Nowhere",
        state: "NY",
        zipCode: "10001",
      },
    ],
  ];
}

/**
 * Calls that reach no customer's record: public lists, the signed upload, contact-service requests
 * (their random id is the key); and plan links, which open a plan like a search (the customer's
 * random id is the key: test/server/plan-links.test.ts); and the OpenAPI document, which describes
 * the API and holds no one's data. The staff move answers to the staff key alone, never to a
 * session (test/server/claim-status.test.ts).
 */
const PUBLIC_ROUTES =
  /^(GET \/(ace\/)?(all_|.*_lookup_values)|GET \/lookups$|POST \/search_plan$|GET \/plan_link\/|PUT \/uploads\/|.* \/contact_service|GET \/openapi\.json$|POST \/staff\/claim_status$)/;

const call = (api: Api, method: string, path: string, body?: unknown) =>
  method === "GET"
    ? api.get(path)
    : method === "POST"
      ? api.post(path, body)
      : method === "PUT"
        ? api.put(path, body)
        : api.del(path);

describe("a second customer's session", () => {
  it("covers every route of the API that reaches a customer's records", () => {
    const app = createApp({ db: undefined as never, storage: undefined as never, config: server.config });
    const routes = new Set(
      app.routes
        .filter((r) => r.path.startsWith(`${API_PREFIX}/`) && r.method !== "ALL")
        .map((r) => `${r.method} ${r.path.slice(API_PREFIX.length)}`)
        .filter((route) => !PUBLIC_ROUTES.test(route)),
    );
    expect([...routes].sort()).toEqual(
      walk()
        .map(([method, route]) => `${method} ${route}`)
        .sort(),
    );
  });

  it("gets 404 and nothing of the first customer's on every route, and writes nothing", async () => {
    const before = await snapshot(server.db);
    const leaks: string[] = [];
    for (const [method, route, path, body] of walk()) {
      const answer = await call(stranger, method, path, body);
      const text = JSON.stringify(answer.body ?? "");
      if (answer.status !== 404) leaks.push(`${method} ${route}: ${answer.status} ${text}`);
      else if (/Jane|Maria|Doe|Lopez|jane\.doe|maria\.lopez|W-E34|A-300/i.test(text))
        leaks.push(`${method} ${route}: leaks ${text}`);
    }
    expect(leaks).toEqual([]);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it("cannot read the first customer's stored photo, which its owner can", async () => {
    expect((await fetch(`${server.url}${a.storagePath}`)).status).toBe(404);
    expect((await fetch(`${server.url}${a.storagePath}`, { headers: { cookie: stranger.jar.header()! } })).status).toBe(
      404,
    );
    const mine = await fetch(`${server.url}${a.storagePath}`, { headers: { cookie: owner.jar.header()! } });
    expect(mine.status).toBe(200);
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(PNG);
  });

  it("the owner's own session still reaches all of it", async () => {
    expect((await owner.get(`/claim/${a.claim}`)).status).toBe(200);
    expect((await owner.get(`/ace/claim/${a.aceClaim}`)).status).toBe(200);
    expect((await owner.get(`/ace/customer_info/${a.aceCustomer}`)).status).toBe(200);
  });
});

describe("the attacks of the security review, replayed", () => {
  it("walking customer, plan and claim ids with only the public API key finds nothing", async () => {
    const anonymous = server.newSession();
    const customers = await server.db.query<{ id: number }>("SELECT id FROM customers");
    const plans = await server.db.query<{ id: number }>("SELECT id FROM plans");
    const claims = await server.db.query<{ id: number }>("SELECT id FROM claims");
    const statuses = [
      ...(await Promise.all(customers.map((c) => anonymous.get(`/ace/customer_info/${c.id}`)))),
      ...(await Promise.all(plans.map((p) => anonymous.get(`/plan/${p.id}`)))),
      ...(await Promise.all(claims.map((c) => anonymous.get(`/claim/${c.id}`)))),
    ].map((answer) => answer.status);
    expect(new Set(statuses)).toEqual(new Set([404]));
  });

  it("changing a stranger's email is refused, so a search with the new email finds nothing", async () => {
    const before = await snapshot(server.db);
    const changed = await stranger.put(`/ace/customer_info/${a.customer}`, {
      firstName: "Jane",
      lastName: "Doe",
      email: "eve@example.com",
      phone: "2125550134",
      address: "1 Evil Way",
      city: "New York",
      state: "NY",
      zipCode: "10001",
    });
    expect(changed.status).toBe(404);
    expect(await snapshot(server.db)).toEqual(before);
    const found = await stranger.post("/search_plan", {
      search_type: "search_plan_1",
      name_first: "Jane",
      name_last: "Doe",
      email: "eve@example.com",
    });
    expect(found.body).toEqual({ customers: [], aceCustomers: [] });
  });

  it("a stranger cannot open a claim on someone else's plan to block them with CLAIM_IN_PROGRESS", async () => {
    const carlos = await demoPlan(server.newSession(), "W-K77-AB1021");
    // A warranty-number search grants the plan searched: W-K77-AB1020, not Carlos's other plan.
    const answer = await stranger.post("/insert_claim", claimBody(carlos.id, carlos.customerId));
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe("PLAN_NOT_FOUND");
  });

  it("a forged, altered or expired session is no session at all", async () => {
    const anyone = (cookie: string) =>
      fetch(`${server.url}/api/v1/claim/${a.claim}`, {
        headers: { "x-api-key": API_KEY, cookie: `${SESSION_COOKIE}=${cookie}` },
      });
    const now = Math.floor(Date.now() / 1000);
    const grant = { customers: [a.customer], plans: [a.plan] };
    expect((await anyone(await signedSession("not-the-secret", grant, now + 600))).status).toBe(404);
    expect((await anyone(await signedSession(server.config.sessionSecret, grant, now - 1))).status).toBe(404);
    // The signature of a real session that names nothing, under a value that names the claim's plan.
    const real = decodeURIComponent(
      await signedSession(server.config.sessionSecret, { customers: [], plans: [] }, now + 600),
    );
    const sig = real.slice(real.lastIndexOf(".") + 1);
    const altered = encodeURIComponent(
      `${JSON.stringify({ e: now + 600, c: grant.customers, p: grant.plans })}.${sig}`,
    );
    expect((await anyone(altered)).status).toBe(404);
    for (const junk of ["", ".", "a.b.c", "%%%", "x".repeat(5000)]) expect((await anyone(junk)).status).toBe(404);
    expect((await anyone(await signedSession(server.config.sessionSecret, grant, now + 600))).status).toBe(200);
  });

  it("the session cookie is HttpOnly, SameSite=Strict, for the whole site and short-lived", async () => {
    const answer = await server
      .newSession()
      .post("/search_plan", { search_type: "search_plan_4", number: "W-E34-WS4566" });
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=7200/);
    expect(cookie).not.toMatch(/; Secure/); // plain http here; see the TLS test in security-http.test.ts
    const nothing = await server
      .newSession()
      .post("/search_plan", { search_type: "search_plan_4", number: "W-X00-NOPE00" });
    expect(nothing.headers.getSetCookie()).toEqual([]);
  });
});

describe("hardening of the writing calls", () => {
  it("insert_claim refuses LEGACY plans and damage dates outside 2000-01-01..today; an item takes at most 10 damages", async () => {
    const api = server.newSession();
    const leo = await demoPlan(api, "L-900-LEG001");
    expect((await api.post("/insert_claim", claimBody(leo.id, leo.customerId))).body.code).toBe("LEGACY_PLAN");
    const carlos = await demoPlan(api, "W-K77-AB1021");
    for (const damagedate of ["1999-12-31", "2999-01-01"]) {
      const answer = await api.post("/insert_claim", { ...claimBody(carlos.id, carlos.customerId), damagedate });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toHaveProperty("damagedate");
    }
    const claimId = (await api.post("/insert_claim", claimBody(carlos.id, carlos.customerId))).body.result
      .claim_id as number;
    const l = a.lookups;
    const item = carlos.plan.warrantyItems[0].id as number;
    expect(
      (
        await api.post("/insert_update_claim_item", {
          warrentyId: carlos.id,
          claimId,
          claim_items: [{ selectedItemId: item, manuFacturer: l.ashley, material: l.leather, color: l.brown }],
        })
      ).status,
    ).toBe(200);
    const damage = (damageDate: string) => ({
      selectedItemId: item,
      damageType: l.stain,
      specificLocation: l.area,
      howDidOccur: l.spill,
      actionTaken: l.none,
      damageDate,
      notes: "x",
    });
    const before = await snapshot(server.db);
    const future = await api.post("/insert_claim_item_damage", {
      claimId,
      customerId: carlos.customerId,
      damage_item: [damage("2999-01-01")],
    });
    expect(future.body.errors).toHaveProperty(["damage_item.0.damageDate"]);
    const eleven = await api.post("/insert_claim_item_damage", {
      claimId,
      customerId: carlos.customerId,
      damage_item: Array.from({ length: 11 }, () => damage("2025-09-10")),
    });
    expect(eleven.status).toBe(400);
    expect(eleven.body.errors).toHaveProperty(["damage_item.10.selectedItemId"]);
    expect(await snapshot(server.db)).toEqual(before);
    const ten = await api.post("/insert_claim_item_damage", {
      claimId,
      customerId: carlos.customerId,
      damage_item: Array.from({ length: 10 }, () => damage("2025-09-10")),
    });
    expect(ten.status).toBe(200);
  });
});
