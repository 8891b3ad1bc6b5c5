/**
 * The portal's languages and where a request names one (SPEC.md section 9: en and es, fallback
 * en). Shared: the server detects the language of every page from these (server/http/language.ts)
 * and sends the page in it, the portal starts in the language its page was sent in and stores a
 * choice in the cookie (src/i18n.ts), and the build renders the welcome page and the app page's
 * frame once per language (scripts/prerender-pages.ts).
 */
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];

/** The supported language a language tag names, in any case ("es", "ES", "es-MX" -> "es"), or undefined. */
export function localeOf(tag: string | null | undefined): Locale | undefined {
  const language = tag?.slice(0, 2).toLowerCase();
  return LOCALES.find((locale) => locale === language);
}

/** Name of the cookie holding the chosen language (the i18next name the portal has always used). */
export const LANGUAGE_COOKIE = "i18next";

/** The query parameter of a link that names the language (`?lng=es`); it wins over the cookie. */
export const LANGUAGE_QUERY = "lng";

/**
 * Where a page's language is found (SPEC.md section 9), in the terms of Hono's language detector
 * (hono/language), which the reference API and the portal host both run: `?lng=`, then the
 * language cookie, then Accept-Language in the browser's order of preference; English when none
 * names en or es. Detecting caches nothing: the portal keeps a language it shows (src/i18n.ts
 * activateLocale), and a page keeps one only when its address names it (Hono's cache would write
 * Accept-Language's too, HttpOnly, which the portal's switch could not rewrite). The browser runs
 * the same rules on a static host (src/detected-locale.ts).
 */
export const PAGE_LANGUAGE_RULES = {
  order: ["querystring", "cookie", "header"] as ("querystring" | "cookie" | "header")[],
  lookupQueryString: LANGUAGE_QUERY,
  lookupCookie: LANGUAGE_COOKIE,
  lookupFromHeaderKey: "accept-language",
  caches: false as const,
  ignoreCase: true,
  fallbackLanguage: "en",
  supportedLanguages: [...LOCALES] as string[],
};

/** Where the language cookie is sent, how long it is kept (days) and SameSite, for the server's Set-Cookie and the browser's alike. */
export const LANGUAGE_COOKIE_KEPT = { path: "/", days: 365, sameSite: "Lax" } as const;

/**
 * The language cookie holding `locale`, as a page's Set-Cookie header sends it (src/server/page-language.ts;
 * the browser writes the same cookie with src/lib/language-cookie.ts): the whole site, a year, sent
 * when a link from another site (an email) is followed, and not HttpOnly, as the portal's script rewrites it.
 */
export function languageCookie(locale: Locale): string {
  const { path, days, sameSite } = LANGUAGE_COOKIE_KEPT;
  return `${LANGUAGE_COOKIE}=${locale}; path=${path}; max-age=${days * 24 * 60 * 60}; SameSite=${sameSite}`;
}

/**
 * The Set-Cookie a page's answer adds to keep the language its address names with `?lng=` (SPEC.md
 * section 9: the choice is cached in a cookie), so the pages after it stay in it: the one a plain
 * form or a redirect opens, a reload without the query. Undefined when the address names no
 * supported language, or the cookie already holds it.
 * @param named the address's `?lng=` value
 * @param kept the language cookie's value
 */
export function languageCookieToKeep(named: string | undefined, kept: string | undefined): string | undefined {
  const locale = localeOf(named);
  return locale && kept !== locale ? languageCookie(locale) : undefined;
}

/**
 * `url` naming `locale` with `?lng=`, so the page it opens is in that language and keeps it
 * (an emailed link opens in the email's language, whatever the browser's).
 * @param url an absolute URL
 */
export function linkInLanguage(url: string, locale: Locale): string {
  const link = new URL(url);
  link.searchParams.set(LANGUAGE_QUERY, locale);
  return link.href;
}
