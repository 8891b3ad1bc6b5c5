/**
 * A language a link names with `?lng=` is kept (SPEC.md section 9: the query string first, the
 * choice cached in a cookie): the page's answer sets the language cookie, as the portal's own
 * switch writes it, so the next page stays in that language even when no app script ran on this
 * one (the prerendered welcome page, whose Start is a plain form) or when it redirects.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_COOKIE, languageCookie } from "../../contract/locales.ts";
import { startTestServer, type TestServer } from "./helpers.ts";

/** A built portal in small: the app's page, naming no language until the server fills it in, and the welcome pages. */
const APP_PAGE =
  '<!doctype html>\n<html lang="">\n  <head><title>ProtectPlan Claims</title></head>\n  <body><div id="root"></div></body>\n</html>\n';
const welcome = (locale: string) =>
  `<!doctype html>\n<html lang="${locale}"><body><div id="root" data-prerendered="${locale}"></div></body></html>\n`;

let portal: string;
let server: TestServer;
beforeAll(async () => {
  portal = await mkdtemp(join(tmpdir(), "claims-portal-lng-"));
  await writeFile(join(portal, "index.html"), APP_PAGE);
  for (const locale of ["en", "es"]) await writeFile(join(portal, `welcome.${locale}.html`), welcome(locale));
  server = await startTestServer({ staticDir: portal });
});
afterAll(async () => {
  await server?.stop();
  await rm(portal, { recursive: true, force: true });
});

/** The page at `path` as an English browser gets it: its `<html lang>` and the cookies it sets. */
async function open(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ lang: string | undefined; cookies: string[] }> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { "accept-language": "en-US,en;q=0.9", ...headers },
  });
  expect(response.status, path).toBe(200);
  return { lang: /<html lang="([^"]*)"/.exec(await response.text())?.[1], cookies: response.headers.getSetCookie() };
}

describe("a page opened with ?lng=", () => {
  it.each(["/?lng=es", "/find-claim/select-search-method?lng=es", "/claim-status?code=CL-1&lng=ES"])(
    "%s is Spanish and keeps Spanish in the language cookie, which the portal's script can rewrite",
    async (path) => {
      const { lang, cookies } = await open(path);
      expect(lang).toBe("es");
      expect(cookies).toEqual([languageCookie("es")]);
      expect(cookies[0]).not.toMatch(/HttpOnly/i);
    },
  );

  it("the next page, opened without ?lng= but with the cookie it set, is Spanish too", async () => {
    const { cookies } = await open("/?lng=es");
    const cookie = cookies[0]!.split(";")[0]!;
    expect(cookie).toBe(`${LANGUAGE_COOKIE}=es`);
    expect((await open("/find-claim/select-search-method", { cookie })).lang).toBe("es");
    expect((await open("/", { cookie })).lang).toBe("es");
  });

  it("sets no cookie when the address names no language we speak, or the cookie already holds it", async () => {
    expect(await open("/")).toEqual({ lang: "en", cookies: [] });
    expect(await open("/?lng=fr")).toEqual({ lang: "en", cookies: [] });
    expect(await open("/find-claim/select-search-method?lng=es", { cookie: `${LANGUAGE_COOKIE}=es` })).toEqual({
      lang: "es",
      cookies: [],
    });
  });

  it("replaces another language the cookie held: the link's choice wins, and is kept", async () => {
    expect(await open("/?lng=en", { cookie: `${LANGUAGE_COOKIE}=es`, "accept-language": "es" })).toEqual({
      lang: "en",
      cookies: [languageCookie("en")],
    });
  });
});
