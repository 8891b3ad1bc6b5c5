/**
 * Why a screen is slow, in Lighthouse's own words: builds the portal (or reuses a build
 * given with --dir), serves it with the reference API and prints, per run of each screen, the score,
 * FCP, LCP, TBT, the LCP element, the critical request chains and the main thread's work per
 * script; and first, per screen, the scripts it downloads beyond the app shell (gzip, nothing cached). As in the bench, welcome and select-search-method start from an empty cache and storage,
 * the others from the browser that searched (and filed up to step 4). Run: `npm exec -- tsx scripts/bench/diagnose.ts [--dir DIR] [--runs N] [screen...]` (--runs 0: the scripts only),
 * screens among bare (the bare React page), welcome, select-search-method, select-plan, step4. Figures only, like the bench.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { startServer } from "../../server/start.ts";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { portalFiles } from "../../src/server/portal-files.ts";
import { buildBarePage, buildPortal } from "./builds.ts";
import { launchForLighthouse } from "./lighthouse.ts";
import { appShellBytes, scriptSizes, scriptsOfPage } from "./page-weight.ts";
import { fileUpToStep4, findPlan } from "./journeys.ts";

interface Chain {
  url: string;
  navStartToEndTime: number;
  transferSize: number;
  isLongest?: boolean;
  children?: Record<string, Chain>;
}

function printChains(chains: Record<string, Chain>, depth = 0): void {
  for (const chain of Object.values(chains)) {
    const { url, navStartToEndTime, transferSize, isLongest } = chain;
    console.log(
      `    ${isLongest ? "*" : " "} ${"  ".repeat(depth)}${new URL(url).pathname} ${(transferSize / 1024).toFixed(1)} kB, done at ${Math.round(navStartToEndTime)} ms`,
    );
    if (chain.children) printChains(chain.children, depth + 1);
  }
}

const { values, positionals } = parseArgs({
  options: { dir: { type: "string" }, runs: { type: "string", default: "1" }, json: { type: "string" } },
  allowPositionals: true,
});
const wanted = positionals.length ? positionals : ["welcome", "select-search-method", "select-plan", "step4"];
const work = await mkdtemp(join(tmpdir(), "diagnose-"));
const portalDir = values.dir ?? join(work, "portal");
if (!values.dir) {
  console.log("Building the portal…");
  await buildPortal(portalDir);
}
const server = await startServer({
  dataDir: join(work, "data"),
  staticDir: portalDir,
  rateLimits: {
    searchPerAddress: [100_000, 60],
    planLookupPerAddress: [100_000, 60],
    draftsPerAddress: [100_000, 60],
    claimStatusPerAddress: [100_000, 60],
  },
});
let bareUrl = "";
if (wanted.includes("bare")) {
  await buildBarePage(join(work, "bare"));
  const app = new Hono().use("*", portalFiles(join(work, "bare")));
  bareUrl = await new Promise<string>(
    (done) =>
      void serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
        done(`http://127.0.0.1:${info.port}/`),
      ),
  );
}
const chrome = await launchForLighthouse();
try {
  const origin = server.url;
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await cdp.contexts()[0]!.newPage();
  let step4 = "";
  if (wanted.some((name) => name !== "welcome" && name !== "select-search-method")) {
    step4 = await fileUpToStep4(page, origin);
    await findPlan(page, origin);
  }
  const afterSearch = await page.context().storageState();
  await page.close();
  const urls: Record<string, string> = {
    bare: bareUrl,
    welcome: `${origin}/`,
    "select-search-method": `${origin}/find-claim/select-search-method`,
    "select-plan": `${origin}/find-claim/select-plan`,
    step4,
  };
  const sizes = await scriptSizes(portalDir);
  const shell = await appShellBytes(portalDir, sizes);
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const html = await readFile(join(portalDir, "index.html"), "utf8");
  console.log(`\nApp shell: ${kB(shell)} gzip`);
  for (const name of wanted.filter((screen) => screen !== "bare")) {
    const needsSearch = name !== "welcome" && name !== "select-search-method";
    const { files, gzipBytes } = await scriptsOfPage(cdp, urls[name]!, sizes, needsSearch ? afterSearch : undefined);
    const extra = files
      .filter((file) => !html.includes(`/assets/${file}"`))
      .sort((a, b) => sizes.get(b)! - sizes.get(a)!);
    console.log(
      `${name}: ${kB(gzipBytes)}, ${kB(gzipBytes - shell)} beyond the shell: ${extra.map((file) => `${file} ${kB(sizes.get(file)!)}`).join(", ")}`,
    );
  }
  await cdp.close();
  for (const name of wanted) {
    for (let run = 0; run < Number(values.runs); run++) {
      const result = await lighthouse(urls[name]!, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        disableStorageReset: !["bare", "welcome", "select-search-method"].includes(name),
      });
      const lhr = result!.lhr;
      if (values.json) await writeFile(`${values.json}-${name}-${run}.json`, JSON.stringify(lhr));
      const audit = (id: string) => lhr.audits[id]!;
      const n = (id: string) => Math.round(audit(id).numericValue ?? Number.NaN);
      console.log(
        `\n${name} run ${run + 1}: score ${Math.round((lhr.categories.performance!.score ?? 0) * 100)}, FCP ${n("first-contentful-paint")} ms, LCP ${n("largest-contentful-paint")} ms, TBT ${n("total-blocking-time")} ms, SI ${n("speed-index")} ms`,
      );
      const lcp =
        (
          audit("lcp-breakdown-insight").details as {
            items?: { items?: { label: string; duration: number }[]; snippet?: string; nodeLabel?: string }[];
          }
        )?.items ?? [];
      const element = lcp.find((item) => item.snippet);
      console.log(
        `  LCP element: ${element?.snippet?.slice(0, 120) ?? "?"} "${element?.nodeLabel?.slice(0, 60) ?? ""}"`,
      );
      const phases = lcp.find((item) => item.items)?.items;
      if (phases)
        console.log(`  LCP phases: ${phases.map((p) => `${p.label} ${Math.round(p.duration)} ms`).join(", ")}`);
      console.log("  network dependency tree (observed, unthrottled):");
      const tree =
        (
          audit("network-dependency-tree-insight").details as {
            items?: { value?: { chains?: Record<string, Chain> } }[];
          }
        )?.items?.[0]?.value?.chains ?? {};
      printChains(tree);
      const bootup =
        (
          audit("bootup-time").details as {
            items?: { url: string; total: number; scripting: number; scriptParseCompile: number }[];
          }
        )?.items ?? [];
      console.log(
        `  bootup: ${bootup.map((item) => `${item.url.replace(origin, "")} ${Math.round(item.total)}/${Math.round(item.scripting)}/${Math.round(item.scriptParseCompile)} ms`).join("; ")}`,
      );
      const longTasks =
        (audit("long-tasks").details as { items?: { url: string; duration: number; startTime: number }[] })?.items ??
        [];
      console.log(
        `  long tasks: ${longTasks.map((task) => `${task.url.replace(origin, "")} ${Math.round(task.duration)} ms @${Math.round(task.startTime)}`).join("; ")}`,
      );
    }
  }
} finally {
  await chrome.kill();
  await server.close();
  await rm(work, { recursive: true, force: true });
}
// The bare page's little server (and Lighthouse's sockets) would keep the process alive.
process.exit(0);
