// @vitest-environment jsdom
/**
 * The first page's route load limit (SPEC.md section 9, 120000 ms) counts from when the app began
 * to wait for the route, not from its first render: src/main.tsx may wait for the route before it
 * renders anything (issue 12), and that wait is part of the limit.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { act, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { FirstPageWatchdog, ROUTE_LOAD_TIMEOUT_MS } from "../../src/ui/LoadWatchdog.tsx";

const TOO_SLOW = /The page is taking too long to load/;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance", "Date"] });
  i18n.loadAndActivate({ locale: "en", messages: en });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The app around a first route that never loads, `waitedMs` after the wait for it began. */
function renderHangingFirstPage(waitedMs: number) {
  const router = createRouter({
    routeTree: createRootRoute({ beforeLoad: () => new Promise<never>(() => {}), component: () => <h1>Loaded</h1> }),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  void router.load();
  render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <FirstPageWatchdog router={router} waitedMs={waitedMs}>
          <RouterProvider router={router} />
        </FirstPageWatchdog>
      </I18nProvider>
    </StrictMode>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("FirstPageWatchdog", () => {
  it("shows the error page when the limit has passed, counting the wait before the first render", async () => {
    renderHangingFirstPage(1_000);
    await advance(ROUTE_LOAD_TIMEOUT_MS - 1_000 - 1);
    expect(screen.queryByText(TOO_SLOW)).toBeNull();
    await advance(1);
    expect(screen.getByText(TOO_SLOW)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Refresh Page" })).toBeTruthy();
  });

  it("gives a route that began loading at the first render the whole limit", async () => {
    renderHangingFirstPage(0);
    await advance(ROUTE_LOAD_TIMEOUT_MS - 1);
    expect(screen.queryByText(TOO_SLOW)).toBeNull();
    await advance(1);
    expect(screen.getByText(TOO_SLOW)).toBeTruthy();
  });

  it("shows the error page at once when the whole limit passed before the first render", async () => {
    renderHangingFirstPage(ROUTE_LOAD_TIMEOUT_MS);
    await advance(0);
    expect(screen.getByText(TOO_SLOW)).toBeTruthy();
  });
});
