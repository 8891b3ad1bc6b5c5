/**
 * The one language detection of the portal's pages (SPEC.md section 9: en and es, fallback en),
 * Hono's own detector (hono/language) with one set of rules: `?lng=`, then the language cookie,
 * then Accept-Language in the browser's order of preference. Shared by every side that finds a
 * page's language: the reference server names it in the page's `<html lang>`
 * (server/http/language.ts, server/portal/app-page.ts), the Vite dev server does the same
 * (scripts/dev-page-language.ts), and the portal runs it itself when its page names no
 * language, as from a static host or a CDN (src/i18n.ts detectedLocale).
 */
import type { Context, MiddlewareHandler } from "hono";
import { languageDetector, type DetectorOptions } from "hono/language";
// The smallest router: the portal loads this module only when no server named its page's language.
import { Hono } from "hono/tiny";
import { LANGUAGE_COOKIE, LANGUAGE_QUERY, LOCALES, localeOf, type Locale } from "./locales.ts";

/** The detection's rules, for hono/language's languageDetector and its detectFrom* functions. */
export const PAGE_DETECTION: DetectorOptions = {
  order: ["querystring", "cookie", "header"],
  lookupQueryString: LANGUAGE_QUERY,
  lookupCookie: LANGUAGE_COOKIE,
  lookupFromHeaderKey: "accept-language",
  lookupFromPathIndex: 0,
  // Hono's cache would write whatever was detected, Accept-Language's too, on every page, HttpOnly
  // (which the portal's switch could not rewrite). The portal keeps a language it shows
  // (src/i18n.ts activateLocale); the server keeps only one named by `?lng=` (server/http/language.ts).
  caches: false,
  ignoreCase: true,
  fallbackLanguage: "en",
  supportedLanguages: [...LOCALES],
};

/**
 * Middleware for the portal's pages: detects the request's language (`?lng=`, cookie, then
 * Accept-Language; English when none names en or es) for `pageLocale` to read.
 */
export function pageLanguage(): MiddlewareHandler {
  return languageDetector(PAGE_DETECTION);
}

/** The language `pageLanguage` detected for this request; English when it did not run. */
export function pageLocale(c: Context): Locale {
  return localeOf(c.get("language")) ?? "en";
}

let detectorApp: Hono | undefined;

/**
 * The page language of a request no Hono app of ours serves (the Vite dev server's, or the
 * portal's own page in the browser), found by the same `pageLanguage` middleware.
 * @param url the page's address (its query is what counts)
 * @param headers the request's Cookie and Accept-Language
 * @returns en or es; English when nothing names either
 */
export async function pageLocaleOf(url: string, headers: HeadersInit): Promise<Locale> {
  detectorApp ??= new Hono().get("*", pageLanguage(), (c) => c.text(pageLocale(c)));
  const request = new Request(url);
  // A browser drops a Cookie from a Request's headers (a name its fetches may not set). This
  // request is never sent, only read by the detector, so it carries the headers as given.
  Object.defineProperty(request, "headers", { value: new Headers(headers) });
  return localeOf(await (await detectorApp.fetch(request)).text()) ?? "en";
}
