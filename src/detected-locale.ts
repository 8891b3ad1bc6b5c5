/**
 * The visitor's language found in the browser, for a page no server named the language of (a
 * static host or CDN sends the built index.html as it is), by the server's rules
 * (contract/locales.ts PAGE_LANGUAGE_RULES) with @lingui/detect-locale's detectors. Loaded only then (src/i18n.ts
 * startLocale): a served page never pays for it.
 */
import { fromCookie, fromUrl, multipleDetect } from "@lingui/detect-locale";
import { LANGUAGE_COOKIE, LANGUAGE_QUERY, localeOf, type Locale } from "../contract/locales.ts";

/**
 * The page's language by SPEC.md section 9's rules: the first of `?lng=` in its address, the
 * language cookie and the browser's languages in order (what its Accept-Language sends) that names
 * en or es; English when none does.
 */
export function detectedLocale(): Locale {
  const named = multipleDetect(fromUrl(LANGUAGE_QUERY), fromCookie(LANGUAGE_COOKIE), ...navigator.languages);
  return named.map(localeOf).find((locale) => locale !== undefined) ?? "en";
}
