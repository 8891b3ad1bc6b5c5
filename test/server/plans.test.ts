/**
 * Reference claims API: API key, CORS, lookups, plan search and plan by id (SPEC.md sections 3, 6, 7).
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lookupListSchema, searchPlanResponseSchema, type WirePlan } from "../../contract/schemas.ts";
import { seedIfEmpty } from "../../server/seed/seed.ts";
import { ACE_MODELS, DEMO_PLANS } from "../../server/seed/seed-data.ts";
import { API_KEY, DEV_PORTAL_ORIGIN, expectShape, snapshot, startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Warranty numbers of a search answer, FPP/LEGACY then ACE. */
async function search(
  body: Record<string, unknown>,
): Promise<{ status: number; numbers: string[]; ace: string[]; plans: WirePlan[] }> {
  const answer = await server.api.post("/search_plan", body);
  if (answer.status !== 200) return { status: answer.status, numbers: [], ace: [], plans: [] };
  const parsed = expectShape(searchPlanResponseSchema, answer.body);
  return {
    status: answer.status,
    numbers: parsed.customers.map((p) => p.number),
    ace: parsed.aceCustomers.map((p) => p.number),
    plans: [...parsed.customers, ...parsed.aceCustomers],
  };
}

const jane = { name_first: "Jane", name_last: "Doe" };

describe("API key", () => {
  it("refuses calls without the key or with a wrong one, with 401 Unauthorized", async () => {
    for (const key of [undefined, "wrong-key", ""]) {
      const api = server.apiWithKey(key);
      const lookups = await api.get("/all_item_type");
      expect(lookups.status).toBe(401);
      expect(lookups.body).toEqual({ message: "Unauthorized" });
      expect((await api.post("/search_plan", { search_type: "search_plan_4", number: "W-E34-WS4566" })).status).toBe(
        401,
      );
      expect((await api.get("/plan/1")).status).toBe(401);
    }
  });

  it("answers CORS preflights without the key, allowing the x-api-key header", async () => {
    const response = await fetch(`${server.url}/api/v1/search_plan`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "x-api-key,content-type",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("x-api-key");
    // CORS names the configured origins only (the test servers allow the dev portal's).
    expect(response.headers.get("access-control-allow-origin")).toBe(DEV_PORTAL_ORIGIN);
  });

  it("answers unknown API paths with 404 JSON", async () => {
    const answer = await server.api.get("/no_such_call");
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("lookups", () => {
  const lists: [string, string[]][] = [
    [
      "/all_item_type",
      ["Sofa", "Loveseat", "Recliner", "Dining Table", "Ottoman", "Sectional", "Bed Frame", "Dresser", "Chair"],
    ],
    ["/all_manufacturer", ["Ashley", "La-Z-Boy", "Broyhill", "Flexsteel", "Bassett", "Hooker"]],
    ["/all_material", ["Leather", "Microfiber", "Fabric", "Wood", "Velvet", "Glass", "Metal"]],
    ["/all_color", ["Brown", "Gray", "Beige"]],
    [
      "/damage_type_lookup_values",
      ["Stain", "Tear", "Scratch", "Broken frame", "Burn", "Rip", "Seam separation", "Chip", "Crack"],
    ],
    ["/specific_damage_lookup_values", ["Food or beverage stain", "Cigarette burn"]],
    [
      "/how_did_it_occur_lookup_values",
      ["Accidental spill", "Pet damage", "Child damage", "Normal use", "Moving/transport"],
    ],
    [
      "/actions_taken_lookup_values",
      ["None", "Cleaned with water", "Used a cleaning product", "Professional cleaning"],
    ],
    ["/ace/all_material", ["Leather", "Performance fabric"]],
    ["/ace/all_manufacturer", ["Ashley", "La-Z-Boy"]],
    ["/ace/all_color", ["Charcoal", "Saddle", "Oak"]],
    ["/ace/actions_taken_lookup_values", ["None", "Professional cleaning"]],
  ];
  it.each(lists)("GET %s answers { result: [{ id, name }] } with the expected entries", async (path, names) => {
    const answer = await server.api.get(path);
    expect(answer.status).toBe(200);
    const { result } = expectShape(lookupListSchema, answer.body);
    expect(result.map((entry) => entry.name)).toEqual(expect.arrayContaining(names));
    expect(new Set(result.map((entry) => entry.id)).size).toBe(result.length);
  });

  it("answers ACE per-model lists for the model asked (case-insensitive), plus the model-free entries", async () => {
    const names = async (path: string) =>
      expectShape(lookupListSchema, (await server.api.get(path)).body).result.map((e) => e.name);
    const reclinerDamage = await names(`/ace/damage_type_lookup_values?modelNo=${ACE_MODELS.recliner.toLowerCase()}`);
    expect(reclinerDamage).toEqual(["Mechanism failure", "Power motor failure", "Tear", "Stain"]);
    expect(await names(`/ace/specific_location_lookup_values?modelNo=${ACE_MODELS.diningTable}`)).toEqual([
      "Tabletop",
      "Table edge",
      "Leg",
      "Extension leaf",
    ]);
    const occurred = await names(`/ace/how_did_it_occur_lookup_values?modelNo=${ACE_MODELS.sofa}`);
    expect(occurred[0]).toBe("Cushion seam gave way");
    expect(occurred).toContain("Pet damage");
    expect(occurred).not.toContain("Mechanism jammed while reclining");
    expect(await names("/ace/damage_type_lookup_values?modelNo=UNKNOWN-1")).toEqual([]);
  });

  it("refuses a per-model list without modelNo with a field error", async () => {
    const answer = await server.api.get("/ace/specific_location_lookup_values");
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: "Invalid request", errors: { modelNo: expect.any(String) } });
  });
});

describe("search by warranty number (search_plan_4)", () => {
  it("finds each demo plan, ignoring case and surrounding spaces, with the demo fields", async () => {
    for (const demo of DEMO_PLANS) {
      const found = await search({ search_type: "search_plan_4", number: `  ${demo.number.toLowerCase()} ` });
      expect(found.plans.map((p) => p.number)).toEqual([demo.number]);
      const plan = found.plans[0]!;
      expect(plan).toMatchObject({
        planStatus: demo.status,
        planType: demo.planType,
        invoiceId: demo.invoice,
        programName: demo.programName,
        firstName: demo.customer.firstName,
        lastName: demo.customer.lastName,
        purchaseDate: demo.purchaseDate,
        deliveryDate: demo.deliveryDate,
        expirationDate: demo.expirationDate,
        totalPrice: demo.totalPrice,
        store: demo.store,
      });
      expect(plan.warrantyItems.map((i) => i.type?.name)).toEqual(demo.items.map((i) => i.type));
      expect(demo.planType === "Ace" ? found.ace : found.numbers).toEqual([demo.number]);
    }
  });

  it("flags Jane's returned Recliner and fully replaced Dining Table", async () => {
    const [plan] = (await search({ search_type: "search_plan_4", number: "W-E34-WS4566" })).plans;
    const flags = plan!.warrantyItems.map((i) => [i.type?.name, i.returned, i.full_replacement]);
    expect(flags).toEqual([
      ["Sofa", false, false],
      ["Loveseat", false, false],
      ["Recliner", true, false],
      ["Dining Table", false, true],
      ["Ottoman", false, false],
    ]);
    expect(plan!.warrantyItems[0]).toMatchObject({
      sku: "ASH-SOF-44101",
      modelNumber: "4410138",
      itemPrice: 1899,
      vendor: "Ashley Furniture Industries",
    });
  });

  it("answers 200 with empty lists when nothing matches (no partial matches)", async () => {
    for (const number of ["W-E34-WS9999", "W-E34", "E34-WS4566"]) {
      const answer = await server.api.post("/search_plan", { search_type: "search_plan_4", number });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ customers: [], aceCustomers: [] });
    }
  });
});

describe("search by personal information", () => {
  it("matches names ignoring case and surrounding spaces, and email ignoring case (search_plan_1)", async () => {
    const found = await search({
      search_type: "search_plan_1",
      name_first: "  jANE ",
      name_last: " DOE",
      email: " Jane.Doe@EXAMPLE.com ",
    });
    // Every plan of the customer, Active first.
    expect(found.numbers).toEqual(["W-E34-WS4566", "W-E34-WS4570"]);
    expect(found.plans.map((p) => p.planStatus)).toEqual(["Active", "Expired"]);
  });

  it.each(["(212) 555-0134", "212.555.0134", "+1 212 555 0134", "2125550134", "1-212-555-0134", "212 555 0134"])(
    "matches the phone typed as %s (search_plan_2)",
    async (phone_number) => {
      expect((await search({ search_type: "search_plan_2", ...jane, phone_number })).numbers).toEqual([
        "W-E34-WS4566",
        "W-E34-WS4570",
      ]);
    },
  );

  it("does not match a wrong phone, a partial phone or another person's phone", async () => {
    for (const phone_number of ["(212) 555-0135", "555-0134", "+44 212 555 0134", "(305) 555-0188"]) {
      expect((await search({ search_type: "search_plan_2", ...jane, phone_number })).plans).toEqual([]);
    }
  });

  it("matches the invoice number ignoring case (search_plan_3)", async () => {
    expect((await search({ search_type: "search_plan_3", ...jane, invoice_number: "inv-100234" })).numbers).toEqual([
      "W-E34-WS4566",
      "W-E34-WS4570",
    ]);
    expect(
      (
        await search({
          search_type: "search_plan_3",
          name_first: "Carlos",
          name_last: "Rivera",
          invoice_number: "INV-200871",
        })
      ).numbers,
    ).toEqual(["W-K77-AB1020", "W-K77-AB1021"]);
    expect((await search({ search_type: "search_plan_3", ...jane, invoice_number: "INV-10023" })).plans).toEqual([]);
    expect((await search({ search_type: "search_plan_3", ...jane, invoice_number: "INV-200871" })).plans).toEqual([]);
  });

  it("narrows by ZIP when one is given, and a wrong ZIP finds nothing", async () => {
    const base = { search_type: "search_plan_1", ...jane, email: "jane.doe@example.com" };
    expect((await search({ ...base, zip_code: "10001" })).numbers).toHaveLength(2);
    expect((await search({ ...base, zip_code: "10001-1234" })).numbers).toHaveLength(2);
    expect((await search({ ...base, zip_code: "" })).numbers).toHaveLength(2);
    expect((await search({ ...base, zip_code: "90210" })).plans).toEqual([]);
    expect((await search({ ...base, zip_code: "1000" })).plans).toEqual([]);
    expect((await search({ ...base, zip_code: "abcde" })).plans).toEqual([]);
    // A ZIP with a leading zero is kept as text.
    expect(
      (
        await search({
          search_type: "search_plan_1",
          name_first: "Dana",
          name_last: "Reyes",
          email: "dana.reyes@example.com",
          zip_code: "02108",
        })
      ).numbers,
    ).toEqual(["W-D12-DR0001"]);
  });

  it("matches names ignoring accents both ways: María López finds Maria Lopez, and a stored José Núñez or Zoë is found typed plainly", async () => {
    const numbersOf = async (name_first: string, name_last: string) =>
      (
        await search({ search_type: "search_plan_1", name_first, name_last, email: "maria.lopez@example.com" })
      ).plans.map((plan) => plan.number);
    const maria = await numbersOf("Maria", "Lopez");
    expect(maria.length).toBeGreaterThan(0);
    expect(await numbersOf(" María ", "LÓPEZ")).toEqual(maria);

    // Accents stored, plain typed: a server of its own, whose customers this test may rename.
    const accented = await startTestServer();
    try {
      await accented.db.query(
        "UPDATE customers SET first_name = 'José', last_name = 'Núñez', sold_first_name = 'José', sold_last_name = 'Núñez' WHERE email = 'carlos.rivera@example.com'",
      );
      await accented.db.query(
        "UPDATE customers SET first_name = 'Zoë', sold_first_name = 'Zoë' WHERE email = 'jane.doe@example.com'",
      );
      const found = async (name_first: string, name_last: string, email: string) =>
        expectShape(
          searchPlanResponseSchema,
          (await accented.api.post("/search_plan", { search_type: "search_plan_1", name_first, name_last, email }))
            .body,
        ).customers.length;
      expect(await found("Carlos", "Rivera", "carlos.rivera@example.com")).toBe(0);
      expect(await found("JOSE", "nunez", "carlos.rivera@example.com")).toBeGreaterThan(0);
      expect(await found("José", "Núñez", "carlos.rivera@example.com")).toBeGreaterThan(0);
      expect(await found("zoe", "Doe", "jane.doe@example.com")).toBeGreaterThan(0);
      expect(await found("Zoe", "Doe", "jane.doe@example.com")).toBeGreaterThan(0);
      // Folding accents is no wildcard: another name still finds nothing.
      expect(await found("Josefa", "Nunez", "carlos.rivera@example.com")).toBe(0);
    } finally {
      await accented.stop();
    }
  });

  it("needs both names to match", async () => {
    expect(
      (
        await search({
          search_type: "search_plan_1",
          name_first: "Janet",
          name_last: "Doe",
          email: "jane.doe@example.com",
        })
      ).plans,
    ).toEqual([]);
    expect(
      (
        await search({
          search_type: "search_plan_1",
          name_first: "Jane",
          name_last: "Rivera",
          email: "jane.doe@example.com",
        })
      ).plans,
    ).toEqual([]);
  });

  it("puts ACE plans in aceCustomers and LEGACY and Cancelled plans in customers", async () => {
    const maria = await search({
      search_type: "search_plan_1",
      name_first: "Maria",
      name_last: "Lopez",
      email: "maria.lopez@example.com",
    });
    expect(maria).toMatchObject({ numbers: [], ace: ["A-300-100200"] });
    expect(maria.plans[0]!.warrantyItems.map((i) => i.modelNumber)).toEqual([
      ACE_MODELS.sofa,
      ACE_MODELS.recliner,
      ACE_MODELS.diningTable,
    ]);
    const leo = await search({
      search_type: "search_plan_2",
      name_first: "Leo",
      name_last: "Gray",
      phone_number: "312-555-0166",
    });
    expect(leo.plans.map((p) => [p.number, p.planType])).toEqual([["L-900-LEG001", "LEGACY"]]);
    const chris = await search({
      search_type: "search_plan_3",
      name_first: "Chris",
      name_last: "Cole",
      invoice_number: "INV-700901",
    });
    expect(chris.plans.map((p) => [p.number, p.planStatus])).toEqual([["W-C00-CX0001", "Cancelled"]]);
  });

  it("sorts several Active plans by id", async () => {
    const carlos = await search({
      search_type: "search_plan_1",
      name_first: "Carlos",
      name_last: "Rivera",
      email: "carlos.rivera@example.com",
    });
    expect(carlos.numbers).toEqual(["W-K77-AB1020", "W-K77-AB1021"]);
    expect(carlos.plans[0]!.id).toBeLessThan(carlos.plans[1]!.id);
  });
});

describe("search_plan refuses bad payloads with 400 and field errors", () => {
  const cases: [string, unknown, string][] = [
    ["an empty object", {}, "search_type"],
    ["an unknown search type", { search_type: "search_plan_9", number: "W-E34-WS4566" }, "search_type"],
    ["a blank warranty number", { search_type: "search_plan_4", number: "   " }, "number"],
    [
      "a blank first name",
      { search_type: "search_plan_1", name_first: " ", name_last: "Doe", email: "jane.doe@example.com" },
      "name_first",
    ],
    [
      "a last name of the wrong type",
      { search_type: "search_plan_1", name_first: "Jane", name_last: 7, email: "jane.doe@example.com" },
      "name_last",
    ],
    ["an email search without email", { search_type: "search_plan_1", ...jane }, "email"],
    [
      "a phone search with a blank phone",
      { search_type: "search_plan_2", ...jane, phone_number: "  " },
      "phone_number",
    ],
    [
      "an invoice search without invoice",
      { search_type: "search_plan_3", ...jane, email: "jane.doe@example.com" },
      "invoice_number",
    ],
    [
      "a ZIP too long",
      { search_type: "search_plan_1", ...jane, email: "jane.doe@example.com", zip_code: "12345678901" },
      "zip_code",
    ],
    ["a NUL character", { search_type: "search_plan_4", number: "W-E34\u0000" }, "number"],
    ["an array body", [], "search_type"],
    ["a null body", null, "body"],
  ];
  it.each(cases)("%s", async (_label, body, field) => {
    const answer = await server.api.post("/search_plan", body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Invalid request");
    expect(answer.body.errors).toHaveProperty([field]);
  });

  it("malformed JSON", async () => {
    const answer = await server.api.send("POST", "/search_plan", '{"search_type": "search_plan_4", ');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: "Invalid request",
      code: "INVALID_REQUEST",
      errors: { body: "Malformed JSON" },
    });
  });

  it("a body over 1 MB", async () => {
    const answer = await server.api.post("/search_plan", {
      search_type: "search_plan_4",
      number: "x".repeat(1_100_000),
    });
    expect(answer.status).toBe(413);
  });

  it("a body of undeclared length (chunked): over 1 MB refused, a small one read", async () => {
    const chunked = (text: string) =>
      server.fetch(`${server.url}/api/v1/search_plan`, {
        method: "POST",
        headers: { "x-api-key": API_KEY, "content-type": "application/json" },
        body: new ReadableStream({
          start: (controller) => {
            controller.enqueue(new TextEncoder().encode(text));
            controller.close();
          },
        }),
        duplex: "half",
      } as RequestInit);
    const big = await chunked(JSON.stringify({ search_type: "search_plan_4", number: "x".repeat(1_100_000) }));
    expect(big.status).toBe(413);
    const small = await chunked(JSON.stringify({ search_type: "search_plan_4", number: "W-E34-WS4566" }));
    expect(small.status).toBe(200);
    expect(((await small.json()) as { customers: unknown[] }).customers).toHaveLength(1);
  });
});

describe("plan by id", () => {
  it("GET /plan/{id} answers { customers: [plan] }", async () => {
    const [demo] = (await search({ search_type: "search_plan_4", number: "W-K77-AB1021" })).plans;
    const answer = await server.api.get(`/plan/${demo!.id}`);
    expect(answer.status).toBe(200);
    const parsed = expectShape(searchPlanResponseSchema, answer.body);
    expect(parsed.customers).toEqual([demo]);
  });

  it("GET /ace/plan/{id} answers the ACE plan, checking customerId when given", async () => {
    const [maria] = (await search({ search_type: "search_plan_4", number: "A-300-100200" })).plans;
    const ok = await server.api.get(`/ace/plan/${maria!.id}?customerId=${maria!.customerId}&claimId=1`);
    expect(ok.status).toBe(200);
    expect(expectShape(searchPlanResponseSchema, ok.body).customers.map((p) => p.number)).toEqual(["A-300-100200"]);
    expect((await server.api.get(`/ace/plan/${maria!.id}`)).status).toBe(200);
    expect((await server.api.get(`/ace/plan/${maria!.id}?customerId=${maria!.customerId + 1}`)).body).toMatchObject({
      code: "PLAN_NOT_FOUND",
    });
    const [fpp] = (await search({ search_type: "search_plan_4", number: "W-E34-WS4566" })).plans;
    expect((await server.api.get(`/ace/plan/${fpp!.id}`)).status).toBe(404);
    expect((await server.api.get(`/ace/plan/${maria!.id}?customerId=abc`)).status).toBe(400);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const unknown = await server.api.get("/plan/999999");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: "PLAN_NOT_FOUND", message: expect.any(String) });
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const answer = await server.api.get(`/plan/${id}`);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toHaveProperty("id");
    }
  });
});

describe("seed", () => {
  it("is idempotent: seeding a seeded database writes nothing", async () => {
    const before = await snapshot(server.db);
    expect(await seedIfEmpty(server.db)).toBe(false);
    expect(await snapshot(server.db)).toEqual(before);
  });
});

describe("serving the built portal (STATIC_DIR)", () => {
  it("serves its files, falls back to index.html for app routes, and leaves /api and /storage alone", async () => {
    const portal = await mkdtemp(join(tmpdir(), "claims-portal-static-"));
    try {
      await mkdir(join(portal, "assets"));
      await writeFile(join(portal, "index.html"), "<!doctype html><title>Claims portal</title>");
      await writeFile(join(portal, "assets", "app.js"), "console.log('portal');");
      const served = await startTestServer({ staticDir: portal });
      try {
        const get = (path: string, init?: RequestInit) => fetch(`${served.url}${path}`, init);
        const root = await get("/");
        expect(root.status).toBe(200);
        expect(await root.text()).toContain("Claims portal");
        const deep = await get("/create-claim?step=2&claimId=1&warranty_id=1");
        expect(deep.status).toBe(200);
        expect(deep.headers.get("content-type")).toContain("text/html");
        const script = await get("/assets/app.js");
        expect(script.headers.get("content-type")).toContain("javascript");
        expect(await script.text()).toContain("portal");
        const api = await get("/api/v1/no_such_call", { headers: { "x-api-key": served.config.apiKey } });
        expect(api.status).toBe(404);
        expect(await api.json()).toMatchObject({ code: "NOT_FOUND" });
        expect((await get("/api/v1/all_color")).status).toBe(401);
        expect((await get("/storage/claims_documentation/CL-1/photos-consumer/missing.jpg")).status).toBe(404);
        expect((await get("/", { method: "POST" })).status).toBe(404);
      } finally {
        await served.stop();
      }
    } finally {
      await rm(portal, { recursive: true, force: true });
    }
  });
});
