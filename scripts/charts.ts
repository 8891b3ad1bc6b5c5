/**
 * `npm run charts`: for every machine of scripts/charts/machines.ts, writes into docs/charts/
 * - <machine>.md: a Mermaid stateDiagram-v2 generated from the machine definition, with a legend;
 * - <machine>.svg: that diagram drawn offline by Mermaid in the project's Chromium, carrying the
 *   sha256 of its Mermaid text so the chart test can tell a stale picture without a browser;
 * - <machine>.viz.ts: a self-contained createMachine call to paste into the Stately visualizer;
 * and docs/charts/README.md showing every chart, docs/charts/index.ts loading every .viz.ts (so the
 * typecheck of `npm test` covers them). test/unit/charts.test.ts fails when any is stale.
 */
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { CHARTED_MACHINES, sourceOf } from "./charts/machines.ts";
import { chartMarkdown } from "./charts/markdown.ts";
import { svgHashComment, toMermaid } from "./charts/mermaid.ts";
import { chartsReadme } from "./charts/readme.ts";
import { renderSvgs } from "./charts/render-svg.ts";
import { toVizSource, vizIndex } from "./charts/viz.ts";

const DIR = "docs/charts";

await mkdir(DIR, { recursive: true });
const texts = CHARTED_MACHINES.map(({ machine }) => toMermaid(machine));
const svgs = await renderSvgs(texts);

const written = new Set<string>(["README.md", "index.ts"]);
for (const [index, chart] of CHARTED_MACHINES.entries()) {
  const text = texts[index]!;
  // The hash goes right after the opening tag: an SVG viewer ignores it, the chart test reads it.
  const svg = svgs[index]!.replace(/^(<svg[^>]*>)/, `$1${svgHashComment(text)}`);
  const files: Array<[string, string]> = [
    [`${chart.file}.md`, chartMarkdown(chart, text)],
    [`${chart.file}.svg`, `${svg}\n`],
    [`${chart.file}.viz.ts`, toVizSource(chart.machine, sourceOf(chart))],
  ];
  for (const [name, content] of files) {
    await writeFile(`${DIR}/${name}`, content);
    written.add(name);
  }
}
await writeFile(`${DIR}/README.md`, chartsReadme(CHARTED_MACHINES));
await writeFile(`${DIR}/index.ts`, vizIndex(CHARTED_MACHINES));

// A machine taken off the list takes its files with it.
for (const name of await readdir(DIR)) {
  if (!written.has(name) && /\.(md|svg|viz\.ts)$/.test(name)) await rm(`${DIR}/${name}`);
}
console.log(
  `Wrote ${written.size} files to ${DIR}/ for ${CHARTED_MACHINES.map(({ machine }) => machine.id).join(", ")}`,
);
