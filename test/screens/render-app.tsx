/**
 * Renders the real app (its own router, providers, toaster) at a URL, in jsdom, with the language
 * chosen and the network answered by MSW request handlers (support-network.ts): screens are tested
 * the way a person uses them, by role and label.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { AnyHandler } from "msw";
import { StrictMode } from "react";
import { messages as en } from "../../locales/en/messages.po";
import { messages as es } from "../../locales/es/messages.po";
import { createAppRouter } from "../../src/app-root.tsx";
import { answerWith, calls } from "./support-network.ts";

/**
 * Renders the app at `url`, on http://portal.test, its calls answered by `handlers` (the first
 * that answers wins) and recorded in `calls`. With `strict`, the app runs under React's
 * <StrictMode> as src/main.tsx renders it (effects run twice on mount).
 * Returns the router, the calls and the rendered view.
 */
export async function renderApp(
  url: string,
  {
    handlers = [],
    locale = "en",
    strict = false,
  }: { handlers?: AnyHandler[]; locale?: "en" | "es"; strict?: boolean } = {},
) {
  i18n.loadAndActivate({ locale, messages: locale === "es" ? es : en });
  answerWith(handlers);
  // The app's own router, with a fresh planSearch actor per rendered app as per page load.
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
  const app = (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  await router.load();
  return { router, calls, ...view };
}
