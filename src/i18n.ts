/**
 * Lingui setup: English and Spanish, fallback English (SPEC.md section 9). The language comes from
 * the query string (?lng=), then the cookie, local storage, session storage and the browser; the
 * choice is cached in a cookie so the next visit keeps it.
 */
import { i18n } from "@lingui/core";
import { LANGUAGE_COOKIE as COOKIE, LOCALES, type Locale } from "../contract/locales.ts";

export { LOCALES, type Locale };

/** True when the value starts with a supported language's code, in any case ("es", "ES", "es-MX"). */
export function isLocale(value: string | null | undefined): value is Locale {
  return LOCALES.includes(value?.slice(0, 2).toLowerCase() as Locale);
}

function cookieLocale(): string | undefined {
  return document.cookie.split("; ").find((part) => part.startsWith(`${COOKIE}=`))?.split("=")[1];
}

/** The first supported language among the detection sources, or 'en'. */
export function detectLocale(): Locale {
  // Read one by one and only until one names a language: the first read of a page's storage is
  // slow on a phone, and a returning visitor's cookie already answers.
  const candidates: (() => string | null | undefined)[] = [
    () => new URLSearchParams(window.location.search).get("lng"),
    cookieLocale,
    () => window.localStorage.getItem(COOKIE),
    () => window.sessionStorage.getItem(COOKIE),
    () => navigator.languages.find(isLocale),
    () => document.documentElement.lang,
  ];
  for (const read of candidates) {
    const value = read();
    if (isLocale(value)) return value.slice(0, 2).toLowerCase() as Locale;
  }
  return "en";
}

/** Loads a language's catalog, activates it, sets <html lang> and caches the choice in a cookie. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await import(`../locales/${locale}/messages.po`);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  document.cookie = `${COOKIE}=${locale}; path=/; max-age=31536000; SameSite=Lax`;
}

export { i18n };
