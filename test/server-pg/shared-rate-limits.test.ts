/**
 * The rate-limit counts are the deployment's, not a process's (docs/deployment.md): two API
 * processes (`tsx server/main.ts`) on one PostgreSQL database count one client's requests
 * together, so a balancer spreading them does not multiply the allowance. A proof-of-work solution
 * spent on one process is spent on the other too. Needs PostgreSQL (PGlite is one process): part
 * of the server-pg project only.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHALLENGE_HEADER, challengeAnswerSchema } from "../../contract/challenge.ts";
import { startApiProcess, stopApiProcess, type ApiProcess } from "../../scripts/api-process.ts";
import { API_KEY, expectShape } from "../server/helpers.ts";
import { createTestDatabase, dropTestDatabase } from "../server/test-database.ts";

let databaseUrl: string;
let a: ApiProcess;
let b: ApiProcess;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  const shared = {
    DATABASE_URL: databaseUrl,
    API_KEY,
    SESSION_SECRET: "shared-limits-session-secret",
    UPLOAD_SECRET: "shared-limits-upload-secret",
    LINK_SECRET: "shared-limits-link-secret",
    RATE_LIMIT_PLAN: "4/600",
    RATE_LIMIT_PLAN_LINK: "3/600",
    SEARCH_CHALLENGE_AFTER: "2/600",
    SEARCH_CHALLENGE_COST: "1",
  };
  // Started together on the empty database: they race to create the counts' table too.
  [a, b] = await Promise.all([startApiProcess(shared), startApiProcess(shared)]);
});
afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map(stopApiProcess));
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

const call = async (
  server: ApiProcess,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: {
      "x-api-key": API_KEY,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : undefined };
};

describe("two API processes on one PostgreSQL", () => {
  it("share one count per client: the allowance is spent across both, not once on each", async () => {
    // This test's loopback address is the one client; lookups without a session answer 404.
    const statuses = [];
    for (const server of [a, b, a, b, a, b]) statuses.push((await call(server, "GET", "/api/v1/plan/1")).status);
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
    const links = [];
    for (const server of [b, a, b, a])
      links.push(
        (await call(server, "GET", "/find-claim/1?customer_id=1&plan_type=FPP&exp=9999999999&sig=AAAA")).status,
      );
    expect(links).toEqual([303, 303, 303, 429]);
  });

  it("count failed searches together, and a solution spent on one is spent on the other", async () => {
    const search = (server: ApiProcess, headers: Record<string, string> = {}) =>
      call(
        server,
        "POST",
        "/api/v1/search_plan",
        { search_type: "search_plan_1", name_first: "Dana", name_last: "Reyes", email: "dana.reyes@example.com" },
        headers,
      );
    const guess = (server: ApiProcess, email: string) =>
      call(server, "POST", "/api/v1/search_plan", {
        search_type: "search_plan_1",
        name_first: "Dana",
        name_last: "Reyes",
        email,
      });
    expect((await guess(a, "guess1@example.com")).status).toBe(200);
    expect((await guess(b, "guess2@example.com")).status).toBe(200);
    // Two failures, one on each process: the third search, on either, asks for work.
    const asked = await search(a);
    expect(asked.status).toBe(428);
    const { challenge } = expectShape(challengeAnswerSchema, asked.body);
    const solution = await solveChallenge({
      challenge: challenge as Parameters<typeof solveChallenge>[0]["challenge"],
      deriveKey,
    });
    const header = { [CHALLENGE_HEADER]: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64") };
    const found = await search(b, header);
    expect(found.status).toBe(200);
    expect(found.body.customers).not.toHaveLength(0);
    expect((await search(a, header)).status).toBe(428);
  });
});
