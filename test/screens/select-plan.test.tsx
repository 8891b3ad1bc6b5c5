// @vitest-environment jsdom
/** The plan cards as a consumer reads them (SPEC.md section 2 "Select plan"). */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { WirePlan, WirePlanItem } from "../../contract/schemas.ts";
import { renderApp } from "./render-app.tsx";
import { planItem, searchFinding, wizardPlan } from "./support-claim-server.ts";

const item = (id: number, overrides: Partial<WirePlanItem> = {}) =>
  planItem(id, { id: 1, name: `Item ${id}` }, { itemPrice: 100 * id, ...overrides });

const plan = (id: number, overrides: Partial<WirePlan> = {}): WirePlan => ({
  ...wizardPlan(),
  id,
  number: `W-T00-00000${id}`,
  totalPrice: 6245,
  warrantyItems: [item(1), item(2), item(3, { itemPrice: null, vendor: null }), item(4), item(5)],
  ...overrides,
});

function withPlans(plans: WirePlan[]) {
  window.localStorage.setItem("searchInfo", JSON.stringify({ search_type: "search_plan_4", number: "W-T00-000001" }));
  return [searchFinding(plans)];
}

beforeEach(() => window.localStorage.clear());

describe("select plan", () => {
  it("shows each card's facts, 3 items until Show More, 'N/A' for what is missing", async () => {
    const user = userEvent.setup();
    await renderApp("/find-claim/select-plan", { handlers: withPlans([plan(1)]) });
    const card = (await screen.findByRole("radio", { name: /W-T00-000001/ })).closest("article")!;
    const view = within(card as HTMLElement);
    expect(view.getByText("Active until March 1st, 2030")).toBeInTheDocument();
    expect(view.getByText("Active")).toBeInTheDocument();
    expect(view.getByText("Jane Doe")).toBeInTheDocument();
    expect(view.getByText("March 14th, 2025")).toBeInTheDocument();
    expect(view.getByText("$6,245.00")).toBeInTheDocument();
    expect(view.getByText("NY-0142")).toBeInTheDocument();
    const rows = () => view.getAllByRole("row").slice(1);
    expect(rows()).toHaveLength(3);
    expect(within(rows()[2]!).getAllByText("N/A")).toHaveLength(2); // vendor and price
    await user.click(view.getByRole("button", { name: "Show More" }));
    expect(rows()).toHaveLength(5);
    await user.click(view.getByRole("button", { name: "Show Less" }));
    expect(rows()).toHaveLength(3);
    expect(screen.getByText(/a copy of the invoice or sales receipt is required/)).toBeInTheDocument();
  });

  it("shows '$0.00' for a price that is not a number and 'Unknown Customer' without a name, in Spanish dates too", async () => {
    await renderApp("/find-claim/select-plan", {
      handlers: withPlans([plan(1, { totalPrice: "n/a", firstName: null, lastName: null, warrantyItems: [item(1)] })]),
      locale: "es",
    });
    const card = (await screen.findByRole("radio", { name: /W-T00-000001/ })).closest("article")!;
    const view = within(card as HTMLElement);
    expect(view.getByText("$0.00")).toBeInTheDocument();
    expect(view.getByText("Cliente desconocido")).toBeInTheDocument();
    expect(view.getByText(/1 de marzo de 2030/)).toBeInTheDocument();
    expect(view.queryByRole("button", { name: /Mostrar/ })).toBeNull(); // 3 items or fewer: no toggle
  });

  it("with only cancelled or expired plans, says why no claim can be filed and offers Contact Service instead of a dead Submit", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp("/find-claim/select-plan", {
      handlers: withPlans([plan(1, { planStatus: "Cancelled" }), plan(2, { planStatus: "Expired" })]),
    });
    await screen.findAllByRole("radio");
    expect(screen.queryByRole("button", { name: "Submit" })).toBeNull();
    expect(screen.getByRole("note")).toHaveTextContent(
      "A claim can be filed only on an active plan, and none of these is active.",
    );
    await user.click(screen.getByRole("button", { name: "Contact Service" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/contact-service"));
  });

  it("lets only active plans be chosen and keeps Submit disabled until one is", async () => {
    const user = userEvent.setup();
    await renderApp("/find-claim/select-plan", {
      handlers: withPlans([plan(2, { planStatus: "Expired" }), plan(1), plan(3)]),
    });
    const radios = await screen.findAllByRole("radio");
    // Active first, then by id; two active plans: nothing preselected.
    expect(radios.map((radio) => radio.closest("label")!.textContent)).toEqual([
      expect.stringContaining("W-T00-000001"),
      expect.stringContaining("W-T00-000003"),
      expect.stringContaining("W-T00-000002"),
    ]);
    expect(radios.map((radio) => (radio as HTMLInputElement).disabled)).toEqual([false, false, true]);
    const submit = screen.getByRole("button", { name: "Submit" });
    expect(submit).toBeDisabled();
    await user.click(radios[1]!);
    expect(radios[1]).toBeChecked();
    expect(submit).toBeEnabled();
  });
});
