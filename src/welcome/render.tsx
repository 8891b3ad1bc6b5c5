/**
 * Server-side render of the welcome page, built with `vite build --ssr` by the
 * prerender plugin (scripts/prerender-welcome.ts) and run once per language at build time.
 */
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { renderToString } from "react-dom/server";
import type { Locale } from "../i18n.ts";
import { WelcomePage } from "./WelcomePage.tsx";

/** The welcome page's markup in a language: what #root holds before any script runs. */
export async function renderWelcome(locale: Locale): Promise<string> {
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Record<string, unknown> };
  const i18n = setupI18n({ locale, messages: { [locale]: messages } as never });
  return renderToString(
    <I18nProvider i18n={i18n}>
      <WelcomePage />
    </I18nProvider>,
  );
}
