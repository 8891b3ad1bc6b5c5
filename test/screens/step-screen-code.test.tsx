// @vitest-environment jsdom
/**
 * A claim step's screen is its own download (step-screens.tsx), started when the route loads or
 * Next is pressed and awaited when the step renders. A download that fails on a flaky connection
 * is asked for again when the step renders; one that keeps failing meets the route's error page
 * with Refresh Page, never a blank step.
 */
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "./render-app.tsx";
import { CLAIM_ID, claimServer, PLAN_ID, savedItem, wireDamage } from "./support-claim-server.ts";

// The damage step's module: the first fetch fails, the next ones get through.
const damageStepFetches = vi.hoisted(() => ({ tried: 0 }));
vi.mock("../../src/screens/claim-wizard/DamageStep.tsx", async (importOriginal) => {
  damageStepFetches.tried += 1;
  if (damageStepFetches.tried === 1) throw new TypeError("Failed to fetch dynamically imported module");
  return importOriginal();
});

// The review step's module: every fetch fails. (A step of its own, since a screen once fetched
// stays loaded for the rest of the file's tests.)
vi.mock("../../src/screens/claim-wizard/ReviewStep.tsx", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

const stepLink = (step: number) => `/find-claim/create-claim?step=${step}&claimId=${CLAIM_ID}&warranty_id=${PLAN_ID}`;
const readyForReview = () =>
  claimServer({
    items: [savedItem(601, 1, { damages: [wireDamage(801)], documents: [{ id: 701, fileName: "a1b2c3d4-sofa.jpg" }] })],
  });

describe("a claim step whose screen cannot be fetched", () => {
  it("asks again when the step renders, and shows the step when that fetch gets through", async () => {
    await renderApp(stepLink(4), { handlers: readyForReview().handlers });
    expect(await screen.findByRole("heading", { level: 1, name: "Report your damage" })).toBeInTheDocument();
    expect(damageStepFetches.tried).toBe(2);
    expect(screen.queryByRole("button", { name: "Refresh Page" })).toBeNull();
  });

  it("shows the error page with Refresh Page when every fetch fails", async () => {
    await renderApp(stepLink(5), { handlers: readyForReview().handlers });
    expect(await screen.findByRole("heading", { level: 1, name: "Oops! Something went wrong" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Refresh Page" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Submit" })).toBeNull();
  });
});
