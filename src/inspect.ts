/**
 * Live inspection: in development, `?inspect` in the URL opens the Stately inspector
 * (@statelyai/inspect, a pop-up at stately.ai/inspect) and `inspect` streams every actor's events
 * and snapshots to it. Each place that starts an actor passes `{ inspect }`; children are inspected
 * with their parent's system.
 *
 * Production: `import.meta.env.DEV` is the literal `false`, so the condition folds away and Rollup
 * drops the dynamic import with it: nothing of the inspector is in the build (test/e2e/global-setup.ts
 * checks the built JS).
 */
import type { InspectionEvent, Observer } from "xstate";

async function startInspector(): Promise<Observer<InspectionEvent>> {
  const { createBrowserInspector } = await import("@statelyai/inspect");
  return createBrowserInspector().inspect;
}

export const inspect: Observer<InspectionEvent> | undefined =
  import.meta.env.DEV && typeof location !== "undefined" && new URLSearchParams(location.search).has("inspect")
    ? await startInspector()
    : undefined;
