// @vitest-environment jsdom
/**
 * 'Missing Line Item.' as a consumer uses it (SPEC.md section 2 "Missing line item", section 5
 * "Missing line item", section 8): the required fields and their messages, the quantity and price
 * rules, the exact insert_manual_warr_item payload, the success dialog with Back to Claim, the
 * failure messages (catalog messages in the screen's language, never the server's English), and a
 * claim this browser cannot reach said before any form.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import toast from "react-hot-toast";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "./render-app.tsx";
import { CLAIM_ID, claimServer, PLAN_ID, type ClaimServer } from "./support-claim-server.ts";
import { installDialogMethods } from "./support-dialog.ts";
import { API } from "./support-network.ts";

const URL_OF_PAGE = `/find-claim/add-warrnty-item?step=1&warranty_id=${PLAN_ID}&claimId=${CLAIM_ID}`;

beforeAll(installDialogMethods);
beforeEach(() => window.localStorage.clear());
afterEach(() => toast.remove());

async function openPage(server: ClaimServer = claimServer(), locale: "en" | "es" = "en") {
  const view = await renderApp(URL_OF_PAGE, { handlers: server.handlers, locale });
  await screen.findByRole("combobox", { name: locale === "es" ? /Tipo de artículo/ : /Item type/ });
  return { ...view, server };
}

const field = {
  itemType: () => screen.getByRole("combobox", { name: /^Item type/ }),
  manufacturer: () => screen.getByRole("combobox", { name: /^Manufacturer/ }),
  material: () => screen.getByRole("combobox", { name: /^Material/ }),
  color: () => screen.getByRole("combobox", { name: /^Color/ }),
  vendor: () => screen.getByRole("textbox", { name: /^Vendor/ }),
  sku: () => screen.getByRole("textbox", { name: /^SKU/ }),
  model: () => screen.getByRole("textbox", { name: /^Model/ }),
  price: () => screen.getByRole("textbox", { name: /^Price/ }),
  quantity: () => screen.getByRole("spinbutton", { name: /^Quantity/ }),
  description: () => screen.getByRole("textbox", { name: /^Description/ }),
};

/** The text of the error tied to a control (aria-describedby), or null. */
function errorOf(control: HTMLElement): string | null {
  const id = control.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

type User = ReturnType<typeof userEvent.setup>;

async function fillRequired(user: User, values: { price?: string; quantity?: string } = {}) {
  await user.selectOptions(field.itemType(), "Recliner");
  await user.selectOptions(field.manufacturer(), "La-Z-Boy");
  await user.selectOptions(field.material(), "Fabric");
  await user.selectOptions(field.color(), "Grey");
  await user.type(field.model(), "  RX-200  ");
  await user.type(field.price(), values.price ?? "249.99");
  if (values.quantity !== undefined) {
    await user.clear(field.quantity());
    await user.type(field.quantity(), values.quantity);
  }
  await user.type(field.description(), " Power recliner, left arm ");
}

/** Fills every required field of the Spanish form, as a person reads its labels. */
async function fillRequiredInSpanish(user: User, price = "10") {
  await user.selectOptions(screen.getByRole("combobox", { name: /^Tipo de artículo/ }), "Recliner");
  await user.selectOptions(screen.getByRole("combobox", { name: /^Fabricante/ }), "La-Z-Boy");
  await user.selectOptions(screen.getByRole("combobox", { name: /^Material/ }), "Fabric");
  await user.selectOptions(screen.getByRole("combobox", { name: /^Color/ }), "Grey");
  await user.type(screen.getByRole("textbox", { name: /^Modelo/ }), "RX-200");
  await user.type(screen.getByRole("textbox", { name: /^Precio/ }), price);
  await user.type(screen.getByRole("textbox", { name: /^Descripción/ }), "Recliner");
}

const manualItemCalls = (server: ClaimServer) =>
  server.writes().filter((call) => call.path === "insert_manual_warr_item");
/** Has the claims API answer the next missing item with `answer` instead of adding it (every one with `once: false`). */
const answerManualItem = (server: ClaimServer, answer: () => Response, once = false) =>
  server.handlers.unshift(http.post(`${API}insert_manual_warr_item`, answer, { once }));

describe("missing line item: the form", () => {
  it("shows the heading and every field, quantity 1 by default, required marks on the required ones", async () => {
    await openPage();
    expect(screen.getByRole("heading", { level: 1, name: "Missing Line Item." })).toBeInTheDocument();
    expect(field.quantity()).toHaveValue(1);
    for (const control of [
      field.itemType(),
      field.manufacturer(),
      field.material(),
      field.color(),
      field.model(),
      field.price(),
      field.quantity(),
      field.description(),
    ]) {
      expect(control).toBeRequired();
    }
    expect(field.vendor()).not.toBeRequired();
    expect(field.sku()).not.toBeRequired();
    expect(
      within(field.itemType())
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Select…", "Sofa", "Chair", "Table", "Lamp", "Recliner"]);
  });

  it("submitting empty says 'Please select an option' on the four selects and 'Required' on model, price and description, nothing on Vendor, SKU and quantity, and sends nothing", async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(errorOf(field.itemType())).toBe("Please select an option"));
    expect(errorOf(field.manufacturer())).toBe("Please select an option");
    expect(errorOf(field.material())).toBe("Please select an option");
    expect(errorOf(field.color())).toBe("Please select an option");
    expect(errorOf(field.model())).toBe("Required");
    expect(errorOf(field.price())).toBe("Required");
    expect(errorOf(field.description())).toBe("Required");
    expect(screen.getAllByText("Please select an option")).toHaveLength(4);
    expect(screen.getAllByText("Required")).toHaveLength(3);
    for (const optional of [field.vendor(), field.sku(), field.quantity()]) {
      expect(errorOf(optional)).toBeNull();
      expect(optional).toHaveAttribute("aria-invalid", "false");
    }
    expect(field.model()).toHaveAttribute("aria-invalid", "true");
    expect(server.writes()).toEqual([]);
  });

  it("says the messages in Spanish", async () => {
    const user = userEvent.setup();
    await openPage(claimServer(), "es");
    expect(screen.getByRole("heading", { level: 1, name: "Artículo faltante." })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findAllByText("Seleccione una opción")).toHaveLength(4);
    expect(screen.getAllByText("Obligatorio")).toHaveLength(3);
  });

  it("quantity 0 says 'Please enter at least 1 quantity.', 11 says 'You can only enter up to 10 quantities.', 10 is fine", async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    await user.clear(field.quantity());
    await user.type(field.quantity(), "0");
    await waitFor(() => expect(errorOf(field.quantity())).toBe("Please enter at least 1 quantity."));
    await user.clear(field.quantity());
    await user.type(field.quantity(), "11");
    await waitFor(() => expect(errorOf(field.quantity())).toBe("You can only enter up to 10 quantities."));
    await user.clear(field.quantity());
    await user.type(field.quantity(), "10");
    await waitFor(() => expect(errorOf(field.quantity())).toBeNull());
    await user.clear(field.quantity());
    await user.tab();
    await waitFor(() => expect(errorOf(field.quantity())).toBe("Required"));
    expect(server.writes()).toEqual([]);
  });

  it("refuses a quantity out of range on submit and sends nothing", async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    await fillRequired(user, { quantity: "11" });
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(errorOf(field.quantity())).toBe("You can only enter up to 10 quantities."));
    expect(manualItemCalls(server)).toEqual([]);
  });

  it.each([["-5"], ["abc"], ["12.3456"], ["1,2,3"]])(
    "a price of '%s' shows the price message and is not sent",
    async (price) => {
      const user = userEvent.setup();
      const { server } = await openPage();
      await fillRequired(user, { price });
      await waitFor(() => expect(errorOf(field.price())).toBe("Enter a price of 0 or more, for example 249.99"));
      await user.click(screen.getByRole("button", { name: "Submit" }));
      expect(errorOf(field.price())).toBe("Enter a price of 0 or more, for example 249.99");
      expect(manualItemCalls(server)).toEqual([]);
    },
  );

  it("offers a decimal keypad for the price, a phone's keypad with the decimal mark", async () => {
    await openPage();
    expect(field.price()).toHaveAttribute("inputmode", "decimal");
  });

  it.each([
    ["1,299.00", 1299],
    ["1299", 1299],
    ["1299.5", 1299.5],
  ])("takes a price written '%s' in English, sent as %s", async (price, sent) => {
    const user = userEvent.setup();
    const { server } = await openPage();
    await fillRequired(user, { price });
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(manualItemCalls(server)).toHaveLength(1));
    expect((manualItemCalls(server)[0]!.body as { price: unknown }).price).toBe(sent);
  });

  it.each([
    ["1.299,00", 1299],
    ["1299", 1299],
    ["249,99", 249.99],
    ["1299.50", 1299.5],
    ["1,299.00", 1299],
    ["1299,50", 1299.5],
    ["$1,849.00", 1849],
  ])("takes a price written '%s' in Spanish, sent as %s", async (price, sent) => {
    const user = userEvent.setup();
    const { server } = await openPage(claimServer(), "es");
    await fillRequiredInSpanish(user, price);
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(manualItemCalls(server)).toHaveLength(1));
    expect((manualItemCalls(server)[0]!.body as { price: unknown }).price).toBe(sent);
  });

  it.each([
    ["en", "Is this a thousand dollars or more?"],
    ["es", "¿Son mil dólares o más?"],
  ] as const)(
    "an ambiguous '1.299' is asked about in %s, never read as 1299 or 1.3, and not sent",
    async (language, question) => {
      const user = userEvent.setup();
      const { server } = await openPage(claimServer(), language);
      if (language === "es") await fillRequiredInSpanish(user, "1.299");
      else await fillRequired(user, { price: "1.299" });
      const price = screen.getByRole("textbox", { name: language === "es" ? /^Precio/ : /^Price/ });
      await waitFor(() => expect(errorOf(price)).toMatch(question));
      await user.click(screen.getByRole("button", { name: language === "es" ? "Enviar" : "Submit" }));
      expect(manualItemCalls(server)).toEqual([]);
      await user.clear(price);
      await user.type(price, "1299");
      await user.click(screen.getByRole("button", { name: language === "es" ? "Enviar" : "Submit" }));
      await waitFor(() => expect(manualItemCalls(server)).toHaveLength(1));
      expect((manualItemCalls(server)[0]!.body as { price: unknown }).price).toBe(1299);
    },
  );

  it("a fractional quantity says a whole number is needed, not 'at least 1'", async () => {
    const user = userEvent.setup();
    await openPage();
    await user.clear(field.quantity());
    await user.type(field.quantity(), "1.5");
    await waitFor(() => expect(errorOf(field.quantity())).toBe("Enter a whole number of items, from 1 to 10."));
  });

  it("a price of 0 is allowed", async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    await fillRequired(user, { price: "0" });
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(manualItemCalls(server)).toHaveLength(1));
    expect((manualItemCalls(server)[0]!.body as { price: unknown }).price).toBe(0);
  });
});

describe("missing line item: submitting", () => {
  it("sends the exact payload with vendor and SKU, shows the success dialog, and Back to Claim returns to step 2 where the item is listed", async () => {
    const user = userEvent.setup();
    const { server, router } = await openPage();
    await fillRequired(user, { quantity: "2" });
    await user.type(field.vendor(), " Recliners Inc ");
    await user.type(field.sku(), "SKU-77");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    const dialog = await screen.findByRole("dialog", { name: "Plan item added successfully" });
    expect(within(dialog).getByText("Thank you for submitting your Plan Item.")).toBeInTheDocument();
    const calls = manualItemCalls(server);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.body).toStrictEqual({
      claimId: CLAIM_ID,
      warrentyId: PLAN_ID,
      itemType: 15,
      manuFacturer: 22,
      material: 32,
      color: 42,
      vendor: "Recliners Inc",
      sku: "SKU-77",
      modelNumber: "RX-200",
      price: 249.99,
      quantity: 2,
      description: "Power recliner, left arm",
    });

    await user.click(within(dialog).getByRole("button", { name: "Back to Claim" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/create-claim"));
    expect(router.state.location.search).toMatchObject({ step: 2, claimId: CLAIM_ID, warranty_id: PLAN_ID });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Select damaged items under your plan" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: /Recliner/ })).not.toBeChecked();
  });

  it("leaves vendor and SKU out when not given, and sends price and quantity as numbers", async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    await fillRequired(user);
    await user.type(field.vendor(), "   ");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("dialog", { name: "Plan item added successfully" });
    const body = manualItemCalls(server)[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty("vendor");
    expect(body).not.toHaveProperty("sku");
    expect(body.price).toBe(249.99);
    expect(body.quantity).toBe(1);
  });

  it("an answer message other than 'Succeed' says 'Something went wrong' and keeps the form", async () => {
    const user = userEvent.setup();
    const server = claimServer();
    server.manualItemMessage = "Failed";
    await openPage(server);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const alert = await screen.findByText("Something went wrong");
    expect(alert).toHaveAttribute("role", "alert");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(field.model()).toHaveValue("  RX-200  ");
  });

  it("a 400 INVALID_REQUEST answer says the details were not accepted; a later success clears it", async () => {
    const user = userEvent.setup();
    const server = claimServer();
    answerManualItem(
      server,
      () => HttpResponse.json({ message: "Invalid request", code: "INVALID_REQUEST", errors: {} }, { status: 400 }),
      true,
    );
    await openPage(server);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    // The only alert on the filled form is the form's failure message.
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Some of the details were not accepted. Check the form and try again.",
    );
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("dialog", { name: "Plan item added successfully" });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("an answer the portal does not know says 'Something went wrong', not the server's words", async () => {
    const user = userEvent.setup();
    const server = claimServer();
    answerManualItem(server, () =>
      HttpResponse.json({ code: "SOMETHING_NEW", message: "Warehouse sync pending" }, { status: 409 }),
    );
    await openPage(server);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Something went wrong");
    expect(screen.queryByText(/Warehouse/)).toBeNull();
  });

  it("a claim gone while the form was filled (404 CLAIM_NOT_FOUND) says so in Spanish on a Spanish screen", async () => {
    const user = userEvent.setup();
    const server = claimServer();
    answerManualItem(server, () =>
      HttpResponse.json({ code: "CLAIM_NOT_FOUND", message: "Claim not found" }, { status: 404 }),
    );
    await openPage(server, "es");
    await fillRequiredInSpanish(user);
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "No pudimos encontrar este reclamo. Revise el enlace o busque su garantía para comenzar de nuevo.",
    );
    expect(screen.queryByText("Claim not found")).toBeNull();
  });

  it("a submitted claim (409 CLAIM_NOT_DRAFT) says it can no longer be changed, in Spanish", async () => {
    const user = userEvent.setup();
    const server = claimServer();
    answerManualItem(server, () =>
      HttpResponse.json(
        { code: "CLAIM_NOT_DRAFT", message: "Claim is Submitted; only a draft claim can be changed" },
        { status: 409 },
      ),
    );
    await openPage(server, "es");
    await fillRequiredInSpanish(user);
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Este reclamo ya fue enviado, así que ya no se puede cambiar aquí.",
    );
  });

  it("an error answer without a message says 'Something went wrong'", async () => {
    const user = userEvent.setup();
    const server = claimServer();
    answerManualItem(server, () => new Response("oops", { status: 500 }));
    await openPage(server);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Something went wrong");
  });

  it("says it in Spanish", async () => {
    const user = userEvent.setup();
    const server = claimServer();
    server.manualItemMessage = "Failed";
    await openPage(server, "es");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    await screen.findAllByText("Obligatorio");
    await fillRequiredInSpanish(user);
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Algo salió mal")).toBeInTheDocument();
  });

  it("a claim at its most missing items says so in the screen's language, not the server's English", async () => {
    const user = userEvent.setup();
    const server = claimServer();
    const full = {
      code: "TOO_MANY_MISSING_ITEMS",
      message: "This claim already has 10 missing items, the most allowed",
    };
    answerManualItem(server, () => HttpResponse.json(full, { status: 409 }));
    await openPage(server, "es");
    await fillRequiredInSpanish(user);
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "Este reclamo ya tiene el máximo de artículos faltantes que admite (10). Elija uno de ellos o contáctenos.",
    );
  });
});

describe("missing line item: a claim this browser cannot reach", () => {
  it("says 'Claim not found' with a way to the search before any form, and sends nothing", async () => {
    const user = userEvent.setup();
    const server = claimServer({ claimMissing: true });
    const { router } = await renderApp(URL_OF_PAGE, { handlers: server.handlers });
    expect(await screen.findByRole("heading", { level: 1, name: "Claim not found" })).toBeInTheDocument();
    expect(
      screen.getByText("We could not find this claim. Check the link, or find your warranty to start again."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: /^Item type/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Submit" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Find your warranty" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/select-search-method"));
    expect(manualItemCalls(server)).toEqual([]);
  });

  it("says it in Spanish", async () => {
    await renderApp(URL_OF_PAGE, { handlers: claimServer({ claimMissing: true }).handlers, locale: "es" });
    expect(
      await screen.findByText(
        "No pudimos encontrar este reclamo. Revise el enlace o busque su garantía para comenzar de nuevo.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: /^Tipo de artículo/ })).toBeNull();
  });

  it("a claim of another plan than the link names is not reachable either", async () => {
    await renderApp(`/find-claim/add-warrnty-item?step=1&warranty_id=${PLAN_ID + 1}&claimId=${CLAIM_ID}`, {
      handlers: claimServer().handlers,
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Claim not found" })).toBeInTheDocument();
  });

  it("a check that gets no answer offers Try Again, which checks again and shows the form", async () => {
    const user = userEvent.setup();
    const server = claimServer();
    let offline = true;
    // Falls through to the fake's claim once back online.
    server.handlers.unshift(http.get(`${API}claim/:id`, () => (offline ? HttpResponse.error() : undefined)));
    await renderApp(URL_OF_PAGE, { handlers: server.handlers });
    // ky tries a read 3 more times (about 2 s in all) before the check gives up.
    expect(await screen.findByRole("button", { name: "Try Again" }, { timeout: 15_000 })).toBeInTheDocument();
    offline = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("combobox", { name: /^Item type/ })).toBeInTheDocument();
  });
});

describe("missing line item: option lists", () => {
  it("lists failing to load show the retry text; Try Again loads them", async () => {
    const user = userEvent.setup();
    const server = claimServer({ failingLookups: ["all_item_type"] });
    await renderApp(URL_OF_PAGE, { handlers: server.handlers });
    expect(await screen.findByText("We could not load the item lists.")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: /^Item type/ })).toBeNull();
    server.failingLookups.clear();
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("combobox", { name: /^Item type/ })).toBeInTheDocument();
    expect(screen.queryByText("We could not load the item lists.")).toBeNull();
  });

  it("an empty manufacturer list counts as failing", async () => {
    const server = claimServer({ failingLookups: ["all_manufacturer"] });
    await renderApp(URL_OF_PAGE, { handlers: server.handlers });
    expect(await screen.findByText("We could not load the item lists.")).toBeInTheDocument();
  });

  it("Back returns to the claim's step 2", async () => {
    const user = userEvent.setup();
    const { router } = await openPage();
    await user.click(screen.getByRole("button", { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/create-claim"));
    expect(router.state.location.search).toMatchObject({ step: 2, claimId: CLAIM_ID, warranty_id: PLAN_ID });
  });
});
