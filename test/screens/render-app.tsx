/**
 * Renders the real app (routes, providers, toaster) at a URL, in jsdom, with the language chosen
 * and the network answered by a handler instead of a server: screens are tested the way a person
 * uses them, by role and label.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { vi } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { messages as es } from "../../locales/es/messages.po";
import { createAppRouter } from "../../src/app-root.tsx";

export type FakeNetwork = (request: Request) => Response | Promise<Response>;

/** A JSON answer for the fake network. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/**
 * Renders the app at `url`. Every fetch goes to `network`, on http://portal.test. With `strict`, the
 * app runs under React's <StrictMode> as src/main.tsx renders it (effects run twice on mount).
 * Returns the router and the fetch spy.
 */
export async function renderApp(
  url: string,
  { network = () => json({ message: "not found" }, 404), locale = "en", strict = false }: { network?: FakeNetwork; locale?: "en" | "es"; strict?: boolean } = {},
) {
  i18n.loadAndActivate({ locale, messages: locale === "es" ? es : en });
  const fetchSpy = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    network(input instanceof Request ? input : new Request(new URL(String(input), "http://portal.test"), init)),
  );
  vi.stubGlobal("fetch", fetchSpy);
  // The app's own router, with a fresh planSearch actor per rendered app as per page load.
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
  const app = (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  await router.load();
  return { router, fetchSpy, ...view };
}
