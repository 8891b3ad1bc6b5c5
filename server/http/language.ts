/**
 * The language an API call asks for, by Hono's own detector (hono/language): the first of en and
 * es in its Accept-Language, by the browser's weights (SPEC.md section 9, contract/locales.ts
 * PAGE_LANGUAGE_RULES). The portal's pages pick theirs in the portal host (src/server/page-language.ts).
 */
import type { Context } from "hono";
import { detectFromHeader } from "hono/language";
import { PAGE_LANGUAGE_RULES, localeOf } from "../../contract/locales.ts";
import type { Language } from "../domain/lookup-names.ts";

export type { Language } from "../domain/lookup-names.ts";

/** The rules as Hono's detectFrom* functions take them. */
const DETECTION = { ...PAGE_LANGUAGE_RULES, lookupFromPathIndex: 0 };

/**
 * The language a call asks for: the first of en and es in its Accept-Language, by the browser's
 * weights, English when it names neither. Only the header: the portal names the language of each
 * call in it (src/api/http.ts), also while a switch's catalog loads and the cookie still names the
 * language before. Lookup names are answered in it, falling back to English where a value has
 * no Spanish name.
 */
export function languageOf(c: Context): Language {
  return localeOf(detectFromHeader(c, DETECTION)) ?? "en";
}
