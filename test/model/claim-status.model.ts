/**
 * QA table of claimStatusMachine: the claim-status page opened by 'View Claim Status' on the
 * confirmation of an FPP claim just filed on W-E34-WS4566, by a link for a claim this browser never
 * found, and by an emailed link past its time. Also the journey that files that claim, which
 * test/e2e/claim-status.test.ts takes too.
 */
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import type { AnyMachineSnapshot, DoneActorEvent } from "xstate";
import {
  claimStatusMachine,
  type ClaimProgress,
  type ClaimStatusContext,
  type ClaimStatusEvent,
  type ClaimStatusLink,
  type ClaimStatusOutcome,
} from "../../machines/claim-status.machine.ts";
import { claimStatusLinkPath } from "../../server/domain/claim-status-links.ts";
import { confirmSofaDetails, describeFppDamage } from "../e2e/steps.ts";
import { deleteClaimsOn } from "./demo-server.ts";
import { demoPlan } from "./demo.ts";
import { heading, shows, startClaim, startClaimWords } from "./screen.ts";
import { press } from "./buttons.ts";
import { system, user, view, type ModelTable, type Outcome, type Start } from "./table.ts";
import { justSubmitted } from "../machines/support/claim-status-fixtures.ts";

type Event = ClaimStatusEvent | Outcome<"readStatus", ClaimStatusOutcome>;

const JANE = demoPlan("W-E34-WS4566");
const SOFA = JANE.items[0]!;
/** The photo the journey sends with the Sofa. */
const PHOTO_NAME = "portrait_6.jpg";
const PHOTO = fileURLToPath(new URL(`../fixtures/${PHOTO_NAME}`, import.meta.url));
/** A claim number no browser holds: the API answers 404 CLAIM_NOT_FOUND. */
const UNKNOWN_CLAIM = "CL-424242424242";

/** The status of a claim just submitted, as the page's read gives it (claim id 1 of a fresh database). */
const JUST_SUBMITTED: ClaimProgress = {
  ...justSubmitted,
  claimNumber: "CL-1",
  plan: { number: JANE.number, programName: JANE.programName ?? "" },
  items: [{ id: 1, name: SOFA.description ?? "Sofa" }],
  documents: [{ id: 1, fileName: PHOTO_NAME }],
};

const found: ClaimStatusOutcome = { kind: "found", progress: JUST_SUBMITTED };
const unavailable: ClaimStatusOutcome = {
  kind: "failed",
  failure: { kind: "refused", status: 503, code: null, message: "Service unavailable" },
};
const readDone = (output: ClaimStatusOutcome): DoneActorEvent<ClaimStatusOutcome, "readStatus"> => ({
  type: "xstate.done.actor.readStatus",
  output,
  actorId: "readStatus",
});
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ClaimStatusContext;

/**
 * Files an FPP claim on W-E34-WS4566 through the portal as a person does on a phone: the Sofa,
 * Ashley leather in brown, a red-wine stain and a photo; ends on the confirmation.
 * @returns the claim's id
 */
export async function fileFppClaim(page: Page): Promise<number> {
  await startClaim(page, JANE.number);
  await page.getByRole("checkbox", { name: /Sofa/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await shows(heading(page, "Confirm/Update Item Details"));
  await confirmSofaDetails(page);
  await page.getByRole("button", { name: "Next" }).click();
  await shows(heading(page, "Report your damage"));
  await page.getByLabel(/Photos and documents of the Sofa/).setInputFiles(PHOTO);
  await shows(page.getByRole("list", { name: "Uploaded files" }).getByText(PHOTO_NAME));
  await describeFppDamage(page);
  await page.getByRole("button", { name: "Next" }).click();
  await shows(heading(page, "Review claim details"));
  await page.getByRole("button", { name: "Submit" }).click();
  await shows(heading(page, "Thank you for submitting your claim"));
  return Number(new URL(page.url()).searchParams.get("claimId"));
}

const confirmation: Start<ClaimStatusLink> = {
  name: `'View Claim Status' on the confirmation of an FPP claim just filed on ${JANE.number}`,
  setup: [
    ...startClaimWords(JANE.number),
    "Tick **Sofa**, press **Next**; choose Ashley, Leather, Brown and press **Next**.",
    `Add the photo \`test/fixtures/${PHOTO_NAME}\`, describe a stain, press **Next**, then **Submit**.`,
    "On 'Thank you for submitting your claim' press **View Claim Status**.",
  ],
  arrange: async ({ page, calls }) => {
    await fileFppClaim(page);
    calls.hold("readStatus");
    await page.getByRole("link", { name: "View Claim Status" }).click();
  },
  input: { code: "CL-1", expires: null, sig: null },
  events: (snapshot) => (snapshot.matches("loading") ? [readDone(found), readDone(unavailable)] : []),
  // A second failure or a second read shows nothing new.
  stopWhen: (snapshot) =>
    snapshot.matches("loading") && ctx(snapshot).failure === null && ctx(snapshot).progress !== null,
};

const unknownClaim: Start<ClaimStatusLink> = {
  name: "A claim-status link for a claim this browser never found",
  setup: [`Open http://localhost:8787/claim-status?code=${UNKNOWN_CLAIM} in a new private window.`],
  arrange: async ({ page, calls }) => {
    calls.hold("readStatus");
    await page.goto(`/claim-status?code=${UNKNOWN_CLAIM}`);
  },
  input: { code: UNKNOWN_CLAIM, expires: null, sig: null },
  events: (snapshot) => (snapshot.matches("loading") ? [readDone({ kind: "notFound" })] : []),
};

const expiredLink: Start<ClaimStatusLink> = {
  name: "An emailed claim-status link past its time",
  setup: [
    "Take the claim-status link of a claim email (We received your claim CL-…) more than 90 days old, or one signed with an `expires` in the past.",
    "Open it in a new private window.",
  ],
  // The demo claim in progress on W-P55-IP0001, by a link that expired a minute ago.
  arrange: async ({ page, calls, server }) => {
    const [claim] = await server.db.query<{ id: number }>(
      "SELECT c.id FROM claims c JOIN plans p ON p.id = c.plan_id WHERE p.number = 'W-P55-IP0001'",
    );
    calls.hold("readStatus");
    await page.goto(claimStatusLinkPath(server.config.linkSecret!, claim!.id, Math.floor(Date.now() / 1000) - 60));
  },
  input: { code: "CL-1", expires: "1000000000", sig: "a-valid-signature" },
  events: (snapshot) => (snapshot.matches("loading") ? [readDone({ kind: "linkExpired" })] : []),
};

const saysOutcome = (output: ClaimStatusOutcome): string => {
  switch (output.kind) {
    case "found":
      return "The portal reads the claim's status.";
    case "notFound":
      return "The portal reads the claim's status; the API answers 404 CLAIM_NOT_FOUND.";
    case "linkExpired":
      return "The portal reads the claim's status; the API answers 403 LINK_EXPIRED.";
    case "failed":
      return `Reading the claim's status fails (${output.failure.kind === "refused" ? `HTTP ${output.failure.status}` : "no answer"}).`;
  }
};

const searchOffered = async (page: Page) => {
  await shows(page.getByRole("button", { name: "Find your warranty" }));
  await shows(page.getByRole("link", { name: "support@example.com" }));
};

export const claimStatusTable: ModelTable<Event> = {
  machine: claimStatusMachine,
  file: "claim-status",
  source: "test/model/claim-status.model.ts",
  starts: [confirmation, unknownClaim, expiredLink],
  reset: (server) => deleteClaimsOn(server, [JANE.number]),
  events: {
    "status.retry": press("Retry"),
    "status.reload": user(
      () => "Press **Check for updates**.",
      async ({ page, calls }) => {
        calls.hold("readStatus");
        await page.getByRole("button", { name: "Check for updates" }).click();
      },
    ),
    "xstate.done.actor.readStatus": system(
      (event) => saysOutcome(event.output),
      async ({ calls }, event) => {
        if (event.output.kind === "failed")
          await calls.fail("readStatus", { status: 503, body: { message: "Service unavailable" } });
        else await calls.release("readStatus");
      },
    ),
    // The read resolves with every answer, failures included; a rejection is a defect of the page.
    "xstate.error.actor.readStatus": system(
      () => "The portal cannot make sense of the claim's status.",
      ({ calls }) => calls.fail("readStatus", "dropped"),
    ),
  },
  states: {
    loading: view(
      (snapshot) =>
        ctx(snapshot).progress
          ? "The status stays shown; **Check for updates** is busy."
          : "'Your claim status' with 'Loading…'.",
      async ({ page }, snapshot) => {
        if (ctx(snapshot).progress)
          await shows(page.locator("button[aria-busy=true]", { hasText: "Check for updates" }));
        else await shows(page.getByText("Loading…"));
      },
    ),
    shown: view(
      "'Your claim status' with the claim number, the five steps with 'Submitted' dated today and marked as the current step, what happens next and by when, the plan, the Sofa, the photo sent, and the support address.",
      async ({ page }, snapshot) => {
        await shows(heading(page, "Your claim status"));
        await shows(page.getByText(ctx(snapshot).progress!.claimNumber, { exact: true }));
        await shows(page.locator("li[aria-current=step]", { hasText: "Submitted" }));
      },
    ),
    notFound: view("'Claim not found' with Find your warranty, Go Home and the support address.", async ({ page }) => {
      await shows(heading(page, "Claim not found"));
      await searchOffered(page);
    }),
    linkExpired: view(
      "'This link has expired' with Find your warranty, Go Home and the support address.",
      async ({ page }) => {
        await shows(heading(page, "This link has expired"));
        await searchOffered(page);
      },
    ),
    failed: view("'We could not load the status of your claim.' with Retry.", ({ page }) =>
      shows(page.getByText("We could not load the status of your claim.")),
    ),
  },
  calls: {
    readStatus: { method: "GET", path: /^claim_status$/ },
  },
};
