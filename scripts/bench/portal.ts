/**
 * The portal half of `npm run bench`: builds the portal and a bare React 19 page with
 * the same Vite, then measures side by side, in one run, the gzip script each screen loads and
 * Lighthouse's mobile performance, FCP, LCP and TBT (applied throttling, median of RUNS) for the
 * welcome, select-search-method, select-plan and create-claim step 4 screens, step 4 again opened
 * cold from a link and an ACE claim's step 1 opened the same way (scripts/bench/cold-link.ts); prints each budget with its verdict and, unless told
 * not to, writes the figures to docs/performance.md. Asserts nothing: figures only.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, release, totalmem, tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { chromium, type Browser } from "playwright-core";
import { portalFiles } from "../../src/server/portal-files.ts";
import { startServer } from "../../server/start.ts";
import { launchChromium } from "../chromium.ts";
import { buildBarePage, buildPortal } from "./builds.ts";
import { judge, type PageFigures, type Verdict } from "./budgets.ts";
import { coldLinkLighthouse, coldLinkRequests, signedPlanLink, type ColdLinkRequests } from "./cold-link.ts";
import { launchForLighthouse, medianLighthouse, type LighthouseFigures } from "./lighthouse.ts";
import { appShellBytes, scriptSizes, scriptsOfPage, type PageScripts } from "./page-weight.ts";
import { ACE_BENCH_PLAN, BENCH_PLAN, fileUpToStep4, findPlan, startAceClaim } from "./journeys.ts";

/** Lighthouse runs per page, of which the median counts. */
const RUNS = 5;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * Serves a built folder on a free loopback port the way the reference server sends the portal's
 * files (compressed, hashed assets cached); resolves with its URL and a stop function.
 */
function serveFolder(root: string): Promise<{ url: string; stop: () => void }> {
  const app = new Hono();
  app.use("*", portalFiles(root));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, stop: () => server.close() }),
    );
  });
}

/**
 * Builds, measures and judges the portal against the bare page; prints the figures and verdicts.
 * @param write also write them to docs/performance.md (replacing it)
 * @returns the verdicts
 */
export async function runPortalBench({ write }: { write: boolean }): Promise<Verdict[]> {
  const work = await mkdtemp(join(tmpdir(), "bench-portal-"));
  const portalDir = join(work, "portal");
  const bareDir = join(work, "bare");
  console.log("Building the portal and the bare React 19 page…");
  await buildPortal(portalDir);
  await buildBarePage(bareDir);
  const server = await startServer({
    dataDir: join(work, "data"),
    staticDir: portalDir,
    // The benchmark searches more often than a person; the limits are not what is measured.
    rateLimits: {
      searchPerAddress: [100_000, 60],
      planLookupPerAddress: [100_000, 60],
      draftsPerAddress: [100_000, 60],
      claimStatusPerAddress: [100_000, 60],
    },
  });
  const bare = await serveFolder(bareDir);
  let browser: Browser | undefined;
  const chrome = await launchForLighthouse();
  try {
    // Script weight, in the project's Chromium with nothing cached.
    browser = await launchChromium();
    const portalSizes = await scriptSizes(portalDir);
    const bareSizes = await scriptSizes(bareDir);
    const seeding = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const aceStepUrl = await startAceClaim(await seeding.newPage(), server.url);
    const step4Url = await fileUpToStep4(await seeding.newPage(), server.url);
    const afterSearch = await seeding.storageState();
    await seeding.close();
    const planLink = await signedPlanLink(server, BENCH_PLAN);
    const acePlanLink = await signedPlanLink(server, ACE_BENCH_PLAN);
    const origin = server.url;
    const screens = [
      { name: "welcome", url: `${origin}/`, needsSearch: false },
      { name: "select-search-method", url: `${origin}/find-claim/select-search-method`, needsSearch: false },
      { name: "select-plan", url: `${origin}/find-claim/select-plan`, needsSearch: true },
      { name: "create-claim step 4", url: step4Url, needsSearch: true },
    ];
    const shell = await appShellBytes(portalDir, portalSizes);
    const bareScripts = await scriptsOfPage(browser, `${bare.url}/`, bareSizes);
    const weights: PageScripts[] = [];
    for (const screen of screens)
      weights.push(await scriptsOfPage(browser, screen.url, portalSizes, screen.needsSearch ? afterSearch : undefined));
    const cold = await coldLinkRequests(browser, planLink, step4Url, portalDir, portalSizes);
    const aceWeight = await scriptsOfPage(browser, aceStepUrl, portalSizes, afterSearch);

    // Lighthouse: pages that need no search first (each run starts from empty storage), then the
    // search is made once in Lighthouse's own browser and kept for the pages that need it.
    console.log(`Lighthouse, mobile, median of ${RUNS}…`);
    const bareLighthouse = await medianLighthouse(chrome, `${bare.url}/`, RUNS);
    const lighthouse: LighthouseFigures[] = [];
    for (const screen of screens.filter((s) => !s.needsSearch))
      lighthouse.push(await medianLighthouse(chrome, screen.url, RUNS));
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    await findPlan(await cdp.contexts()[0]!.newPage(), origin);
    for (const screen of screens.filter((s) => s.needsSearch))
      lighthouse.push(await medianLighthouse(chrome, screen.url, RUNS, true));
    await cdp.close();
    const coldLighthouse = await coldLinkLighthouse(planLink, step4Url, RUNS);
    const coldAceLighthouse = await coldLinkLighthouse(acePlanLink, aceStepUrl, RUNS);

    const floor: PageFigures = {
      name: "bare React 19 page",
      scriptBytes: bareScripts.gzipBytes,
      beyondShellBytes: 0,
      ...bareLighthouse,
    };
    const pages: PageFigures[] = screens.map((screen, index) => ({
      name: screen.name,
      scriptBytes: weights[index]!.gzipBytes,
      beyondShellBytes: weights[index]!.gzipBytes - shell,
      ...lighthouse[index]!,
    }));
    // The welcome page is a page of its own, not the app: nothing of it is "beyond the shell".
    pages[0]!.beyondShellBytes = 0;
    const coldPage: PageFigures = {
      name: "create-claim step 4, cold link",
      scriptBytes: cold.gzipBytes,
      beyondShellBytes: cold.gzipBytes - shell,
      ...coldLighthouse,
    };
    const coldAcePage: PageFigures = {
      name: "create-ace-claim step 1, cold link",
      scriptBytes: aceWeight.gzipBytes,
      beyondShellBytes: aceWeight.gzipBytes - shell,
      ...coldAceLighthouse,
    };
    const measured = [...pages, coldPage, coldAcePage];
    const verdicts = judge(floor, measured);
    const files = [...weights.map((weight) => weight.files), cold.files, aceWeight.files];
    const report = render(
      floor,
      measured,
      shell,
      files,
      portalSizes,
      verdicts,
      cold,
      (await browser.version()) || "Chromium",
    );
    console.log(report.console);
    if (write) {
      await writeFile("docs/performance.md", report.markdown);
      console.log("Wrote docs/performance.md");
    }
    return verdicts;
  } finally {
    await browser?.close();
    await chrome.kill();
    bare.stop();
    await server.close();
    await rm(work, { recursive: true, force: true });
  }
}

/** The figures as console lines and as docs/performance.md. */
function render(
  floor: PageFigures,
  pages: PageFigures[],
  shell: number,
  files: string[][],
  sizes: Map<string, number>,
  verdicts: Verdict[],
  cold: ColdLinkRequests,
  chromiumVersion: string,
) {
  const ms = (median: number, range?: [number, number]) =>
    `${Math.round(median)} ms${range ? ` (${Math.round(range[0])}-${Math.round(range[1])})` : ""}`;
  const row = (page: PageFigures) =>
    `| ${page.name} | ${kB(page.scriptBytes)} | ${page.beyondShellBytes ? kB(page.beyondShellBytes) : "-"} | ${page.score} | ${Math.round(page.fcpMs)} ms | ${ms(page.lcpMs, page.range?.lcpMs)} | ${ms(page.tbtMs, page.range?.tbtMs)} |`;
  const table = [
    `| page | script (gzip) | beyond the app shell | Lighthouse | FCP | LCP (least-most of ${RUNS}) | TBT (least-most of ${RUNS}) |`,
    "|---|---|---|---|---|---|---|",
    row(floor),
    ...pages.map(row),
  ].join("\n");
  const chunks = pages
    .map(
      (page, index) =>
        `- **${page.name}**: ${files[index]!.map((name) => `${name.replace(/-[\w-]{8}\.js$/, "")} ${kB(sizes.get(name) ?? 0)}`).join(", ")}`,
    )
    .join("\n");
  const budgetLines = verdicts.map((v) => `| ${v.budget} | ${v.measured} | ${v.pass ? "pass" : "FAIL"} |`).join("\n");
  const coldText = coldLinkText(cold);
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Linux ${release()}, Node ${process.version}, ${chromiumVersion}`;
  const markdown = `# Performance

Written by \`npm run bench\` (scripts/bench/portal.ts); the latest run is below. Lighthouse: mobile,
applied throttling (its \`devtools\` method: 4x CPU, a slow 4G network, while the page loads),
performance only, median of ${RUNS} runs (LCP and TBT also give the least and the most of them), in
the project's Chromium; the bare page is measured the same way. Simulated throttling, used before, estimated the slow load from a fast one on loopback,
and a page's LCP flipped between runs by whether a script happened to finish before its paint.
Both builds are sent as the reference server sends the portal (src/server/portal-files.ts): the
build's brotli or gzip copies, content-hashed assets cached for a year. Welcome (prerendered) and
select-search-method (rendered by the build, then hydrated) are measured on a first visit, with nothing cached;
select-plan and create-claim step 4 in the browser that made the search, as a person reaches them.
"Create-claim step 4, cold link" is the same step's URL opened as from an email: in a new browser
that made no search, which first opens the plan's signed link (the only other way a browser is
granted a claim, SECURITY.md) and is then emptied of everything but its cookies, so the step loads
with nothing cached; a new Chromium for each Lighthouse run (scripts/bench/cold-link.ts). The ACE
claim's step 1 is opened the same way, after the ACE plan's signed link; its script weight is the
one it loads in the browser that made the search.
Script sizes are the gzip bytes of every script a screen loads until the network is idle, with
nothing cached. The app shell (index.html's entry and what it preloads) is ${kB(shell)}.
\`npm exec -- tsx scripts/bench/diagnose.ts\` prints, per screen, what Lighthouse blames: the LCP
element, the request chains, the long tasks and each script's main-thread time.
\`npm run bench -- --portal-only\` measures and judges these pages alone, printing without writing.

Machine: ${machine}.

${table}

## Budgets (ratios to the bare page of the same run)

| budget | measured | verdict |
|---|---|---|
${budgetLines}

## Scripts each screen loads

${chunks}

## Create-claim step 4 opened cold from a link: its requests until the network is idle

${coldText}
`;
  const consoleText = [
    `Portal against the bare React 19 page (${machine})`,
    table,
    "",
    coldText,
    "",
    "Budgets",
    ...verdicts.map((v) => `  ${v.pass ? "pass" : "FAIL"}  ${v.budget}: ${v.measured}`),
  ].join("\n");
  return { markdown, console: consoleText };
}

/**
 * The cold step's requests in words: script requests and the levels of their chain (a level is
 * what the scripts of the level before asked for; 1 is what the HTML names), then its API calls.
 */
function coldLinkText(cold: ColdLinkRequests): string {
  const scripts = cold.scriptsPerLevel.reduce((sum, count) => sum + count, 0);
  const calls = new Map<string, number>();
  for (const call of cold.apiCalls) calls.set(call, (calls.get(call) ?? 0) + 1);
  const listed = [...calls].map(([call, count]) => (count > 1 ? `${call} (${count}x)` : call)).join(", ");
  return [
    `- ${scripts} script requests over ${cold.scriptsPerLevel.length} levels (${cold.scriptsPerLevel.map((count, index) => `level ${index + 1}: ${count}`).join(", ")})`,
    `- ${cold.apiCalls.length} API calls, ${cold.lookupCalls} of them lookup lists: ${listed}`,
  ].join("\n");
}
