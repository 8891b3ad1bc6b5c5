// @vitest-environment jsdom
/**
 * Try Again on 'We could not locate your warranty' goes back one page, and never out of the
 * portal: a failed plan link opened as the first page of its tab (an email's link) has no page
 * of ours behind it, so Try Again opens the search instead of a blank tab.
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "./render-app.tsx";
import { API } from "./support-network.ts";
import { searchFinding } from "./support-claim-server.ts";

beforeEach(() => window.localStorage.clear());

const noSuchPlan = http.get(`${API}plan_link/:id`, () =>
  HttpResponse.json({ message: "Plan not found" }, { status: 404 }),
);

describe("Try Again", () => {
  it("after a failed plan link opened first in its tab, opens the search", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp("/find-claim/1?customer_id=999&plan_type=FPP", { handlers: [noSuchPlan] });
    await user.click(await screen.findByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/select-search-method"));
    expect(await screen.findByRole("heading", { name: "We need to find your warranty" })).toBeInTheDocument();
  });

  it("says it in Spanish and does the same", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp("/find-claim/1?customer_id=999&plan_type=FPP", {
      handlers: [noSuchPlan],
      locale: "es",
    });
    await user.click(await screen.findByRole("button", { name: "Intentar de nuevo" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/select-search-method"));
  });

  it("after a search that found nothing, goes back to the form it came from", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp("/find-claim/warranty-number", { handlers: [searchFinding()] });
    await user.type(await screen.findByLabelText(/Warranty number/), "W-X00-NOPE");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await user.click(await screen.findByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/warranty-number"));
  });
});
