// @vitest-environment jsdom
/**
 * Every screen names its page in the screen's language, and a screen reached inside the app takes
 * focus on its heading and has its title said by a polite live region, so a screen reader user
 * hears that the screen changed. The first screen of a visit leaves focus where the browser put it.
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "./render-app.tsx";
import { CLAIM_ID, PLAN_ID, claimServer, savedItem, searchFinding } from "./support-claim-server.ts";

beforeEach(() => window.localStorage.clear());

const liveRegion = () => document.querySelector('[aria-live="polite"][aria-atomic="true"]');

describe("page titles and focus", () => {
  it("the method, warranty-number and not-found screens each have their own title; the later ones take focus and are announced", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp("/find-claim/select-search-method", { handlers: [searchFinding()] });
    const first = await screen.findByRole("heading", { level: 1, name: "We need to find your warranty" });
    await waitFor(() => expect(document.title).toBe("We need to find your warranty – ProtectPlan Claims"));
    expect(first).not.toHaveFocus();
    expect(liveRegion()).toHaveTextContent("");

    await user.click(screen.getByLabelText("I have my warranty number"));
    await user.click(screen.getByRole("button", { name: "Search" }));
    const numberHeading = await screen.findByRole("heading", { level: 1, name: "Find your warranty" });
    await waitFor(() => expect(numberHeading).toHaveFocus());
    expect(document.title).toBe("Find your warranty: warranty number – ProtectPlan Claims");
    expect(liveRegion()).toHaveTextContent("Find your warranty: warranty number");

    await user.type(screen.getByLabelText(/Warranty number/), "W-X00-NOPE");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/not-found"));
    const notFound = await screen.findByRole("heading", { level: 1, name: "We could not locate your warranty" });
    await waitFor(() => expect(notFound).toHaveFocus());
    expect(document.title).toBe("We could not locate your warranty – ProtectPlan Claims");
    expect(liveRegion()).toHaveTextContent("We could not locate your warranty");
  });

  it("says them in Spanish", async () => {
    const user = userEvent.setup();
    await renderApp("/find-claim/select-search-method", { locale: "es" });
    await screen.findByRole("heading", { level: 1 });
    await user.click(screen.getByLabelText("Tengo mi número de garantía"));
    await user.click(screen.getByRole("button", { name: "Buscar" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "Busque su garantía" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe("Busque su garantía: número de garantía – Reclamos ProtectPlan");
  });

  it("a wizard step names which step of how many, and a new step is announced", async () => {
    const user = userEvent.setup();
    const server = claimServer({ items: [savedItem(601, 1)] });
    await renderApp(`/find-claim/create-claim?step=3&claimId=${CLAIM_ID}&warranty_id=${PLAN_ID}`, {
      handlers: server.handlers,
    });
    await screen.findByRole("heading", { level: 1, name: "Confirm/Update Item Details" });
    await waitFor(() => expect(document.title).toBe("Step 3 of 5: Confirm/Update Item Details – ProtectPlan Claims"));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { level: 1, name: "Report your damage" });
    await waitFor(() => expect(document.title).toBe("Step 4 of 5: Report your damage – ProtectPlan Claims"));
    expect(liveRegion()).toHaveTextContent("Step 4 of 5: Report your damage");
  });
});
