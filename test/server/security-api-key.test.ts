/**
 * The API key's one public exemption (SECURITY.md, "The API key is public by nature"): exactly
 * `GET /api/v1/openapi.json` is answered without the key; any other method on it, and any address
 * that only resembles it, is refused like every other call without the key.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

/** Status of a call sent with no API key and no cookie. */
const withoutKey = async (method: string, path: string) => (await fetch(`${server.url}${path}`, { method })).status;

describe("the OpenAPI document's exemption from the API key", () => {
  it("answers GET /api/v1/openapi.json without a key", async () => {
    expect(await withoutKey("GET", "/api/v1/openapi.json")).toBe(200);
  });

  it.each([
    ["HEAD", "/api/v1/openapi.json"],
    ["POST", "/api/v1/openapi.json"],
    ["DELETE", "/api/v1/openapi.json"],
    ["GET", "/api/v1/openapi.jsonx"],
    ["GET", "/api/v1/openapi.json/"],
    ["GET", "/api/v1/openapi.json/x"],
    ["GET", "/api/v1/openapi.json.gz"],
    ["GET", "/api/v1/OPENAPI.json"],
    ["GET", "/api/v1/x/openapi.json"],
    ["GET", "/api/v1/ace/openapi.json"],
  ])("refuses %s %s without a key (401)", async (method, path) => {
    expect(await withoutKey(method, path)).toBe(401);
  });
});
