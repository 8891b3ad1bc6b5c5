/**
 * The visitor's language by Hono's own detector (hono/language) with one set of rules (SPEC.md
 * section 9: en and es, fallback en): a page takes `?lng=`, then the language cookie, then
 * Accept-Language in the browser's order of preference; an API call takes its Accept-Language
 * alone. The pages carry what was detected (`<html lang>`), and the portal starts in it
 * (src/i18n.ts servedLocale). A page no server named the language of (a static host) runs the
 * same rules in the browser with @lingui/detect-locale (src/detected-locale.ts).
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { detectFromHeader, detectFromQuery, languageDetector, type DetectorOptions } from "hono/language";
import { LANGUAGE_COOKIE, LANGUAGE_QUERY, LOCALES, languageCookie, localeOf, type Locale } from "../../contract/locales.ts";
import type { Language } from "../domain/lookup-names.ts";

export type { Language } from "../domain/lookup-names.ts";

/** The detection's rules, for hono/language's languageDetector and its detectFrom* functions. */
const PAGE_DETECTION: DetectorOptions = {
  order: ["querystring", "cookie", "header"],
  lookupQueryString: LANGUAGE_QUERY,
  lookupCookie: LANGUAGE_COOKIE,
  lookupFromHeaderKey: "accept-language",
  lookupFromPathIndex: 0,
  // Hono's cache would write whatever was detected, Accept-Language's too, on every page, HttpOnly
  // (which the portal's switch could not rewrite). The portal keeps a language it shows
  // (src/i18n.ts activateLocale); pageLanguage keeps only one named by `?lng=`.
  caches: false,
  ignoreCase: true,
  fallbackLanguage: "en",
  supportedLanguages: [...LOCALES],
};

/** The language `pageLanguage` detected for this request; English when it did not run. */
export function pageLocale(c: Context): Locale {
  return localeOf(c.get("language")) ?? "en";
}

/**
 * Middleware for the portal's pages: detects the request's language for `pageLocale` to read, and
 * keeps a language the address names with `?lng=` in the language cookie (SPEC.md section 9: the
 * choice is cached in a cookie), so the pages after it stay in it: the one the welcome page's Start
 * opens (a plain form, no app runs there), the one a link redirects to, a reload without the query.
 * Only then: a page whose language came from the cookie or Accept-Language sets no cookie.
 */
export function pageLanguage(): MiddlewareHandler {
  const detect = languageDetector(PAGE_DETECTION);
  return (c, next) =>
    detect(c, async () => {
      await next();
      // After the handler: a page it answers as a Response of its own keeps the header too.
      const named = localeOf(detectFromQuery(c, PAGE_DETECTION));
      if (named && getCookie(c, LANGUAGE_COOKIE) !== named) c.header("Set-Cookie", languageCookie(named), { append: true });
    });
}

let detectorApp: Hono | undefined;

/**
 * The page language of a request no Hono app of ours serves (the Vite dev server's), found by the
 * same `pageLanguage` middleware.
 * @param url the page's address (its query is what counts)
 * @param headers the request's Cookie and Accept-Language
 * @returns en or es; English when nothing names either
 */
export async function pageLocaleOf(url: string, headers: HeadersInit): Promise<Locale> {
  detectorApp ??= new Hono().get("*", pageLanguage(), (c) => c.text(pageLocale(c)));
  return localeOf(await (await detectorApp.fetch(new Request(url, { headers }))).text()) ?? "en";
}

/**
 * The language a call asks for: the first of en and es in its Accept-Language, by the browser's
 * weights, English when it names neither. Only the header: the portal names the language of each
 * call in it (src/api/http.ts), also while a switch's catalog loads and the cookie still names the
 * language before. Lookup names are answered in it, falling back to English where a value has
 * no Spanish name.
 */
export function languageOf(c: Context): Language {
  return localeOf(detectFromHeader(c, PAGE_DETECTION)) ?? "en";
}
