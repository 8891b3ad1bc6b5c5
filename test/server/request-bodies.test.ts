/**
 * The API reads a request body as JSON whatever its Content-Type says, as it always has: Hono's
 * validator parses only a JSON Content-Type, so a client sending none (or text/plain, as fetch does
 * for a string) must still be answered for what it sent (server/http/validate.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PREFIX } from "../../server/app-deps.ts";
import { API_KEY, startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A search sent with the given Content-Type (none when undefined), its body as bytes so fetch adds none. */
async function search(text: string, contentType?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { "x-api-key": API_KEY, ...(contentType && { "content-type": contentType }) };
  const response = await fetch(`${server.url}${API_PREFIX}/search_plan`, {
    method: "POST",
    headers,
    body: new TextEncoder().encode(text),
  });
  return { status: response.status, body: await response.json() };
}

const FOUND = JSON.stringify({ search_type: "search_plan_4", number: "W-E34-WS4566" });

describe("a JSON body without a JSON Content-Type", () => {
  it.each([
    ["none", undefined],
    ["text/plain", "text/plain;charset=UTF-8"],
    ["a form's", "application/x-www-form-urlencoded"],
  ])("is read as JSON with %s Content-Type", async (_label, contentType) => {
    const answer = await search(FOUND, contentType);
    expect(answer.status).toBe(200);
    expect(answer.body.customers.map((plan: { number: string }) => plan.number)).toEqual(["W-E34-WS4566"]);
  });

  it("is refused for its fields, its JSON and its structure as a JSON-typed one is", async () => {
    for (const contentType of [undefined, "text/plain", "application/json"]) {
      expect(await search(JSON.stringify({ search_type: "search_plan_4" }), contentType)).toMatchObject({
        status: 400,
        body: { code: "INVALID_REQUEST", errors: { number: expect.any(String) } },
      });
      expect(await search('{"search_type": ', contentType)).toEqual({
        status: 400,
        body: { message: "Invalid request", code: "INVALID_REQUEST", errors: { body: "Malformed JSON" } },
      });
      expect(await search(`${"[".repeat(40)}${"]".repeat(40)}`, contentType)).toMatchObject({
        status: 400,
        body: { errors: { body: expect.stringMatching(/^Nested too deeply/) } },
      });
    }
  });
});
