/**
 * Server-side renders of the pages' HTML before any script runs: the welcome page, what every app
 * page shows until the app draws it, the page that reopens a signed link, and the app routes rendered whole
 * (contract/rendered-routes.ts), run once per language at build time; and a claim's step with
 * the visitor's claim, run by the portal host per request (src/server/claim-page.ts). Built with
 * `vite build --ssr` by the prerender plugin (scripts/prerender-pages.ts), which leaves the build
 * in the portal's renderer folder for the server.
 */
import { setupI18n, type I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import {
  createRequestHandler,
  renderRouterToString,
  renderSsrHtmlResponse,
  type HandlerCallback,
} from "@tanstack/react-router/ssr/server";
import type { ReactNode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { AppRoot, createAppRouter, type AppRouter, type AppRouterOptions } from "../app-root.tsx";
import ky from "ky";
import type { Locale } from "../i18n.ts";
import { FirstPageLoading } from "../ui/PageFrame.tsx";
import { LinkHandOverPage } from "./LinkHandOverPage.tsx";
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

/** The page that reopens a signed link followed from another site, whole, in a language (LinkHandOverPage). */
export async function renderLinkHandOver(locale: Locale): Promise<string> {
  return `<!doctype html>${renderToStaticMarkup(
    <I18nProvider i18n={await i18nIn(locale)}>
      <LinkHandOverPage locale={locale} />
    </I18nProvider>,
  )}`;
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
 * their hashes (src/server/app-page.ts). Only for a route whose page is the same for everyone:
 * no loader, nothing from storage.
 * @returns the markup for #root
 * @throws when the route does not render (a status other than 200)
 */
export async function renderAppPage(locale: Locale, path: string): Promise<string> {
  const i18n = await i18nIn(locale);
  const response = await routerResponse(path, {}, ({ router, responseHeaders }) =>
    renderRouterToString({ router, responseHeaders, children: <AppRoot router={router} i18n={i18n} /> }),
  );
  if (response.status !== 200) throw new Error(`${path} rendered with status ${response.status}`);
  return markupOf(response);
}

/**
 * The markup of a rendered route for #root. TanStack Router answers with a whole document, so it
 * puts a doctype first, which has no place inside an element.
 */
async function markupOf(response: Response): Promise<string> {
  return (await response.text()).replace(/^<!DOCTYPE html>/i, "");
}

/**
 * The router's answer for `path`, by its request handler (`createRequestHandler`): the app's
 * router made with `options`, loaded for the address, its state ready for the client, and
 * `render`'s response, or a redirect's.
 */
function routerResponse(
  path: string,
  options: AppRouterOptions,
  render: HandlerCallback<AppRouter>,
): Promise<Response> {
  const request = new Request(new URL(path, "http://portal.local"));
  return createRequestHandler({ request, createRouter: () => createAppRouter(options) })(render);
}

/** What renderClaimPage answers for an address it does not render. */
const NOT_RENDERED = 204;

/** The wizard routes, whose step renderClaimPage renders with the visitor's claim. */
const CLAIM_ROUTES: readonly string[] = ["/find-claim/create-claim", "/find-claim/create-ace-claim"];

/** How long the claims API may take to answer a render's calls, in ms: then the app's page goes instead. */
const API_WAIT_MS = 5_000;

/** Where the renderer asks the claims API, and the visitor's headers it asks with (src/server/claim-page.ts). */
export interface ClaimPageCalls {
  /** The claims API's base URL, e.g. `http://127.0.0.1:8787/api/v1`. */
  baseUrl: string;
  /** The visitor's cookie, the portal's key, the page's language, the forwarded address. */
  headers: Record<string, string>;
}

/**
 * A claim wizard's step at `path` (create-claim or create-ace-claim, with the claim's ids) in a
 * language, rendered with the claim loaded for the visitor: the wizard route's loader loads it
 * through the claims API as the visitor (RouterContext serverCalls), and the router carries it to
 * the browser in its state, so a claim opened from a link (an email) shows its step from the HTML
 * and the app hydrates it. The step's screen is loaded lazily, so React's `prerender` renders it:
 * it waits for what the page suspends on, where `renderToString` would leave the loading line in
 * its place.
 * @returns the markup for #root, or null when the API does not give the visitor the claim of the
 *   address's plan, or the route does not load for the address as it is
 */
export async function renderClaimPage(locale: Locale, path: string, calls: ClaimPageCalls): Promise<string | null> {
  const client = ky.create({ prefix: calls.baseUrl, headers: calls.headers, timeout: API_WAIT_MS, retry: 0 });
  const i18n = await i18nIn(locale);
  const response = await routerResponse(path, { serverCalls: { client, locale } }, ({ router, responseHeaders }) => {
    // Only a wizard route, loaded with its claim: an address the router would correct first (a step
    // that is not a number) gets no matches here, and is left to the app, which corrects it in place.
    const rendered = router.state.matches.some(
      (match) =>
        CLAIM_ROUTES.includes(match.routeId) &&
        match.status === "success" &&
        (match.loaderData as { loaded?: unknown } | undefined)?.loaded,
    );
    if (!rendered) return new Response(null, { status: NOT_RENDERED });
    const app = <AppRoot router={router} i18n={i18n} />;
    return renderSsrHtmlResponse({
      router,
      responseHeaders,
      render: async () => new Response((await prerender(app)).prelude).text(),
    });
  });
  return response.status === 200 ? markupOf(response) : null;
}
