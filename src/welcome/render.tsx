/**
 * Server-side renders of the pages' HTML before any script runs: the welcome page, what every app
 * page shows until the app draws it, and the app routes rendered whole
 * (contract/rendered-routes.ts). Built with `vite build --ssr` by the prerender plugin
 * (scripts/prerender-pages.ts) and run once per language at build time.
 */
import { setupI18n, type I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { createMemoryHistory } from "@tanstack/react-router";
import { attachRouterServerSsrUtils, renderRouterToString } from "@tanstack/react-router/ssr/server";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { AppRoot, createAppRouter } from "../app-root.tsx";
import type { Locale } from "../i18n.ts";
import { FirstPageLoading } from "../ui/PageFrame.tsx";
import { WelcomePage } from "./WelcomePage.tsx";

/** Lingui set to `locale`, with that language's catalog. */
async function i18nIn(locale: Locale): Promise<I18n> {
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Record<string, unknown> };
  return setupI18n({ locale, messages: { [locale]: messages } as never });
}

/** `page`'s markup in `locale`, with that language's catalog. */
async function inLocale(locale: Locale, page: ReactNode): Promise<string> {
  return renderToString(<I18nProvider i18n={await i18nIn(locale)}>{page}</I18nProvider>);
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

/**
 * The app's page at `path` in a language, rendered by TanStack Router's server rendering
 * (`renderRouterToString`) as the browser's app would draw it, followed by the router's own inline
 * scripts (its state for RouterClient, and its scroll restoration), which the server allows by
 * their hashes (server/portal/app-page.ts). Only for a route whose page is the same for everyone:
 * no loader, nothing from storage.
 * @returns the markup for #root
 * @throws when the route does not render (a status other than 200)
 */
export async function renderAppPage(locale: Locale, path: string): Promise<string> {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  router.update({ ...router.options, isServer: true });
  attachRouterServerSsrUtils({ router, manifest: undefined });
  await router.load();
  await router.serverSsr!.dehydrate();
  const response = await renderRouterToString({ router, responseHeaders: new Headers(), children: <AppRoot router={router} i18n={await i18nIn(locale)} /> });
  if (response.status !== 200) throw new Error(`${path} rendered with status ${response.status}`);
  return response.text();
}
