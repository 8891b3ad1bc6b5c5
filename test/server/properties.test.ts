/**
 * Property-based (fast-check): random and hostile bodies, params, queries and cookies sent
 * to every route of the API. Whatever arrives, the answer is never a 500, and a refused call (any
 * status but 200) writes nothing. Runs are bounded so the suite stays quick on a 2-core machine.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.ts";
import { API_PREFIX } from "../../server/app-deps.ts";
import { API_KEY, claimBody, demoPlan, snapshot, startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer;
let routes: Array<{ method: string; path: string }>;
/** Real ids of the session's records, mixed into the generated values so some calls go deep. */
let known: number[];

beforeAll(async () => {
  server = await startTestServer();
  const jane = await demoPlan(server.api, "W-E34-WS4566");
  const maria = await demoPlan(server.api, "A-300-100200");
  const claim = (await server.api.post("/insert_claim", claimBody(jane.id, jane.customerId))).body.result
    .claim_id as number;
  known = [jane.id, jane.customerId, maria.id, maria.customerId, claim, jane.itemId("Sofa"), maria.itemId("Recliner")];
  const app = createApp({ db: undefined as never, storage: undefined as never, config: server.config });
  routes = app.routes
    .filter((r) => r.method !== "ALL" && r.path.startsWith(`${API_PREFIX}/`))
    .map((r) => ({ method: r.method, path: r.path.slice(API_PREFIX.length) }));
  expect(routes.length).toBeGreaterThan(40);
});
afterAll(async () => {
  await server?.stop();
});

const hostileText = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "'; DROP TABLE claims; --",
    "../../pg/PG_VERSION",
    "%2e%2e%2f",
    "<script>alert(1)</script>",
    "9".repeat(40),
    "-1",
    "0",
    "1e309",
    "NaN",
    "null",
    "true",
    "{}",
    "[]",
    "2025-02-30",
    "25:61:00",
    "\uD800",
    "🛋️",
    "A".repeat(5000),
  ),
);
// Record ids are random up to 2^53 - 1, plan and lookup ids int4: both edges, and past them.
const idLike = fc.oneof(
  fc.integer({ min: -5, max: 2_147_483_650 }),
  fc.constantFrom(0, 1, 2_147_483_647, 2_147_483_648, 2 ** 53 - 1, 2 ** 53, 1e21),
  fc.constant(null),
);
/** Any JSON value, with real ids (of this session's records) and hostile strings likely. */
const jsonValue = (): fc.Arbitrary<unknown> =>
  fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      idLike,
      hostileText,
      fc.boolean(),
      fc.double(),
      fc.constantFrom(...known),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(
        fc.constantFrom(
          "claimId",
          "customerId",
          "warrentyId",
          "claimItemId",
          "claimItemsId",
          "selectedItemId",
          "damageId",
          "docName",
          "search_type",
          "number",
          "name_first",
          "name_last",
          "email",
          "claim_items",
          "damage_item",
          "damagedate",
          "claimdate",
          "allowSMS",
          "quantity",
          "price",
          "notes",
          "requestId",
          "documents",
          "firstName",
          "zipCode",
          "__proto__",
          "constructor",
        ),
        tie("value"),
        { maxKeys: 8 },
      ),
    ),
  })).value;
const segment = fc.oneof(
  fc.constantFrom(
    ...[
      "1",
      "0",
      "-1",
      "abc",
      "99999999999",
      "9007199254740991",
      "9007199254740992",
      "12345678901234567",
      "%00",
      "..",
      "1.5",
      "1e3",
    ],
  ),
  fc.nat().map(String),
  fc.constant("KNOWN"),
);

/** A request built from a route: params filled with generated segments, a random body and query. */
const requestArb = () =>
  fc.record({
    route: fc.nat(),
    segments: fc.array(segment, { minLength: 3, maxLength: 3 }),
    body: fc.oneof(
      jsonValue().map((v) => JSON.stringify(v)),
      hostileText,
      fc.constant(undefined),
    ),
    query: fc.dictionary(
      fc.constantFrom(
        "claimId",
        "fileType",
        "fileName",
        "fileSize",
        "customerId",
        "modelNo",
        "requestId",
        "expires",
        "size",
        "sig",
      ),
      hostileText,
      { maxKeys: 3 },
    ),
    withCookie: fc.constantFrom("session", "none", "junk"),
    knownPick: fc.nat(),
  });

describe("every route, hostile input", () => {
  it("never answers 500, and a refused call writes nothing", async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(requestArb(), async (r) => {
        const route = routes[r.route % routes.length]!;
        let i = 0;
        const path = route.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, () => {
          const s = r.segments[i++ % 3]!;
          return encodeURIComponent(s === "KNOWN" ? String(known[r.knownPick % known.length]) : s);
        });
        const query = new URLSearchParams(r.query).toString();
        const url = `${server.url}${API_PREFIX}${path}${query ? `?${query}` : ""}`;
        const headers: Record<string, string> = { "x-api-key": API_KEY, "content-type": "application/json" };
        if (r.withCookie === "junk") headers.cookie = "claims_session=eyJlIjo5OTk5OTk5OTk5fQ.forged";
        const before = await snapshot(server.db);
        const init: RequestInit = {
          method: route.method,
          headers,
          ...(route.method === "GET" || r.body === undefined ? {} : { body: r.body }),
        };
        // "session": the browser of server.api, which found Jane's and Maria's plans.
        const response = r.withCookie === "session" ? await server.fetch(url, init) : await fetch(url, init);
        await response.arrayBuffer();
        if (response.status >= 500)
          failures.push(`${route.method} ${path}?${query} ${r.body ?? ""} -> ${response.status}`);
        if (response.status !== 200 && route.method !== "GET") {
          const after = await snapshot(server.db);
          if (JSON.stringify(after) !== JSON.stringify(before))
            failures.push(`${route.method} ${path} wrote while answering ${response.status}`);
        }
        return failures.length === 0;
      }),
      { numRuns: 600, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
    );
    expect(failures).toEqual([]);
  }, 120_000);

  it("hostile session cookies are no session, never an error", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (cookie) => {
        const value = encodeURIComponent(cookie);
        const response = await fetch(`${server.url}${API_PREFIX}/claim/${known[4]}`, {
          headers: { "x-api-key": API_KEY, cookie: `claims_session=${value}` },
        });
        await response.arrayBuffer();
        return response.status === 404;
      }),
      { numRuns: 200 },
    );
  });
});
