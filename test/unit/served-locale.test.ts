// @vitest-environment jsdom
/**
 * The language a page starts in (SPEC.md section 9). A served page starts in the one it was sent
 * in: the server detects it once, from ?lng=, the language cookie and Accept-Language
 * (src/server/page-language.ts), and names it in `<html lang>`, which the portal reads rather than
 * detecting a second time, so the app and the prerendered welcome page cannot disagree. A page
 * no server filled in (a static host or CDN sends the built index.html, which names no language)
 * finds it in the browser by the same rules (src/detected-locale.ts): ?lng=, then the cookie, then the browser's
 * languages in order, English when none is en or es.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { LANGUAGE_COOKIE } from "../../contract/locales.ts";
import { localeOf, servedLocale, startLocale } from "../../src/i18n.ts";
import { pageLocaleOf } from "../../src/server/page-language.ts";

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, "", "/");
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
  document.documentElement.lang = "";
});

/** A browser whose languages are `languages`, in order of preference. */
function browserLanguages(...languages: string[]): void {
  vi.spyOn(navigator, "languages", "get").mockReturnValue(languages);
}

describe("a served page", () => {
  it("starts in the supported language its <html lang> names", async () => {
    document.documentElement.lang = "es";
    expect(servedLocale()).toBe("es");
    expect(await startLocale()).toBe("es");
    document.documentElement.lang = "es-MX";
    expect(await startLocale()).toBe("es");
    document.documentElement.lang = "en";
    expect(await startLocale()).toBe("en");
  });

  it("does not detect again: the link, cookie and browser languages the server already weighed do not override the page", async () => {
    browserLanguages("es-ES");
    document.cookie = `${LANGUAGE_COOKIE}=es; path=/`;
    window.history.replaceState(null, "", "/find-claim/123?lng=es");
    document.documentElement.lang = "en";
    expect(await startLocale()).toBe("en");
  });
});

describe("a page no server named the language of (a static host)", () => {
  it("names no served language", () => {
    expect(servedLocale()).toBeUndefined();
    document.documentElement.lang = "fr";
    expect(servedLocale()).toBeUndefined();
  });

  it("starts in the language ?lng= names, over the cookie and the browser's languages", async () => {
    browserLanguages("en-US");
    document.cookie = `${LANGUAGE_COOKIE}=en; path=/`;
    window.history.replaceState(null, "", "/find-claim/123?lng=es");
    expect(await startLocale()).toBe("es");
  });

  it("then in the language of the cookie, over the browser's languages", async () => {
    browserLanguages("en-US", "en");
    document.cookie = `${LANGUAGE_COOKIE}=es; path=/`;
    window.history.replaceState(null, "", "/find-claim/123?lng=fr");
    expect(await startLocale()).toBe("es");
  });

  it("then in the first of the browser's languages that is English or Spanish, in the browser's order", async () => {
    window.history.replaceState(null, "", "/find-claim/123");
    browserLanguages("fr-FR", "es-MX", "en");
    expect(await startLocale()).toBe("es");
    browserLanguages("fr-FR", "en-GB", "es");
    expect(await startLocale()).toBe("en");
  });

  it("starts in English when nothing names English or Spanish", async () => {
    browserLanguages("fr-FR", "de");
    document.documentElement.lang = "fr";
    expect(await startLocale()).toBe("en");
  });
});

describe("the browser's detection and the server's", () => {
  // Each case: the page's query, the language cookie, the browser's languages in order, and the
  // language both must find. The server is given them as the browser sends them.
  const cases: [query: string, cookie: string | undefined, languages: string[], expected: string][] = [
    ["?lng=es", undefined, ["en"], "es"],
    ["?lng=ES", "en", ["en"], "es"],
    ["?lng=fr", "es", ["en"], "es"],
    ["?lng=fr", undefined, ["fr"], "en"],
    ["", "es", ["en-US"], "es"],
    ["", "de", ["de", "es-MX", "en"], "es"],
    ["", undefined, ["fr-FR", "es-MX", "en"], "es"],
    ["", undefined, ["fr-FR", "en-GB", "es"], "en"],
    ["", undefined, ["de"], "en"],
    ["", undefined, [], "en"],
  ];

  it.each(cases)("agree on %j with cookie %j and languages %j: %s", async (query, cookie, languages, expected) => {
    const acceptLanguage = languages
      .map((tag, index) => (index === 0 ? tag : `${tag};q=${(10 - index) / 10}`))
      .join(", ");
    const headers: Record<string, string> = { "accept-language": acceptLanguage };
    if (cookie) headers.cookie = `${LANGUAGE_COOKIE}=${cookie}`;
    expect(await pageLocaleOf(`http://portal.test/find-claim/123${query}`, headers)).toBe(expected);

    browserLanguages(...languages);
    if (cookie) document.cookie = `${LANGUAGE_COOKIE}=${cookie}; path=/`;
    window.history.replaceState(null, "", `/find-claim/123${query}`);
    expect(await startLocale()).toBe(expected);
  });
});

describe("localeOf", () => {
  it("names the supported language of a tag, never the tag itself", () => {
    expect(localeOf("es-MX")).toBe("es");
    expect(localeOf("ES")).toBe("es");
    expect(localeOf("en-GB")).toBe("en");
    expect(localeOf("fr-FR")).toBeUndefined();
    expect(localeOf("")).toBeUndefined();
    expect(localeOf(null)).toBeUndefined();
  });
});
