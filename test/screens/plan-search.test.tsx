// @vitest-environment jsdom
/** Finding a plan: the method choice, and the messages of the warranty-number and personal forms. */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "./render-app.tsx";
import { API } from "./support-network.ts";
import { searchFinding } from "./support-claim-server.ts";

beforeEach(() => window.localStorage.clear());

describe("select search method", () => {
  it("keeps Search disabled until a method is chosen, then opens that form", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp("/find-claim/select-search-method");
    const search = await screen.findByRole("button", { name: "Search" });
    expect(search).toBeDisabled();
    await user.click(screen.getByLabelText("I have my warranty number"));
    expect(search).toBeEnabled();
    await user.click(search);
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/warranty-number"));
    expect(await screen.findByLabelText(/Warranty number/)).toHaveAttribute("placeholder", "W-E34-WS4566");
  });
});

describe("warranty number form", () => {
  it("says 'Required' for an empty or blank number and sends nothing", async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp("/find-claim/warranty-number");
    await user.type(await screen.findByLabelText(/Warranty number/), "   ");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Required")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("says it in Spanish too", async () => {
    const user = userEvent.setup();
    await renderApp("/find-claim/warranty-number", { locale: "es" });
    await user.click(await screen.findByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Obligatorio")).toBeInTheDocument();
  });

  it("searches with search_plan_4, saves searchInfo and shows the plans", async () => {
    const user = userEvent.setup();
    const { router, calls } = await renderApp("/find-claim/warranty-number", { handlers: [searchFinding()] });
    await user.type(await screen.findByLabelText(/Warranty number/), " W-X00-NOPE ");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/not-found"));
    expect(
      calls.map(({ method, path, headers, body }) => ({ method, path, apiKey: headers.get("x-api-key"), body })),
    ).toEqual([
      {
        method: "POST",
        path: "search_plan",
        apiKey: "demo-key",
        body: { search_type: "search_plan_4", number: "W-X00-NOPE" },
      },
    ]);
    expect(JSON.parse(window.localStorage.getItem("searchInfo")!)).toEqual({
      search_type: "search_plan_4",
      number: "W-X00-NOPE",
    });
    expect(await screen.findByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});

describe("searches paused by the API (429)", () => {
  const pausedFor = (seconds: string) => [
    http.post(`${API}search_plan`, () =>
      HttpResponse.json(
        { code: "TOO_MANY_REQUESTS", message: "Too many requests" },
        { status: 429, headers: { "Retry-After": seconds } },
      ),
    ),
  ];

  it("says when to try again instead of 'not found', and does not count the search", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp("/find-claim/warranty-number", { handlers: pausedFor("125") });
    await user.type(await screen.findByLabelText(/Warranty number/), "W-E34-WS4566");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("heading", { name: "Too many searches" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Please try again in 3 minutes.");
    expect(screen.queryByText("We could not locate your warranty")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/find-claim/not-found");
    await user.click(screen.getByRole("button", { name: "Back to search" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/warranty-number"));
    expect(await screen.findByLabelText(/Warranty number/)).toHaveValue("W-E34-WS4566");
  });

  it("says it in Spanish, one minute in the singular", async () => {
    const user = userEvent.setup();
    await renderApp("/find-claim/warranty-number", { locale: "es", handlers: pausedFor("30") });
    await user.type(await screen.findByLabelText(/Número de garantía/), "W-E34-WS4566");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByRole("heading", { name: "Demasiadas búsquedas" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Vuelva a intentarlo en 1 minuto.");
  });
});

describe("personal information form", () => {
  it("requires names and the switched field, and checks the phone as a US number", async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp("/find-claim/search-by-personal-info");
    await user.click(await screen.findByRole("button", { name: "Submit" }));
    expect(await screen.findAllByText("Required")).toHaveLength(3); // first name, last name, email
    await user.click(screen.getByLabelText("Phone"));
    const phone = await screen.findByRole("textbox", { name: /Phone/ });
    await user.type(phone, "0235550134");
    expect(phone).toHaveValue("(023) 555-0134");
    await user.tab();
    expect(await screen.findByText("Mobile Number is Not valid")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Home ZIP code/), "1000A");
    await user.tab();
    expect(await screen.findByText("ZIP code must contain numbers only")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("checks the email and requires the invoice number when the switch asks for it", async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp("/find-claim/search-by-personal-info");
    await user.type(await screen.findByRole("textbox", { name: /First name/ }), "Jane");
    await user.type(screen.getByRole("textbox", { name: /Last name/ }), "Doe");
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "jane.doe@");
    await user.tab();
    expect(await screen.findByText("Enter a valid email address")).toBeInTheDocument();
    await user.click(screen.getByLabelText("Invoice"));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Required")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Invoice number/ })).toHaveAttribute("aria-invalid", "true");
    expect(calls).toEqual([]);
  });

  it("sends the personal search with its code, the digits as typed and the ZIP", async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp("/find-claim/search-by-personal-info", { handlers: [searchFinding()] });
    await user.type(await screen.findByRole("textbox", { name: /First name/ }), " Jane ");
    await user.type(screen.getByRole("textbox", { name: /Last name/ }), "Doe");
    await user.type(screen.getByRole("textbox", { name: /Home ZIP code/ }), "10001");
    await user.click(screen.getByLabelText("Phone"));
    await user.type(await screen.findByRole("textbox", { name: /Phone/ }), "2125550134");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      search_type: "search_plan_2",
      name_first: "Jane",
      name_last: "Doe",
      zip_code: "10001",
      phone_number: "(212) 555-0134",
    });
  });

  it("says the phone message in Spanish", async () => {
    const user = userEvent.setup();
    await renderApp("/find-claim/search-by-personal-info", { locale: "es" });
    await user.click(await screen.findByLabelText("Teléfono"));
    await user.type(await screen.findByRole("textbox", { name: /Teléfono/ }), "0235550134");
    await user.tab();
    expect(await screen.findByText("El número de móvil no es válido")).toBeInTheDocument();
  });

  it("Back clears the saved search", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(
      "searchInfo",
      JSON.stringify({
        search_type: "search_plan_1",
        name_first: "Jane",
        name_last: "Doe",
        email: "jane.doe@example.com",
      }),
    );
    const { router } = await renderApp("/find-claim/search-by-personal-info");
    expect(await screen.findByRole("textbox", { name: /First name/ })).toHaveValue("Jane"); // prefilled
    await user.click(screen.getByRole("button", { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/select-search-method"));
    expect(window.localStorage.getItem("searchInfo")).toBeNull();
  });
});

describe("invalid link", () => {
  it("says the link is not valid, gives the support address and goes home", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "This link is not valid." })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "support@example.com" })).toHaveAttribute(
      "href",
      "mailto:support@example.com",
    );
    await user.click(screen.getByRole("button", { name: "Back to Home" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });
});

describe("select-plan without a search", () => {
  it("goes to no-warranty-found with Try Again, searching nothing", async () => {
    const { router, calls } = await renderApp("/find-claim/select-plan");
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/not-found"));
    expect(await screen.findByRole("button", { name: "Try Again" })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe("opening a plan by link", () => {
  // SPEC.md sections 2 "Open plan by id" and 4 "Plan-search try counter": each bad link is one
  // failed search, also under React's StrictMode (which runs a screen's effects twice).
  it("counts each bad link once: two still offer Try Again, the third offers Contact Service", async () => {
    const badLinks = [
      "/find-claim/999?customer_id=1&plan_type=fpp",
      "/find-claim/41?customer_id=7&plan_type=gold",
      "/find-claim/998?customer_id=1&plan_type=ace",
    ];
    const noSuchPlan = () => HttpResponse.json({ code: "PLAN_NOT_FOUND", message: "Not found" }, { status: 404 });
    const { router } = await renderApp(badLinks[0]!, {
      strict: true,
      handlers: [http.get(`${API}plan_link/:id`, noSuchPlan)],
    });
    expect(await screen.findByRole("heading", { name: "We could not locate your warranty" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Try Again" })).toBeInTheDocument();

    router.history.push(badLinks[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/not-found"));
    expect(await screen.findByRole("button", { name: "Try Again" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Contact Service" })).toBeNull();

    router.history.push(badLinks[2]!);
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/not-found"));
    expect(await screen.findByRole("button", { name: "Contact Service" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try Again" })).toBeNull();
  });
});
