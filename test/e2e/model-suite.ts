/**
 * Model-based browser tests (DESIGN.md "Tests"): a machine's QA table (test/model/)
 * drives the paths generated from the machine through the built portal in Chromium against the
 * reference API, a gesture per event and the state's check after each. One server and browser per
 * file, a fresh context per walk. Reports, as STYLE.md point 14 asks, one check listing every failing
 * walk, then the coverage: every state and every user-event transition, or the test fails.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerConfig } from "../../server/config.ts";
import { describeCoverage, measure, recordCoverage } from "../model/coverage.ts";
import { pathTitle } from "../model/paths.ts";
import { assertTableComplete, type AnyModelTable } from "../model/table.ts";
import { walkPath } from "../model/walk.ts";
import { userTransitions, walkPlan } from "../model/walk-plan.ts";
import { openPortal, type Portal } from "./harness.ts";

/** A walk is a few dozen gestures and checks, each waiting on the screen: a generous bound per walk. */
const PER_WALK_MS = 60_000;

/**
 * Every walk searches the demo plans afresh, often the same one, and asks for a finish-later link on
 * several steps of one claim: far more than one person does, so those limits (which test/server
 * covers) are lifted for these files.
 */
const LIFTED_LIMITS: Partial<ServerConfig> = {
  rateLimits: {
    searchPerAddress: [10_000, 600],
    planLookupPerAddress: [10_000, 600],
    finishLaterPerCustomer: [10_000, 3600],
    finishLaterPerAddress: [10_000, 3600],
  },
};

export function describeModelWalks(table: AnyModelTable): void {
  assertTableComplete(table);
  const plan = walkPlan(table);
  const users = new Set(userTransitions(table));
  const covered = { states: new Set<string>(), transitions: new Set<string>() };

  describe(`${table.machine.id}: the generated paths walked through the portal`, () => {
    let portal: Portal;
    beforeAll(async () => {
      portal = await openPortal(LIFTED_LIMITS);
    });
    afterAll(async () => {
      await portal?.close();
    });

    it("the walks the model plans reach every state and user-event transition", () => {
      expect(plan.missed, "user-event transitions no path of the model takes").toEqual([]);
    });

    it(
      `${plan.walks.length} walks: after every gesture the screen shows the state the machine is in`,
      async () => {
        const failures: string[] = [];
        for (const walk of plan.walks) {
          const { error, covered: walked } = await walkPath(table, walk, portal, users);
          walked.states.forEach((state) => covered.states.add(state));
          walked.transitions.forEach((key) => covered.transitions.add(key));
          if (error) failures.push(`${pathTitle(walk)}\n  ${error}`);
        }
        expect(failures, `${failures.length} of ${plan.walks.length} walks failed`).toEqual([]);
      },
      PER_WALK_MS * Math.max(1, plan.walks.length),
    );

    it("the walks covered 100% of the states and of the user-event transitions", async () => {
      const coverage = measure(table, { states: [...covered.states], transitions: [...covered.transitions] });
      console.log(describeCoverage(coverage));
      await recordCoverage(coverage);
      expect(coverage.states.missing, "states no walk checked").toEqual([]);
      expect(coverage.userTransitions.missing, "user-event transitions no walk took").toEqual([]);
    });
  });
}
