// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://portal.test/contact-service" }
/**
 * The contact-service request as a consumer uses it, on the real app with a fake network: the
 * address suggestions (with a stand-in for the maps script), plain fields without it, a new
 * request's id, what the failed searches prefill, the draft kept through a reload, and Submit with
 * something missing (SPEC.md section 2 "Contact service wizard", sections 3, 5 and 8).
 * The upload and the ticket against the real server are the browser journey's.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearContactDraft } from "../../src/lib/contact-draft.ts";
import { renderApp } from "./render-app.tsx";

const REQUEST = "5f0c3a2e-8d1b-4f7a-9c1e-2b3d4e5f6a7b";
const open = (step: number | string = 1) => renderApp(`/contact-service?step=${step}&id=${REQUEST}`);
const main = () => within(screen.getByRole("main"));
const field = (name: string | RegExp) => main().getByRole("textbox", { name });

/** A stand-in for the maps script's Places and Geocoder, answering one US address. */
function installMaps() {
  const predictions = vi.fn(
    (
      request: { input: string; componentRestrictions?: { country: string } },
      callback: (results: unknown[], status: string) => void,
    ) =>
      callback(
        request.input.startsWith("350")
          ? [
              {
                description: "350 5th Ave, New York, NY 10118, USA",
                place_id: "place-empire",
                structured_formatting: { main_text: "350 5th Ave", secondary_text: "New York, NY, USA" },
              },
            ]
          : [],
        "OK",
      ),
  );
  const geocode = vi.fn((request: { placeId: string }, callback: (results: unknown[], status: string) => void) =>
    callback(
      [
        {
          place_id: request.placeId,
          address_components: [
            { long_name: "350", short_name: "350", types: ["street_number"] },
            { long_name: "5th Avenue", short_name: "5th Ave", types: ["route"] },
            { long_name: "New York", short_name: "New York", types: ["locality", "political"] },
            { long_name: "New York", short_name: "NY", types: ["administrative_area_level_1", "political"] },
            { long_name: "United States", short_name: "US", types: ["country", "political"] },
            { long_name: "10118", short_name: "10118", types: ["postal_code"] },
          ],
        },
      ],
      "OK",
    ),
  );
  vi.stubGlobal("google", {
    maps: {
      places: {
        AutocompleteService: class {
          getPlacePredictions = predictions;
        },
        PlacesServiceStatus: { OK: "OK" },
      },
      Geocoder: class {
        geocode = geocode;
      },
      GeocoderStatus: { OK: "OK" },
    },
  });
  return { predictions, geocode };
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  clearContactDraft();
});
afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

describe("contact service: addresses", () => {
  it("typing shows US suggestions; choosing one fills the address, city, state and ZIP", async () => {
    const user = userEvent.setup();
    const maps = installMaps();
    await open(1);
    const address = await screen.findByRole("combobox", { name: /^Street address/ });
    await user.type(address, "350 5th");
    const option = await main().findByRole(
      "option",
      { name: "350 5th Ave, New York, NY 10118, USA" },
      { timeout: 2000 },
    );
    expect(address).toHaveAttribute("aria-expanded", "true");
    expect(maps.predictions.mock.calls.at(-1)![0]).toMatchObject({
      input: "350 5th",
      componentRestrictions: { country: "us" },
    });
    await user.click(option);
    await waitFor(() => expect(field(/^City/)).toHaveValue("New York"));
    expect(address).toHaveValue("350 5th Ave");
    expect(field(/^State/)).toHaveValue("NY");
    expect(field(/^ZIP code/)).toHaveValue("10118");
    expect(maps.geocode).toHaveBeenCalledWith({ placeId: "place-empire" }, expect.any(Function));
    expect(main().queryByRole("option")).toBeNull();
  });

  it("the keyboard chooses a suggestion too: arrow down, Enter", async () => {
    const user = userEvent.setup();
    installMaps();
    await open(1);
    const address = await screen.findByRole("combobox", { name: /^Street address/ });
    await user.type(address, "350");
    await main().findByRole("option", {}, { timeout: 2000 });
    await user.keyboard("{ArrowDown}");
    expect(main().getByRole("option")).toHaveAttribute("aria-selected", "true");
    expect(address.getAttribute("aria-activedescendant")).toBe(main().getByRole("option").id);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(field(/^ZIP code/)).toHaveValue("10118"));
  });

  it("without the maps script the address is a plain field, and nothing looks broken", async () => {
    await open(1);
    expect(await screen.findByRole("textbox", { name: /^Street address/ })).toBeInTheDocument();
    expect(main().queryByRole("combobox")).toBeNull();
    expect(document.querySelector('script[src*="maps"]')).toBeNull();
  });
});

describe("contact service: the request", () => {
  it("opened without an id, a new request starts at step 1 with an id of its own", async () => {
    const { router } = await renderApp("/contact-service");
    expect(await screen.findByRole("heading", { level: 1, name: "Customer Details" })).toBeInTheDocument();
    const search = router.state.location.search as { id?: string; step?: number };
    expect(search.step).toBe(1);
    expect(search.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([3, 4])(
    "opened at step %s without an id, goes back to step 1 with a new request (SPEC.md: a missing id opens step 1)",
    async (step) => {
      const { router } = await renderApp(`/contact-service?step=${step}`);
      expect(await screen.findByRole("heading", { level: 1, name: "Customer Details" })).toBeInTheDocument();
      const search = router.state.location.search as { id?: string; step?: number };
      expect(search.step).toBe(1);
      expect(search.id).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it("starts from what the failed searches knew: name, email, ZIP and the invoice", async () => {
    window.localStorage.setItem(
      "searchInfo",
      JSON.stringify({
        search_type: "search_plan_3",
        name_first: "Jane",
        name_last: "Doe",
        zip_code: "10001",
        invoice_number: "INV-100234",
      }),
    );
    const user = userEvent.setup();
    await open(1);
    expect(await screen.findByRole("textbox", { name: /^Name on invoice/ })).toHaveValue("Jane Doe");
    expect(field(/^ZIP code/)).toHaveValue("10001");
    await user.click(screen.getByRole("button", { name: "Next" }));
    // Step 1 is incomplete: its messages show, and it stays.
    expect(screen.getByRole("heading", { level: 1, name: "Customer Details" })).toBeInTheDocument();
    expect(await screen.findByRole("alert", { name: "Please check the following" })).toBeInTheDocument();
  });

  it("what was typed survives a reload of the page", async () => {
    const user = userEvent.setup();
    const first = await open(1);
    await user.type(await screen.findByRole("textbox", { name: /^Name on invoice/ }), "Jane Doe");
    await user.type(field(/^Email/), "jane.doe@example.com");
    first.unmount();
    await open(1);
    expect(await screen.findByRole("textbox", { name: /^Name on invoice/ })).toHaveValue("Jane Doe");
    expect(field(/^Email/)).toHaveValue("jane.doe@example.com");
  });

  it("Submit with something missing says so and takes the person to the first missing field", async () => {
    const user = userEvent.setup();
    await open(4);
    expect(await screen.findByRole("heading", { level: 1, name: "Review Details" })).toBeInTheDocument();
    const customer = screen.getByRole("region", { name: "Customer Details" });
    expect(within(customer).getAllByText("Missing").length).toBeGreaterThan(0);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(
      await screen.findByText("Please complete all the missing data and try submitting again."),
    ).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Customer Details" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("textbox", { name: /^Name on invoice/ })).toHaveFocus());
    expect(screen.getByRole("textbox", { name: /^Name on invoice/ })).toHaveAttribute("aria-invalid", "true");
  });

  it("the review's Edit links go back to their section", async () => {
    const user = userEvent.setup();
    await open(4);
    await user.click(await screen.findByRole("button", { name: "Edit Purchase Details" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Purchase Details" })).toBeInTheDocument();
  });
});
