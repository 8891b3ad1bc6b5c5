// @vitest-environment jsdom
/** Finding a plan: the method choice, and the messages of the warranty-number and personal forms. */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, renderApp } from "./render-app.tsx";

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

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
    const { fetchSpy } = await renderApp("/find-claim/warranty-number");
    await user.type(await screen.findByLabelText(/Warranty number/), "   ");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Required")).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("says it in Spanish too", async () => {
    const user = userEvent.setup();
    await renderApp("/find-claim/warranty-number", { locale: "es" });
    await user.click(await screen.findByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Obligatorio")).toBeInTheDocument();
  });

  it("searches with search_plan_4, saves searchInfo and shows the plans", async () => {
    const user = userEvent.setup();
    const sent: Array<{ url: string; apiKey: string | null; body: unknown }> = [];
    const network = async (request: Request) => {
      sent.push({ url: request.url, apiKey: request.headers.get("x-api-key"), body: await request.json() });
      return json({ customers: [], aceCustomers: [] });
    };
    const { router } = await renderApp("/find-claim/warranty-number", { network });
    await user.type(await screen.findByLabelText(/Warranty number/), " W-X00-NOPE ");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/not-found"));
    expect(sent).toEqual([{ url: "http://portal.test/api/v1/search_plan", apiKey: "demo-key", body: { search_type: "search_plan_4", number: "W-X00-NOPE" } }]);
    expect(JSON.parse(window.localStorage.getItem("searchInfo")!)).toEqual({ search_type: "search_plan_4", number: "W-X00-NOPE" });
    expect(await screen.findByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});

describe("personal information form", () => {
  it("requires names and the switched field, and checks the phone as a US number", async () => {
    const user = userEvent.setup();
    const { fetchSpy } = await renderApp("/find-claim/search-by-personal-info");
    await user.click(await screen.findByRole("button", { name: "Submit" }));
    expect(await screen.findAllByText("Required")).toHaveLength(3); // first name, last name, email
    await user.click(screen.getByLabelText("Phone"));
    const phone = await screen.findByRole("textbox", { name: /Phone/ });
    await user.type(phone, "1235550134");
    expect(phone).toHaveValue("(123) 555-0134");
    await user.tab();
    expect(await screen.findByText("Mobile Number is Not valid")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Home ZIP code/), "1000A");
    await user.tab();
    expect(await screen.findByText("ZIP code must contain numbers only")).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
