/**
 * The fixed top header (SPEC.md section 2): the logo, which leads home, and the English/Spanish
 * switch. The logo's link is given, so the router-free prerendered pages (src/welcome/) can use a
 * plain link and the app its router's (Header.tsx).
 */
import { useLingui } from "@lingui/react/macro";
import { useLayoutEffect, useRef, type ReactNode } from "react";
import { LOCALES, type Locale } from "../i18n.ts";
import { useLanguageChoice } from "./LanguageProvider.tsx";

/** The logo's content, for whichever link wraps it. */
export function Logo() {
  const { t } = useLingui();
  return (
    <>
      <span aria-hidden="true" className="logo-mark">
        ◆
      </span>{" "}
      <span>{t`ProtectPlan Claims`}</span>
    </>
  );
}

/**
 * @param home the logo wrapped in the link that leads home
 * @param languageSwitch false on the app page's HTML before the app runs (AppPageFrame.tsx): no
 * script is there yet to act on a choice, and the app draws the switch in the same place
 */
export function HeaderBar({ home, languageSwitch = true }: { home: ReactNode; languageSwitch?: boolean }) {
  const { t } = useLingui();
  const { wanted, switchTo } = useLanguageChoice();
  // A page rendered whole (by the build, or by the server for a claim's owner) shows the switch
  // before the app hydrates it: a language chosen meanwhile is the browser's own, which hydration
  // keeps on screen. The app then switches to it.
  const select = useRef<HTMLSelectElement>(null);
  useLayoutEffect(() => {
    const chosen = select.current?.value;
    if (chosen && chosen !== wanted) switchTo(chosen as Locale);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only what the page held when the app took it over; later choices come through onChange
  }, []);
  return (
    <header className="header">
      {home}
      {languageSwitch && (
        <label className="language-switch">
          <span className="visually-hidden">{t`Language`}</span>
          <select ref={select} value={wanted} onChange={(event) => switchTo(event.target.value as Locale)}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {locale === "en" ? "English" : "Español"}
              </option>
            ))}
          </select>
        </label>
      )}
    </header>
  );
}
