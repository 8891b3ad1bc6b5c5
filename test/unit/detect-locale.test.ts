// @vitest-environment jsdom
/**
 * The language a page starts in (SPEC.md section 9): ?lng=, then the cookie, local storage,
 * session storage, the browser's languages and <html lang>; English when none names one. Sources
 * are read only until one answers, so a returning visitor's cookie spares the storage reads.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { LANGUAGE_COOKIE } from "../../contract/locales.ts";
import { detectLocale, localeOf } from "../../src/i18n.ts";

const languages = (list: string[]) => vi.spyOn(navigator, "languages", "get").mockReturnValue(list);

afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = `${LANGUAGE_COOKIE}=; max-age=0`;
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
  document.documentElement.lang = "";
});

describe("detectLocale", () => {
  it("takes ?lng= over the cookie, and the cookie over storage and the browser", () => {
    languages(["en-US"]);
    localStorage.setItem(LANGUAGE_COOKIE, "en");
    document.cookie = `${LANGUAGE_COOKIE}=es`;
    expect(detectLocale()).toBe("es");
    window.history.replaceState(null, "", "/?lng=en");
    expect(detectLocale()).toBe("en");
  });

  it("reads no storage when the cookie names a language", () => {
    document.cookie = `${LANGUAGE_COOKIE}=es`;
    const read = vi.spyOn(Storage.prototype, "getItem");
    expect(detectLocale()).toBe("es");
    expect(read).not.toHaveBeenCalled();
  });

  it("takes local storage, then session storage, then the first supported browser language", () => {
    languages(["fr-FR", "es-MX", "en"]);
    sessionStorage.setItem(LANGUAGE_COOKIE, "en");
    localStorage.setItem(LANGUAGE_COOKIE, "es");
    expect(detectLocale()).toBe("es");
    localStorage.clear();
    expect(detectLocale()).toBe("en");
    sessionStorage.clear();
    expect(detectLocale()).toBe("es");
  });

  it("skips what names no supported language and falls back to English", () => {
    languages(["fr-FR", "de"]);
    localStorage.setItem(LANGUAGE_COOKIE, "xx");
    expect(detectLocale()).toBe("en");
    document.documentElement.lang = "es";
    expect(detectLocale()).toBe("es");
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
