/** Fixed top header: logo to '/', and the English/Spanish switch (SPEC.md section 2). */
import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { activateLocale, LOCALES, type Locale } from "../i18n.ts";

export function Header() {
  const { t, i18n } = useLingui();
  return (
    <header className="header">
      <Link to="/" className="logo">
        <span aria-hidden="true" className="logo-mark">◆</span> <span>{t`ProtectPlan Claims`}</span>
      </Link>
      <label className="language-switch">
        <span className="visually-hidden">{t`Language`}</span>
        <select value={i18n.locale} onChange={(event) => void activateLocale(event.target.value as Locale)}>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {locale === "en" ? "English" : "Español"}
            </option>
          ))}
        </select>
      </label>
    </header>
  );
}
