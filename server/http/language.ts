/**
 * The visitor's language by Hono's own detector (hono/language) with one set of rules (SPEC.md
 * section 9: en and es, fallback en; contract/page-language.ts): a page takes `?lng=`, then the
 * language cookie, then Accept-Language in the browser's order of preference; an API call takes
 * its Accept-Language alone. The pages carry what was detected (`<html lang>`), and the portal
 * starts in it (src/i18n.ts servedLocale) rather than detecting a second time.
 */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { detectFromHeader, detectFromQuery } from "hono/language";
import { LANGUAGE_COOKIE, languageCookie, localeOf } from "../../contract/locales.ts";
import type { Language } from "../domain/lookup-names.ts";
import { PAGE_DETECTION, pageLanguage as detectPageLanguage } from "../../contract/page-language.ts";

// A page's detection is shared with the dev server and the portal itself (contract/page-language.ts).
export { pageLocale } from "../../contract/page-language.ts";
export type { Language } from "../domain/lookup-names.ts";

/**
 * Middleware for the portal's pages: detects the request's language for `pageLocale` to read, and
 * keeps a language the address names with `?lng=` in the language cookie (SPEC.md section 9: the
 * choice is cached in a cookie), so the pages after it stay in it: the one the welcome page's Start
 * opens (a plain form, no app runs there), the one a link redirects to, a reload without the query.
 * Only then: a page whose language came from the cookie or Accept-Language sets no cookie.
 */
export function pageLanguage(): MiddlewareHandler {
  const detect = detectPageLanguage();
  return (c, next) =>
    detect(c, async () => {
      await next();
      // After the handler: a page it answers as a Response of its own keeps the header too.
      const named = localeOf(detectFromQuery(c, PAGE_DETECTION));
      if (named && getCookie(c, LANGUAGE_COOKIE) !== named) c.header("Set-Cookie", languageCookie(named), { append: true });
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
