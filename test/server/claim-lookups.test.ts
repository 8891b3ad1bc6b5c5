/**
 * GET /lookups: the seven FPP lists a claim needs in one cacheable call per language, each list
 * exactly as the SPEC.md call named by its key answers it alone (same entries, same order, same
 * language), behind the API key like every other call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAIM_LOOKUP_PATHS, claimLookupsSchema, lookupListSchema } from "../../contract/schemas.ts";
import { LOOKUP_MAX_AGE_S } from "../../server/routes/lookups.ts";
import { API_KEY, expectRefused, expectShape, startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A GET with the API key and, when given, an Accept-Language header. */
function get(path: string, language?: string, extra: Record<string, string> = {}): Promise<Response> {
  const headers: Record<string, string> = { "x-api-key": API_KEY, ...extra };
  if (language !== undefined) headers["accept-language"] = language;
  return server.fetch(`${server.url}/api/v1${path}`, { headers });
}

/** The seven lists as the single calls answer them, keyed by their paths. */
async function singleCalls(language?: string) {
  const lists = await Promise.all(
    CLAIM_LOOKUP_PATHS.map(async (path) => {
      const response = await get(`/${path}`, language);
      expect(response.status, path).toBe(200);
      return [path, expectShape(lookupListSchema, await response.json()).result] as const;
    }),
  );
  return Object.fromEntries(lists);
}

/** The one call's lists. */
async function oneCall(query: string, language?: string) {
  const response = await get(`/lookups${query}`, language);
  expect(response.status).toBe(200);
  return expectShape(claimLookupsSchema, await response.json()).result;
}

describe("GET /lookups", () => {
  it("answers exactly what the seven single calls answer, in English and in Spanish", async () => {
    const english = await singleCalls();
    const spanish = await singleCalls("es");
    // The two languages really differ, so an answer in the wrong one cannot pass.
    expect(spanish.all_color![0]!.name).toBe("Negro");
    expect(english.all_color![0]!.name).toBe("Black");
    for (const path of CLAIM_LOOKUP_PATHS) expect(english[path]!.length, path).toBeGreaterThan(0);

    expect(await oneCall("")).toEqual(english);
    expect(await oneCall("?lang=en")).toEqual(english);
    expect(await oneCall("?lang=es")).toEqual(spanish);
    expect(await oneCall("", "es-MX,es;q=0.9")).toEqual(spanish);
    // The URL's language wins over the header: one cached copy per URL holds one language.
    expect(await oneCall("?lang=en", "es")).toEqual(english);
    expect(await oneCall("?lang=es", "en")).toEqual(spanish);
  });

  it("refuses a language it does not speak with the usual validation error", async () => {
    const body = await expectRefused(server.db, () => server.api.get("/lookups?lang=xx"), 400, ["lang"]);
    expect(body.message).toBe("Invalid request");
    await expectRefused(server.db, () => server.api.get("/lookups?lang="), 400, ["lang"]);
  });

  it("is refused without the right API key, like every other call", async () => {
    for (const key of [undefined, "demo-key"]) {
      expect(await expectRefused(server.db, () => server.apiWithKey(key).get("/lookups?lang=en"), 401)).toEqual({
        message: "Unauthorized",
      });
    }
  });

  it("may be kept by the browser alone, one copy per language, and revalidated cheaply", async () => {
    const byUrl = await get("/lookups?lang=es");
    expect(byUrl.headers.get("cache-control")).toBe(`private, max-age=${LOOKUP_MAX_AGE_S}`);
    const byHeader = await get("/lookups", "es");
    expect(byHeader.headers.get("cache-control")).toBe(`private, max-age=${LOOKUP_MAX_AGE_S}`);
    expect(byHeader.headers.get("vary")).toContain("Accept-Language");

    const tag = byUrl.headers.get("etag");
    expect(tag).toBeTruthy();
    const again = await get("/lookups?lang=es", undefined, { "if-none-match": tag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("cache-control")).toBe(`private, max-age=${LOOKUP_MAX_AGE_S}`);
    // Another language is another answer, never a 304 for the Spanish copy.
    expect((await get("/lookups?lang=en", undefined, { "if-none-match": tag! })).status).toBe(200);
  });
});
