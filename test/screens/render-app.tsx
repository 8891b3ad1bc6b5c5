/**
 * Renders the real app (routes, providers, toaster) at a URL, in jsdom, with the language chosen
 * and the network answered by a handler instead of a server: screens are tested the way a person
 * uses them, by role and label.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { vi } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { messages as es } from "../../locales/es/messages.po";
import { routeTree } from "../../src/routeTree.gen.ts";

export type FakeNetwork = (request: Request) => Response | Promise<Response>;

/** A JSON answer for the fake network. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/**
 * Renders the app at `url`. Every fetch goes to `network`, on http://portal.test. Returns the router and the fetch spy.
 */
export async function renderApp(url: string, { network = () => json({ message: "not found" }, 404), locale = "en" }: { network?: FakeNetwork; locale?: "en" | "es" } = {}) {
  i18n.loadAndActivate({ locale, messages: locale === "es" ? es : en });
  const fetchSpy = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    network(input instanceof Request ? input : new Request(new URL(String(input), "http://portal.test"), init)),
  );
  vi.stubGlobal("fetch", fetchSpy);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [url] }) });
  const view = render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  await router.load();
  return { router, fetchSpy, ...view };
}
