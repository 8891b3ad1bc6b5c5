/**
 * The portal host on its own (src/server/main.ts, `npm run portal`) in front of the reference API
 * run as a separate process on another port: the host reaches the API over HTTP only, as it would
 * any claims API. A claim filed through the host (its pages, and the API's calls passed through to
 * the API) and opened from a link by its owner comes rendered from the HTML, then is hydrated and
 * works, for an FPP claim and an ACE claim alike. A signed plan link goes through the host to the
 * API, which grants it; followed from another site, the host's own page reopens it from ours first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import type { Browser, BrowserContext, Cookie } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import {
  ACE_STEP1_HEADING,
  BENCH_PLAN,
  fileUpToStep4,
  startAceClaim,
  STEP4_HEADING,
} from "../../scripts/bench/journeys.ts";
import { freePort, startApiProcess, stopApiProcess, type ApiProcess } from "../../scripts/api-process.ts";
import { launchChromium } from "../../scripts/chromium.ts";
import { signedPlanLinkPath } from "../../server/domain/plan-links.ts";

let api: ApiProcess;
let host: ChildProcess;
let hostUrl: string;
let browser: Browser;
/** The API's key for signed links, so the test can sign one as `npm run plan-link` does. */
const LINK_SECRET = "portal-host-test-link-secret";

/** Resolves once `url` answers; fails with what the host printed if it exits first. */
async function answering(url: string, child: ChildProcess, printed: () => string): Promise<void> {
  while (child.exitCode === null) {
    if ((await fetch(url).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The portal host exited before answering:\n${printed()}`);
}

beforeAll(async () => {
  const built = await fetch(inject("portalBuilt"));
  if (!built.ok) throw new Error(await built.text());
  // The host is the one proxy in front of the API: it writes the visitor's address.
  api = await startApiProcess({ TRUST_PROXY: "1", LOG_LEVEL: "info", LINK_SECRET });
  const port = await freePort();
  hostUrl = `http://127.0.0.1:${port}`;
  host = spawn(process.execPath, ["--import", "tsx", join("src", "server", "main.ts")], {
    cwd: join(import.meta.dirname, "..", ".."),
    env: {
      PATH: process.env.PATH ?? "",
      PORTAL_API_URL: `${api.url}/api/v1`,
      STATIC_DIR: inject("portalDir"),
      PORT: String(port),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  for (const stream of [host.stdout!, host.stderr!])
    stream.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  await answering(`${hostUrl}/find-claim/select-search-method`, host, () => printed);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (host && host.exitCode === null) {
    const exited = new Promise((resolve) => host.once("exit", resolve));
    host.kill("SIGTERM");
    await exited;
  }
  if (api) await stopApiProcess(api);
});

/** A phone holding `cookies`, with or without JavaScript. */
async function phone(cookies: Cookie[], javaScriptEnabled: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: hostUrl,
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
    reducedMotion: "reduce",
    javaScriptEnabled,
  });
  await context.addCookies(cookies);
  return context;
}

it("renders an FPP claim's step for its owner from the API's answers over HTTP, and the app hydrates it", async () => {
  const filing = await browser.newContext({ baseURL: hostUrl, viewport: { width: 375, height: 812 } });
  const step4 = await fileUpToStep4(await filing.newPage(), hostUrl);
  const owner = await filing.cookies();
  await filing.close();
  // The claim's session is the API's, passed through the host on the portal's one origin.
  expect(owner.map((cookie) => cookie.name)).toContain("claims_session");

  const withoutScript = await phone(owner, false);
  try {
    const page = await withoutScript.newPage();
    await page.goto(step4);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(STEP4_HEADING);
    expect(await page.getByRole("heading", { level: 2 }).first().textContent()).toMatch(/^Sof/);
  } finally {
    await withoutScript.close();
  }

  const withScript = await phone(owner, true);
  try {
    const page = await withScript.newPage();
    await page.goto(step4);
    const next = page.getByRole("button", { name: "Next" });
    await expect.poll(() => next.isEnabled()).toBe(true);
    // Working: Next checks the step, which has no photo yet.
    await next.click();
    await page.getByText("We need at least one photo from you").first().waitFor();
    expect(new URL(page.url()).searchParams.get("step")).toBe("4");
  } finally {
    await withScript.close();
  }

  // Someone without the session gets the app's page, holding nothing of the claim.
  const stranger = await phone([], false);
  try {
    const page = await stranger.newPage();
    await page.goto(step4);
    expect(await page.getByRole("heading").count()).toBe(0);
  } finally {
    await stranger.close();
  }
});

it("renders an ACE claim's step for its owner the same way, and the app hydrates it", async () => {
  const filing = await browser.newContext({ baseURL: hostUrl, viewport: { width: 375, height: 812 } });
  const step1 = await startAceClaim(await filing.newPage(), hostUrl);
  expect(new URL(step1).pathname).toBe("/find-claim/create-ace-claim");
  const owner = await filing.cookies();
  await filing.close();

  const withoutScript = await phone(owner, false);
  try {
    const rendered = await withoutScript.newPage();
    await rendered.goto(step1);
    expect(await rendered.getByRole("heading", { level: 1 }).textContent()).toBe(ACE_STEP1_HEADING);
    // The customer's details on file came with the page.
    expect(await rendered.getByRole("textbox", { name: "First name" }).inputValue()).toBe("Maria");
    expect(await rendered.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
  } finally {
    await withoutScript.close();
  }

  const withScript = await phone(owner, true);
  try {
    const hydrated = await withScript.newPage();
    await hydrated.goto(step1);
    const phoneField = hydrated.getByRole("textbox", { name: "Phone" });
    await expect.poll(() => phoneField.isEditable()).toBe(true);
    // Working: a change to the details on file asks to update them.
    await phoneField.fill("832 555 0199");
    await hydrated.getByRole("heading", { level: 1, name: "Update your contact information" }).waitFor();
  } finally {
    await withScript.close();
  }
});

/** BENCH_PLAN's id and its customer's random id, found through the host as the portal's search finds them. */
async function benchPlan(): Promise<{ id: number; customerId: number }> {
  const found = await fetch(`${hostUrl}/api/v1/search_plan`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": "demo-key" },
    body: JSON.stringify({ search_type: "search_plan_4", number: BENCH_PLAN }),
  });
  return ((await found.json()) as { customers: Array<{ id: number; customerId: number }> }).customers[0]!;
}

it("passes a signed plan link to the API, which grants its plan; from another site its own page reopens the link first", async () => {
  const plan = await benchPlan();
  const link = signedPlanLinkPath(LINK_SECRET, {
    planId: plan.id,
    customerId: plan.customerId,
    planType: "fpp",
    expires: Math.floor(Date.now() / 1000) + 600,
  });

  const crossSite = await fetch(`${hostUrl}${link}`, {
    redirect: "manual",
    headers: { "sec-fetch-site": "cross-site" },
  });
  expect(crossSite.status).toBe(200);
  expect(crossSite.headers.getSetCookie()).toEqual([]);
  const handOver = await crossSite.text();
  expect(handOver).toContain('<meta http-equiv="refresh" content="0"/>');
  expect(handOver).toContain("<title>Opening your plan…</title>");
  const inSpanish = await fetch(`${hostUrl}${link}&lng=es`, { headers: { "sec-fetch-site": "cross-site" } });
  expect(await inSpanish.text()).toMatch(
    /<html lang="es">.*<title>Abriendo su plan…<\/title>.*<a href="">Abrir su plan<\/a>/s,
  );

  // The page's refresh comes from our origin: the API grants the plan and sends the browser on without the signature.
  const sameOrigin = await fetch(`${hostUrl}${link}`, {
    redirect: "manual",
    headers: { "sec-fetch-site": "same-origin" },
  });
  expect(sameOrigin.status).toBe(303);
  expect(sameOrigin.headers.get("location")).toBe(
    `/find-claim/${plan.id}?customer_id=${plan.customerId}&plan_type=FPP`,
  );
  expect(sameOrigin.headers.getSetCookie().some((line) => line.startsWith("claims_session="))).toBe(true);

  // In a browser, a link on another site's page (localhost is another site than 127.0.0.1) ends on
  // the plan, as an emailed link does: the hand-over page first, then its refresh from our origin.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  try {
    const page = await context.newPage();
    const linkAnswers: number[] = [];
    page.on("response", (answer) => void (answer.url().includes("sig=") && linkAnswers.push(answer.status())));
    await page.goto(`${hostUrl.replace("127.0.0.1", "localhost")}/`);
    await page.evaluate((href) => {
      const anchor = document.createElement("a");
      anchor.href = href;
      anchor.textContent = "Your plan";
      document.body.append(anchor);
    }, `${hostUrl}${link}`);
    await page.getByRole("link", { name: "Your plan" }).click();
    await page.getByRole("heading", { name: "Select your Plan" }).waitFor();
    expect(await page.getByRole("radio", { name: new RegExp(BENCH_PLAN) }).count()).toBe(1);
    expect(linkAnswers).toEqual([200, 303]);
  } finally {
    await context.close();
  }
});

it("shows the portal's page at a signed link's own address while the API's searches' window is full, which then says how long to wait", async () => {
  const plan = await benchPlan();
  const expires = Math.floor(Date.now() / 1000) + 600;
  // Links naming another customer count as failed searches until the window is full (30 by default).
  let guesses = 0;
  for (; guesses < 40; guesses++) {
    const answer = await fetch(
      `${hostUrl}/api/v1/plan_link/${plan.id}?customer_id=${plan.customerId + 1 + guesses}&plan_type=FPP`,
      { headers: { "x-api-key": "demo-key" } },
    );
    if (answer.status === 429) break;
  }
  expect(guesses).toBeLessThan(40);

  const link = signedPlanLinkPath(LINK_SECRET, {
    planId: plan.id,
    customerId: plan.customerId,
    planType: "fpp",
    expires,
  });
  const paused = await fetch(`${hostUrl}${link}`, { redirect: "manual" });
  expect(paused.status).toBe(200);
  expect(paused.headers.getSetCookie().some((line) => line.startsWith("claims_session="))).toBe(false);
  expect(await paused.text()).toContain('<div id="root"');

  const context = await browser.newContext({ baseURL: hostUrl, viewport: { width: 375, height: 812 } });
  try {
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole("heading", { name: "Too many searches" }).waitFor();
    const shown = new URL(page.url());
    expect(`${shown.pathname}${shown.search}`).toBe(link);
  } finally {
    await context.close();
  }
});
