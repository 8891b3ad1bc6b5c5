/**
 * The visitor's language, detected in one place by Hono's own detector (hono/language) with one
 * set of rules (SPEC.md section 9: en and es, fallback en): a page takes `?lng=`, then the
 * language cookie, then Accept-Language in the browser's order of preference; an API call takes
 * its Accept-Language alone. The pages carry what was detected (`<html lang>`), and the portal
 * starts in it (src/i18n.ts servedLocale) rather than detecting a second time.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { detectFromHeader, languageDetector, type DetectorOptions } from "hono/language";
import { LANGUAGE_COOKIE, LANGUAGE_QUERY, LOCALES, type Locale } from "../../contract/locales.ts";

export type Language = Locale;

const DETECTION: DetectorOptions = {
  order: ["querystring", "cookie", "header"],
  lookupQueryString: LANGUAGE_QUERY,
  lookupCookie: LANGUAGE_COOKIE,
  lookupFromHeaderKey: "accept-language",
  lookupFromPathIndex: 0,
  // The portal writes the cookie when a language is shown (src/i18n.ts activateLocale), readable
  // by its script; a Set-Cookie of ours would be HttpOnly and would make the pages uncacheable.
  caches: false,
  ignoreCase: true,
  fallbackLanguage: "en",
  supportedLanguages: [...LOCALES],
};

const asLocale = (tag: string | undefined): Locale | undefined => LOCALES.find((locale) => locale === tag);

/**
 * Middleware for the portal's pages: detects the request's language (`?lng=`, cookie, then
 * Accept-Language; English when none names en or es) for `pageLocale` to read.
 */
export function pageLanguage(): MiddlewareHandler {
  return languageDetector(DETECTION);
}

/** The language `pageLanguage` detected for this request; English when it did not run. */
export function pageLocale(c: Context): Locale {
  return asLocale(c.get("language")) ?? "en";
}

let detectorApp: Hono | undefined;

/**
 * The page language of a request served outside this app (the Vite dev server,
 * server/portal/dev-page-language.ts), found by the same `pageLanguage` middleware.
 * @param url the request's address (path and query are what count)
 * @param headers its headers (Cookie, Accept-Language)
 */
export async function pageLocaleOf(url: string, headers: HeadersInit): Promise<Locale> {
  detectorApp ??= new Hono().get("*", pageLanguage(), (c) => c.text(pageLocale(c)));
  return asLocale(await (await detectorApp.request(url, { headers })).text()) ?? "en";
}

/**
 * The language a call asks for: the first of en and es in its Accept-Language, by the browser's
 * weights, English when it names neither. Only the header: the portal names the language of each
 * call in it (src/api/http.ts), also while a switch's catalog loads and the cookie still names the
 * language before. Lookup names are answered in it, falling back to English where a value has
 * no Spanish name.
 */
export function languageOf(c: Context): Language {
  return asLocale(detectFromHeader(c, DETECTION)) ?? "en";
}

/**
 * SQL for the name of lookup row `alias` in a language. `alias` is a table alias written in the
 * query itself and `language` one of two constants, so nothing from a request enters the SQL text.
 */
export function lookupName(alias: string, language: Language): string {
  return language === "es" ? `COALESCE(${alias}.name_es, ${alias}.name)` : `${alias}.name`;
}
