/**
 * The mutation summary QA reads (scripts/mutation/, docs/qa/mutation.md): the score as Stryker
 * counts it, one key per mutant by the code it changes (not its line), every survivor either
 * equivalent with its reason or named as not yet killed, every listed reason still on the code it
 * was written for, and the same document for the same outcome whatever order the runners finished in.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EQUIVALENT_MUTANTS } from "../../scripts/mutation/equivalents.ts";
import { mutationMarkdown, staleEquivalents } from "../../scripts/mutation/markdown.ts";
import { enclosingName, keyParts, keyStillFits, placeKey, type Position } from "../../scripts/mutation/places.ts";
import { tally, withStaticNotRun, type MutationReport, type ReportMutant } from "../../scripts/mutation/scores.ts";

/** A mutant replacing `length` characters from `start` with `replacement`. */
const mutant = (
  start: Position,
  length: number,
  mutatorName: string,
  replacement: string,
  status: string,
): ReportMutant => ({
  id: `${start.line}.${start.column}.${mutatorName}.${replacement}`,
  mutatorName,
  replacement,
  location: { start, end: { line: start.line, column: start.column + length } },
  status,
});

/** Where `text` first starts in `source`, as the report counts (from 1). */
function positionOf(source: string, text: string): Position {
  const before = source.slice(0, source.indexOf(text)).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

const MACHINE = [
  'import { assign, setup } from "xstate";',
  "const LIMIT = 3;",
  "export function isOver(count: number): boolean {",
  "  return [count].some((value) => value > LIMIT);",
  "}",
  "export const machine = setup({",
  "  actions: {",
  "    markDone: assign(({ context }) => ({ done: context.count >= LIMIT })),",
  "  },",
  "}).createMachine({});",
  "function itemsToSave(ids: number[]) {",
  '  const empty = "";',
  "  return { items: ids.map((id) => ({ id: id + 1 })), empty };",
  "}",
  "class CallFailed extends Error {",
  "  constructor(kind: string) {",
  '    super(kind === "refused" ? "Refused" : "Failed");',
  "  }",
  "}",
].join("\n");

describe("the mutation summary", () => {
  it("scores killed and timed-out mutants against all that ran, leaving out errors and static ones", () => {
    const at = (line: number, status: string) => mutant({ line, column: 1 }, 1, "A", "x", status);
    const counts = tally([
      at(1, "Killed"),
      at(2, "Killed"),
      at(3, "Timeout"),
      at(4, "Survived"),
      at(5, "NoCoverage"),
      at(6, "Ignored"),
      at(7, "CompileError"),
    ]);
    expect(counts.score).toBe(60);
    expect(counts).toMatchObject({ killed: 2, timeout: 1, survived: 1, noCoverage: 1, ignored: 1, errors: 1 });
    expect(tally([at(1, "Ignored")]).score).toBeNull();
  });

  it("counts a static mutant as not run, whether or not Stryker saw its module load, and leaves others as they are", () => {
    const start = positionOf(MACHINE, "3;");
    const staticOne = { ...mutant(start, 1, "NumericLiteral", "0", "NoCoverage"), static: true };
    const uncovered = mutant(positionOf(MACHINE, "value > LIMIT"), 13, "ConditionalExpression", "true", "NoCoverage");
    const report = withStaticNotRun({
      files: { "machines/a.ts": { source: MACHINE, mutants: [staticOne, uncovered] } },
    });
    expect(report.files["machines/a.ts"]!.mutants.map((m) => m.status)).toEqual(["Ignored", "NoCoverage"]);
  });

  it("names the function a mutant sits in, an unnamed callback or constructor counting as part of what holds it", () => {
    expect(enclosingName(MACHINE, positionOf(MACHINE, "value > LIMIT"))).toBe("isOver");
    expect(enclosingName(MACHINE, positionOf(MACHINE, "context.count >= LIMIT"))).toBe("markDone");
    expect(enclosingName(MACHINE, positionOf(MACHINE, "id + 1"))).toBe("itemsToSave");
    expect(enclosingName(MACHINE, positionOf(MACHINE, '"";'))).toBe("itemsToSave");
    expect(enclosingName(MACHINE, positionOf(MACHINE, '"Refused"'))).toBe("CallFailed");
    expect(enclosingName(MACHINE, positionOf(MACHINE, "3;"))).toBe("LIMIT");
    expect(enclosingName(MACHINE, positionOf(MACHINE, "import"))).toBe("(module)");
  });

  it("keys a mutant by its function and the code it replaces, so the key holds when lines move", () => {
    const key = placeKey(
      "machines/a.ts",
      MACHINE,
      mutant(positionOf(MACHINE, "value > LIMIT"), 13, "EqualityOperator", "value >= LIMIT", "Survived"),
    );
    expect(key).toBe("machines/a.ts isOver: EqualityOperator value > LIMIT -> value >= LIMIT");
    const moved = `// a comment above\n\n${MACHINE}`;
    expect(
      placeKey(
        "machines/a.ts",
        moved,
        mutant(positionOf(moved, "value > LIMIT"), 13, "EqualityOperator", "value >= LIMIT", "Survived"),
      ),
    ).toBe(key);
  });

  it("keys two mutants of the same code apart by their replacement, so one reason cannot excuse both", () => {
    const start = positionOf(MACHINE, "value > LIMIT");
    const first = placeKey(
      "machines/a.ts",
      MACHINE,
      mutant(start, 13, "EqualityOperator", "value >= LIMIT", "Survived"),
    );
    const second = placeKey(
      "machines/a.ts",
      MACHINE,
      mutant(start, 13, "EqualityOperator", "value <= LIMIT", "Survived"),
    );
    expect(second).not.toBe(first);
  });

  it("gives a listed survivor its reason, names any other as not yet killed, and lists entries nothing matches", () => {
    const listed = mutant(positionOf(MACHINE, "value > LIMIT"), 13, "EqualityOperator", "value >= LIMIT", "Survived");
    const other = mutant(
      positionOf(MACHINE, "context.count >= LIMIT"),
      22,
      "ConditionalExpression",
      "true",
      "Survived",
    );
    const equivalents = {
      "machines/a.ts isOver: EqualityOperator value > LIMIT -> value >= LIMIT": "the limit itself is never reached",
      "machines/a.ts isOver: EqualityOperator value > LIMIT -> false": "killed since",
    };
    const report: MutationReport = { files: { "machines/a.ts": { source: MACHINE, mutants: [listed, other] } } };
    const text = mutationMarkdown(report, equivalents);
    expect(text).toContain(
      "`` machines/a.ts isOver: EqualityOperator value > LIMIT -> value >= LIMIT ``: equivalent: the limit itself is never reached",
    );
    expect(text).toContain(
      "`` machines/a.ts markDone: ConditionalExpression context.count >= LIMIT -> true ``: **not yet killed**",
    );
    expect(text).toContain("(2, 1 not yet judged or killed)");
    expect(staleEquivalents(report, equivalents)).toEqual([
      "machines/a.ts isOver: EqualityOperator value > LIMIT -> false",
    ]);
    expect(text).toContain("no mutant of this run survives there (1)");
  });

  it("writes the same document whatever order the report lists the mutants in", () => {
    const mutants = [
      mutant(positionOf(MACHINE, "3;"), 1, "NumericLiteral", "0", "Survived"),
      mutant(positionOf(MACHINE, "value > LIMIT"), 13, "ConditionalExpression", "true", "Killed"),
      mutant(positionOf(MACHINE, "3;"), 1, "BooleanLiteral", "true", "NoCoverage"),
    ];
    const report = (order: ReportMutant[]): MutationReport => ({
      files: { "machines/b.ts": { source: MACHINE, mutants: order } },
    });
    expect(mutationMarkdown(report([...mutants].reverse()))).toBe(mutationMarkdown(report(mutants)));
  });

  it("tells a key that still fits its code from one whose function or code changed", () => {
    expect(keyStillFits(MACHINE, "isOver", "value > LIMIT")).toBe(true);
    expect(keyStillFits(MACHINE, "markDone", "value > LIMIT")).toBe(false);
    expect(keyStillFits(MACHINE.replace("value > LIMIT", "value >= LIMIT"), "isOver", "value > LIMIT")).toBe(false);
    expect(keyStillFits(MACHINE.replace("isOver", "isAbove"), "isOver", "value > LIMIT")).toBe(false);
  });

  it("has every equivalent reason still on the code it was written for", () => {
    const misplaced = Object.keys(EQUIVALENT_MUTANTS).filter((key) => {
      const parts = keyParts(key);
      return !parts || !keyStillFits(readFileSync(parts.path, "utf8"), parts.name, parts.original);
    });
    expect(misplaced).toEqual([]);
  });
});
