/**
 * The API key's one public exemption (SECURITY.md, "The API key is public by nature"): exactly
 * `GET /api/v1/openapi.json` is answered without the key; any other method on it, and any address
 * that only resembles it, is refused like every other call without the key. And how a call with
 * a key is answered: 401 for a wrong one, 400 for a value no key can be.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, startTestServer, type TestServer } from "./helpers.ts";

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
  it("answers GET (and HEAD, as for any GET) /api/v1/openapi.json without a key", async () => {
    expect(await withoutKey("GET", "/api/v1/openapi.json")).toBe(200);
    expect(await withoutKey("HEAD", "/api/v1/openapi.json")).toBe(200);
  });

  it.each([
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

describe("the API key", () => {
  // An address the API has no call at: past the key, it is a 404.
  const lookup = (key: string | undefined) =>
    fetch(`${server.url}/api/v1/no-such-call`, { headers: key === undefined ? {} : { "x-api-key": key } });

  it("lets the right key through, and answers a missing or wrong one 401 with a JSON message", async () => {
    expect((await lookup(API_KEY)).status).toBe(404);
    for (const key of [undefined, "another-key", `${API_KEY}=`]) {
      const answer = await lookup(key);
      expect(answer.status, String(key)).toBe(401);
      expect(await answer.json()).toEqual({ message: "Unauthorized" });
    }
  });

  it("answers a value no key can be (a space, a quote, a non-ASCII letter) 400, and says so", async () => {
    for (const key of [`${API_KEY} x`, `"${API_KEY}"`, "tést-api-key"]) {
      const answer = await lookup(key);
      expect(answer.status, key).toBe(400);
      expect(await answer.json()).toEqual({ message: "Malformed API key" });
    }
  });
});
