// @vitest-environment jsdom
/**
 * The FPP claim wizard (route create-claim) as a consumer uses it, on the real app with a stateful
 * fake claims API (support-claim-server.ts): SPEC.md section 2 "Claim wizard (FPP)", section 4
 * "Claim flow", section 5 steps 2-4, section 8 (claim-not-found, delete toasts, upload refusals).
 * File uploads that reach storage are left to the browser tests: jsdom would send the XHR PUT out.
 */
import { EARLIEST_NOTICE_DATE, localToday } from "../../machines/calendar.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DateTime } from "luxon";
import { http, HttpResponse } from "msw";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "./render-app.tsx";
import {
  CLAIM_ID,
  claimServer,
  CUSTOMER_ID,
  PLAN_ID,
  savedItem,
  wireDamage,
  type ClaimServer,
  type ClaimServerOptions,
} from "./support-claim-server.ts";
import { API } from "./support-network.ts";

beforeEach(() => window.localStorage.clear());
afterEach(() => toast.remove());

const TITLES = {
  2: "Select damaged items under your plan",
  3: "Confirm/Update Item Details",
  4: "Report your damage",
  5: "Review claim details",
} as const;

type User = ReturnType<typeof userEvent.setup>;

/** Opens create-claim at `?step=`, with the claim and plan of the fake server, and waits for the first heading. */
async function openWizard(
  step: string | number,
  server: ClaimServer | ClaimServerOptions = {},
  locale: "en" | "es" = "en",
) {
  const fake = "handlers" in server ? server : claimServer(server);
  const view = await renderApp(`/find-claim/create-claim?step=${step}&claimId=${CLAIM_ID}&warranty_id=${PLAN_ID}`, {
    handlers: fake.handlers,
    locale,
  });
  await screen.findByRole("heading", { level: 1 });
  return { ...view, server: fake };
}

const heading = () => screen.getByRole("heading", { level: 1 });
const next = (name = "Next") => screen.getByRole("button", { name });
const urlStep = (router: { state: { location: { search: Record<string, unknown> } } }) =>
  router.state.location.search.step;

/** The text of the error tied to a control (aria-describedby), or null. */
function errorOf(control: HTMLElement): string | null {
  const id = control.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** dt -> dd text of a definition list. */
function facts(list: HTMLElement): Record<string, string> {
  const result: Record<string, string> = {};
  for (const term of list.querySelectorAll(":scope > dt"))
    result[term.textContent ?? ""] = term.nextElementSibling?.textContent ?? "";
  return result;
}

const itemRegion = (name: string) => screen.getByRole("region", { name });
const damageGroup = (region: HTMLElement, number: number) =>
  within(region).getByRole("group", { name: new RegExp(`^Damage ${number}`) });

/** A document with the storage's unique prefix; shown as 'sofa.jpg'. */
const sofaPhoto = { id: 701, fileName: "a1b2c3d4-sofa.jpg" };
/** Sofa saved with one damage and one photo: ready for review. */
const readySofa = () =>
  savedItem(601, 1, { damages: [wireDamage(801, { notes: "Cat scratched the arm" })], documents: [sofaPhoto] });

async function fillDamage(
  user: User,
  group: HTMLElement,
  values: { type: string; specific: string; area: string; date: string; how: string; remedy: string; note: string },
) {
  const view = within(group);
  await user.selectOptions(view.getByRole("combobox", { name: /^Damage Type/ }), values.type);
  await user.selectOptions(view.getByRole("combobox", { name: /^Specific Damage/ }), values.specific);
  await user.selectOptions(view.getByRole("combobox", { name: /^Damage Area/ }), values.area);
  await user.type(view.getByRole("textbox", { name: /^When did you notice the damage/ }), values.date);
  await user.selectOptions(view.getByRole("combobox", { name: /^How did it happen/ }), values.how);
  await user.selectOptions(view.getByRole("combobox", { name: /^Did you take any steps to remedy\?/ }), values.remedy);
  await user.type(view.getByRole("textbox", { name: /^Note/ }), values.note);
}

describe("step 2: select damaged items", () => {
  it("disables returned and fully replaced items with their badges, and keeps Next disabled until an item is ticked", async () => {
    const user = userEvent.setup();
    const { server, router } = await openWizard(2);
    expect(heading()).toHaveTextContent(TITLES[2]);
    const sofa = screen.getByRole("checkbox", { name: /^Sofa/ });
    const chair = screen.getByRole("checkbox", { name: /^Chair/ });
    const table = screen.getByRole("checkbox", { name: /^Table/ });
    const lamp = screen.getByRole("checkbox", { name: /^Lamp/ });
    expect([sofa, chair].map((box) => [box.matches(":disabled"), (box as HTMLInputElement).checked])).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(table).toBeDisabled();
    expect(within(table.closest("label")!).getByText("Returned")).toBeInTheDocument();
    expect(lamp).toBeDisabled();
    expect(within(lamp.closest("label")!).getByText("Full Replaced")).toBeInTheDocument();
    expect(within(sofa.closest("label")!).queryByText(/Returned|Full Replaced/)).toBeNull();
    expect(next()).toBeDisabled();

    await user.click(table);
    expect(table).not.toBeChecked();
    expect(next()).toBeDisabled();

    await user.click(chair);
    expect(chair).toBeChecked();
    expect(next()).toBeEnabled();
    await user.click(chair);
    expect(next()).toBeDisabled();
    await user.click(chair);
    expect(server.writes()).toEqual([]); // ticking is local until step 3 saves

    await user.click(next());
    expect(await screen.findByRole("heading", { level: 1, name: TITLES[3] })).toBeInTheDocument();
    await waitFor(() => expect(urlStep(router)).toBe(3));
    expect(server.writes()).toEqual([]);
  });

  it("comes back with the saved claim items ticked", async () => {
    const { router } = await openWizard(2, { items: [savedItem(601, 1)] });
    expect(screen.getByRole("checkbox", { name: /^Sofa/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /^Chair/ })).not.toBeChecked();
    expect(next()).toBeEnabled();
    expect(urlStep(router)).toBe(2);
  });

  it("ticking an item keeps focus on it; focus moves to the title only when the step changes", async () => {
    const user = userEvent.setup();
    await openWizard(2);
    // The frame focuses its title in an effect, which may run a moment after the title shows.
    await waitFor(() => expect(heading()).toHaveFocus());
    const sofa = screen.getByRole("checkbox", { name: /^Sofa/ });
    const chair = screen.getByRole("checkbox", { name: /^Chair/ });
    await user.click(sofa);
    expect(sofa).toBeChecked();
    expect(sofa).toHaveFocus();
    await user.keyboard(" ");
    expect(sofa).not.toBeChecked();
    expect(sofa).toHaveFocus();
    await user.click(chair);
    expect(chair).toHaveFocus();
    await user.click(next());
    const title = await screen.findByRole("heading", { level: 1, name: TITLES[3] });
    await waitFor(() => expect(title).toHaveFocus());
  });

  it("'+ Add Missing Item' links to add-warrnty-item with step=1, warranty_id and claimId", async () => {
    const user = userEvent.setup();
    const { router } = await openWizard(2);
    const link = screen.getByRole("link", { name: "+ Add Missing Item" });
    const target = new URL(link.getAttribute("href")!, "http://portal.test");
    expect(target.pathname).toBe("/find-claim/add-warrnty-item");
    expect(Object.fromEntries(target.searchParams)).toEqual({
      step: "1",
      warranty_id: String(PLAN_ID),
      claimId: String(CLAIM_ID),
    });
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/add-warrnty-item"));
    expect(await screen.findByRole("heading", { level: 1, name: "Missing Line Item." })).toBeInTheDocument();
  });

  it("unticking a saved item sends DELETE remove_claim_items/{claimItemId} and shows it unticked", async () => {
    const user = userEvent.setup();
    const { server } = await openWizard(2, { items: [savedItem(601, 1), savedItem(602, 2)] });
    const sofa = screen.getByRole("checkbox", { name: /^Sofa/ });
    expect(sofa).toBeChecked();
    await user.click(sofa);
    await waitFor(() => expect(screen.getByRole("checkbox", { name: /^Sofa/ })).not.toBeChecked());
    expect(server.writes()).toEqual([{ method: "DELETE", path: "remove_claim_items/601", body: undefined }]);
    expect(server.items.map((item) => item.id)).toEqual([602]);
    expect(screen.getByRole("checkbox", { name: /^Chair/ })).toBeChecked();
    expect(next()).toBeEnabled();
  });

  it("shows the step in Spanish", async () => {
    await openWizard(2, {}, "es");
    expect(heading()).toHaveTextContent("Seleccione los artículos dañados de su plan");
    expect(
      within(screen.getByRole("checkbox", { name: /^Table/ }).closest("label")!).getByText("Devuelto"),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole("checkbox", { name: /^Lamp/ }).closest("label")!).getByText("Reemplazado por completo"),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "+ Agregar artículo faltante" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Siguiente" })).toBeDisabled();
  });

  it("asks the claims API for Spanish names with every call (Accept-Language), and English in English", async () => {
    const spanish = await openWizard(2, {}, "es");
    const languages = (calls: typeof spanish.calls) =>
      new Set(calls.map((call) => call.headers.get("accept-language")));
    expect(languages(spanish.calls)).toEqual(new Set(["es"]));
    spanish.unmount();
    const english = await openWizard(2, {}, "en");
    expect(languages(english.calls)).toEqual(new Set(["en"]));
  });
});

describe("step 3: confirm item details", () => {
  it("shows manufacturer, material and color for each chosen item", async () => {
    await openWizard(3, { items: [savedItem(601, 1, { manufacturer: 22 }), savedItem(602, 2)] });
    expect(heading()).toHaveTextContent(TITLES[3]);
    const sofa = screen.getByRole("group", { name: "Sofa" });
    const chair = screen.getByRole("group", { name: "Chair" });
    for (const group of [sofa, chair]) {
      expect(
        within(group)
          .getAllByRole("combobox")
          .map((select) => (select as HTMLSelectElement).labels[0]?.textContent),
      ).toEqual(["Manufacturer *", "Material *", "Color *"]);
    }
    // Saved items show what the server holds.
    expect(within(sofa).getByRole("combobox", { name: /^Manufacturer/ })).toHaveDisplayValue("La-Z-Boy");
    expect(within(sofa).getByRole("combobox", { name: /^Material/ })).toHaveDisplayValue("Leather");
    expect(within(chair).getByRole("combobox", { name: /^Color/ })).toHaveDisplayValue("Grey");
    expect(next()).toBeEnabled();
  });

  it("clearing a select says 'Please select an option' and disables Next; choosing again enables it", async () => {
    const user = userEvent.setup();
    await openWizard(3, { items: [savedItem(601, 1)] });
    const material = within(screen.getByRole("group", { name: "Sofa" })).getByRole("combobox", { name: /^Material/ });
    await user.selectOptions(material, "");
    expect(errorOf(material)).toBe("Please select an option");
    expect(material).toHaveAttribute("aria-invalid", "true");
    expect(next()).toBeDisabled();
    await user.selectOptions(material, "Fabric");
    expect(errorOf(material)).toBeNull();
    expect(next()).toBeEnabled();
  });

  it("Next sends insert_update_claim_item with the chosen ids and the saved claim item id, then shows step 4 with them", async () => {
    const user = userEvent.setup();
    const { server, router } = await openWizard(3, { items: [savedItem(601, 1)] });
    const sofa = screen.getByRole("group", { name: "Sofa" });
    await user.selectOptions(within(sofa).getByRole("combobox", { name: /^Manufacturer/ }), "La-Z-Boy");
    await user.selectOptions(within(sofa).getByRole("combobox", { name: /^Material/ }), "Fabric");
    await user.click(next());
    expect(await screen.findByRole("heading", { level: 1, name: TITLES[4] })).toBeInTheDocument();
    await waitFor(() => expect(urlStep(router)).toBe(4));
    expect(server.writes()).toEqual([
      {
        method: "POST",
        path: "insert_update_claim_item",
        body: {
          warrentyId: PLAN_ID,
          claimId: CLAIM_ID,
          claim_items: [
            { claimItemId: 601, selectedItemId: 1, manuFacturer: 22, material: 32, color: 41, itemType: 11 },
          ],
        },
      },
    ]);
    expect(facts(within(itemRegion("Sofa")).getAllByRole("definition")[0]!.parentElement!)).toMatchObject({
      Manufacturer: "La-Z-Boy",
      Material: "Fabric",
      Color: "Brown",
    });
  });

  it("a newly ticked item starts from the plan's details and is saved without a claim item id", async () => {
    const user = userEvent.setup();
    const { server } = await openWizard(2);
    await user.click(screen.getByRole("checkbox", { name: /^Chair/ }));
    await user.click(next());
    const chair = await screen.findByRole("group", { name: "Chair" });
    expect(within(chair).getByRole("combobox", { name: /^Manufacturer/ })).toHaveDisplayValue("La-Z-Boy");
    expect(within(chair).getByRole("combobox", { name: /^Material/ })).toHaveDisplayValue("Fabric");
    expect(within(chair).getByRole("combobox", { name: /^Color/ })).toHaveDisplayValue("Grey");
    await user.click(next());
    expect(await screen.findByRole("heading", { level: 1, name: TITLES[4] })).toBeInTheDocument();
    expect(server.writes().map((call) => call.body)).toEqual([
      {
        warrentyId: PLAN_ID,
        claimId: CLAIM_ID,
        claim_items: [{ selectedItemId: 2, manuFacturer: 22, material: 32, color: 42, itemType: 12 }],
      },
    ]);
    expect(itemRegion("Chair")).toBeInTheDocument();
  });

  it("with nothing chosen, ?step=3 says 'Please select some items on 2nd step' and keeps Next disabled", async () => {
    const { router } = await openWizard(3);
    expect(heading()).toHaveTextContent(TITLES[3]);
    expect(await screen.findByText("Please select some items on 2nd step")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    expect(urlStep(router)).toBe(3);
  });
});

describe("step 4: report your damage", () => {
  it("Next is enabled; pressed with nothing filled it shows every message and sends nothing", async () => {
    const user = userEvent.setup();
    const { server, router } = await openWizard(4, { items: [savedItem(601, 1)] });
    expect(heading()).toHaveTextContent(TITLES[4]);
    expect(next()).toBeEnabled();
    const sofa = itemRegion("Sofa");
    expect(within(sofa).queryByText("We need at least one photo from you")).toBeNull();
    expect(within(sofa).queryByText("Please select an option")).toBeNull();
    const before = server.calls.length;

    await user.click(next());
    await within(sofa).findByText("We need at least one photo from you");
    expect(errorOf(within(sofa).getByLabelText(/Photos and documents of the Sofa/))).toBe(
      "We need at least one photo from you",
    );
    const block = damageGroup(sofa, 1);
    const view = within(block);
    for (const name of [
      /^Damage Type/,
      /^Specific Damage/,
      /^Damage Area/,
      /^How did it happen/,
      /^Did you take any steps to remedy\?/,
    ]) {
      expect(errorOf(view.getByRole("combobox", { name }))).toBe("Please select an option");
    }
    expect(errorOf(view.getByRole("textbox", { name: /^When did you notice the damage/ }))).toBe(
      "Please select a date",
    );
    expect(errorOf(view.getByRole("textbox", { name: /^Note/ }))).toBe("Required");
    expect(view.getAllByText("Please select an option")).toHaveLength(5);
    expect(within(sofa).getByLabelText(/Photos and documents of the Sofa/)).toHaveAttribute("aria-invalid", "true");
    expect(heading()).toHaveTextContent(TITLES[4]);
    expect(urlStep(router)).toBe(4);
    expect(server.calls.length).toBe(before);
  });

  it("lists every field to fix once, in one error summary linked to the fields; field messages are not alerts of their own", async () => {
    const user = userEvent.setup();
    await openWizard(4, { items: [savedItem(601, 1)] });
    expect(screen.queryByRole("alert", { name: "Please check the following" })).toBeNull();
    await user.click(next());
    const summary = await screen.findByRole("alert", { name: "Please check the following" });
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      "Sofa – Photos and documents of the Sofa: We need at least one photo from you",
      "Sofa, Damage 1 – Damage Type: Please select an option",
      "Sofa, Damage 1 – Specific Damage: Please select an option",
      "Sofa, Damage 1 – Damage Area: Please select an option",
      "Sofa, Damage 1 – When did you notice the damage: Please select a date",
      "Sofa, Damage 1 – How did it happen: Please select an option",
      "Sofa, Damage 1 – Did you take any steps to remedy?: Please select an option",
      "Sofa, Damage 1 – Note: Required",
    ]);
    // The summary speaks; each field's own message, the missing photo's too, is only tied to it.
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
      expect.stringContaining("Please check the following"),
    ]);
    await user.click(within(summary).getByRole("link", { name: /Note: Required/ }));
    expect(within(damageGroup(itemRegion("Sofa"), 1)).getByRole("textbox", { name: /^Note/ })).toHaveFocus();
    // Fixed fields leave the summary.
    await user.type(within(damageGroup(itemRegion("Sofa"), 1)).getByRole("textbox", { name: /^Note/ }), "Torn seam");
    await waitFor(() => expect(within(summary).queryByRole("link", { name: /^Note/ })).toBeNull());
  });

  it("says the messages in Spanish", async () => {
    const user = userEvent.setup();
    await openWizard(4, { items: [savedItem(601, 1)] }, "es");
    await user.click(screen.getByRole("button", { name: "Siguiente" }));
    expect(await screen.findByText("Necesitamos al menos una foto")).toBeInTheDocument();
    expect(screen.getAllByText("Seleccione una opción")).toHaveLength(5);
    expect(screen.getByText("Seleccione una fecha")).toBeInTheDocument();
    expect(screen.getByText("Obligatorio")).toBeInTheDocument();
  });

  it("a date typed as DD/MM/YYYY outside 2000-01-01..today says so; one inside does not", async () => {
    const user = userEvent.setup();
    await openWizard(4, { items: [savedItem(601, 1)] });
    const date = within(damageGroup(itemRegion("Sofa"), 1)).getByRole("textbox", {
      name: /^When did you notice the damage/,
    });
    expect(date).toHaveAttribute("placeholder", "DD/MM/YYYY");
    await user.type(date, "31121999");
    expect(date).toHaveValue("31/12/1999");
    await user.tab();
    expect(errorOf(date)).toBe("Choose a date between January 1st, 2000 and today");

    await user.clear(date);
    await user.type(date, DateTime.local().plus({ days: 1 }).toFormat("ddMMyyyy"));
    expect(errorOf(date)).toBe("Choose a date between January 1st, 2000 and today");

    await user.clear(date);
    await user.type(date, "01012000");
    expect(errorOf(date)).toBeNull();
    await user.clear(date);
    await user.type(date, DateTime.local().toFormat("ddMMyyyy"));
    expect(errorOf(date)).toBeNull();

    // As people type a date, key by key: a single-digit day and month with slashes or dots.
    for (const typed of ["3/11/2025", "3.11.2025"]) {
      await user.clear(date);
      await user.type(date, typed);
      await user.tab();
      expect(date).toHaveValue("3/11/2025");
      expect(errorOf(date)).toBeNull();
    }
  });

  it("a day the calendar lacks (31/02/2024) is named as no real date, and the calendar 'Open calendar' opens is not given it", async () => {
    const user = userEvent.setup();
    await openWizard(4, { items: [savedItem(601, 1)] });
    const group = damageGroup(itemRegion("Sofa"), 1);
    const date = within(group).getByRole("textbox", { name: /^When did you notice the damage/ });
    await user.type(date, "31022024");
    await user.tab();
    expect(date).toHaveValue("31/02/2024");
    expect(errorOf(date)).toBe("Enter a real date as DD/MM/YYYY");
    // The browser's calendar opens at every press.
    const opened: HTMLInputElement[] = [];
    // jsdom's inputs have no showPicker, the method that opens a browser's calendar: this one notes each call.
    Object.defineProperty(HTMLInputElement.prototype, "showPicker", {
      configurable: true,
      value: function (this: HTMLInputElement) {
        opened.push(this);
      },
    });
    try {
      await user.click(within(group).getByRole("button", { name: "Open calendar" }));
      await user.click(within(group).getByRole("button", { name: "Open calendar" }));
    } finally {
      delete (HTMLInputElement.prototype as { showPicker?: unknown }).showPicker;
    }
    const calendar = group.querySelector<HTMLInputElement>('input[type="date"]')!;
    expect(opened).toEqual([calendar, calendar]);
    // It offers the days from 2000-01-01 to the phone's today.
    expect([calendar.min, calendar.max]).toEqual([EARLIEST_NOTICE_DATE, localToday()]);
    expect(calendar.value).toBe("");
    await user.clear(date);
    await user.type(date, "28022024");
    expect(calendar.value).toBe("2024-02-28");
  });

  it("'+ Add Damage' adds 'Damage 2' with a Delete button (Damage 1 has none); deleting it, unsaved, calls nothing", async () => {
    const user = userEvent.setup();
    const { server } = await openWizard(4, { items: [savedItem(601, 1)] });
    const sofa = itemRegion("Sofa");
    expect(within(damageGroup(sofa, 1)).queryByRole("button", { name: /^Delete/ })).toBeNull();
    expect(within(sofa).queryByRole("group", { name: /^Damage 2/ })).toBeNull();
    const before = server.calls.length;

    await user.click(within(sofa).getByRole("button", { name: "+ Add Damage" }));
    const second = damageGroup(sofa, 2);
    expect(within(second).getByRole("heading", { name: "Damage 2" })).toBeInTheDocument();
    expect(within(second).getByRole("button", { name: "Delete damage 2" })).toBeEnabled();
    expect(within(damageGroup(sofa, 1)).queryByRole("button", { name: /^Delete/ })).toBeNull();

    await user.type(within(second).getByRole("textbox", { name: /^Note/ }), "half typed");
    await user.click(within(second).getByRole("button", { name: "Delete damage 2" }));
    expect(within(sofa).queryByRole("group", { name: /^Damage 2/ })).toBeNull();
    expect(damageGroup(sofa, 1)).toBeInTheDocument();
    expect(server.calls.length).toBe(before);
  });

  it("deleting a saved damage block sends DELETE delete_claim_item_damage/{id}", async () => {
    const user = userEvent.setup();
    const { server } = await openWizard(4, {
      items: [
        savedItem(601, 1, {
          damages: [wireDamage(801), wireDamage(802, { notes: "second one" })],
          documents: [sofaPhoto],
        }),
      ],
    });
    const sofa = itemRegion("Sofa");
    const second = damageGroup(sofa, 2);
    expect(within(second).getByRole("textbox", { name: /^Note/ })).toHaveValue("second one");
    expect(within(second).getByRole("textbox", { name: /^Note/ })).toBeDisabled(); // saved: read-only
    await user.click(within(second).getByRole("button", { name: "Delete damage 2" }));
    await waitFor(() => expect(within(sofa).queryByRole("group", { name: /^Damage 2/ })).toBeNull());
    expect(server.writes()).toEqual([{ method: "DELETE", path: "delete_claim_item_damage/802", body: undefined }]);
    expect(within(damageGroup(sofa, 1)).getByRole("textbox", { name: /^Note/ })).toHaveValue("damage 801");
  });

  it("deleting a document sends DELETE delete_uploaded_documents_of_claim/{id} and says 'file deleted sucessfully'", async () => {
    const user = userEvent.setup();
    const { server } = await openWizard(4, {
      items: [savedItem(601, 1, { documents: [sofaPhoto, { id: 702, fileName: "e5f6g7h8-receipt.pdf" }] })],
    });
    const files = within(itemRegion("Sofa")).getByRole("list", { name: "Uploaded files" });
    expect(within(files).getByRole("link", { name: "Open sofa.jpg" })).toHaveAttribute(
      "href",
      `http://portal.test/storage/claims_documentation/CL-${CLAIM_ID}/photos-consumer/a1b2c3d4-sofa.jpg`,
    );
    await user.click(within(files).getByRole("button", { name: "Delete sofa.jpg" }));
    expect(await screen.findByText("file deleted sucessfully")).toBeInTheDocument();
    expect(server.writes()).toEqual([
      { method: "DELETE", path: "delete_uploaded_documents_of_claim/701", body: undefined },
    ]);
    await waitFor(() => expect(within(itemRegion("Sofa")).queryByText("sofa.jpg")).toBeNull());
    expect(within(itemRegion("Sofa")).getByText("receipt.pdf")).toBeInTheDocument();
  });

  it("a document the server fails to delete says 'file not deleted.' and stays listed", async () => {
    const user = userEvent.setup();
    const server = claimServer({ items: [savedItem(601, 1, { documents: [sofaPhoto] })] });
    server.handlers.unshift(
      http.delete(`${API}*`, () => HttpResponse.json({ message: "Server error" }, { status: 500 })),
    );
    await openWizard(4, server);
    await user.click(screen.getByRole("button", { name: "Delete sofa.jpg" }));
    expect(await screen.findByText("file not deleted.")).toBeInTheDocument();
    expect(screen.queryByText("file deleted sucessfully")).toBeNull();
    // A 5xx is tried again by the portal itself (src/api/http.ts) before it is shown: only this delete, every time.
    expect(new Set(server.writes().map((write) => `${write.method} ${write.path}`))).toEqual(
      new Set(["DELETE delete_uploaded_documents_of_claim/701"]),
    );
    expect(screen.getByRole("button", { name: "Delete sofa.jpg" })).toBeEnabled();
  });

  it("sends only the new damages in insert_claim_item_damage; saved ones are not re-sent", async () => {
    const user = userEvent.setup();
    const { server, router } = await openWizard(4, { items: [readySofa()] });
    const sofa = itemRegion("Sofa");
    await user.click(within(sofa).getByRole("button", { name: "+ Add Damage" }));
    await fillDamage(user, damageGroup(sofa, 2), {
      type: "Stain",
      specific: "Dent",
      area: "Arm",
      date: "15032025",
      how: "Spill",
      remedy: "Cleaned it",
      note: "  Wine spilled  ",
    });
    await user.click(next());
    expect(await screen.findByRole("heading", { level: 1, name: TITLES[5] })).toBeInTheDocument();
    await waitFor(() => expect(urlStep(router)).toBe(5));
    expect(server.writes()).toEqual([
      {
        method: "POST",
        path: "insert_claim_item_damage",
        body: {
          claimId: CLAIM_ID,
          customerId: CUSTOMER_ID,
          damage_item: [
            {
              selectedItemId: 1,
              damageType: 52,
              specificDamage: 62,
              specificLocation: 92,
              damageDate: "2025-03-15",
              howDidOccur: 72,
              actionTaken: 82,
              notes: "Wine spilled",
            },
          ],
        },
      },
    ]);
    expect(within(itemRegion("Sofa")).getByRole("heading", { name: "Damage 2" })).toBeInTheDocument();
  });

  it("with only saved damages, Next goes to the review without sending any", async () => {
    const user = userEvent.setup();
    const { server } = await openWizard(4, { items: [readySofa()] });
    await user.click(next());
    expect(await screen.findByRole("heading", { level: 1, name: TITLES[5] })).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
  });

  it("refuses an unsupported file with the toast and uploads nothing", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { server } = await openWizard(4, { items: [savedItem(601, 1)] });
    const before = server.calls.length;
    const input = within(itemRegion("Sofa")).getByLabelText(/Photos and documents of the Sofa/) as HTMLInputElement;
    await user.upload(input, new File(["%PDF-1.4"], "notes.docx"));
    expect(await screen.findByText("File notes.docx is not supported")).toBeInTheDocument();
    expect(input.value).toBe("");
    expect(server.calls.length).toBe(before);
  });
});

describe("step 5: review and submit", () => {
  it("shows the saved item, files and damages read-only", async () => {
    await openWizard(5, { items: [readySofa()] });
    expect(heading()).toHaveTextContent(TITLES[5]);
    expect(next("Submit")).toBeEnabled();
    const sofa = screen.getByRole("region", { name: "Sofa" });
    const [itemFacts, damageFacts] = within(sofa)
      .getAllByRole("definition")
      .map((dd) => dd.parentElement!)
      .filter((dl, index, all) => all.indexOf(dl) === index);
    expect(facts(itemFacts!)).toEqual({
      Manufacturer: "Ashley",
      Material: "Leather",
      Color: "Brown",
      Vendor: "Ashley Furniture",
      Files: "sofa.jpg",
    });
    expect(within(sofa).getByRole("heading", { name: "Damage 1" })).toBeInTheDocument();
    expect(facts(damageFacts!)).toEqual({
      "Damage Type": "Scratch",
      "Specific Damage": "Tear",
      "Damage Area": "Seat",
      "When did you notice the damage": "May 1st, 2025",
      "How did it happen": "Pet",
      "Did you take any steps to remedy?": "None",
      Note: "Cat scratched the arm",
    });
    expect(within(sofa).queryAllByRole("combobox")).toEqual([]);
    expect(within(sofa).queryAllByRole("textbox")).toEqual([]);
    expect(within(sofa).queryAllByRole("button")).toEqual([]);
  });

  it("Submit answered with a message other than 'Succeed' shows an error and stays on the review", async () => {
    const user = userEvent.setup();
    const server = claimServer({ items: [readySofa()] });
    server.submitMessage = "Claim could not be submitted";
    const { router } = await openWizard(5, server);
    await user.click(next("Submit"));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole("alert")
          .some((alert) => alert.textContent === "We could not submit your claim. Please try again."),
      ).toBe(true),
    );
    expect(server.writes()).toEqual([
      { method: "PUT", path: `submit_claim/${CLAIM_ID}/${CUSTOMER_ID}`, body: undefined },
    ]);
    expect(heading()).toHaveTextContent(TITLES[5]);
    expect(urlStep(router)).toBe(5);
    expect(screen.queryByText("Thank you for submitting your claim")).toBeNull();
    expect(next("Submit")).toBeEnabled();
  });

  it("Submit answered 'Succeed' shows the thanks and CL-{claimId}", async () => {
    const user = userEvent.setup();
    const { server, router } = await openWizard(5, { items: [readySofa()] });
    await user.click(next("Submit"));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Thank you for submitting your claim" }),
    ).toBeInTheDocument();
    expect(screen.getByText(`CL-${CLAIM_ID}`)).toBeInTheDocument();
    expect(screen.getByText(/within the next 2–3 business days/)).toBeInTheDocument();
    // View Claim Status carries the API's signature, so the link opens the status in any browser.
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "View Claim Status" })).toHaveAttribute(
        "href",
        `/claim-status?code=CL-${CLAIM_ID}&expires=1893456000&sig=signed-by-the-api`,
      ),
    );
    expect(server.writes()).toEqual([
      { method: "PUT", path: `submit_claim/${CLAIM_ID}/${CUSTOMER_ID}`, body: undefined },
    ]);
    await waitFor(() => expect(urlStep(router)).toBe(6));
    await user.click(screen.getByRole("button", { name: "Back to Home" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });
});

describe("claim link", () => {
  it("a claim the server answers 404 (CLAIM_NOT_FOUND) shows the claim-not-found view", async () => {
    await openWizard(2, { claimMissing: true });
    expect(heading()).toHaveTextContent("Claim not found");
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
    expect(screen.getByRole("button", { name: "Find your warranty" })).toBeInTheDocument();
  });

  it("asks for the claim, its plan and each option list once: the route starts the calls, the wizard takes them, a step change keeps them", async () => {
    const user = userEvent.setup();
    const { calls, router } = await openWizard(4, { items: [readySofa()] });
    expect(heading()).toHaveTextContent(TITLES[4]);
    await user.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(heading()).toHaveTextContent(TITLES[3]));
    await waitFor(() => expect(urlStep(router)).toBe(3));
    // The router has settled that navigation, a reload in the background included.
    await waitFor(() => expect(router.state.status).toBe("idle"));
    const paths = calls.map((call) => call.path.split("?")[0]);
    expect(paths.filter((path) => path === `claim/${CLAIM_ID}`)).toHaveLength(1);
    expect(paths.filter((path) => path === `plan/${PLAN_ID}`)).toHaveLength(1);
    expect(paths.filter((path) => path === "lookups")).toHaveLength(1);
  });

  it.each([["abc"], ["9"]])("?step=%s lands on step 2", async (step) => {
    const { router } = await openWizard(step, { items: [readySofa()] });
    expect(heading()).toHaveTextContent(TITLES[2]);
    await waitFor(() => expect(urlStep(router)).toBe(2));
    expect(screen.getByRole("checkbox", { name: /^Sofa/ })).toBeChecked();
  });
});
