/**
 * Lays a PDF page's text runs out as lines of plain text, the way `pdftotext -layout` does: runs
 * on one baseline share a line, each starts at the column its x position gives, and a wide gap
 * stays 3+ spaces, so extract-fields.ts sees "Bill To" and "Ship To" as two columns whose values
 * sit under them. A blank line marks a vertical gap (a new block).
 */

/** A run of text on a page: its string, left x and baseline y in PDF units (y grows upwards). */
export interface TextRun {
  text: string;
  x: number;
  y: number;
  /** Advance width in PDF units. */
  width: number;
  /** Font size in PDF units. */
  size: number;
}

/** Text runs to lines; an empty string for no runs. */
export function layoutRuns(runs: readonly TextRun[]): string {
  const useful = runs.filter((r) => r.text.trim() && Number.isFinite(r.x) && Number.isFinite(r.y) && r.size > 0);
  if (useful.length === 0) return "";
  const charWidth =
    median(useful.filter((r) => r.width > 0 && r.text.length > 0).map((r) => r.width / r.text.length)) ||
    median(useful.map((r) => r.size)) * 0.5;
  const sorted = [...useful].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: TextRun[][] = [];
  for (const run of sorted) {
    const line = lines.at(-1);
    const first = line?.[0];
    // Same line when the baselines are within a third of the font size.
    if (line && first && Math.abs(first.y - run.y) <= Math.max(first.size, run.size) / 3) line.push(run);
    else lines.push([run]);
  }
  const out: string[] = [];
  let previous: TextRun | undefined;
  for (const line of lines) {
    const head = line[0]!;
    if (previous && previous.y - head.y > Math.max(previous.size, head.size) * 2.2) out.push("");
    previous = head;
    let text = "";
    for (const run of line.sort((a, b) => a.x - b.x)) {
      const column = Math.round(run.x / charWidth);
      const gap = column - text.length;
      if (text.length === 0) text = " ".repeat(Math.max(0, column));
      else if (gap >= 3) text += " ".repeat(gap);
      else if (gap > 0 || !/\s$/.test(text)) text += gap > 1 ? "  " : run.text.startsWith(" ") ? "" : " ";
      text += run.text;
    }
    out.push(text.replace(/\s+$/, ""));
  }
  return out.join("\n");
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
