/**
 * The language of the portal's pages (SPEC.md section 9), by Hono's own detector (hono/language)
 * with the portal's rules (contract/locales.ts PAGE_LANGUAGE_RULES): `?lng=`, then the language
 * cookie, then Accept-Language in the browser's order of preference; English when none names en or
 * es. Every page carries what was detected (`<html lang>`), and the app starts in it (src/i18n.ts
 * servedLocale) rather than detecting a second time.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { detectFromQuery, languageDetector } from "hono/language";
import {
  LANGUAGE_COOKIE,
  PAGE_LANGUAGE_RULES,
  languageCookieToKeep,
  localeOf,
  type Locale,
} from "../../contract/locales.ts";

/** The rules as Hono's detector and its detectFrom* functions take them. */
const PAGE_DETECTION = { ...PAGE_LANGUAGE_RULES, lookupFromPathIndex: 0 };

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
      const keep = languageCookieToKeep(detectFromQuery(c, PAGE_DETECTION), getCookie(c, LANGUAGE_COOKIE));
      if (keep) c.header("Set-Cookie", keep, { append: true });
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
