/**
 * The portal's languages and the cookie that remembers the choice (SPEC.md section 9: en and es,
 * fallback en). Shared: the portal detects and stores the language (src/i18n.ts), the server
 * sends the prerendered welcome page in it (server/portal/welcome-page.ts), and the build renders that
 * page once per language (scripts/prerender-welcome.ts).
 */
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];

/** Name of the cookie holding the chosen language (the i18next name the portal has always used). */
export const LANGUAGE_COOKIE = "i18next";
