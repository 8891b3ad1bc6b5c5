/**
 * The OpenAPI document (server/openapi/) against the server it describes: it is valid OpenAPI 3.1,
 * it lists exactly the routes the app registers, it is served without the API key at
 * /api/v1/openapi.json, and the reference page at /api/docs loads its script from our own origin
 * under a CSP of its own. The answers themselves are checked in openapi-answers.test.ts.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileErrors, validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CLAIM_ITEMS_PER_CALL } from "../../contract/schemas.ts";
import { createApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { openApiDocument } from "../../server/openapi/document.ts";

let portal: string;
let app: ReturnType<typeof createApp>;
/** The document of the app's routes, as the app serves it. */
let openApi: Awaited<ReturnType<typeof openApiDocument>>;
const API_KEY = "test-api-key";

beforeAll(async () => {
  // A built portal of one page, so the app registers its catch-alls as it does in production.
  portal = await mkdtemp(join(tmpdir(), "claims-openapi-portal-"));
  await writeFile(join(portal, "index.html"), "<!doctype html><title>Claims portal</title>");
  // Building the app touches neither the database nor the storage; these tests call no route that does.
  app = createApp({
    db: undefined as never,
    storage: undefined as never,
    config: { ...loadConfig({}), apiKey: API_KEY, staticDir: portal },
  });
  openApi = await openApiDocument(app);
});
afterAll(async () => {
  await rm(portal, { recursive: true, force: true });
});

type Paths = Record<string, Record<string, { operationId: string }>>;

/** `GET /api/v1/plan/{id}` for each route of the app: Hono's `:id` and `:id{regex}` in OpenAPI's form. */
function appRoutes(): string[] {
  const routes = app.routes
    // Middleware (`use`) and the /storage/* refusal of other methods are ALL; the portal's pages are `*` and `/`.
    .filter((route) => route.method !== "ALL" && !route.path.includes("*") && route.path !== "/")
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, "{$1}")}`);
  return [...new Set(routes)].sort();
}

function documentedRoutes(): string[] {
  const paths = openApi.paths as Paths;
  return Object.entries(paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    expect(openApi.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(openApi) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("documents every route the app registers, and no route it does not", () => {
    const registered = appRoutes();
    const documented = documentedRoutes();
    expect(
      registered.filter((route) => !documented.includes(route)),
      "registered but not documented",
    ).toEqual([]);
    expect(
      documented.filter((route) => !registered.includes(route)),
      "documented but not registered",
    ).toEqual([]);
    // Guards the comparison itself: the calls SPEC.md names and ours are all there.
    expect(documented).toEqual(
      expect.arrayContaining([
        "POST /api/v1/search_plan",
        "GET /api/v1/plan/{id}",
        "PUT /api/v1/submit_claim/{claimId}/{customerId}",
        "PUT /api/v1/uploads/{claimId}/{fileName}",
        "GET /api/v1/plan_link/{id}",
        "GET /find-claim/{id}",
        "POST /api/v1/contact_service_ticket",
        "GET /storage/contact_service/{requestId}/{fileName}",
      ]),
    );
  });

  it("names each operation once, and says how each call is refused", () => {
    const operations = Object.values(openApi.paths as Paths).flatMap((methods) => Object.values(methods));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.length).toBeGreaterThan(50);
    expect(new Set(ids).size).toBe(ids.length);
    const search = (openApi.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[
      "/api/v1/search_plan"
    ]!.post!;
    expect(Object.keys(search.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "428", "429", "500"]));
  });

  it("describes a bounded array's items as well as its length", () => {
    type Body = {
      requestBody: { content: Record<string, { schema: { properties: Record<string, Record<string, unknown>> } }> };
    };
    const body = (openApi.paths as Record<string, Record<string, Body>>)["/api/v1/insert_update_claim_item"]!.post!
      .requestBody;
    expect(body.content["application/json"]!.schema.properties.claim_items).toMatchObject({
      type: "array",
      minItems: 1,
      maxItems: MAX_CLAIM_ITEMS_PER_CALL,
      items: {
        type: "object",
        properties: expect.objectContaining({ claimItemId: expect.anything(), selectedItemId: expect.anything() }),
      },
    });
  });

  it("marks required exactly the query parameters the server requires: a call with none names each in its 400", async () => {
    type Parameter = { name: string; in: string; required?: boolean };
    const checked: string[] = [];
    for (const [path, methods] of Object.entries(
      openApi.paths as Record<string, Record<string, { parameters?: Parameter[]; security?: unknown[] }>>,
    )) {
      for (const [method, operation] of Object.entries(methods)) {
        const query = (operation.parameters ?? []).filter((parameter) => parameter.in === "query");
        const required = query
          .filter((parameter) => parameter.required)
          .map((parameter) => parameter.name)
          .sort();
        // A signed URL's query is checked by its signature (403), not field by field.
        if (!required.length || operation.security?.length === 0) continue;
        // Path ids valid as they come; the query is checked before any record is read.
        const answer = await app.request(path.replace(/\{\w+\}/g, "1"), {
          method: method.toUpperCase(),
          headers: { "x-api-key": API_KEY },
        });
        expect(answer.status, `${method} ${path}`).toBe(400);
        expect(
          Object.keys(((await answer.json()) as { errors: Record<string, string> }).errors).sort(),
          `${method} ${path}`,
        ).toEqual(required);
        checked.push(`${method} ${path}`);
      }
    }
    // Guards the loop itself: the model lookups, plan links and both upload-URL calls are among those checked.
    expect(checked).toEqual(
      expect.arrayContaining([
        "get /api/v1/ace/damage_type_lookup_values",
        "get /api/v1/plan_link/{id}",
        "get /api/v1/file-upload-url",
        "get /api/v1/contact_service/file-upload-url",
      ]),
    );
  });
});

describe("serving the document and the reference page", () => {
  it("serves the document without the API key, while the calls it describes still need it", async () => {
    const served = await app.request("/api/v1/openapi.json");
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toContain("application/json");
    expect(await served.json()).toEqual(openApi);
    expect((await app.request("/api/v1/all_color")).status).toBe(401);
    expect((await app.request("/api/v1/openapi.json", { method: "POST" })).status).toBe(401);
    // Exactly that one path: a neighbour of it still needs the key.
    for (const near of ["/api/v1/openapi.json/", "/api/v1/openapi.jsonx"])
      expect((await app.request(near)).status, near).toBe(401);
  });

  it("serves the reference page with its script from our origin, allowed by the page's own CSP", async () => {
    const page = await app.request("/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes!);
    const sources = scripts.flatMap((attributes) => /src="([^"]+)"/.exec(attributes)?.[1] ?? []);
    expect(sources).toEqual([expect.stringMatching(/^\/api\/docs\/scalar\.js\?v=[\d.]+$/)]);
    expect(html).toContain("/api/v1/openapi.json");
    const policy = page.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    // The inline start-up script runs by the nonce; nothing else inline would.
    for (const attributes of scripts.filter((attributes) => !attributes.includes("src=")))
      expect(attributes).toContain(`nonce="${nonce}"`);
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
    expect(policy).toContain("connect-src 'self'");
    // The portal keeps its own policy, which has no nonce.
    expect((await app.request("/api/v1/openapi.json")).headers.get("content-security-policy")).not.toContain("nonce");

    const script = await app.request(sources[0]!);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("text/javascript");
    expect(script.headers.get("cache-control")).toContain("max-age=31536000");
    expect((await script.text()).length).toBeGreaterThan(1_000_000);
  });
});
