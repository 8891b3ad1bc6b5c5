// @vitest-environment jsdom
/**
 * The language a page starts in (SPEC.md section 9) is the one it was sent in: the server detects
 * it once, from ?lng=, the language cookie and Accept-Language (server/http/language.ts), and names
 * it in `<html lang>`, which the portal reads rather than detecting a second time from the same
 * sources, so the app and the prerendered welcome page cannot disagree.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { LANGUAGE_COOKIE } from "../../contract/locales.ts";
import { localeOf, servedLocale } from "../../src/i18n.ts";

afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = `${LANGUAGE_COOKIE}=; max-age=0`;
  window.history.replaceState(null, "", "/");
  document.documentElement.lang = "";
});

describe("servedLocale", () => {
  it("is the supported language the page's <html lang> names", () => {
    document.documentElement.lang = "es";
    expect(servedLocale()).toBe("es");
    document.documentElement.lang = "es-MX";
    expect(servedLocale()).toBe("es");
    document.documentElement.lang = "en";
    expect(servedLocale()).toBe("en");
  });

  it("does not detect again: the link, cookie and browser languages the server already weighed do not override the page", () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["es-ES"]);
    document.cookie = `${LANGUAGE_COOKIE}=es`;
    window.history.replaceState(null, "", "/find-claim/123?lng=es");
    document.documentElement.lang = "en";
    expect(servedLocale()).toBe("en");
  });

  it("is English when no server named a supported language (a jsdom page, a page of another language)", () => {
    expect(servedLocale()).toBe("en");
    document.documentElement.lang = "fr";
    expect(servedLocale()).toBe("en");
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
