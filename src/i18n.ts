/**
 * Lingui setup: English and Spanish, fallback English (SPEC.md section 9). The portal starts in
 * the language its page was sent in (`<html lang>`), which the server detected from ?lng=, the
 * language cookie and Accept-Language (contract/page-language.ts), the same detection that chose
 * the prerendered welcome page. A page no server filled in (a static host, a CDN) names no
 * language: the portal then runs that same detection itself. A language shown is cached in the
 * cookie, so the next visit keeps it.
 */
import { i18n, type Messages } from "@lingui/core";
import { LOCALES, localeOf, type Locale } from "../contract/locales.ts";
import { keepLanguage } from "./lib/language-cookie.ts";
// English comes with the app's code: the first page needs no second round of requests for it, and
// a catalog of another language that fails to load falls back to it instead of leaving no page.
import { messages as english } from "../locales/en/messages.po";

export { LOCALES, localeOf, type Locale };

/**
 * The language the page was sent in: its `<html lang>`, set by the server's detection (and by the
 * Vite dev server through the same one, scripts/dev-page-language.ts). Undefined when the
 * page names no supported language: the built index.html names none until a server fills it in.
 */
export function servedLocale(): Locale | undefined {
  return localeOf(document.documentElement.lang);
}

/**
 * The language the portal starts in: the one its page was sent in (servedLocale), else the one
 * the server's detection finds in the browser (src/detected-locale.ts, loaded only then).
 * Resolves at once for a served page.
 */
export async function startLocale(): Promise<Locale> {
  return servedLocale() ?? (await import("./detected-locale.ts")).detectedLocale();
}

/** The catalogs loaded on demand: every language but English. */
const LOADERS: Record<Exclude<Locale, "en">, () => Promise<{ messages: Messages }>> = {
  es: () => import("../locales/es/messages.po"),
};

/** A language's catalog: English at once, another loaded on demand (English when it cannot be). */
async function catalogOf(locale: Locale): Promise<{ locale: Locale; messages: Messages }> {
  if (locale === "en") return { locale, messages: english };
  try {
    return { locale, messages: (await LOADERS[locale]()).messages };
  } catch {
    return { locale: "en", messages: english };
  }
}

/** The language activateLocale was last asked for while its catalog loads; null once active. */
let activating: Locale | null = null;

/**
 * The language the portal shows, or is about to show: the one being activated even while its
 * catalog still loads, so the first calls of a page (started beside the catalog, src/main.tsx) and
 * the calls right after a switch ask the API for names in it (SPEC.md section 9); else the active
 * Lingui locale; English before any was asked for (the app asks before its first call).
 */
export function shownLocale(): Locale {
  return activating ?? localeOf(i18n.locale) ?? "en";
}

/**
 * Loads a language's catalog, activates it, sets <html lang> and caches the choice in a cookie.
 * Never rejects: a catalog that cannot load leaves the app in English. A later call made while
 * this one's catalog loads wins: this one then changes nothing.
 */
export async function activateLocale(wanted: Locale): Promise<void> {
  activating = wanted;
  const { locale, messages } = await catalogOf(wanted);
  if (activating !== wanted) return;
  // From here the active locale says it: English when the catalog did not load, as the screen is.
  activating = null;
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  // The choice is kept even when its catalog did not load this time.
  keepLanguage(wanted);
}

export { i18n };
