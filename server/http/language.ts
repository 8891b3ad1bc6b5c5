/**
 * The visitor's language by Hono's own detector (hono/language) with the portal's rules (SPEC.md
 * section 9, contract/locales.ts PAGE_LANGUAGE_RULES): a page the API answers takes `?lng=`, then
 * the language cookie, then Accept-Language; an API call takes its Accept-Language alone.
 */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { detectFromHeader, detectFromQuery, languageDetector } from "hono/language";
import { LANGUAGE_COOKIE, PAGE_LANGUAGE_RULES, languageCookieToKeep, localeOf, type Locale } from "../../contract/locales.ts";
import type { Language } from "../domain/lookup-names.ts";

/** The rules as Hono's detector and its detectFrom* functions take them. */
const PAGE_DETECTION = { ...PAGE_LANGUAGE_RULES, lookupFromPathIndex: 0 };

export type { Language } from "../domain/lookup-names.ts";

/** The language `pageLanguage` detected for this request; English when it did not run. */
export function pageLocale(c: Context): Locale {
  return localeOf(c.get("language")) ?? "en";
}

/**
 * Middleware for the pages the API answers itself (a signed link's hand-over or redirect): detects
 * the request's language by the portal's rules for `pageLocale` to read, and keeps a language the
 * address names with `?lng=` in the language cookie, as the portal's pages do
 * (src/server/page-language.ts), so the page the link leads to opens in it.
 */
export function pageLanguage(): MiddlewareHandler {
  const detect = languageDetector(PAGE_DETECTION);
  return (c, next) =>
    detect(c, async () => {
      await next();
      const keep = languageCookieToKeep(detectFromQuery(c, PAGE_DETECTION), getCookie(c, LANGUAGE_COOKIE));
      if (keep) c.header("Set-Cookie", keep, { append: true });
    });
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
