/**
 * The QA path plans in docs/qa-paths/ are the machines' and their QA tables': every
 * committed file is what `npm run paths` writes now, every charted machine has a table, and a
 * table missing a gesture or a state view fails, naming it. No browser.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHARTED_MACHINES } from "../../scripts/charts/machines.ts";
import { qaPathFiles } from "../../scripts/paths/files.ts";
import { QA_TABLES } from "../model/tables.ts";
import { assertTableComplete, type AnyModelTable } from "../model/table.ts";

const DIR = "docs/qa-paths";
const STALE = "is out of date with its machine or QA table: run npm run paths";

/** A copy of the table without one entry of `part`. */
function without(table: AnyModelTable, part: "events" | "states" | "calls", name: string): AnyModelTable {
  const { [name]: _dropped, ...rest } = table[part] as Record<string, unknown>;
  return { ...table, [part]: rest };
}

describe("docs/qa-paths", () => {
  const files = qaPathFiles();

  it.each([...files.keys()])("%s is what npm run paths writes now", (name) => {
    const path = `${DIR}/${name}`;
    expect(existsSync(path), `${path} is missing: run npm run paths`).toBe(true);
    expect(readFileSync(path, "utf8"), `${path} ${STALE}`).toBe(files.get(name));
  });

  it("holds no file npm run paths would not write", () => {
    expect(readdirSync(DIR).sort(), `${DIR} ${STALE}`).toEqual([...files.keys()].sort());
  });
});

describe("QA tables", () => {
  it("there is one for every charted machine, in the charts' order", () => {
    expect(QA_TABLES.map(({ table }) => [table.file, table.machine.id])).toEqual(
      CHARTED_MACHINES.map(({ file, machine }) => [file, machine.id]),
    );
  });

  it.each(QA_TABLES.map(({ table }) => [table.machine.id, table] as const))(
    "%s: a gesture for every event, a view of every state",
    (_, table) => {
      expect(() => assertTableComplete(table)).not.toThrow();
    },
  );

  it.each(QA_TABLES.filter(({ walked }) => walked).map(({ table }) => [table.machine.id, table] as const))(
    "%s is walked by test/e2e/model-*.test.ts, with the request of every invoke",
    (_, table) => {
      expect(existsSync(`test/e2e/model-${table.file}.test.ts`)).toBe(true);
      expect(table.calls, "walked tables name each invoke's request").toBeDefined();
    },
  );

  describe("the completeness check fails, naming what is missing, when a table loses", () => {
    const { table } = QA_TABLES.find(({ table: one }) => one.machine.id === "fppClaim")!;

    it("the gesture of a user event", () => {
      expect(() => assertTableComplete(without(table, "events", "step.next"))).toThrow(/no gesture for step\.next/);
    });

    it("the entry of a system event", () => {
      expect(() => assertTableComplete(without(table, "events", "xstate.done.actor.saveItems"))).toThrow(
        /no gesture for xstate\.done\.actor\.saveItems/,
      );
    });

    it("the view of a state, transient or not", () => {
      expect(() => assertTableComplete(without(table, "states", "reviewing.ready"))).toThrow(
        /no state view for reviewing\.ready/,
      );
      expect(() => assertTableComplete(without(table, "states", "routing"))).toThrow(/no state view for routing/);
    });

    it("the request of an invoke", () => {
      expect(() => assertTableComplete(without(table, "calls", "submitClaim"))).toThrow(
        /no call pattern for submitClaim/,
      );
    });

    it("or names a state the machine does not have", () => {
      expect(() =>
        assertTableComplete({
          ...table,
          states: { ...table.states, "reviewing.gone": table.states["reviewing.ready"]! },
        }),
      ).toThrow(/does not have: reviewing\.gone/);
    });
  });
});
