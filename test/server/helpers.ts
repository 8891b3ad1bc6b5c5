/**
 * Shared pieces of the server integration tests: a real server on a free loopback port over a
 * fresh PGlite in a temp folder, an HTTP client with or without the API key, and table counts to
 * prove a refused call wrote nothing.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as v from "valibot";
import { expect } from "vitest";
import { lookupListSchema } from "../../contract/schemas.ts";
import type { Database } from "../../server/db.ts";
import { startServer, type RunningServer } from "../../server/start.ts";

export const API_KEY = "test-api-key";
export const UPLOAD_SECRET = "test-upload-secret";

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

export interface TestServer extends RunningServer {
  dataDir: string;
  /** Client with the right API key, paths relative to /api/v1. */
  api: Api;
  /** Client with a given key (undefined: no header). */
  apiWithKey(key: string | undefined): Api;
  stop(): Promise<void>;
}

/** Starts a server over a fresh database in a new temp folder. */
export async function startTestServer(): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), "claims-api-test-"));
  const server = await startServer({ dataDir, apiKey: API_KEY, uploadSecret: UPLOAD_SECRET, staticDir: undefined, databaseUrl: undefined });
  const apiWithKey = (key: string | undefined) => makeApi(`${server.url}/api/v1`, key);
  return {
    ...server,
    dataDir,
    api: apiWithKey(API_KEY),
    apiWithKey,
    stop: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function makeApi(base: string, key: string | undefined): Api {
  const send = async (method: string, path: string, body?: string): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (key !== undefined) headers["x-api-key"] = key;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${base}${path}`, { method, headers, body });
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
 * Expects a refused call: the status, for 400 the field errors named, and no change in the
 * database.
 * @returns the answer's body
 */
export async function expectRefused(db: Database, call: () => Promise<Answer>, status: number, fields: string[] = []): Promise<any> {
  const before = await snapshot(db);
  const answer = await call();
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  if (status === 400) {
    expect(answer.body.message).toBe("Invalid request");
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

/** A valid insert_claim body for a plan. */
export function claimBody(planId: number, customerId: number) {
  return { warrentyId: planId, customerId, damagedate: "2025-09-01", claimdate: "2025-09-02 14:30:00", allowSMS: true };
}
