/**
 * Makes the prerendered welcome page interactive (loaded by src/prerendered-entry.ts, its entry,
 * once the page is painted). The page arrives as HTML in the language the server chose. When the language
 * detected here is the one prerendered, React hydrates the markup as it is; otherwise (a choice
 * the server could not see, or one made on the page before this code came) it renders the page
 * anew in that language.
 */
import { I18nProvider } from "@lingui/react";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { activateLocale, detectLocale, i18n, localeOf } from "../i18n.ts";
import { WelcomePage } from "./WelcomePage.tsx";

const root = document.getElementById("root")!;
const prerendered = root.dataset.prerendered;
// Until this code runs the language switch is a plain select: a language chosen there meanwhile
// is the one to show (rendered anew below, as it is not the one prerendered).
const chosen = root.querySelector<HTMLSelectElement>(".language-switch select")?.value;
const locale = (chosen !== prerendered && localeOf(chosen)) || detectLocale();
await activateLocale(locale);

const page = (
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <WelcomePage />
    </I18nProvider>
  </StrictMode>
);
if (prerendered === locale) hydrateRoot(root, page);
else createRoot(root).render(page);
