/**
 * The visitor's language found in the browser, for a page no server named the language of (a
 * static host or CDN sends the built index.html as it is): the server's own detection
 * (contract/page-language.ts) run on this page's request as the browser would send it. Loaded
 * only then (src/i18n.ts startLocale): a served page never pays for it.
 */
import type { Locale } from "../contract/locales.ts";
import { pageLocaleOf } from "../contract/page-language.ts";

/**
 * The page's language by SPEC.md section 9's rules: `?lng=` in its address, then the language
 * cookie, then the browser's languages in order (as the Accept-Language it sends); English when
 * none names en or es.
 */
export function detectedLocale(): Promise<Locale> {
  // Weights falling by a thousandth keep the browser's order for any list a person could set.
  const weighted = navigator.languages.map((tag, index) => (index === 0 ? tag : `${tag};q=${(1000 - Math.min(index, 999)) / 1000}`));
  return pageLocaleOf(location.href, { cookie: document.cookie, "accept-language": weighted.join(", ") });
}
