/** docs/charts/README.md: every chart as a picture, how to read it, and how to open it in Stately's tools. */
import { LEGEND } from "./markdown.ts";
import { sourceOf, type ChartedMachine } from "./machines.ts";

export function chartsReadme(charts: ChartedMachine[]): string {
  const index = charts.map(({ machine }) => `- [${machine.id}](#${machine.id.toLowerCase()})`).join("\n");
  const pictures = charts
    .map(
      (chart) => `## ${chart.machine.id}

From \`${sourceOf(chart)}\`. [Chart page with its Mermaid source](${chart.file}.md) ·
[visualizer file](${chart.file}.viz.ts)

![${chart.machine.id}](${chart.file}.svg)
`,
    )
    .join("\n");
  return `# State charts

Pictures of every state machine of the portal, generated from the machines themselves by
\`npm run charts\`; do not edit these files by hand. \`npm test\` fails when one is out of date with
its machine (test/unit/charts.test.ts), and says to run \`npm run charts\`.

For each machine there are three files:
- \`<machine>.svg\`: the picture below, drawn by Mermaid;
- \`<machine>.md\`: the same chart as Mermaid text (GitHub draws it too), with a legend;
- \`<machine>.viz.ts\`: the machine as one self-contained \`createMachine({...})\` call to open in
  Stately's visualizer or editor, where you can click through it.

${index}

## How to read a chart

${LEGEND}

Guards and actions are names: what they check or do is in the machine's file, next to its
\`setup({ guards, actions })\`, with a comment saying why. Params (which item, which message code)
are left out of the charts.

## Open a chart in the Stately visualizer

Each \`.viz.ts\` file pastes unchanged; it imports only \`createMachine\` from xstate and names every
guard, action and actor as a string, so nothing else is needed.

1. Open the file, for example [fpp-claim.viz.ts](fpp-claim.viz.ts), and copy all of it (on GitHub:
   the "Copy raw file" button; locally: select all in your editor).
2. Go to <https://stately.ai/viz> (the Stately visualizer). Select everything in the code panel on
   the left and delete it.
3. Paste the file into the code panel.
4. Press **Visualize** under the code panel (or Ctrl+Enter / Cmd+Enter). The chart appears on the
   right.
5. Click an event on the chart (for example \`step.next\`) to take that transition; the panel on the
   right lists the current state and the events sent. Transitions with a guard are taken in the
   visualizer as if the guard held, since only its name is known.

In Stately's editor (<https://stately.ai>, the visualizer's successor), use **Import from code** in the
Code panel, or in the menu next to the machine's name in the machines list, and paste the file there.

## Watch the running portal (live inspection)

\`npm run dev\`, then open the portal with \`?inspect\` in the URL (for example
<http://localhost:5173/?inspect>). The Stately inspector opens in a new window and shows the running
machines (plan search, the claim wizards, file upload, missing item) with their current state and
every event as you click through the portal. Allow the pop-up if the browser blocks it. Nothing of
the inspector is in the production build.

## Regenerate

\`\`\`sh
npm run charts
\`\`\`

It needs Chromium (\`CHROMIUM_PATH\`, else /usr/bin/chromium) and no network: Mermaid's own bundle
from node_modules is loaded into a blank page and every network request of that page is refused.
Each SVG carries the sha256 of the Mermaid text it was drawn from (\`<!-- mermaid-sha256: ... -->\`),
so the test can tell a stale picture without a browser. To chart a new machine, add one line to
\`scripts/charts/machines.ts\`.

${pictures}`;
}
