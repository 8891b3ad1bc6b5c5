/**
 * QA table of planSelectionMachine ('Select your Plan': Submit by plan type, the Continue Draft
 * Claim and Claim Already in Progress dialogs), one start per demo plan that shows a branch.
 */
import type { AnyMachineSnapshot } from "xstate";
import type { Plan, StartClaimResult } from "../../machines/domain.ts";
import {
  planSelectionMachine,
  type PlanSelectionContext,
  type PlanSelectionEvent,
  type PlanSelectionInput,
} from "../../machines/plan-selection.machine.ts";
import { deleteClaimsOn } from "./demo-server.ts";
import { demoCustomer, demoPlan } from "./demo.ts";
import { callDone, callFailed } from "./calls.ts";
import {
  heading,
  hides,
  opensTab,
  planRadio,
  plansShown,
  searchByEmail,
  searchByNumber,
  shows,
  startClaim,
  startClaimWords,
} from "./screen.ts";
import { user, view, type ModelTable, type Outcome, type Start, type Walker } from "./table.ts";

type Event = PlanSelectionEvent | Outcome<"startClaim", StartClaimResult> | Outcome<"deleteDraft", void>;

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as PlanSelectionContext;
const selected = (snapshot: AnyMachineSnapshot) =>
  ctx(snapshot).plans.find((plan) => plan.id === ctx(snapshot).selectedPlanId);
const planNumber = (snapshot: AnyMachineSnapshot, planId: number) =>
  ctx(snapshot).plans.find((plan) => plan.id === planId)?.number ?? `plan ${planId}`;

const JANE = demoPlan("W-E34-WS4566");
const DANA = demoPlan("W-D12-DR0001");
const PAUL = demoPlan("W-P55-IP0001");
const LEO = demoPlan("L-900-LEG001");
const CARLOS = [demoPlan("W-K77-AB1020"), demoPlan("W-K77-AB1021")];
/** Carlos's second plan as an API that knows more plan types than the portal could answer it. */
const GOLD: Plan = { ...CARLOS[1]!, planType: "UNKNOWN" };

/** The claim the reference API starts: it answers with the plan's existing draft or claim in progress. */
function startClaimAnswer(snapshot: AnyMachineSnapshot): StartClaimResult {
  const plan = selected(snapshot);
  // After 'Delete Draft & File New Claim' the draft is gone: the plan gets a new claim.
  if (plan?.number === DANA.number && ctx(snapshot).draftClaimId === null) return { kind: "draftExists", claimId: 901 };
  if (plan?.number === PAUL.number) return { kind: "claimInProgress", statusCode: "CS-P55-0001" };
  return { kind: "created", claimId: 1 };
}

/** The events a person can give on each screen of the plan choice, and the API's answers. */
function events(snapshot: AnyMachineSnapshot): Event[] {
  if (snapshot.matches("choosing")) {
    const choices = ctx(snapshot).plans.filter(
      (plan) => plan.status === "active" && plan.id !== ctx(snapshot).selectedPlanId,
    );
    // Once a dialog was closed, a second Submit would ask the API again: the walk stops there.
    const asked = ctx(snapshot).draftClaimId !== null || ctx(snapshot).statusCode !== null;
    return [
      ...choices.map((plan): Event => ({ type: "plan.select", planId: plan.id })),
      ...(asked ? [] : [{ type: "plan.submit" } as const]),
    ];
  }
  if (snapshot.matches("startingClaim"))
    return [{ type: "xstate.done.actor.startClaim", output: startClaimAnswer(snapshot), actorId: "startClaim" }];
  if (snapshot.matches("draftDialog"))
    return [{ type: "draft.continue" }, { type: "draft.delete" }, { type: "dialog.close" }];
  if (snapshot.matches("deletingDraft"))
    return [{ type: "xstate.done.actor.deleteDraft", output: undefined, actorId: "deleteDraft" }];
  if (snapshot.matches("inProgressDialog")) return [{ type: "status.view" }, { type: "dialog.close" }];
  return [];
}

/** The external sites the portal opens in a new tab, answered locally so a walk stays offline. */
async function answerExternalSites({ context }: Walker): Promise<void> {
  await context.route(/^https:\/\/(legacy-claims|claims)\.example\.com\//, (route) =>
    route.fulfill({ body: "external site", contentType: "text/plain" }),
  );
}

const OPEN = "Open http://localhost:8787/find-claim/warranty-number";
const byNumber = (
  number: string,
  plans: Plan[],
  extra: Partial<Start<PlanSelectionInput>> = {},
): Start<PlanSelectionInput> => ({
  name: extra.name ?? number,
  setup: [OPEN, `Type **${number}** in Warranty number and press **Submit**.`],
  arrange: async (walker) => {
    await answerExternalSites(walker);
    await searchByNumber(walker.page, number);
  },
  input: { plans, preselectPlanId: null, resumeClaimId: null },
  events,
  ...extra,
});

const carlos = demoCustomer("W-K77-AB1020");
const bySearchOfCarlos = {
  setup: [
    "Open http://localhost:8787/find-claim/search-by-personal-info",
    `Type First name **${carlos.firstName}**, Last name **${carlos.lastName}**, choose **Email**, type **${carlos.email}** and press **Submit**.`,
  ],
};

const starts: Array<Start<PlanSelectionInput>> = [
  byNumber(JANE.number, [JANE], { name: `${JANE.number}: one active plan, chosen for you` }),
  {
    name: "Carlos Rivera: two active plans, none chosen",
    ...bySearchOfCarlos,
    arrange: ({ page }) => searchByEmail(page, carlos),
    input: { plans: CARLOS, preselectPlanId: null, resumeClaimId: null },
    events,
  },
  byNumber(DANA.number, [DANA], { name: `${DANA.number}: a draft claim exists` }),
  byNumber(PAUL.number, [PAUL], { name: `${PAUL.number}: a claim is in progress` }),
  byNumber(LEO.number, [LEO], { name: `${LEO.number}: a LEGACY plan` }),
  {
    name: `${JANE.number}: back from the claim just started`,
    setup: [
      ...startClaimWords(JANE.number),
      "On 'Select damaged items under your plan' press **Back**: 'Select your Plan' shows again, the claim in its address.",
    ],
    arrange: async ({ page }) => {
      await startClaim(page, JANE.number);
      await shows(heading(page, "Select damaged items under your plan"));
      await page.getByRole("button", { name: "Back" }).click();
    },
    input: { plans: [JANE], preselectPlanId: JANE.id, resumeClaimId: 1 },
    events,
  },
  {
    name: "a plan of a type this portal does not file",
    setup: [
      "The demo data has none (the reference API holds FPP, Ace and LEGACY plans only). In the browser's developer tools, override the answer of `POST /api/v1/search_plan` so that `planType` of W-K77-AB1021 reads `GOLD`.",
      ...bySearchOfCarlos.setup,
      "Choose W-K77-AB1021.",
    ],
    arrange: async ({ page, context }) => {
      await context.route(/\/api\/v1\/search_plan$/, async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as {
          customers: Array<{ warrentyId?: unknown; planType: string | null; warrantyNumber?: string }>;
        };
        for (const plan of body.customers) if (JSON.stringify(plan).includes(GOLD.number)) plan.planType = "GOLD";
        await route.fulfill({ response: answer, json: body });
      });
      await searchByEmail(page, carlos);
      await plansShown(page);
      await planRadio(page, GOLD.number).check();
    },
    input: { plans: [CARLOS[0]!, GOLD], preselectPlanId: GOLD.id, resumeClaimId: null },
    events,
  },
];

const dialog = (page: Walker["page"], name: string) => page.getByRole("dialog", { name });

/** 'Select your Plan' with the plan chosen as the model says, no dialog open. */
async function checkChoosing({ page }: Walker, snapshot: AnyMachineSnapshot): Promise<void> {
  await plansShown(page);
  await hides(page.getByRole("dialog"));
  const plan = selected(snapshot);
  if (plan) await shows(page.getByRole("radio", { name: new RegExp(plan.number), checked: true }));
  else await shows(page.getByRole("button", { name: "Submit", disabled: true }));
  if (ctx(snapshot).error === "planNotEligible")
    await shows(page.getByRole("alert").getByText("Claims on this plan are filed with our claims team"));
}

export const planSelectionTable: ModelTable<Event> = {
  machine: planSelectionMachine,
  file: "plan-selection",
  source: "test/model/plan-selection.model.ts",
  starts,
  reset: (server) => deleteClaimsOn(server, [JANE.number, ...CARLOS.map((plan) => plan.number)]),
  events: {
    "plan.select": user(
      (event, before) => `Choose the plan **${planNumber(before, event.planId)}**.`,
      ({ page }, event, before) => planRadio(page, planNumber(before, event.planId)).check(),
    ),
    "plan.submit": user(
      (_, before) =>
        selected(before)?.planType === "LEGACY"
          ? "Press **Submit**: the legacy claim site opens in a new tab."
          : "Press **Submit**.",
      async ({ page }, _, before) => {
        const submit = () => page.getByRole("button", { name: "Submit" }).click();
        if (selected(before)?.planType === "LEGACY")
          await opensTab(page, "https://legacy-claims.example.com/claim-request", submit);
        else await submit();
      },
    ),
    "draft.continue": user(
      () => "In the dialog press **Continue Draft Claim**.",
      ({ page }) => dialog(page, "Continue Draft Claim").getByRole("button", { name: "Continue Draft Claim" }).click(),
    ),
    "draft.delete": user(
      () => "In the dialog press **Delete Draft & File New Claim**.",
      ({ page }) =>
        dialog(page, "Continue Draft Claim").getByRole("button", { name: "Delete Draft & File New Claim" }).click(),
    ),
    "dialog.close": user(
      (_, before) =>
        before.matches("draftDialog") ? "Press **Escape** to close the dialog." : "In the dialog press **Close**.",
      async ({ page }, _, before) => {
        if (before.matches("draftDialog")) await page.keyboard.press("Escape");
        else await dialog(page, "Claim Already in Progress").getByRole("button", { name: "Close" }).click();
      },
    ),
    "status.view": user(
      () =>
        "In the dialog press **View Claim Status**: the claim-status site opens in a new tab with the claim's status code.",
      ({ page }) =>
        opensTab(page, new URL("/claim-status?code=CS-P55-0001", page.url()).href, () =>
          dialog(page, "Claim Already in Progress").getByRole("button", { name: "View Claim Status" }).click(),
        ),
    ),
    "xstate.done.actor.startClaim": callDone((event) =>
      event.output.kind === "draftExists"
        ? "The portal asks to start a claim; the API answers that a draft exists."
        : event.output.kind === "claimInProgress"
          ? "The portal asks to start a claim; the API answers that a claim is in progress."
          : "The portal starts a claim.",
    ),
    "xstate.error.actor.startClaim": callFailed(() => "Starting the claim fails."),
    "xstate.done.actor.deleteDraft": callDone(() => "The portal deletes the draft."),
    "xstate.error.actor.deleteDraft": callFailed(() => "Deleting the draft fails."),
  },
  states: {
    choosing: view(
      (snapshot) =>
        `'Select your Plan' with ${selected(snapshot) ? `**${selected(snapshot)!.number}** chosen` : "no plan chosen and Submit disabled"}${ctx(snapshot).error === "planNotEligible" ? ", and the message 'Claims on this plan are filed with our claims team. Please contact us.'" : ""}.`,
      checkChoosing,
    ),
    startingClaim: view("'Select your Plan' with Submit busy (a spinner) while the claim starts.", async ({ page }) => {
      await shows(page.getByRole("button", { name: "Submit", disabled: true }).and(page.locator("[aria-busy=true]")));
    }),
    draftDialog: view("The dialog 'Continue Draft Claim': 'You have a draft claim on this plan.'", async ({ page }) => {
      await shows(dialog(page, "Continue Draft Claim").getByText("You have a draft claim on this plan"));
    }),
    deletingDraft: view(
      "The dialog 'Continue Draft Claim' with 'Delete Draft & File New Claim' busy.",
      async ({ page }) => {
        await shows(
          dialog(page, "Continue Draft Claim").getByRole("button", {
            name: "Delete Draft & File New Claim",
            disabled: true,
          }),
        );
      },
    ),
    inProgressDialog: view("The dialog 'Claim Already in Progress' with View Claim Status.", async ({ page }) => {
      await shows(dialog(page, "Claim Already in Progress").getByRole("button", { name: "View Claim Status" }));
    }),
    claimOpened: view("The claim wizard at step 2, 'Select damaged items under your plan'.", async ({ page }) => {
      await shows(heading(page, "Select damaged items under your plan"));
    }),
  },
  calls: {
    startClaim: { method: "POST", path: /^insert_claim$/ },
    deleteDraft: { method: "DELETE", path: /^delete_draft_claim\/\d+$/ },
  },
};
