// @vitest-environment jsdom
/**
 * A claim link to a step whose screen code comes after the claim (a slow phone, a cold cache):
 * the loading line stays as it is until the step can show, and the step then shows in the same
 * pass. Were the line drawn again as a Suspense fallback, React would hold the step back by its
 * fallback throttle (up to 300 ms) after the code came (ClaimWizard.tsx).
 */
import { screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, expect, it, vi } from "vitest";
import { renderApp } from "./render-app.tsx";
import { CLAIM_ID, claimServer, PLAN_ID, savedItem } from "./support-claim-server.ts";

/** Holds the damage step's module until the test lets it come. */
const stepCode = vi.hoisted(() => {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release };
});
vi.mock("../../src/screens/claim-wizard/DamageStep.tsx", async (importOriginal) => {
  await stepCode.arrived;
  return importOriginal();
});

afterEach(() => toast.remove());

it("keeps the one loading line while the step's code comes, then shows the step", async () => {
  const server = claimServer({ items: [savedItem(601, 1)] });
  // Every loading line the wizard ever draws. (On a busy machine the router's own 'Loading…' may
  // come before it, past the router's 1 s pending time while the route's code loads.)
  const linesDrawn = new Set<Element>();
  const watcher = new MutationObserver(() =>
    document
      .querySelectorAll("p.loading")
      .forEach((line) => line.textContent === "Loading your claim…" && linesDrawn.add(line)),
  );
  watcher.observe(document.body, { childList: true, subtree: true });

  const { calls } = await renderApp(`/find-claim/create-claim?step=4&claimId=${CLAIM_ID}&warranty_id=${PLAN_ID}`, {
    handlers: server.handlers,
  });
  // The claim, its plan and the option lists have answered; the step's code has not come.
  await waitFor(() => expect(calls.filter((call) => call.answered).length).toBeGreaterThanOrEqual(3));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.getByRole("status")).toHaveTextContent("Loading your claim…");
  expect(screen.queryByRole("heading", { level: 1 })).toBeNull();

  stepCode.release();
  expect(await screen.findByRole("heading", { level: 1, name: "Report your damage" })).toBeInTheDocument();
  watcher.disconnect();
  expect(linesDrawn.size).toBe(1);
});
