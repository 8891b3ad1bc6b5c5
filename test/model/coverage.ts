/**
 * The share of a machine's states and user-event transitions the browser walks covered: printed by
 * test/e2e/model-*.test.ts and written to .tmp/model-coverage.json (one entry per machine, merged
 * across the test files), so `npm test` shows it and CI can keep it.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { leafStates } from "../machines/support/graph.ts";
import type { AnyModelTable } from "./table.ts";
import { userTransitions, type Coverage } from "./walk-plan.ts";

const COVERAGE_FILE = ".tmp/model-coverage.json";

interface Share {
  covered: number;
  total: number;
  missing: string[];
}

export interface MachineCoverage {
  machine: string;
  states: Share;
  userTransitions: Share;
  /** User-event transitions no screen offers, with why; not counted. */
  unreachable: Record<string, string>;
}

const share = (all: string[], covered: string[]): Share => {
  const missing = all.filter((name) => !covered.includes(name));
  return { covered: all.length - missing.length, total: all.length, missing };
};

/** What `covered` amounts to for a table's machine. */
export function measure(table: AnyModelTable, covered: Coverage): MachineCoverage {
  return {
    machine: table.machine.id,
    states: share(leafStates(table.machine), covered.states),
    userTransitions: share(userTransitions(table), covered.transitions),
    unreachable: table.unreachable ?? {},
  };
}

const percent = ({ covered, total }: Share) =>
  `${covered}/${total} (${total ? Math.floor((100 * covered) / total) : 100}%)`;

/** One line per machine, then what is missing or not counted. */
export function describeCoverage(coverage: MachineCoverage): string {
  const lines = [
    `model-based browser coverage of ${coverage.machine}: states ${percent(coverage.states)}, user-event transitions ${percent(coverage.userTransitions)}`,
  ];
  for (const state of coverage.states.missing) lines.push(`  state not covered: ${state}`);
  for (const key of coverage.userTransitions.missing) lines.push(`  transition not covered: ${key}`);
  for (const [key, why] of Object.entries(coverage.unreachable))
    lines.push(`  not counted, no screen offers it: ${key} (${why})`);
  return lines.join("\n");
}

/** Merges a machine's coverage into COVERAGE_FILE. */
export async function recordCoverage(coverage: MachineCoverage, file = COVERAGE_FILE): Promise<void> {
  let all: Record<string, MachineCoverage> = {};
  try {
    all = JSON.parse(await readFile(file, "utf8")) as Record<string, MachineCoverage>;
  } catch {
    // No file yet, or one from an older shape: start afresh.
  }
  all[coverage.machine] = coverage;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(all, null, 2)}\n`);
}
