/**
 * QA table of finishLaterMachine: 'Email me a link to finish later' on step 3 of the draft claim of
 * W-D12-DR0001 (Dana Reyes, dana.reyes@example.com): the dialog with the masked address, Send (the
 * step is saved first), 'Link sent to …', and why a link was not sent (too many for now, no email
 * on file, no answer) with Try Again. Not walked by a model test: test/e2e/finish-later.test.ts
 * sends a link and finishes the claim from it in a new browser.
 */
import type { AnyMachineSnapshot } from "xstate";
import {
  finishLaterMachine,
  NoEmailOnFile,
  type FinishLaterContext,
  type FinishLaterEvent,
  type FinishLaterInput,
} from "../../machines/finish-later.machine.ts";
import { callDone, callFailed, httpFailure } from "./calls.ts";
import { press } from "./buttons.ts";
import { shows } from "./screen.ts";
import { user, view, type ModelTable, type Outcome, type Start } from "./table.ts";

type Event =
  FinishLaterEvent | Outcome<"loadTarget", string | null> | Outcome<"keepStep", void> | Outcome<"sendLink", string>;

const MASKED = "d•••@example.com";
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as FinishLaterContext;
const dialog = "the dialog 'Email me a link to finish later'";

/** The dialog opened once; each call answering, or failing the ways the dialog tells apart. */
function events(snapshot: AnyMachineSnapshot): Event[] {
  if (snapshot.matches("closed"))
    return ctx(snapshot).sentTo || ctx(snapshot).failure ? [] : [{ type: "dialog.open", step: 3 }];
  if (snapshot.matches("loadingTarget")) {
    return [
      { type: "xstate.done.actor.loadTarget", output: MASKED, actorId: "loadTarget" },
      { type: "xstate.done.actor.loadTarget", output: null, actorId: "loadTarget" },
      { type: "xstate.error.actor.loadTarget", error: new TypeError("Failed to fetch"), actorId: "loadTarget" },
    ];
  }
  if (snapshot.matches("targetFailed")) return [{ type: "target.retry" }, { type: "dialog.close" }];
  if (snapshot.matches("ready")) return [{ type: "link.send" }, { type: "dialog.close" }];
  if (snapshot.matches("keepingStep")) {
    return [
      { type: "xstate.done.actor.keepStep", output: undefined, actorId: "keepStep" },
      ...(ctx(snapshot).failure
        ? []
        : [
            {
              type: "xstate.error.actor.keepStep",
              error: new Error("The step was not saved"),
              actorId: "keepStep",
            } as const,
          ]),
    ];
  }
  if (snapshot.matches("sending")) {
    return [
      { type: "xstate.done.actor.sendLink", output: MASKED, actorId: "sendLink" },
      ...(ctx(snapshot).failure
        ? []
        : ([
            {
              type: "xstate.error.actor.sendLink",
              error: httpFailure(
                429,
                { code: "TOO_MANY_REQUESTS", message: "Too many requests", retryAfter: 1800 },
                1800,
              ),
              actorId: "sendLink",
            },
            { type: "xstate.error.actor.sendLink", error: new NoEmailOnFile(), actorId: "sendLink" },
            { type: "xstate.error.actor.sendLink", error: new TypeError("Failed to fetch"), actorId: "sendLink" },
          ] as const)),
    ];
  }
  if (snapshot.matches("failed")) return [{ type: "link.send" }, { type: "dialog.close" }];
  if (snapshot.matches("sent") || snapshot.matches("noEmailOnFile")) return [{ type: "dialog.close" }];
  return [];
}

const start: Start<FinishLaterInput> = {
  name: "step 3 of the draft claim on W-D12-DR0001",
  setup: [
    "Open http://localhost:8787/find-claim/warranty-number, type **W-D12-DR0001**, press **Submit**.",
    "Choose the plan, press **Submit**, then **Continue Draft Claim**; on step 2 press **Next**.",
  ],
  arrange: async () => {
    throw new Error("finishLater is not walked: test/e2e/finish-later.test.ts drives it");
  },
  input: { claimId: 1 },
  events,
};

const failureWords = (snapshot: AnyMachineSnapshot): string => {
  const failure = ctx(snapshot).failure;
  if (failure?.kind === "rateLimited") return "'Too many links have been sent. Please try again in 30 min.'";
  if (failure?.kind === "notSaved") return "'We could not save this step, so the link was not sent. Please try again.'";
  return "'The link could not be sent. Check your connection and try again.'";
};

export const finishLaterTable: ModelTable<Event> = {
  machine: finishLaterMachine,
  file: "finish-later",
  source: "test/model/finish-later.model.ts",
  starts: [start],
  events: {
    "dialog.open": press("Email me a link to finish later"),
    "dialog.close": press("Close"),
    "link.send": user(
      (_, before) => (ctx(before).failure ? "In the dialog press **Try Again**." : "In the dialog press **Send**."),
      async ({ page }, _, before) =>
        page
          .getByRole("dialog")
          .getByRole("button", { name: ctx(before).failure ? "Try Again" : "Send" })
          .click(),
    ),
    "target.retry": press("Try Again"),
    "xstate.done.actor.loadTarget": callDone((event) =>
      event.output
        ? `The portal reads the address on the plan: ${event.output}.`
        : "The portal reads the address on the plan: there is none.",
    ),
    "xstate.error.actor.loadTarget": callFailed(() => "Reading the address gets no answer (the network is off)."),
    "xstate.done.actor.keepStep": callDone(() => "The wizard saves the step's items."),
    "xstate.error.actor.keepStep": callFailed(() => "Saving the step fails."),
    "xstate.done.actor.sendLink": callDone(() => "The portal asks for the link; the API emails it."),
    "xstate.error.actor.sendLink": callFailed((event) =>
      event.error instanceof NoEmailOnFile
        ? "The API answers 409 NO_EMAIL_ON_FILE."
        : event.error instanceof TypeError
          ? "Asking for the link gets no answer (the network is off)."
          : "The API answers 429: five links were sent to this customer within the hour.",
    ),
  },
  states: {
    closed: view("Step 3 with the button **Email me a link to finish later**.", ({ page }) =>
      shows(page.getByRole("button", { name: "Email me a link to finish later" })),
    ),
    loadingTarget: view(`${dialog} with 'Loading…'.`, ({ page }) =>
      shows(page.getByRole("dialog").getByText("Loading…")),
    ),
    targetFailed: view(`${dialog}: 'We could not reach the server.' with Try Again.`, ({ page }) =>
      shows(page.getByRole("dialog").getByText(/We could not reach the server/)),
    ),
    ready: view(`${dialog}: 'We will email a link to ${MASKED}…' with Send.`, ({ page }) =>
      shows(page.getByRole("dialog").getByText(MASKED)),
    ),
    keepingStep: view("**Send** busy while the step is saved.", ({ page }) =>
      shows(page.getByRole("dialog").locator("button[aria-busy=true]")),
    ),
    sending: view("**Send** busy while the link is sent.", ({ page }) =>
      shows(page.getByRole("dialog").locator("button[aria-busy=true]")),
    ),
    sent: view(`${dialog}: 'Link sent to ${MASKED}'.`, ({ page }) =>
      shows(page.getByRole("dialog").getByText(`Link sent to ${MASKED}`)),
    ),
    failed: view(
      (snapshot) => `${dialog}: ${failureWords(snapshot)} with Try Again.`,
      ({ page }) => shows(page.getByRole("dialog").getByRole("alert")),
    ),
    noEmailOnFile: view(`${dialog}: 'There is no email address on your plan…'.`, ({ page }) =>
      shows(page.getByRole("dialog").getByText(/There is no email address on your plan/)),
    ),
  },
};
