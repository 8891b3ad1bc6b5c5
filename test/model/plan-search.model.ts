/**
 * QA table of planSearchMachine (finding a plan, the try counter, plan links, searches paused by
 * the API, the proof-of-work the API may ask for first). The machine outlives the screens (router
 * context), so a state is checked on the screen the last gesture left open: select-plan for
 * `found`, no-warranty-found for `notFound` and `checkFailed`, the warranty number search for `idle`.
 * The searches are held and answered by search-calls.ts: the reference API answers, or the walk
 * pauses them (429) or asks for a proof-of-work (428) with a challenge signed as the server signs.
 */
import type { Page } from "playwright-core";
import type { AnyMachineSnapshot } from "xstate";
import type { Plan, PlanQuery } from "../../machines/domain.ts";
import {
  CHALLENGE_ROUNDS,
  planSearchMachine,
  SEARCH_LIMIT,
  type PlanLink,
  type PlanSearchContext,
  type PlanSearchEvent,
  type PlanSearchInput,
  type SearchAnswer,
} from "../../machines/plan-search.machine.ts";
import { signedPlanLinkPath } from "../../server/domain/plan-links.ts";
import { callDone, callFailed, httpFailure } from "./calls.ts";
import { holdSearches, searchesOf } from "./search-calls.ts";
import { demoPlan } from "./demo.ts";
import { heading, hides, plansShown, planRadio, shows, submitWarrantyNumber } from "./screen.ts";
import { system, user, view, type ModelTable, type Outcome, type Start, type Walker } from "./table.ts";

type Event =
  | PlanSearchEvent
  | Outcome<"searchPlans", SearchAnswer>
  | Outcome<"solveAndSearch", SearchAnswer>
  | Outcome<"openPlan", Plan[]>;

const JANE = demoPlan("W-E34-WS4566");
const UNKNOWN_NUMBER = "W-X00-NOPE01";
/** Seconds a paused search asks to wait: 'try again in 2 minutes'. */
const RETRY_AFTER = 120;

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as PlanSearchContext;
const numberOf = (query: PlanQuery | null) => (query?.by === "warrantyNumber" ? query.number : "?");
const search = (number: string): Event => ({ type: "search.submit", query: { by: "warrantyNumber", number } });

/** What the reference API finds for a warranty number: the demo plan, or nothing. */
const found = (snapshot: AnyMachineSnapshot): Plan[] => (numberOf(ctx(snapshot).query) === JANE.number ? [JANE] : []);

/**
 * The 428 of a path. Its challenge is made by the walk when it answers (search-calls.ts), signed
 * with the server's keys: this stand-in only tells the model a challenge came.
 */
const CHALLENGED: SearchAnswer = { challenge: { parameters: { madeBy: "the walk, as the reference API makes them" } } };

/** The answers the API may give a search in `state` (searching, or checking a proof). */
function searchAnswers(snapshot: AnyMachineSnapshot, id: "searchPlans" | "solveAndSearch"): Event[] {
  const answers: Event[] = [
    { type: `xstate.done.actor.${id}`, output: { plans: found(snapshot) }, actorId: id } as Event,
  ];
  // The API asks the right details for a proof-of-work (after other searches failed): a search
  // first, then a refused proof again, until the portal gives up.
  if (found(snapshot).length > 0)
    answers.push({ type: `xstate.done.actor.${id}`, output: CHALLENGED, actorId: id } as Event);
  return answers;
}

/** A link was opened: nothing searched, yet a plan focused or a failure counted. */
const openedByLink = (snapshot: AnyMachineSnapshot) =>
  ctx(snapshot).query === null && (ctx(snapshot).focusPlanId !== null || ctx(snapshot).failedSearches > 0);

/** The events offered per state: searches from wherever the screens allow one, links on arrival. */
function events(snapshot: AnyMachineSnapshot): Event[] {
  const { query } = ctx(snapshot);
  if (snapshot.matches("searching")) {
    const answers = searchAnswers(snapshot, "searchPlans");
    // The API pauses searching after many (HTTP 429): shown with an unknown number, once.
    if (found(snapshot).length === 0)
      answers.push({
        type: "xstate.error.actor.searchPlans",
        error: httpFailure(429, { retryAfter: RETRY_AFTER }),
        actorId: "searchPlans",
      });
    return answers;
  }
  if (snapshot.matches("checking")) return searchAnswers(snapshot, "solveAndSearch");
  if (snapshot.matches("checkFailed")) return [{ type: "search.retry" }];
  if (snapshot.matches("openingPlan"))
    return [{ type: "xstate.done.actor.openPlan", output: [JANE], actorId: "openPlan" }];
  const searches = [search(JANE.number), search(UNKNOWN_NUMBER)];
  if (snapshot.matches("idle")) {
    // A link is opened in the address bar: a new page load, so only before anything was searched.
    const links: Event[] = query
      ? []
      : [
          { type: "plan.open", link: { planId: JANE.id, customerId: JANE.customerId, planType: "FPP" } },
          { type: "plan.open", link: { planId: JANE.id, customerId: JANE.customerId, planType: "GOLD" } },
        ];
    return [...searches, { type: "method.confirmed" }, ...links];
  }
  if (snapshot.matches("found")) return [...searches, { type: "query.forget" }];
  if (snapshot.matches({ notFound: "contactServiceOffered" })) return [...searches, { type: "method.confirmed" }];
  return searches;
}

const starts: Array<Start<PlanSearchInput>> = [
  {
    name: "a new visit, on the warranty number search",
    setup: ["Open http://localhost:8787/find-claim/warranty-number in a new private window (nothing searched yet)."],
    arrange: async ({ page, context, server }) => {
      await holdSearches(context, server);
      await page.goto("/find-claim/warranty-number");
    },
    input: { savedQuery: null },
    events,
    // Past the limit every failed search looks the same. A link loads a new page: going back from
    // it returns to the page before, with a planSearch of its own, so a walk ends once a link is open.
    stopWhen: (snapshot) =>
      ctx(snapshot).failedSearches > SEARCH_LIMIT || (openedByLink(snapshot) && !snapshot.matches("openingPlan")),
  },
];

/** How to get back to 'Find your warranty' from the screen a state leaves open. */
function backToSearchWords(before: AnyMachineSnapshot): string {
  if (before.matches("idle")) return "";
  if (before.matches({ notFound: "tryAgainOffered" })) return "Press **Try Again**, then ";
  if (before.matches("rateLimited")) return "Press **Back to search**, then ";
  if (before.matches("checkFailed")) return "Press the browser's **Back** button (to 'Find your warranty'), then ";
  return "Press the browser's **Back** button (to 'Find your warranty'), then ";
}

async function backToSearch(page: Page, before: AnyMachineSnapshot): Promise<void> {
  if (before.matches({ notFound: "tryAgainOffered" })) await page.getByRole("button", { name: "Try Again" }).click();
  else if (before.matches("rateLimited")) await page.getByRole("button", { name: "Back to search" }).click();
  else if (!before.matches("idle")) await page.goBack();
  await shows(heading(page, "Find your warranty"));
}

/** The link of the demo plan a fixture names, signed as `npm run plan-link` signs it. */
async function linkPath({ server }: Walker, link: PlanLink): Promise<string> {
  const [plan] = await server.db.query<{ id: string; customer_id: string }>(
    "SELECT id, customer_id FROM plans WHERE number = $1",
    [JANE.number],
  );
  if (link.planType !== "FPP")
    return `/find-claim/${plan!.id}?customer_id=${plan!.customer_id}&plan_type=${link.planType}`;
  return signedPlanLinkPath(server.config.linkSecret!, {
    planId: Number(plan!.id),
    customerId: Number(plan!.customer_id),
    planType: "FPP",
    expires: Math.floor(Date.now() / 1000) + 600,
  });
}

const notFoundHeading = (page: Page) => heading(page, "We could not locate your warranty");

export const planSearchTable: ModelTable<Event> = {
  machine: planSearchMachine,
  file: "plan-search",
  source: "test/model/plan-search.model.ts",
  starts,
  events: {
    "search.submit": user(
      (event, before) =>
        `${backToSearchWords(before)}type **${numberOf(event.query)}** in Warranty number and press **Submit**.`,
      async ({ page }, event, before) => {
        await backToSearch(page, before);
        await submitWarrantyNumber(page, numberOf(event.query));
      },
    ),
    "method.confirmed": user(
      (_, before) =>
        `${backToSearchWords(before)}press **Back** (to 'We need to find your warranty'), choose **I have my warranty number** and press **Search**.`,
      async ({ page }, _, before) => {
        await backToSearch(page, before);
        await page.getByRole("button", { name: "Back" }).click();
        await page.getByLabel("I have my warranty number").check();
        await page.getByRole("button", { name: "Search" }).click();
        await shows(heading(page, "Find your warranty"));
      },
    ),
    "plan.open": user(
      (event) =>
        event.link.planType === "FPP"
          ? `Open the plan link of ${JANE.number} (\`npm run plan-link -- ${JANE.number}\` prints it) in the address bar.`
          : `Open http://localhost:8787/find-claim/{plan id}?customer_id={customer id}&plan_type=${event.link.planType} (a plan type no plan has).`,
      async (walker, event) => {
        await walker.page.goto(await linkPath(walker, event.link));
      },
    ),
    "query.forget": user(
      (_, before) => `${backToSearchWords(before)}press **Try Personal Information**, then **Back**.`,
      async ({ page }, _, before) => {
        await backToSearch(page, before);
        await page.getByRole("button", { name: "Try Personal Information" }).click();
        // Both search screens have a Back: press the personal-info one, once its screen is in.
        await shows(page.getByRole("textbox", { name: /^First name/ }));
        await page.getByRole("button", { name: "Back" }).click();
        await shows(heading(page, "We need to find your warranty"));
        // The saved search is gone from this device: a reload of select-plan would find nothing.
        await page.waitForFunction(() => window.localStorage.getItem("searchInfo") === null);
      },
      "'We need to find your warranty'; the saved search is forgotten, so a reload of 'Select your Plan' finds nothing.",
    ),
    "plans.requested": system(
      () => "'Select your Plan' is opened or reloaded: it asks for the plans of the saved search.",
      async ({ page }) => {
        await page.goto("/find-claim/select-plan");
      },
    ),
    "search.retry": user(
      () => "Press **Try Again**.",
      async ({ page }) => {
        await page.getByRole("button", { name: "Try Again" }).click();
      },
    ),
    "xstate.done.actor.searchPlans": searchAnswered(),
    "xstate.error.actor.searchPlans": system(
      () => `The API pauses searching (HTTP 429, Retry-After ${RETRY_AFTER} s).`,
      async ({ context }) => searchesOf(context).answer({ kind: "paused", retryAfter: RETRY_AFTER }),
    ),
    "xstate.done.actor.solveAndSearch": searchAnswered(),
    "xstate.error.actor.solveAndSearch": system(
      () => "The search sent with the proof gets no answer (the connection drops).",
      async ({ context }) => searchesOf(context).answer({ kind: "dropped" }),
    ),
    "xstate.done.actor.openPlan": callDone(() => "The API opens the plan."),
    "xstate.error.actor.openPlan": callFailed(() => "Opening the plan fails."),
  },
  states: {
    idle: view("'Find your warranty' (warranty number); nothing searched yet.", async ({ page }) => {
      await shows(page.getByRole("heading", { level: 1, name: "Find your warranty", exact: true }));
    }),
    searching: view("Submit busy, or 'Loading your plans…', while the search runs.", async ({ page }) => {
      await shows(
        page
          .getByText("Loading your plans…")
          .or(page.locator("button[aria-busy=true]", { hasText: /Submit|Try Again/ })),
      );
    }),
    checking: view(
      (snapshot) =>
        `'Checking…' as a status line while the browser solves the challenge and sends the search again (round ${ctx(snapshot).challengeRounds} of at most ${CHALLENGE_ROUNDS}); nothing to press.`,
      async ({ page }) => {
        await shows(page.getByRole("status").filter({ hasText: "Checking…" }));
      },
    ),
    checkFailed: view("'We could not finish your search' with **Try Again** and Contact Service.", async ({ page }) => {
      await shows(heading(page, "We could not finish your search"));
      await shows(page.getByRole("button", { name: "Try Again" }));
    }),
    openingPlan: view("'Opening your plan…'", async ({ page }) => {
      await shows(page.getByText("Opening your plan…"));
    }),
    found: view(
      (snapshot) =>
        `'Select your Plan' with **${ctx(snapshot)
          .plans.map((plan) => plan.number)
          .join(", ")}**.`,
      async ({ page }, snapshot) => {
        await plansShown(page);
        for (const plan of ctx(snapshot).plans) await shows(planRadio(page, plan.number));
      },
    ),
    rateLimited: view(
      "'Too many searches': please try again in 2 minutes; Back to search and Contact Service.",
      async ({ page }) => {
        await shows(heading(page, "Too many searches"));
        await shows(page.getByText(`try again in ${RETRY_AFTER / 60} minutes`));
      },
    ),
    // Entered by a failed search (the counter counts it), or by Search on the method screen at the
    // limit, which starts the count again and leaves 'Find your warranty' open.
    "notFound.tryAgainOffered": view(
      (snapshot) =>
        ctx(snapshot).failedSearches === 0
          ? "'Find your warranty' again: the count of failed searches starts afresh, so the next one offers Try Again."
          : "'We could not locate your warranty' with **Try Again**.",
      async ({ page }, snapshot) => {
        if (ctx(snapshot).failedSearches === 0)
          return shows(page.getByRole("heading", { level: 1, name: "Find your warranty", exact: true }));
        await shows(notFoundHeading(page));
        await shows(page.getByRole("button", { name: "Try Again" }));
        await hides(page.getByRole("button", { name: "Contact Service" }));
      },
    ),
    "notFound.contactServiceOffered": view(
      "'We could not locate your warranty' with **Contact Service** instead of Try Again.",
      async ({ page }) => {
        await shows(notFoundHeading(page));
        await shows(page.getByRole("button", { name: "Contact Service" }));
        await hides(page.getByRole("button", { name: "Try Again" }));
      },
    ),
  },
  // The searches are held by search-calls.ts instead, which answers them in the order they come.
  calls: {
    searchPlans: { method: "POST", path: /^search_plan$/ },
    solveAndSearch: { method: "POST", path: /^search_plan$/ },
    openPlan: { method: "GET", path: /^plan_link\/[^/]+$/ },
  },
};

/** The API answers a held search: the reference API itself, or the walk with a 428 challenge. */
function searchAnswered<
  E extends Extract<Event, { type: "xstate.done.actor.searchPlans" | "xstate.done.actor.solveAndSearch" }>,
>() {
  return system<E>(
    (event, before) =>
      "challenge" in event.output
        ? before.matches("checking")
          ? "The API refuses the proof and asks for a proof-of-work again (HTTP 428 with a new challenge; by hand: in the developer tools, answer that search with the 428 saved before)."
          : "The API asks for a proof-of-work first (HTTP 428 CHALLENGE_REQUIRED; a server started with SEARCH_CHALLENGE_AFTER=1/600 does after one search that found nothing)."
        : event.output.plans.length
          ? "The API finds the plan."
          : "The API finds nothing.",
    async ({ context }, event) =>
      searchesOf(context).answer({ kind: "challenge" in event.output ? "challenge" : "server" }),
  );
}
