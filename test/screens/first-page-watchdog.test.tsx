// @vitest-environment jsdom
/**
 * The first page of a visit: until its route can draw, the header and the loading line show (as
 * the page's HTML showed them before the app ran); and its route load limit (SPEC.md section 9,
 * 120000 ms): a first route that never loads ends on the error page with Refresh Page, not on a
 * page that never changes.
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

/** The app around a first route whose beforeLoad settles when `arrives` does (never by default). */
function renderFirstPage(arrives: Promise<void> = new Promise<never>(() => {})) {
  const router = createRouter({
    routeTree: createRootRoute({ beforeLoad: () => arrives, component: () => <h1>Loaded</h1> }),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  void router.load();
  render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <FirstPageWatchdog router={router}>
          <RouterProvider router={router} />
        </FirstPageWatchdog>
      </I18nProvider>
    </StrictMode>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("FirstPageWatchdog", () => {
  it("shows the header, with its language switch, and the loading line until the first route draws, and then only the route", async () => {
    let arrive!: () => void;
    renderFirstPage(new Promise<void>((resolve) => (arrive = resolve)));
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    expect(screen.getByRole("link", { name: "ProtectPlan Claims" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("combobox", { name: "Language" })).toBeInTheDocument();
    await act(async () => arrive());
    await advance(2_000);
    expect(screen.getByRole("heading", { name: "Loaded" })).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByRole("banner")).toBeNull();
  });

  it("shows the error page with Refresh Page once the first route has loaded for the whole limit", async () => {
    renderFirstPage();
    await advance(ROUTE_LOAD_TIMEOUT_MS - 1);
    expect(screen.queryByText(TOO_SLOW)).toBeNull();
    await advance(1);
    expect(screen.getByText(TOO_SLOW)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Refresh Page" })).toBeTruthy();
  });

  it("shows the page, and never the error, when the first route arrives within the limit", async () => {
    let arrive!: () => void;
    renderFirstPage(new Promise<void>((resolve) => (arrive = resolve)));
    await advance(ROUTE_LOAD_TIMEOUT_MS - 1_000);
    await act(async () => arrive());
    // Past the router's pending time, with every promise of the load settled.
    await advance(2_000);
    expect(screen.getByRole("heading", { name: "Loaded" })).toBeTruthy();
    expect(screen.queryByText(TOO_SLOW)).toBeNull();
  });
});
