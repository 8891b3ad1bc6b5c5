/**
 * Shared pieces of the server integration tests: a real server on a free loopback port over a
 * fresh database (PGlite in a temp folder, or in the server-pg project a new PostgreSQL database:
 * test/server/test-database.ts), an HTTP client with or without the API key that keeps its session
 * cookie like a browser (SECURITY.md: access follows what a search found), and table counts to
 * prove a refused call wrote nothing.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as v from "valibot";
import { expect } from "vitest";
import { lookupListSchema } from "../../contract/schemas.ts";
import type { ServerConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/db.ts";
import { SESSION_COOKIE } from "../../server/http/session.ts";
import { startServer, type RunningServer } from "../../server/start.ts";
import { signedSession } from "./sessions.ts";
import { createTestDatabase, dropTestDatabase, testPostgresUrl } from "./test-database.ts";

export const API_KEY = "test-api-key";
export const UPLOAD_SECRET = "test-upload-secret";
/** The one origin the test servers allow cross-origin calls from (the Vite dev server's). */
export const DEV_PORTAL_ORIGIN = "http://localhost:5173";

/** A Cookie header granting a session these customers (verified: full contact details) and plans on a server (for raw fetches). */
export async function sessionCookie(
  config: Pick<ServerConfig, "sessionSecret">,
  access: { customers?: number[]; plans?: number[] },
): Promise<string> {
  const expires = Math.floor(Date.now() / 1000) + 600;
  return `${SESSION_COOKIE}=${await signedSession(config.sessionSecret, { customers: access.customers ?? [], plans: access.plans ?? [], verified: access.customers ?? [] }, expires)}`;
}

/** An answer: status, headers and the parsed JSON body (undefined when not JSON). */
export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

export interface Api {
  get(path: string): Promise<Answer>;
  post(path: string, body: unknown): Promise<Answer>;
  put(path: string, body?: unknown): Promise<Answer>;
  del(path: string): Promise<Answer>;
  /** Any request with a raw body (string sent as is). */
  send(method: string, path: string, body?: string): Promise<Answer>;
}

/** A browser's cookies: the session cookie the server sets, sent back on every request. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  /** The Cookie header to send, or undefined when there is none. */
  header(): string | undefined {
    return this.cookies.size ? [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ") : undefined;
  }
  /** Takes the Set-Cookie headers of an answer. */
  take(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (/max-age=0\b/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** Where a test server's data lives: its folder and, on PostgreSQL, its database. */
export type TestData = Pick<ServerConfig, "dataDir" | "databaseUrl">;

export interface TestServer extends RunningServer {
  dataDir: string;
  /**
   * Where its data lives (data folder, database): settings to start another server on the same data,
   * e.g. after close() to test a restart; startTestServer(data) then adopts it (and removes it on stop).
   */
  data: TestData;
  /** Client with the right API key, paths relative to /api/v1; shares the server's one browser session. */
  api: Api;
  /** Client with a given key (undefined: no header), in the same browser session as `api`. */
  apiWithKey(key: string | undefined): Api;
  /** A client with the right key in a new, empty browser session (another customer's browser). */
  newSession(): Api & { jar: CookieJar };
  /** fetch in the session of `api` (for /storage and signed URLs). */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * Settings of a new test server's data: a new temp folder and, in the server-pg project, a new
 * PostgreSQL database (else PGlite in the folder); `given` keeps whichever of them it names.
 */
export async function newTestData(given: Partial<ServerConfig> = {}): Promise<TestData> {
  const dataDir = given.dataDir ?? (await mkdtemp(join(tmpdir(), "claims-api-test-")));
  const databaseUrl =
    "databaseUrl" in given ? given.databaseUrl : testPostgresUrl ? await createTestDatabase() : undefined;
  return { dataDir, databaseUrl };
}

/** Removes what newTestData made (or a TestServer adopted): the folder and the test database. */
export async function removeTestData(data: TestData): Promise<void> {
  if (data.databaseUrl && testPostgresUrl) await dropTestDatabase(data.databaseUrl);
  await rm(data.dataDir, { recursive: true, force: true });
}

/**
 * Settings a developer's shell may export (SMTP_URL, MAIL_FROM, STAFF_KEY) that a test server never
 * takes from it: a suite that submits a claim must not mail through someone's relay.
 */
const HERMETIC_MAIL_AND_STAFF: Pick<ServerConfig, "smtpUrl" | "mailFrom" | "staffKey"> = {
  smtpUrl: undefined,
  mailFrom: "Claims Portal <claims@localhost>",
  staffKey: undefined,
};

/**
 * Starts a server over fresh data (newTestData), or over the data `overrides` names (a folder,
 * a database), which it then owns: stop() removes them.
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const data = await newTestData(overrides);
  const server = await startServer({
    apiKey: API_KEY,
    uploadSecret: UPLOAD_SECRET,
    staticDir: undefined,
    // The suites search far more often than a person, and fail on purpose; test/server/rate-limits.test.ts
    // and security-http.test.ts test the limits and the proof-of-work.
    rateLimits: {
      searchPerAddress: [100_000, 60],
      planLookupPerAddress: [100_000, 60],
      ticketPerAddress: [100_000, 60],
      contactUploadPerAddress: [100_000, 60],
      planLinkPerAddress: [100_000, 60],
      claimStatusPerAddress: [100_000, 60],
      draftsPerAddress: [100_000, 60],
    },
    searchChallenge: { after: [100_000, 60], cost: 1 },
    corsOrigins: [DEV_PORTAL_ORIGIN],
    // Mail goes to the data folder's outbox and the staff key to its file, whatever the shell exports.
    ...HERMETIC_MAIL_AND_STAFF,
    // A test stopping its server waits for no browser's call left hanging.
    shutdownGraceSeconds: 2,
    ...overrides,
    ...data,
  }).catch(async (error: unknown) => {
    await removeTestData(data);
    throw error;
  });
  const jar = new CookieJar();
  const apiWithKey = (key: string | undefined) => makeApi(`${server.url}/api/v1`, key, jar);
  return {
    ...server,
    dataDir: data.dataDir,
    data,
    api: apiWithKey(API_KEY),
    apiWithKey,
    newSession: () => {
      const own = new CookieJar();
      return Object.assign(makeApi(`${server.url}/api/v1`, API_KEY, own), { jar: own });
    },
    fetch: (url, init) => sessionFetch(jar, url, init),
    stop: async () => {
      await server.close();
      await removeTestData(data);
    },
  };
}

/**
 * Text of `DATA_DIR/pg/PG_VERSION`, a file beside the storage root that no storage URL may reach
 * (path-traversal tests). PGlite keeps its database there; on PostgreSQL the file is made here.
 */
export async function fileBesideStorage(server: Pick<TestServer, "dataDir">): Promise<string> {
  const path = join(server.dataDir, "pg", "PG_VERSION");
  const text = await readFile(path, "utf8").catch(async () => {
    await mkdir(join(server.dataDir, "pg"), { recursive: true });
    await writeFile(path, "18\n");
    return "18\n";
  });
  return text.trim();
}

/** fetch that sends and keeps the jar's cookies. */
export async function sessionFetch(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie && !headers.has("cookie")) headers.set("cookie", cookie);
  const response = await fetch(url, { ...init, headers });
  jar.take(response.headers);
  return response;
}

/** A client of the API at `base` (ending in /api/v1), sending `key` and the jar's cookies. */
export function makeApi(base: string, key: string | undefined, jar: CookieJar): Api {
  const send = async (method: string, path: string, body?: string): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (key !== undefined) headers["x-api-key"] = key;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await sessionFetch(jar, `${base}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };
  const json = (body: unknown) => (body === undefined ? undefined : JSON.stringify(body));
  return {
    get: (path) => send("GET", path),
    post: (path, body) => send("POST", path, json(body)),
    put: (path, body) => send("PUT", path, json(body)),
    del: (path) => send("DELETE", path),
    send,
  };
}

/** Parses with a contract schema, failing the test with the issues when it does not fit. */
export function expectShape<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) expect.fail(`answer does not fit the schema: ${JSON.stringify(v.flatten(result.issues))}`);
  return result.output;
}

const TABLES = ["customers", "plans", "plan_items", "lookup_values", "claims", "claim_items", "damages", "documents"];

/** Row counts of every table plus the claims' statuses: equal before and after = nothing written. */
export async function snapshot(db: Database): Promise<Record<string, unknown>> {
  const counts: Record<string, unknown> = {};
  for (const table of TABLES) {
    const [row] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
    counts[table] = row!.count;
  }
  counts.claims = await db.query("SELECT id, status, status_code, submitted_at::text FROM claims ORDER BY id");
  counts.claimItems = await db.query("SELECT id, manufacturer_id, material_id, color_id FROM claim_items ORDER BY id");
  counts.damages = await db.query("SELECT id, claim_item_id, notes, damage_date::text FROM damages ORDER BY id");
  counts.planItems = await db.query("SELECT id, plan_id, returned FROM plan_items ORDER BY id");
  counts.documents = await db.query("SELECT id, claim_id, claim_item_id, file_name FROM documents ORDER BY id");
  counts.customers = await db.query("SELECT * FROM customers ORDER BY id");
  return counts;
}

/**
 * Expects a refused call: the status, for 400 SPEC.md's 'Invalid request' with the code
 * INVALID_REQUEST a client reads and the field errors named, and no change in the database.
 * @returns the answer's body
 */
export async function expectRefused(
  db: Database,
  call: () => Promise<Answer>,
  status: number,
  fields: string[] = [],
): Promise<any> {
  const before = await snapshot(db);
  const answer = await call();
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  if (status === 400) {
    expect(answer.body).toMatchObject({ message: "Invalid request", code: "INVALID_REQUEST" });
    for (const field of fields) expect(answer.body.errors, JSON.stringify(answer.body)).toHaveProperty([field]);
  }
  expect(await snapshot(db)).toEqual(before);
  return answer.body;
}

/** Id of a lookup entry by name from a lookup call (e.g. "/all_color", "Brown"). */
export async function lookupId(api: Api, path: string, name: string): Promise<number> {
  const answer = await api.get(path);
  const list = expectShape(lookupListSchema, answer.body).result;
  const entry = list.find((item) => item.name === name);
  if (!entry) throw new Error(`${path} has no ${name}`);
  return entry.id;
}

/** Plan id and item ids of a demo plan, by warranty number. */
export async function demoPlan(api: Api, number: string) {
  const answer = await api.post("/search_plan", { search_type: "search_plan_4", number });
  const plan = [...answer.body.customers, ...answer.body.aceCustomers][0];
  if (!plan) throw new Error(`no demo plan ${number}`);
  const itemId = (type: string): number => {
    const item = plan.warrantyItems.find((i: { type: { name: string } | null }) => i.type?.name === type);
    if (!item) throw new Error(`${number} has no ${type}`);
    return item.id;
  };
  return { id: plan.id as number, customerId: plan.customerId as number, itemId, plan };
}

/** A PNG of `size` bytes: the signature the server checks, then zeros. */
export function png(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

/** A complete contact_service_ticket body for a request (Jane Doe's details and purchase). */
export const ticketBody = (requestId: string, documents: number[]) => ({
  request_id: requestId,
  customerDetails: {
    name: "Jane Doe",
    email: "jane.doe@example.com",
    phone: "2125550134",
    address: "350 5th Ave",
    city: "New York",
    state: "NY",
    zip_code: "10118",
  },
  purchaseDetails: {
    invoice: "INV-100234",
    date_of_purchase: "2024-03-15",
    store_name: "Furniture Mart",
    store_phone: "2125550199",
    store_address: "1 Main St",
    store_city: "New York",
    store_state: "NY",
    store_zip: "10001",
    were_any_items_exchanged: false,
  },
  documents,
});

/** A valid insert_claim body for a plan. */
export function claimBody(planId: number, customerId: number) {
  return { warrentyId: planId, customerId, damagedate: "2025-09-01", claimdate: "2025-09-02 14:30:00", allowSMS: true };
}

/**
 * A draft on a demo plan with one claim item (Ashley, Leather, Brown) on the plan item of a type.
 * @returns the claim id, claim item id and the plan as demoPlan reads it
 */
export async function draftWithItem(api: Api, number: string, itemType: string) {
  const plan = await demoPlan(api, number);
  const created = (await api.post("/insert_claim", claimBody(plan.id, plan.customerId))).body;
  const claimId: number = created.result?.claim_id ?? created.claimId;
  const items = await api.post("/insert_update_claim_item", {
    warrentyId: plan.id,
    claimId,
    claim_items: [
      {
        selectedItemId: plan.itemId(itemType),
        manuFacturer: await lookupId(api, "/all_manufacturer", "Ashley"),
        material: await lookupId(api, "/all_material", "Leather"),
        color: await lookupId(api, "/all_color", "Brown"),
      },
    ],
  });
  expect(items.status, JSON.stringify(items.body)).toBe(200);
  return { claimId, claimItemId: items.body.results[0].claimItemId as number, plan };
}
