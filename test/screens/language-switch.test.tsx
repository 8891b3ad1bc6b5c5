// @vitest-environment jsdom
/**
 * A language switch in the header reloads the server's names on the screen, and switching back
 * costs no call (SPEC.md section 9): the claim wizard's option lists and its plan's item names, the
 * missing line item's lists, and the item names of the plan cards on 'Select your Plan'. The fake API answers in Spanish when a call asks for it
 * (GET lookups?lang=es, or Accept-Language: es), as the reference server does.
 */
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse, type AnyHandler } from "msw";
import * as v from "valibot";
import { afterEach, beforeEach, expect, it } from "vitest";
import {
  CLAIM_LOOKUP_PATHS,
  claimLookupsSchema,
  lookupListSchema,
  searchPlanResponseSchema,
  type Lookup,
} from "../../contract/schemas.ts";
import { activateLocale } from "../../src/i18n.ts";
import { renderApp } from "./render-app.tsx";
import {
  CLAIM_ID,
  claimServer,
  LOOKUPS,
  PLAN_ID,
  savedItem,
  searchFinding,
  wizardPlan,
} from "./support-claim-server.ts";
import { API } from "./support-network.ts";

const SPANISH: Record<string, string> = {
  Sofa: "Sofá",
  Chair: "Silla",
  Recliner: "Reclinable",
  Leather: "Cuero",
  Fabric: "Tela",
  Brown: "Marrón",
  Grey: "Gris",
};
const inSpanish = (entry: Lookup): Lookup => ({ id: entry.id, name: SPANISH[entry.name] ?? `${entry.name} (es)` });
const spanishList = (list: Lookup[]) => list.map(inSpanish);

const asksSpanish = (request: Request) => request.headers.get("accept-language") === "es";

/** Handlers put before the fake's: Spanish answers to calls asking for Spanish; the rest falls through. */
const spanishAnswers: AnyHandler[] = [
  http.get(`${API}lookups`, ({ request }) =>
    new URL(request.url).searchParams.get("lang") === "es"
      ? HttpResponse.json(
          v.parse(claimLookupsSchema, {
            result: Object.fromEntries(CLAIM_LOOKUP_PATHS.map((name) => [name, spanishList(LOOKUPS[name])])),
          }),
        )
      : undefined,
  ),
  http.get(`${API}all_item_type`, ({ request }) =>
    asksSpanish(request)
      ? HttpResponse.json(v.parse(lookupListSchema, { result: spanishList(LOOKUPS.all_item_type) }))
      : undefined,
  ),
  http.get(`${API}plan/:id`, ({ request }) => {
    if (!asksSpanish(request)) return undefined;
    const plan = wizardPlan();
    const items = plan.warrantyItems.map((item) => ({
      ...item,
      type: item.type && inSpanish(item.type),
      material: item.material && inSpanish(item.material),
    }));
    return HttpResponse.json(
      v.parse(searchPlanResponseSchema, { customers: [{ ...plan, warrantyItems: items }], aceCustomers: [] }),
    );
  }),
];

beforeEach(() => window.localStorage.clear());
afterEach(async () => {
  // The next test starts in English, as renderApp sets it.
  await act(() => activateLocale("en"));
});

/** Chooses a language in the header, as a person does. */
async function choose(user: ReturnType<typeof userEvent.setup>, language: "English" | "Español") {
  const control = screen.getByRole("combobox", { name: language === "English" ? "Idioma" : "Language" });
  await user.selectOptions(control, language);
}

const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole("option")
    .map((option) => option.textContent);

it("claim step 3: after a switch to Spanish the items and the lists read Spanish; back and forth asks nothing more", async () => {
  const user = userEvent.setup();
  const fake = claimServer({ items: [savedItem(601, 1), savedItem(602, 2)] });
  const { calls } = await renderApp(`/find-claim/create-claim?step=3&claimId=${CLAIM_ID}&warranty_id=${PLAN_ID}`, {
    handlers: [...spanishAnswers, ...fake.handlers],
  });
  const sofaMaterial = () =>
    within(screen.getByRole("group", { name: /^Sof/ })).getByRole("combobox", { name: /^Material/ });
  expect(await screen.findByRole("group", { name: "Sofa" })).toBeInTheDocument();
  expect(sofaMaterial()).toHaveDisplayValue("Leather");

  await choose(user, "Español");
  expect(await screen.findByRole("group", { name: "Sofá" })).toBeInTheDocument();
  expect(sofaMaterial()).toHaveDisplayValue("Cuero");
  expect(optionNames(sofaMaterial())).toEqual(expect.arrayContaining(["Cuero", "Tela"]));
  expect(screen.getByRole("group", { name: "Silla" })).toBeInTheDocument();
  const lookupCalls = calls.filter((call) => call.path.startsWith("lookups"));
  expect(lookupCalls.map((call) => call.path)).toEqual(["lookups?lang=en", "lookups?lang=es"]);
  const callsAfterSpanish = calls.length;

  await choose(user, "English");
  expect(await screen.findByRole("group", { name: "Sofa" })).toBeInTheDocument();
  expect(sofaMaterial()).toHaveDisplayValue("Leather");
  await choose(user, "Español");
  expect(await screen.findByRole("group", { name: "Sofá" })).toBeInTheDocument();
  expect(sofaMaterial()).toHaveDisplayValue("Cuero");
  expect(calls.slice(callsAfterSpanish).map((call) => `${call.method} ${call.path}`)).toEqual([]);
});

it("claim step 3: a choice made after the switch is kept, and is the same id in either language", async () => {
  const user = userEvent.setup();
  const fake = claimServer({ items: [savedItem(601, 1)] });
  await renderApp(`/find-claim/create-claim?step=3&claimId=${CLAIM_ID}&warranty_id=${PLAN_ID}`, {
    handlers: [...spanishAnswers, ...fake.handlers],
  });
  await screen.findByRole("group", { name: "Sofa" });
  await choose(user, "Español");
  const material = () =>
    within(screen.getByRole("group", { name: /^Sof/ })).getByRole("combobox", { name: /^Material/ });
  await screen.findByRole("group", { name: "Sofá" });
  await user.selectOptions(material(), "Tela");
  await choose(user, "English");
  await screen.findByRole("group", { name: "Sofa" });
  expect(material()).toHaveDisplayValue("Fabric");
});

it("missing line item: after a switch to Spanish the item types read Spanish; switching back asks nothing more", async () => {
  const user = userEvent.setup();
  const fake = claimServer();
  const { calls } = await renderApp(`/find-claim/add-warrnty-item?step=1&warranty_id=${PLAN_ID}&claimId=${CLAIM_ID}`, {
    handlers: [...spanishAnswers, ...fake.handlers],
  });
  const itemType = await screen.findByRole("combobox", { name: /^Item type/ });
  expect(optionNames(itemType)).toEqual(expect.arrayContaining(["Sofa", "Recliner"]));

  await choose(user, "Español");
  await waitFor(() =>
    expect(optionNames(screen.getByRole("combobox", { name: /^Tipo de artículo/ }))).toEqual(
      expect.arrayContaining(["Sofá", "Reclinable"]),
    ),
  );
  expect(optionNames(screen.getByRole("combobox", { name: /^Material/ }))).toEqual(
    expect.arrayContaining(["Cuero", "Tela"]),
  );
  const callsAfterSpanish = calls.length;
  await choose(user, "English");
  await waitFor(() =>
    expect(optionNames(screen.getByRole("combobox", { name: /^Item type/ }))).toEqual(
      expect.arrayContaining(["Sofa", "Recliner"]),
    ),
  );
  await choose(user, "Español");
  await waitFor(() =>
    expect(optionNames(screen.getByRole("combobox", { name: /^Tipo de artículo/ }))).toEqual(
      expect.arrayContaining(["Sofá"]),
    ),
  );
  expect(calls.slice(callsAfterSpanish)).toEqual([]);
});

it("select plan: after a switch to Spanish the cards' items read Spanish without a new search; a plan that cannot be loaded again keeps its words", async () => {
  const user = userEvent.setup();
  // The search found the sofa at $450; the plan loaded again says $499: the card keeps the search's.
  const searched = wizardPlan();
  searched.warrantyItems[0] = { ...searched.warrantyItems[0]!, itemPrice: 450 };
  const other = { ...wizardPlan(), id: PLAN_ID + 1, number: "W-T00-000301" };
  window.localStorage.setItem("searchInfo", JSON.stringify({ search_type: "search_plan_4", number: "W-T00-000300" }));
  const { calls } = await renderApp("/find-claim/select-plan", {
    handlers: [
      http.get(`${API}plan/${other.id}`, () => HttpResponse.json({ message: "Plan not found" }, { status: 404 })),
      ...spanishAnswers,
      searchFinding([searched, other]),
    ],
  });
  const card = async (number: string) =>
    within((await screen.findByRole("radio", { name: new RegExp(number) })).closest("article")!);
  const itemCells = async (number: string) => (await card(number)).getAllByRole("cell").map((cell) => cell.textContent);
  expect(await itemCells("W-T00-000300")).toEqual(expect.arrayContaining(["Sofa", "Leather"]));
  const callsBeforeSwitch = calls.length;

  await choose(user, "Español");
  await waitFor(async () =>
    expect(await itemCells("W-T00-000300")).toEqual(expect.arrayContaining(["Sofá", "Cuero", "Silla"])),
  );
  expect(await itemCells("W-T00-000301")).toEqual(expect.arrayContaining(["Sofa", "Leather"]));
  // Only words changed: the sofa's price is the search's.
  const sofaRow = within((await card("W-T00-000300")).getAllByRole("row")[1]!)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
  expect(sofaRow).toEqual(expect.arrayContaining(["Sofá", "Cuero", "$450.00"]));
  expect(
    calls
      .slice(callsBeforeSwitch)
      .map((call) => `${call.method} ${call.path}`)
      .sort(),
  ).toEqual([`GET plan/${PLAN_ID}`, `GET plan/${other.id}`]);
  const callsAfterSpanish = calls.length;

  await choose(user, "English");
  await waitFor(async () =>
    expect(await itemCells("W-T00-000300")).toEqual(expect.arrayContaining(["Sofa", "Leather"])),
  );
  await choose(user, "Español");
  await waitFor(async () => expect(await itemCells("W-T00-000300")).toEqual(expect.arrayContaining(["Sofá", "Cuero"])));
  expect(calls.slice(callsAfterSpanish)).toEqual([]);
});
