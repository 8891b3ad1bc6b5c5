/**
 * The state charts in docs/charts/ are the machines': for every machine of
 * scripts/charts/machines.ts, the committed Mermaid text is what the machine gives now, the SVG was
 * drawn from that text (its embedded sha256), and the visualizer file has the same states and
 * transitions. No browser: a stale SVG shows by its hash. Live inspection stays out of production.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { vizMachines } from "../../docs/charts/index.ts";
import { chartSignature, countChart } from "../../scripts/charts/chart-model.ts";
import { CHARTED_MACHINES } from "../../scripts/charts/machines.ts";
import { mermaidBlockOf } from "../../scripts/charts/markdown.ts";
import { mermaidHash, SVG_HASH_PATTERN, toMermaid } from "../../scripts/charts/mermaid.ts";

const STALE = "is out of date with its machine: run npm run charts";

function read(path: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run charts`);
  return readFileSync(path, "utf8");
}

describe.each(CHARTED_MACHINES)("chart of $machine.id", ({ file, machine }) => {
  const page = `docs/charts/${file}.md`;

  it(`docs/charts/${file}.md holds the Mermaid chart the machine gives now`, () => {
    expect(mermaidBlockOf(read(page)), `${page} ${STALE}`).toBe(toMermaid(machine));
  });

  it(`docs/charts/${file}.svg was drawn from that Mermaid chart`, () => {
    const svg = `docs/charts/${file}.svg`;
    const committed = mermaidBlockOf(read(page)) ?? "";
    const hash = SVG_HASH_PATTERN.exec(read(svg))?.[1];
    expect(hash, `${svg} carries no mermaid-sha256: run npm run charts`).toBeDefined();
    expect(hash, `${svg} ${STALE}`).toBe(mermaidHash(committed));
  });

  it(`docs/charts/${file}.viz.ts has the machine's states and transitions`, async () => {
    const load = vizMachines[file];
    expect(load, `docs/charts/index.ts does not list ${file}.viz.ts: run npm run charts`).toBeDefined();
    const { machine: viz } = await load!();
    const where = `docs/charts/${file}.viz.ts ${STALE}`;
    expect(countChart(viz), where).toEqual(countChart(machine));
    expect(chartSignature(viz), where).toEqual(chartSignature(machine));
  });
});

describe("docs/charts", () => {
  it("lists a visualizer file for every charted machine and no other", () => {
    expect(Object.keys(vizMachines), `docs/charts/index.ts ${STALE}`).toEqual(CHARTED_MACHINES.map(({ file }) => file));
  });
});

describe("live inspection", () => {
  // The production build is checked for real in test/e2e/global-setup.ts, which builds anyway;
  // this guards the source cheaply: one module loads the inspector, only in development.
  it("loads @statelyai/inspect only from src/inspect.ts, lazily, behind import.meta.env.DEV", () => {
    const source = read("src/inspect.ts");
    expect(source).toMatch(/import\.meta\.env\.DEV/);
    expect(source).toMatch(/await import\("@statelyai\/inspect"\)/);
    expect(source).not.toMatch(/^import [^;]*["']@statelyai\/inspect["']/m);
    const others = readdirSync("src", { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && file !== "inspect.ts")
      .filter((file) => readFileSync(`src/${file}`, "utf8").includes("@statelyai/inspect"));
    expect(others, "files of src/ naming @statelyai/inspect besides src/inspect.ts").toEqual([]);
  });
});
