/**
 * Spanish all the way down: the reference API answers lookup names in the language a
 * call asks for (Accept-Language), falling back to English; every seeded value has its Spanish name
 * except the brand names of the manufacturer lists.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOOKUP_MAX_AGE_S } from "../../server/routes/lookups.ts";
import { LOOKUP_LISTS } from "../../server/seed/seed-data.ts";
import { SPANISH_NAMES } from "../../server/seed/seed-data-es.ts";
import { API_KEY, demoPlan, startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function get(path: string, language?: string): Promise<any> {
  const headers: Record<string, string> = { "x-api-key": API_KEY };
  if (language !== undefined) headers["accept-language"] = language;
  const response = await server.fetch(`${server.url}/api/v1${path}`, { headers }); // in the session of server.api
  expect(response.status).toBe(200);
  return response.json();
}

describe("lookup lists in the browser's cache", () => {
  it("may be kept by the browser alone for ten minutes, one copy per language; someone's plan never", async () => {
    const headersOf = async (path: string) =>
      (
        await server.fetch(`${server.url}/api/v1${path}`, {
          headers: { "x-api-key": API_KEY, "accept-language": "es" },
        })
      ).headers;
    for (const path of ["/all_color", "/damage_type_lookup_values"]) {
      const headers = await headersOf(path);
      expect(headers.get("cache-control"), path).toBe(`private, max-age=${LOOKUP_MAX_AGE_S}`);
      expect(headers.get("vary"), path).toContain("Accept-Language");
    }
    expect(LOOKUP_MAX_AGE_S).toBe(600);
    const plan = await demoPlan(server.api, "W-E34-WS4566");
    expect((await headersOf(`/plan/${plan.id}`)).get("cache-control")).toBe("no-store");
  });
});

describe("Spanish lookup names", () => {
  it("every seeded value has a Spanish name, but for the manufacturers' brand names", () => {
    const missing = LOOKUP_LISTS.filter((list) => !list.kind.includes("manufacturer")).flatMap((list) =>
      list.names
        .map((name) => `${list.kind}${list.modelNo ? ` (${list.modelNo})` : ""}: ${name}`)
        .filter((entry) => !SPANISH_NAMES[entry.slice(entry.indexOf(": ") + 2)]),
    );
    expect(missing).toEqual([]);
  });

  it("answers a list in Spanish when the call asks for Spanish, and in English otherwise", async () => {
    const names = async (language?: string) =>
      ((await get("/all_color", language)).result as Array<{ name: string }>).map((entry) => entry.name);
    const english = await names();
    expect(english.slice(0, 3)).toEqual(["Black", "Brown", "Gray"]);
    expect((await names("es")).slice(0, 3)).toEqual(["Negro", "Marrón", "Gris"]);
    expect((await names("es-MX,es;q=0.9,en;q=0.8")).slice(0, 3)).toEqual(["Negro", "Marrón", "Gris"]);
    expect(await names("en-US,en;q=0.9")).toEqual(english);
    expect(await names("fr")).toEqual(english);
    // Brand names stay as they are.
    expect(((await get("/all_manufacturer", "es")).result as Array<{ name: string }>)[0]!.name).toBe("Ashley");
  });

  it("per-model ACE lists, plan items and a claim's damages come in Spanish too", async () => {
    expect(
      ((await get("/ace/damage_type_lookup_values?modelNo=ACE-SOF-2201", "es")).result as Array<{ name: string }>).map(
        (entry) => entry.name,
      ),
    ).toContain("Desgarro");
    const jane = await demoPlan(server.api, "W-E34-WS4566");
    const plan = (await get(`/plan/${jane.id}`, "es")).customers[0];
    expect(plan.warrantyItems.map((item: { type: { name: string } | null }) => item.type?.name)).toContain("Sofá");
    const paul = await demoPlan(server.api, "W-P55-IP0001");
    const claimId = (await server.db.query<{ id: number }>("SELECT id FROM claims WHERE plan_id = $1", [paul.id]))[0]!
      .id;
    const detail = await get(`/claim/${claimId}`, "es");
    expect(JSON.stringify(detail)).toContain("Desgarro");
    expect(JSON.stringify(detail.damageAreasDisp)).toContain("Brazo");
  });
});
