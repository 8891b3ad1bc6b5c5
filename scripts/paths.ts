/**
 * `npm run paths`: for every QA table of test/model/tables.ts (one per charted machine), writes
 * docs/qa-paths/<machine>.md, the shortest and simple paths as numbered steps a tester follows by
 * hand, and <machine>.json, the same paths machine-readable; then docs/qa-paths/README.md, the
 * index. A table lacking a gesture or a state view fails the run, naming what is missing.
 * test/unit/qa-paths.test.ts fails when a file is stale.
 */
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { qaPathFiles } from "./paths/files.ts";

const DIR = "docs/qa-paths";

await mkdir(DIR, { recursive: true });
const files = qaPathFiles();
for (const [name, content] of files) await writeFile(`${DIR}/${name}`, content);
// A machine taken off the list takes its files with it.
for (const name of await readdir(DIR)) if (!files.has(name)) await rm(`${DIR}/${name}`);
console.log(`Wrote ${files.size} files to ${DIR}/`);
