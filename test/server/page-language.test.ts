/**
 * One language detection for every page (SPEC.md section 9): the server finds the visitor's
 * language from ?lng=, then the language cookie, then Accept-Language in the browser's order of
 * preference (Hono's languageDetector, server/http/language.ts), and sends both the prerendered
 * welcome page and the app's page in it: `<html lang>` names it, and the app starts in that
 * language (src/i18n.ts servedLocale), so the two always agree. Each page varies by the headers
 * the choice read. API calls follow their Accept-Language alone.
 */
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, startTestServer, type TestServer } from "./helpers.ts";

/**
 * A built portal in small: the app's page, naming no language until the server fills it in; its
 * frame prerendered in English only (a build always has both; one here shows the other way too);
 * and the two prerendered welcome pages.
 */
const APP_PAGE =
  '<!doctype html>\n<html lang="">\n  <head><title>ProtectPlan Claims</title></head>\n  <body><div id="root"></div></body>\n</html>\n';
const APP_PAGE_EN =
  '<!doctype html>\n<html lang="en">\n  <head><title>ProtectPlan Claims</title></head>\n  <body><div id="root"><p role="status">Loading…</p></div></body>\n</html>\n';
/** The method screen as the build renders it, in Spanish only here, with the router's two inline scripts. */
const SCRIPTS = [
  "self.$_TSR={router:{}};document.currentScript.remove()",
  "scrollTo(0,0);document.currentScript.remove()",
];
const METHOD_PAGE_ES = `<!doctype html>\n<html lang="es"><body><div id="root" data-rendered-route><h1>Necesitamos encontrar su garantía</h1>${SCRIPTS.map((script) => `<script>${script}</script>`).join("")}</div></body></html>\n`;
const welcome = (locale: string) =>
  `<!doctype html>\n<html lang="${locale}"><body><div id="root" data-prerendered="${locale}"></div></body></html>\n`;

let portal: string;
let server: TestServer;
beforeAll(async () => {
  portal = await mkdtemp(join(tmpdir(), "claims-portal-language-"));
  await writeFile(join(portal, "index.html"), APP_PAGE);
  await writeFile(join(portal, "index.en.html"), APP_PAGE_EN);
  for (const locale of ["en", "es"]) await writeFile(join(portal, `welcome.${locale}.html`), welcome(locale));
  await mkdir(join(portal, "find-claim"));
  await writeFile(join(portal, "find-claim", "select-search-method.es.html"), METHOD_PAGE_ES);
  server = await startTestServer({ staticDir: portal });
});
afterAll(async () => {
  await server?.stop();
  await rm(portal, { recursive: true, force: true });
});

/** The language `<html lang>` names in the page sent for `path`, and the answer's Vary. */
async function pageLanguage(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ lang: string | undefined; vary: string }> {
  const response = await fetch(`${server.url}${path}`, { headers: { accept: "text/html", ...headers } });
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type"), path).toContain("text/html");
  const html = await response.text();
  return { lang: /<html lang="([^"]*)"/.exec(html)?.[1], vary: response.headers.get("vary") ?? "" };
}

const PAGES = [
  "/",
  "/find-claim/123",
  "/find-claim/create-claim?step=2&claimId=1&warranty_id=1",
  "/find-claim/select-search-method",
];

describe("the language a page is sent in", () => {
  it.each(PAGES)("%s follows Spanish Accept-Language, and English when the browser names neither", async (path) => {
    expect((await pageLanguage(path, { "accept-language": "es-MX,es;q=0.9,en;q=0.8" })).lang).toBe("es");
    expect((await pageLanguage(path, { "accept-language": "fr-FR, es;q=0.5" })).lang).toBe("es");
    expect((await pageLanguage(path, { "accept-language": "fr-FR, en;q=0.5, es;q=0.4" })).lang).toBe("en");
    expect((await pageLanguage(path, { "accept-language": "de, fr" })).lang).toBe("en");
    expect((await pageLanguage(path)).lang).toBe("en");
  });

  it.each(PAGES)("%s: the cookie wins over the header, ?lng= over both", async (path) => {
    const withQuery = (lng: string) => `${path}${path.includes("?") ? "&" : "?"}lng=${lng}`;
    expect((await pageLanguage(path, { "accept-language": "es", cookie: "i18next=en" })).lang).toBe("en");
    expect((await pageLanguage(path, { "accept-language": "en", cookie: "i18next=es" })).lang).toBe("es");
    expect((await pageLanguage(withQuery("en"), { "accept-language": "es", cookie: "i18next=es" })).lang).toBe("en");
    expect((await pageLanguage(withQuery("es"), { "accept-language": "en", cookie: "i18next=en" })).lang).toBe("es");
    // A cookie or link naming a language we do not speak gives way to the next source.
    expect((await pageLanguage(withQuery("fr"), { "accept-language": "en", cookie: "i18next=es" })).lang).toBe("es");
    expect((await pageLanguage(path, { "accept-language": "es", cookie: "i18next=xx" })).lang).toBe("es");
  });

  it.each(PAGES)(
    "%s tells caches it differs by Accept-Language and Cookie, and sets no cookie of its own",
    async (path) => {
      const response = await fetch(`${server.url}${path}`, { headers: { "accept-language": "es" } });
      expect(response.headers.get("vary") ?? "").toMatch(/Accept-Language/i);
      expect(response.headers.get("vary") ?? "").toMatch(/Cookie/i);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(response.headers.get("set-cookie")).toBeNull();
    },
  );

  it("sends '/' as the prerendered page of that language, the app's page elsewhere: prerendered in that language, else the built one naming it", async () => {
    const root = await (await fetch(`${server.url}/`, { headers: { cookie: "i18next=es" } })).text();
    expect(root).toContain('data-prerendered="es"');
    const english = await (await fetch(`${server.url}/find-claim/123`, { headers: { cookie: "i18next=en" } })).text();
    expect(english).toBe(APP_PAGE_EN);
    const spanish = await (await fetch(`${server.url}/find-claim/123`, { headers: { cookie: "i18next=es" } })).text();
    expect(spanish).toBe(APP_PAGE.replace('<html lang="">', '<html lang="es">'));
  });

  it("sends a route the build rendered as its page in that language, its inline scripts allowed by their hashes alone", async () => {
    const scriptSources = (response: Response) =>
      /script-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1]?.split(" ") ?? [];
    const rendered = await fetch(`${server.url}/find-claim/select-search-method`, {
      headers: { "accept-language": "es" },
    });
    expect(await rendered.text()).toBe(METHOD_PAGE_ES);
    const hashes = SCRIPTS.map((script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    expect(scriptSources(rendered)).toEqual(expect.arrayContaining(["'self'", ...hashes]));
    expect(scriptSources(rendered)).not.toContain("'unsafe-inline'");
    // The address with a query is the same page; the English one, not built here, is the app's page.
    expect(await (await fetch(`${server.url}/find-claim/select-search-method?lng=es`)).text()).toBe(METHOD_PAGE_ES);
    const english = await fetch(`${server.url}/find-claim/select-search-method`, {
      headers: { "accept-language": "en" },
    });
    expect(await english.text()).toBe(APP_PAGE_EN);
    // No other page allows an inline script.
    expect(scriptSources(english).some((source) => source.startsWith("'sha256-"))).toBe(false);
    expect(
      scriptSources(await fetch(`${server.url}/find-claim/123`)).some((source) => source.startsWith("'sha256-")),
    ).toBe(false);
  });
});

describe("the language of an API call", () => {
  const colors = async (headers: Record<string, string>) =>
    (
      (await (
        await fetch(`${server.url}/api/v1/all_color`, { headers: { "x-api-key": API_KEY, ...headers } })
      ).json()) as { result: Array<{ name: string }> }
    ).result.map((entry) => entry.name);

  it("is the first of en and es its Accept-Language names, by weight; the page's cookie does not change it", async () => {
    const english = await colors({ "accept-language": "en" });
    const spanish = await colors({ "accept-language": "es" });
    expect(spanish).not.toEqual(english);
    expect(await colors({ "accept-language": "fr-FR, es;q=0.8, en;q=0.5" })).toEqual(spanish);
    expect(await colors({ "accept-language": "en;q=0.4, es-MX" })).toEqual(spanish);
    // While a switch's catalog loads the cookie still names the language before: the call's header counts.
    expect(await colors({ "accept-language": "en", cookie: "i18next=es" })).toEqual(english);
  });
});
