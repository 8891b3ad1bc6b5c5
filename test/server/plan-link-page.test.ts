/**
 * The "opening your plan" page a plan link followed from another site gets (server/routes/plan-link.ts)
 * is in the language every page of the portal picks: `?lng=`, then the language cookie, then
 * Accept-Language (SPEC.md section 9), so it matches the portal page it reopens into.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_COOKIE } from "../../contract/locales.ts";
import { startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

/** The page's `<html lang>` for a signed-looking link followed from another site with these extras. */
async function pageLang(query: string, headers: Record<string, string>): Promise<string | undefined> {
  const answer = await fetch(`${server.url}/find-claim/1?customer_id=1&exp=9999999999&sig=abc${query}`, {
    headers: { "sec-fetch-site": "cross-site", ...headers },
  });
  expect(answer.status).toBe(200);
  return /<html lang="([^"]*)"/.exec(await answer.text())?.[1];
}

describe("the page that reopens a plan link from our origin", () => {
  it("follows ?lng= over the cookie and the browser's languages", async () => {
    expect(await pageLang("&lng=es", { "accept-language": "en", cookie: `${LANGUAGE_COOKIE}=en` })).toBe("es");
  });

  it("follows the language cookie over the browser's languages", async () => {
    expect(await pageLang("", { "accept-language": "es", cookie: `${LANGUAGE_COOKIE}=en` })).toBe("en");
    expect(await pageLang("", { "accept-language": "en", cookie: `${LANGUAGE_COOKIE}=es` })).toBe("es");
  });

  it("takes the browser's languages when nothing else names one", async () => {
    expect(await pageLang("", { "accept-language": "fr, es;q=0.8" })).toBe("es");
    expect(await pageLang("", { "accept-language": "fr" })).toBe("en");
  });
});
