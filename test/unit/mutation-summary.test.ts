/**
 * The mutation summary QA reads (scripts/mutation/, docs/qa/mutation.md): the score as Stryker
 * counts it, one key per mutant, every survivor either equivalent with its reason or named as not
 * yet killed, and the same document for the same outcome whatever order the runners finished in.
 */
import { describe, expect, it } from "vitest";
import { EQUIVALENT_MUTANTS } from "../../scripts/mutation/equivalents.ts";
import { mutantKey, mutationMarkdown } from "../../scripts/mutation/markdown.ts";
import { tally, type MutationReport, type ReportMutant } from "../../scripts/mutation/scores.ts";

const mutant = (line: number, column: number, mutatorName: string, replacement: string, status: string): ReportMutant => ({
  id: `${line}.${column}.${mutatorName}.${replacement}`,
  mutatorName,
  replacement,
  location: { start: { line, column } },
  status,
});

/** The first entry of equivalents.ts, as the mutant it names. */
function listedSurvivor(): { path: string; mutant: ReportMutant } {
  const key = Object.keys(EQUIVALENT_MUTANTS)[0]!;
  const [, path, line, column, mutatorName, replacement] = /^(.+?):(\d+):(\d+) (\S+) (.*)$/.exec(key)!;
  return { path: path!, mutant: mutant(Number(line), Number(column), mutatorName!, replacement!, "Survived") };
}

describe("the mutation summary", () => {
  it("scores killed and timed-out mutants against all that ran, leaving out errors and static ones", () => {
    const counts = tally([
      mutant(1, 1, "A", "x", "Killed"),
      mutant(2, 1, "A", "x", "Killed"),
      mutant(3, 1, "A", "x", "Timeout"),
      mutant(4, 1, "A", "x", "Survived"),
      mutant(5, 1, "A", "x", "NoCoverage"),
      mutant(6, 1, "A", "x", "Ignored"),
      mutant(7, 1, "A", "x", "CompileError"),
    ]);
    expect(counts.score).toBe(60);
    expect(counts).toMatchObject({ killed: 2, timeout: 1, survived: 1, noCoverage: 1, ignored: 1, errors: 1 });
    expect(tally([mutant(1, 1, "A", "x", "Ignored")]).score).toBeNull();
  });

  it("keys two mutants at one place apart by their replacement, so one reason cannot excuse both", () => {
    const first = mutantKey("machines/a.ts", mutant(3, 7, "OptionalChaining", "a.b?.c", "Survived"));
    const second = mutantKey("machines/a.ts", mutant(3, 7, "OptionalChaining", "a?.b.c", "Survived"));
    expect(first).toBe("machines/a.ts:3:7 OptionalChaining a.b?.c");
    expect(second).not.toBe(first);
  });

  it("gives a listed survivor its reason, names any other as not yet killed, and lists entries nothing matches", () => {
    const listed = listedSurvivor();
    const report: MutationReport = {
      files: {
        [listed.path]: { mutants: [listed.mutant, mutant(900, 1, "BooleanLiteral", "false", "Survived")] },
      },
    };
    const text = mutationMarkdown(report);
    expect(text).toContain(`${mutantKey(listed.path, listed.mutant)} \`\`: equivalent: ${EQUIVALENT_MUTANTS[mutantKey(listed.path, listed.mutant)]}`);
    expect(text).toContain(`${listed.path}:900:1 BooleanLiteral false \`\`: **not yet killed**`);
    expect(text).toContain("(2, 1 not yet judged or killed)");
    const stale = Object.keys(EQUIVALENT_MUTANTS).length - 1;
    expect(stale === 0 || text.includes(`no mutant of this run survives there (${stale})`)).toBe(true);
  });

  it("writes the same document whatever order the report lists the mutants in", () => {
    const mutants = [mutant(9, 2, "StringLiteral", '""', "Survived"), mutant(4, 1, "ConditionalExpression", "true", "Killed"), mutant(9, 2, "BlockStatement", "{}", "NoCoverage")];
    const report = (order: ReportMutant[]): MutationReport => ({ files: { "machines/b.ts": { mutants: order } } });
    expect(mutationMarkdown(report([...mutants].reverse()))).toBe(mutationMarkdown(report(mutants)));
  });
});
