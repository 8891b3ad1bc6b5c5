/**
 * Server-side renders of the pages' HTML before any script runs: the welcome page, and what every
 * app page shows until the app draws it. Built with `vite build --ssr` by the prerender plugin
 * (scripts/prerender-pages.ts) and run once per language at build time.
 */
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { Locale } from "../i18n.ts";
import { FirstPageLoading } from "../ui/PageFrame.tsx";
import { WelcomePage } from "./WelcomePage.tsx";

/** `page`'s markup in `locale`, with that language's catalog. */
async function inLocale(locale: Locale, page: ReactNode): Promise<string> {
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Record<string, unknown> };
  const i18n = setupI18n({ locale, messages: { [locale]: messages } as never });
  return renderToString(<I18nProvider i18n={i18n}>{page}</I18nProvider>);
}

/** The welcome page's markup in a language: what #root holds before any script runs. */
export function renderWelcome(locale: Locale): Promise<string> {
  return inLocale(locale, <WelcomePage />);
}

/**
 * An app page's markup in a language before the app runs, which the app's first render replaces
 * (React clears the root's children). Only HTML that works without script: the logo is a plain
 * link home, and the language switch comes with the app, in the same place.
 */
export function renderAppPageFrame(locale: Locale): Promise<string> {
  return inLocale(locale, <FirstPageLoading languageSwitch={false} />);
}
