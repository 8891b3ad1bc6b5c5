/**
 * Keeps a language the visitor chose or was shown in the language cookie, so the server sends the
 * next page in it (SPEC.md section 9). The cookie's name, path, lifetime and SameSite are the
 * contract's, which the server's own Set-Cookie uses too (contract/locales.ts languageCookie).
 */
import Cookies from "js-cookie";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_KEPT, type Locale } from "../../contract/locales.ts";

/** Writes `locale` to the language cookie for the whole site; sent along when a link from another site is followed (Lax). */
export function keepLanguage(locale: Locale): void {
  const { path, days, sameSite } = LANGUAGE_COOKIE_KEPT;
  Cookies.set(LANGUAGE_COOKIE, locale, { path, expires: days, sameSite });
}
