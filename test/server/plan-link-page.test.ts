/**
 * The "opening your plan" page a signed link followed from another site gets: the portal host's
 * (src/server/link-hand-over.ts), in one process with the API here as `npm start` runs them, from a
 * portal folder holding stand-ins for the build's two pages (the real ones and their refresh in
 * Chromium: test/e2e/portal-host.test.ts). It is in the language every page of the portal picks:
 * `?lng=`, then the language cookie, then Accept-Language (SPEC.md section 9), so it matches the
 * portal page it reopens into. The claims API alone grants such a navigation nothing and has no
 * page for it.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_COOKIE, LOCALES } from "../../contract/locales.ts";
import { linkHandOverFile } from "../../src/server/link-hand-over.ts";
import { startTestServer, type TestServer } from "./helpers.ts";

let portal: string;
let server: TestServer;
let apiAlone: TestServer;

beforeAll(async () => {
  portal = await mkdtemp(join(tmpdir(), "claims-portal-link-page-"));
  await writeFile(
    join(portal, "index.html"),
    '<!doctype html>\n<html lang="">\n<body><div id="root"></div></body>\n</html>\n',
  );
  for (const locale of LOCALES)
    await writeFile(
      join(portal, linkHandOverFile(locale)),
      `<!doctype html><html lang="${locale}"><head><meta http-equiv="refresh" content="0"></head></html>`,
    );
  server = await startTestServer({ staticDir: portal });
  apiAlone = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
  await apiAlone?.stop();
  await rm(portal, { recursive: true, force: true });
});

const LINK = "/find-claim/1?customer_id=1&exp=9999999999&sig=abc";

/** The page's `<html lang>` for a signed-looking link followed from another site with these extras. */
async function pageLang(query: string, headers: Record<string, string>): Promise<string | undefined> {
  const answer = await fetch(`${server.url}${LINK}${query}`, {
    headers: { "sec-fetch-site": "cross-site", ...headers },
  });
  expect(answer.status).toBe(200);
  return /<html lang="([^"]*)"/.exec(await answer.text())?.[1];
}

describe("the page that reopens a signed link from our origin", () => {
  it("is the build's page, kept by no cache, granting nothing", async () => {
    const answer = await fetch(`${server.url}${LINK}&claim_id=4&step=3`, {
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await answer.text()).toContain('<meta http-equiv="refresh" content="0">');
  });

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

  it("is the portal's: the claims API alone answers such a link 404 and grants nothing", async () => {
    const answer = await fetch(`${apiAlone.url}${LINK}`, {
      redirect: "manual",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(answer.status).toBe(404);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});
