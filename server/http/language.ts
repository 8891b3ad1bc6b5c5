/**
 * The visitor's language by Hono's own detector (hono/language) with one set of rules (SPEC.md
 * section 9: en and es, fallback en; contract/page-language.ts): a page takes `?lng=`, then the
 * language cookie, then Accept-Language in the browser's order of preference; an API call takes
 * its Accept-Language alone. The pages carry what was detected (`<html lang>`), and the portal
 * starts in it (src/i18n.ts servedLocale) rather than detecting a second time.
 */
import type { Context } from "hono";
import { detectFromHeader } from "hono/language";
import { localeOf, type Locale } from "../../contract/locales.ts";
import { PAGE_DETECTION } from "../../contract/page-language.ts";

// A page's detection is shared with the dev server and the portal itself (contract/page-language.ts).
export { pageLanguage, pageLocale } from "../../contract/page-language.ts";

export type Language = Locale;

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

/**
 * SQL for the name of lookup row `alias` in a language. `alias` is a table alias written in the
 * query itself and `language` one of two constants, so nothing from a request enters the SQL text.
 */
export function lookupName(alias: string, language: Language): string {
  return language === "es" ? `COALESCE(${alias}.name_es, ${alias}.name)` : `${alias}.name`;
}
