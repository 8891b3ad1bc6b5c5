// @vitest-environment jsdom
/**
 * The route load limit for moves inside the app (SPEC.md section 9, 120000 ms): a route still
 * loading at the limit shows the error page; once it has arrived, the next move starts a limit of
 * its own instead of showing the error page again at once.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { act, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { LoadWatchdog, ROUTE_LOAD_TIMEOUT_MS } from "../../src/ui/LoadWatchdog.tsx";

const TOO_SLOW = /The page is taking too long to load/;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "Date"] });
  i18n.loadAndActivate({ locale: "en", messages: en });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The app's root layout around three pages: /slow loads until `arrive`, /next never finishes loading. */
function renderApp() {
  let arrive!: () => void;
  const slowArrives = new Promise<void>((resolve) => (arrive = resolve));
  const root = createRootRoute({
    component: () => (
      <LoadWatchdog>
        <Outlet />
      </LoadWatchdog>
    ),
  });
  const page = (path: string, heading: string, beforeLoad?: () => Promise<void>) =>
    createRoute({ getParentRoute: () => root, path, beforeLoad, component: () => <h1>{heading}</h1> });
  const router = createRouter({
    routeTree: root.addChildren([
      page("/", "Home"),
      page("/slow", "Slow", () => slowArrives),
      page("/next", "Next", () => new Promise<never>(() => {})),
    ]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
  return { router, arrive };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("LoadWatchdog", () => {
  it("after a page that passed the limit arrives, the next move shows no error page until its own limit passes", async () => {
    const { router, arrive } = renderApp();
    await advance(0);
    expect(screen.getByRole("heading", { name: "Home" })).toBeTruthy();
    await act(async () => router.history.push("/slow"));
    await advance(ROUTE_LOAD_TIMEOUT_MS);
    expect(screen.getByText(TOO_SLOW)).toBeTruthy();
    await act(async () => arrive());
    await advance(2_000);
    expect(screen.getByRole("heading", { name: "Slow" })).toBeTruthy();
    expect(screen.queryByText(TOO_SLOW)).toBeNull();

    await act(async () => router.history.push("/next"));
    await advance(ROUTE_LOAD_TIMEOUT_MS - 1_000);
    expect(screen.queryByText(TOO_SLOW)).toBeNull();
    await advance(1_000);
    expect(screen.getByText(TOO_SLOW)).toBeTruthy();
  });
});
