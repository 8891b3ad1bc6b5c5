/**
 * The shared rules of the portal's pages: a rendered route's page (contract/rendered-routes.ts),
 * the language cookie and a link's language (contract/locales.ts).
 */
import { describe, expect, it } from "vitest";
import { languageCookie, languageCookieToKeep, linkInLanguage } from "../../contract/locales.ts";
import { pageWithRoot, renderedRouteFile, ROOT_ELEMENT } from "../../contract/rendered-routes.ts";

const TEMPLATE = `<!doctype html><html lang="en"><head></head><body>${ROOT_ELEMENT}<script src="/a.js"></script></body></html>`;

describe("a rendered route's page", () => {
  it("names the language and holds the markup in the root, with the root's attributes", () => {
    expect(pageWithRoot(TEMPLATE, "es", "<h1>Hola</h1>", " data-rendered-route")).toBe(
      '<!doctype html><html lang="es"><head></head><body><div id="root" data-rendered-route><h1>Hola</h1></div><script src="/a.js"></script></body></html>',
    );
  });

  it("keeps markup holding $ patterns as it is", () => {
    expect(pageWithRoot(TEMPLATE, "en", "<p>$& costs $1</p>")).toContain('<div id="root"><p>$& costs $1</p></div>');
  });

  it("is a file per route and language", () => {
    expect(renderedRouteFile("/find-claim/select-search-method", "es")).toBe("find-claim/select-search-method.es.html");
  });
});

describe("the language cookie", () => {
  it("holds the language for the whole site, a year, sent on links from other sites, readable by the page's script", () => {
    expect(languageCookie("es")).toBe("i18next=es; path=/; max-age=31536000; SameSite=Lax");
  });

  it("is set only for a language the address names that the cookie does not hold yet", () => {
    expect(languageCookieToKeep("ES", undefined)).toBe(languageCookie("es"));
    expect(languageCookieToKeep("es", "es")).toBeUndefined();
    expect(languageCookieToKeep("fr", "en")).toBeUndefined();
    expect(languageCookieToKeep(undefined, "en")).toBeUndefined();
  });
});

describe("a link in a language", () => {
  it("names the language, in place of any it named, keeping the rest of the address", () => {
    expect(linkInLanguage("https://portal.example/find-claim/create-claim?claimId=7&lng=en#top", "es")).toBe(
      "https://portal.example/find-claim/create-claim?claimId=7&lng=es#top",
    );
  });
});
