/**
 * No request costs the server more than its size warrants (SECURITY.md, "What protects the data"):
 * replays the body of 200,000 empty claim items that, sent with the API key alone, took 12 s and
 * answered 72.6 MB; checks that arrays are refused for their length before any item is looked at,
 * that every error answer stays under 16 KB with at most 20 field errors, that each call reads at
 * most its largest honest body, and that the database's own words never reach an answer. A
 * fast-check property then sends random and hostile bodies of up to 1 MB to every route.
 */
import { log } from "../../server/log.ts";
import fc from "fast-check";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHALLENGE_HEADER } from "../../contract/challenge.ts";
import {
  MAX_CLAIM_ITEMS_PER_CALL,
  MAX_DAMAGES_PER_CALL,
  MAX_ID,
  MAX_NOTES_LENGTH,
  MAX_SERIAL_ID,
  claimItemsRequestSchema,
  contactTicketRequestSchema,
  damagesRequestSchema,
} from "../../contract/schemas.ts";
import { Hono } from "hono";
import { API_PREFIX } from "../../server/app-deps.ts";
import { bodyText } from "../../server/http/body-text.ts";
import { createApp } from "../../server/app.ts";
import type { Database } from "../../server/db/db.ts";
import {
  API_KEY,
  DEV_PORTAL_ORIGIN,
  claimBody,
  draftWithItem,
  startTestServer,
  type Answer,
  type TestServer,
} from "./helpers.ts";

/** Every error answer stays under this many bytes. */
const ANSWER_BYTES = 16 * 1024;
/** Most field errors an answer lists. */
const MOST_ERRORS = 20;

let server: TestServer;
/** The draft of the server's browser (server.api) on Jane's plan, with one claim item. */
let draft: Awaited<ReturnType<typeof draftWithItem>>;

beforeAll(async () => {
  server = await startTestServer();
  draft = await draftWithItem(server.api, "W-E34-WS4566", "Sofa");
});
afterAll(async () => {
  await server?.stop();
});

/**
 * A request with the API key, by default with no session (a new, empty browser).
 * @param session true: in the browser of server.api, which owns `draft`
 * @returns the answer and its size in bytes
 */
async function sendRaw(
  method: string,
  path: string,
  body: string | undefined,
  session = false,
): Promise<Answer & { bytes: number }> {
  const init = { method, headers: { "x-api-key": API_KEY, "content-type": "application/json" }, body };
  const url = `${server.url}${API_PREFIX}${path}`;
  const response = session ? await server.fetch(url, init) : await fetch(url, init);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, bytes: Buffer.byteLength(text) };
}

/** Expects a refusal that costs little to read: 400 or 413, under 16 KB, at most 20 field errors. */
function expectBoundedRefusal(answer: Answer & { bytes: number }): void {
  expect([400, 413], JSON.stringify(answer.body).slice(0, 500)).toContain(answer.status);
  expect(answer.bytes).toBeLessThan(ANSWER_BYTES);
  expect(Object.keys(answer.body?.errors ?? {}).length).toBeLessThanOrEqual(MOST_ERRORS);
}

describe("the finding replayed", () => {
  it("200,000 empty claim items with the API key alone: a small refusal, not every item's issues", async () => {
    const body = JSON.stringify({ warrentyId: 1, claimId: 1, claim_items: new Array(200_000).fill({}) });
    expect(body.length).toBeGreaterThan(580 * 1024);
    const answer = await sendRaw("POST", "/insert_update_claim_item", body);
    expectBoundedRefusal(answer);
  }, 120_000);

  it("the same items where a call takes a larger body: one error, about the body's values", async () => {
    const body = JSON.stringify({ claimId: 1, customerId: 1, damage_item: new Array(200_000).fill({}) });
    const answer = await sendRaw("POST", "/insert_claim_item_damage", body);
    expectBoundedRefusal(answer);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ body: expect.stringMatching(/^Too many values/) });
  }, 120_000);
});

describe("a body is refused for a structure no request has, before it is parsed", () => {
  it("nesting deeper than 16", async () => {
    const answer = await sendRaw(
      "POST",
      "/insert_claim_item_damage",
      `{"claimId":1,"damage_item":${"[".repeat(17)}${"]".repeat(17)}}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ body: expect.stringMatching(/^Nested too deeply/) });
  });

  it("more values than the largest request holds, while brackets and commas inside texts do not count", async () => {
    const many = await sendRaw(
      "POST",
      "/search_plan",
      `{"search_type":"search_plan_4","number":"x",${Array.from({ length: 4100 }, (_, i) => `"k${i}":0`).join(",")}}`,
    );
    expect(many.status).toBe(400);
    expect(many.body.errors).toEqual({ body: expect.stringMatching(/^Too many values/) });
    const inText = await server.api.post("/search_plan", {
      search_type: "search_plan_4",
      number: "W-E34-WS4566",
      note: '[[[[,,,,::::{{{{"'.repeat(3000),
    });
    expect(inText.status).toBe(200);
  });
});

describe("arrays are refused for their length before any item is read", () => {
  // Issues are a count of the work done: each item looked at adds at least one for `{}`.
  const cases = [
    ["claim_items", claimItemsRequestSchema, { warrentyId: 1, claimId: 1 }, MAX_CLAIM_ITEMS_PER_CALL],
    ["damage_item", damagesRequestSchema, { claimId: 1, customerId: 1 }, MAX_DAMAGES_PER_CALL],
    ["documents", contactTicketRequestSchema, {}, 20],
  ] as const;
  it.each(cases)("%s: one too many invalid items is one issue, its length", (key, schema, rest, max) => {
    const result = v.safeParse(schema, { ...rest, [key]: new Array(max + 1).fill({}) });
    const about = (result.issues ?? []).filter((issue) => v.getDotPath(issue)?.startsWith(key));
    expect(about.map((issue) => [v.getDotPath(issue), issue.type])).toEqual([[key, "max_length"]]);
  });
  it.each(cases)("%s: as many invalid items as allowed are each looked at", (key, schema, rest, max) => {
    const result = v.safeParse(schema, { ...rest, [key]: new Array(max).fill({}) });
    const items = new Set((result.issues ?? []).map((issue) => v.getDotPath(issue)?.split(".")[1]).filter(Boolean));
    expect(items.size).toBe(max);
  });
});

describe("error answers stay small", () => {
  it("a value of 9,000 control characters where a number belongs is not quoted back whole", async () => {
    // JSON writes each as \u0001: a body of 54 KB, which the call reads (under its 64 KiB).
    const answer = await sendRaw(
      "POST",
      "/insert_claim",
      JSON.stringify({ ...claimBody(1, 1), warrentyId: "\u0001".repeat(9_000) }),
    );
    expectBoundedRefusal(answer);
    expect(answer.body.errors).toHaveProperty(["warrentyId"]);
  });

  it("100 claim items that are all wrong in the owner's own draft: at most 20 errors, under 16 KB", async () => {
    const items = Array.from({ length: MAX_CLAIM_ITEMS_PER_CALL }, (_, i) => ({
      selectedItemId: MAX_SERIAL_ID - i,
      manuFacturer: MAX_SERIAL_ID - i,
      material: MAX_SERIAL_ID - i,
      color: MAX_SERIAL_ID - i,
      itemType: MAX_SERIAL_ID - i,
    }));
    const answer = await server.api.post("/insert_update_claim_item", {
      warrentyId: draft.plan.id,
      claimId: draft.claimId,
      claim_items: items,
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors).length).toBeGreaterThan(0);
    expect(Object.keys(answer.body.errors).length).toBeLessThanOrEqual(MOST_ERRORS);
    expect(Buffer.byteLength(JSON.stringify(answer.body))).toBeLessThan(ANSWER_BYTES);
  });

  it("a form with several wrong fields still names each of them", async () => {
    const answer = await sendRaw(
      "POST",
      "/insert_claim",
      JSON.stringify({ warrentyId: "x", customerId: "y", damagedate: "2025-02-30", claimdate: "", allowSMS: false }),
    );
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors).sort()).toEqual([
      "allowSMS",
      "claimdate",
      "customerId",
      "damagedate",
      "warrentyId",
    ]);
  });

  it("malformed JSON is still a 400 that says so", async () => {
    const answer = await sendRaw("POST", "/insert_update_claim_item", '{"claim_items": [');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: "Invalid request",
      code: "INVALID_REQUEST",
      errors: { body: "Malformed JSON" },
    });
  });
});

describe("each call reads at most its largest honest body", () => {
  it("the most claim items at their largest ids fit; a search of 70 KB does not", async () => {
    const items = Array.from({ length: MAX_CLAIM_ITEMS_PER_CALL }, () => ({
      claimItemId: MAX_ID,
      selectedItemId: MAX_SERIAL_ID,
      manuFacturer: MAX_SERIAL_ID,
      material: MAX_SERIAL_ID,
      color: MAX_SERIAL_ID,
      itemType: MAX_SERIAL_ID,
    }));
    const honest = await sendRaw(
      "POST",
      "/insert_update_claim_item",
      JSON.stringify({ warrentyId: MAX_SERIAL_ID, claimId: MAX_ID, claim_items: items }),
    );
    expect(honest.status).not.toBe(413);
    const search = await sendRaw(
      "POST",
      "/search_plan",
      JSON.stringify({ search_type: "search_plan_4", number: "x".repeat(70_000) }),
    );
    expect(search.status).toBe(413);
    expect(search.body).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("the most damages with the longest notes in 3-byte characters fit; a body over the limit does not", async () => {
    const damage = (notes: string) => ({
      damageId: MAX_ID,
      selectedItemId: MAX_SERIAL_ID,
      damageType: MAX_SERIAL_ID,
      specificLocation: MAX_SERIAL_ID,
      damageDate: "2025-09-10",
      howDidOccur: MAX_SERIAL_ID,
      actionTaken: MAX_SERIAL_ID,
      notes,
      specificDamage: MAX_SERIAL_ID,
    });
    const honest = JSON.stringify({
      claimId: draft.claimId,
      customerId: draft.plan.customerId,
      damage_item: new Array(MAX_DAMAGES_PER_CALL).fill(damage("€".repeat(MAX_NOTES_LENGTH))),
    });
    expect(Buffer.byteLength(honest)).toBeGreaterThan(1_200_000);
    const answer = await server.api.send("POST", "/insert_claim_item_damage", honest);
    // Read in full and judged on its content: the plan item and lookups named do not exist.
    expect(answer.status).toBe(400);
    expect(answer.body.errors).not.toHaveProperty(["body"]);
    const tooBig = JSON.stringify({
      claimId: draft.claimId,
      customerId: draft.plan.customerId,
      damage_item: [damage("x".repeat(1_400_000))],
    });
    expect((await server.api.send("POST", "/insert_claim_item_damage", tooBig)).status).toBe(413);
  });
});

describe("a large body is decoded in slices", () => {
  it("keeps every character, those cut by a slice's edge included", async () => {
    const app = new Hono().post("/echo", async (c) => c.text(await bodyText(c)));
    // 1-, 2-, 3- and 4-byte characters, so that slices of 64 KiB end inside each kind.
    const text = "a\u00e9\u20ac\u{1F6CB}".repeat(40_000);
    const response = await app.request("/echo", { method: "POST", body: text });
    expect(await response.text()).toBe(text);
  });
});

describe("the database's own words never reach an answer", () => {
  it("a value the database refuses is a 400 naming no table, column or constraint", async () => {
    const refusal = Object.assign(
      new Error('insert or update on table "claim_items" violates foreign key constraint "claim_items_color_id_fkey"'),
      {
        code: "23503",
        table: "claim_items",
        constraint: "claim_items_color_id_fkey",
      },
    );
    const failing = {
      query: async () => Promise.reject(refusal),
      transaction: async () => Promise.reject(refusal),
      close: async () => {},
    } as unknown as Database;
    const app = createApp({ db: failing, storage: undefined as never, config: server.config });
    const logged = vi.spyOn(log, "warn");
    const response = await app.request(`${API_PREFIX}/all_color`, { headers: { "x-api-key": API_KEY } });
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ message: "Invalid request" });
    expect(text).not.toMatch(/claim_items|constraint|fkey|table/);
    // Where it failed is kept where an operator reads it.
    expect(JSON.stringify(logged.mock.calls)).toContain("claim_items_color_id_fkey");
  });
});

describe("a browser may send the proof-of-work header cross-origin", () => {
  it(`the preflight allows ${CHALLENGE_HEADER}`, async () => {
    const response = await fetch(`${server.url}${API_PREFIX}/search_plan`, {
      method: "OPTIONS",
      headers: {
        origin: DEV_PORTAL_ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": `content-type,x-api-key,${CHALLENGE_HEADER.toLowerCase()}`,
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain(
      CHALLENGE_HEADER.toLowerCase(),
    );
  });
});

describe("every route, random and hostile bodies of up to 1 MB", () => {
  const MB = 1_000_000;
  /**
   * Routes of the API as `{ method, path }` under /api/v1, but the OpenAPI document: it reads no
   * request and answers the same description, far over 16 KB, to anyone (test/server/openapi.test.ts).
   */
  const routes = () =>
    createApp({ db: undefined as never, storage: undefined as never, config: server.config })
      .routes.filter(
        (r) => r.method !== "ALL" && r.path.startsWith(`${API_PREFIX}/`) && r.path !== `${API_PREFIX}/openapi.json`,
      )
      .map((r) => ({ method: r.method, path: r.path.slice(API_PREFIX.length) }));
  /** `unit` repeated to about `bytes` bytes of JSON text. */
  const filled = (unit: string, bytes: number) => unit.repeat(Math.max(0, Math.floor(bytes / Buffer.byteLength(unit))));
  const size = fc.integer({ min: 0, max: MB - 1000 });
  /** Arrays the calls take. */
  const ARRAY_KEYS = ["claim_items", "damage_item", "documents"];
  /** Fields the calls read, ids and texts alike. */
  const FIELDS = [
    "claimId",
    "customerId",
    "warrentyId",
    "claimItemsId",
    "selectedItemId",
    "search_type",
    "number",
    "name_first",
    "email",
    "claimdate",
    "allowSMS",
    "docName",
    "modelNumber",
    "description",
    "notes",
    "requestId",
    "request_id",
    "firstName",
    "phone",
    "zipCode",
  ];

  /**
   * Recipes of bodies, each at most 1 MB, and what they make (bodyOf): kept apart so that a
   * failing case is reported, and shrunk, as its recipe rather than as a megabyte of text.
   */
  const recipeArb = () =>
    fc.oneof(
      // Many items in every array a call takes, as in the finding: empty, wrong, or plausible with real ids.
      fc.record({
        kind: fc.constant("items" as const),
        item: fc.constantFrom("{}", "0", "null", '""', "[]", "plan item", "damage"),
        bytes: size,
      }),
      // One long text in every field a call reads: plain, blank, escaped, unpaired, quoted.
      fc.record({
        kind: fc.constant("texts" as const),
        unit: fc.constantFrom("a", " ", "\\u0000", "€", '\\"', "\\ud800", "\\n", "9"),
        bytes: size,
      }),
      // Deep nesting, alone or where an array belongs.
      fc.record({
        kind: fc.constant("nested" as const),
        depth: fc.integer({ min: 1, max: MB / 2 - 1000 }),
        inArray: fc.boolean(),
      }),
      // Objects of many keys, hostile ones among them.
      fc.record({
        kind: fc.constant("keys" as const),
        count: fc.integer({ min: 1, max: 40_000 }),
        key: fc.constantFrom("k", "__proto__", "constructor", "\\u0000".repeat(10), "€".repeat(8)),
      }),
      // Not JSON.
      fc.record({
        kind: fc.constant("junk" as const),
        unit: fc.constantFrom("{", "[", '"', "\u0000", "x"),
        bytes: size,
      }),
      // Small random JSON.
      fc.record({ kind: fc.constant("json" as const), text: fc.json() }),
    );
  type Recipe = typeof recipeArb extends () => fc.Arbitrary<infer R> ? R : never;

  /** The body a recipe makes, with the draft's real ids where a call reads ids. */
  function bodyOf(recipe: Recipe): string {
    const head = `"claimId":${draft.claimId},"customerId":${draft.plan.customerId},"warrentyId":${draft.plan.id}`;
    const sofa = draft.plan.itemId("Sofa");
    switch (recipe.kind) {
      case "items": {
        const item =
          recipe.item === "plan item"
            ? `{"selectedItemId":${sofa},"manuFacturer":1,"material":1,"color":1}`
            : recipe.item === "damage"
              ? `{"selectedItemId":${sofa},"damageType":1,"specificLocation":1,"damageDate":"2025-09-10","howDidOccur":1,"actionTaken":1,"notes":"x"}`
              : recipe.item;
        return `{${head},${ARRAY_KEYS.map((key) => `"${key}":[${filled(`${item},`, recipe.bytes / ARRAY_KEYS.length)}${item}]`).join(",")}}`;
      }
      case "texts":
        return `{${FIELDS.map((key) => `"${key}":"${filled(recipe.unit, recipe.bytes / FIELDS.length)}"`).join(",")}}`;
      case "nested": {
        const nest = `${"[".repeat(recipe.depth)}${"]".repeat(recipe.depth)}`;
        return recipe.inArray ? `{${head},"claim_items":${nest}}` : nest;
      }
      case "keys": {
        const most = Math.floor(MB / (2 * Buffer.byteLength(recipe.key) + 20));
        return `{${Array.from({ length: Math.min(recipe.count, most) }, (_, i) => `"${recipe.key}${i}":{"${recipe.key}":${i}}`).join(",")}}`;
      }
      case "junk":
        return filled(recipe.unit, recipe.bytes);
      case "json":
        return recipe.text;
    }
  }

  it("answers each under 16 KB with at most 20 field errors, and never 500", async () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(40);
    const withBody = all.filter((r) => r.method === "POST" || r.method === "PUT");
    const fill = (path: string) =>
      path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, (_, name: string) =>
        String(/item/i.test(name) ? draft.claimItemId : /customer/i.test(name) ? draft.plan.customerId : draft.claimId),
      );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          route: fc.oneof({ arbitrary: fc.constantFrom(...withBody), weight: 3 }, fc.constantFrom(...all)),
          recipe: recipeArb(),
          session: fc.boolean(),
        }),
        async ({ route, recipe, session }) => {
          const body = bodyOf(recipe);
          expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MB);
          const answer = await sendRaw(
            route.method,
            fill(route.path),
            route.method === "GET" ? undefined : body,
            session,
          );
          const seen = `${route.method} ${route.path} -> ${answer.status}, ${answer.bytes} bytes`;
          expect(answer.status, seen).toBeLessThan(500);
          expect(answer.bytes, seen).toBeLessThan(ANSWER_BYTES);
          expect(Object.keys(answer.body?.errors ?? {}).length, seen).toBeLessThanOrEqual(MOST_ERRORS);
        },
      ),
      { numRuns: 150, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
    );
  }, 180_000);
});
