/**
 * Entry of the prerendered welcome page (welcome.html, issue 12). The page arrives as HTML in the
 * language the server chose; this makes it interactive. When the language detected here is the
 * one prerendered, React hydrates the markup as it is; otherwise (a choice the server could not
 * see) it renders the page anew in the detected language.
 */
import { I18nProvider } from "@lingui/react";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { activateLocale, detectLocale, i18n } from "../i18n.ts";
import "../styles.css";
import { WelcomePage } from "./WelcomePage.tsx";

const root = document.getElementById("root")!;
const prerendered = root.dataset.prerendered;
const locale = detectLocale();
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
