// @vitest-environment jsdom
/**
 * The submitted screen's code is fetched when Submit is pressed (step-screens.tsx). When it cannot
 * be fetched, the claim is submitted all the same: the consumer meets the error page with Refresh
 * Page (which reloads the claim, now submitted, and shows its submitted screen), never a
 * half-drawn wizard or a Submit that seems to have done nothing.
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "./render-app.tsx";
import { CLAIM_ID, claimServer, CUSTOMER_ID, PLAN_ID, savedItem, wireDamage } from "./support-claim-server.ts";

// Every fetch of the submitted screen's module fails, as on a connection lost after Submit.
vi.mock("../../src/screens/claim-wizard/ClaimSubmitted.tsx", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

describe("the submitted screen's code cannot be fetched", () => {
  it("the claim is submitted once and the error page offers Refresh Page", async () => {
    const user = userEvent.setup();
    const server = claimServer({
      items: [
        savedItem(601, 1, { damages: [wireDamage(801)], documents: [{ id: 701, fileName: "a1b2c3d4-sofa.jpg" }] }),
      ],
    });
    await renderApp(`/find-claim/create-claim?step=5&claimId=${CLAIM_ID}&warranty_id=${PLAN_ID}`, {
      handlers: server.handlers,
    });
    await user.click(await screen.findByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Oops! Something went wrong" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Refresh Page" })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.writes()).toEqual([
        { method: "PUT", path: `submit_claim/${CLAIM_ID}/${CUSTOMER_ID}`, body: undefined },
      ]),
    );
    expect(screen.queryByRole("button", { name: "Submit" })).toBeNull();
  });
});
