/**
 * The app's language as React state (SPEC.md section 9): a switch is a React update first and
 * reaches Lingui only once React has committed it. Lingui's catalog is global, so switching it
 * while React still hydrates part of the page (a route's Suspense boundary hydrates after the
 * header) would render that part in the new language against HTML in the old one: a hydration
 * mismatch. As an update, the switch makes React hydrate every such part first, in the page's
 * language, and only then is the catalog changed (activateLocale).
 */
import { I18nProvider, useLingui } from "@lingui/react";
import type { I18n } from "@lingui/core";
import { createContext, startTransition, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { activateLocale, localeOf, type Locale } from "../i18n.ts";

/** The language asked for, and how to ask for another. */
export interface LanguageChoice {
  /** The language on screen, or the one a switch has asked for while it comes. */
  wanted: Locale;
  switchTo(locale: Locale): void;
}

/**
 * Outside LanguageProvider (pages rendered on the server or at build time, screen tests without
 * the app's root) the switch goes straight to Lingui: no hydration is under way there.
 */
const LanguageContext = createContext<LanguageChoice | null>(null);

/** Lingui's provider for `i18n`, with the language held as React state (see above). */
export function LanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [wanted, setWanted] = useState<Locale>(() => localeOf(i18n.locale) ?? "en");
  // After the commit that carried the switch: by then every part of the page it reached is hydrated.
  useEffect(() => {
    if (wanted !== i18n.locale) void activateLocale(wanted);
  }, [wanted, i18n]);
  // What Lingui ends up showing is the choice: English when the wanted catalog did not load.
  useEffect(() => i18n.on("change", () => setWanted(localeOf(i18n.locale) ?? "en")), [i18n]);
  const switchTo = useCallback((locale: Locale) => startTransition(() => setWanted(locale)), []);
  return (
    <LanguageContext value={{ wanted, switchTo }}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LanguageContext>
  );
}

/** The language choice of the nearest LanguageProvider, or the Lingui provider's own outside one. */
export function useLanguageChoice(): LanguageChoice {
  const { i18n } = useLingui();
  return (
    useContext(LanguageContext) ?? {
      wanted: localeOf(i18n.locale) ?? "en",
      switchTo: (locale) => void activateLocale(locale),
    }
  );
}
