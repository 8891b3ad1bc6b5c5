// @vitest-environment jsdom
/**
 * ACE step 2 for a browser that found the plan by warranty number only: the API answers the email,
 * phone and street address masked (SECURITY.md, "A warranty number alone shows no contact details"). The consumer sees what is on
 * file, can go on without typing it again (the masked values go back and keep it), and what they
 * do type is sent. On the real app with a fake ACE API.
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp } from "./render-app.tsx";
import { CLAIM_ID, CUSTOMER_ID, LOOKUPS, PLAN_ID, planItem, wizardPlan } from "./support-claim-server.ts";
import { API, writes } from "./support-network.ts";

afterEach(() => toast.remove());

const MASKED = {
  firstName: "Maria",
  lastName: "Lopez",
  email: "m•••@example.com",
  phone: "•••-0142",
  address: "•••",
  city: "Houston",
  state: "TX",
  zipCode: "77002",
  masked: true,
};

const answers = (path: string, body: object) => http.get(`${API}ace/${path}`, () => HttpResponse.json(body));
const plan = {
  ...wizardPlan(),
  planType: "Ace",
  firstName: "Maria",
  lastName: "Lopez",
  warrantyItems: [planItem(1, LOOKUPS.all_item_type[0]!)],
};
/** A fake ACE API: one Ace plan with one item, a draft claim, and the customer's details masked. */
const aceApi = [
  answers(`claim/${CLAIM_ID}`, {
    claim: { id: CLAIM_ID, status: "Draft", warrentyId: PLAN_ID, customerId: CUSTOMER_ID, claimSatusCode: null },
    items: [],
    damageAreasDisp: [],
    documents: [],
  }),
  answers(`plan/${PLAN_ID}`, { customers: [plan], aceCustomers: [] }),
  answers(`customer_info/${CUSTOMER_ID}`, { result: MASKED }),
  http.put(`${API}ace/customer_info/${CUSTOMER_ID}`, () => HttpResponse.json({ message: "Succeed" })),
  ...(["all_manufacturer", "all_material", "all_color"] as const).map((name) =>
    answers(name, { result: LOOKUPS[name] }),
  ),
  // The damage lists (per model number) are empty: step 2 does not use them.
  answers(":list_lookup_values", { result: [] }),
];
/** The contact details step 2 sent. */
const saved = () =>
  writes()
    .filter((call) => call.method === "PUT" && call.path.startsWith("ace/customer_info/"))
    .map((call) => call.body);

async function openContactStep(handlers = aceApi) {
  await renderApp(
    `/find-claim/create-ace-claim?step=2&claimId=${CLAIM_ID}&warranty_id=${PLAN_ID}&cust_id=${CUSTOMER_ID}`,
    { handlers },
  );
  await screen.findByRole("heading", { level: 1, name: "Verify your contact information" });
}

const field = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) });
const next = () => screen.getByRole("button", { name: "Next" });

describe("ACE step 2 with the contact details masked", () => {
  it("shows what is on file, masked, as the hint of empty fields; names, city, state and ZIP in full", async () => {
    await openContactStep();
    expect(field("Email")).toHaveValue("");
    expect(field("Email")).toHaveAttribute("placeholder", "m•••@example.com");
    expect(field("Email")).toHaveAccessibleDescription(
      "On file: m•••@example.com. Leave empty to keep it, or type a new one.",
    );
    expect(field("Phone")).toHaveValue("");
    expect(field("Phone")).toHaveAccessibleDescription(/On file: •••-0142\./);
    expect(field("Street address")).toHaveValue("");
    expect(field("Street address")).toHaveAccessibleDescription(/On file: •••\./);
    expect(field("First name")).toHaveValue("Maria");
    expect(field("City")).toHaveValue("Houston");
    expect(field("ZIP code")).toHaveValue("77002");
    expect(next()).toBeEnabled();
  });

  it("goes on without typing: the masked values go back, keeping what is on file", async () => {
    const user = userEvent.setup();
    await openContactStep();
    await user.click(next());
    await screen.findByRole("heading", { level: 1, name: "Select damaged items under your plan" });
    const { masked: _, ...shown } = MASKED;
    expect(saved()).toEqual([shown]);
  });

  it("sends a new email the consumer types, and keeps the phone and address on file", async () => {
    const user = userEvent.setup();
    await openContactStep();
    await user.type(field("Email"), "maria.new@example.com");
    await screen.findByRole("heading", { level: 1, name: "Update your contact information" });
    await user.click(next());
    await screen.findByRole("heading", { level: 1, name: "Select damaged items under your plan" });
    expect(saved()).toEqual([
      expect.objectContaining({ email: "maria.new@example.com", phone: "•••-0142", address: "•••" }),
    ]);
  });

  it("checks what is typed, and clearing it keeps what is on file again", async () => {
    const user = userEvent.setup();
    await openContactStep();
    await user.type(field("Email"), "maria@");
    await user.tab();
    expect(field("Email")).toHaveAccessibleDescription(/Enter a valid email/i);
    expect(next()).toBeDisabled();
    await user.clear(field("Email"));
    expect(field("Email")).toHaveValue("");
    expect(field("Email")).toHaveAccessibleDescription(
      "On file: m•••@example.com. Leave empty to keep it, or type a new one.",
    );
    expect(next()).toBeEnabled();
    await user.type(field("Phone"), "8325550199");
    expect(field("Phone")).toHaveValue("(832) 555-0199");
  });

  it("shows details typed for this claim without proof apart, marked, and never fills them in as on file", async () => {
    const user = userEvent.setup();
    const typed = { email: "e•••@example.net", city: "Katy" };
    await openContactStep([
      answers(`customer_info/${CUSTOMER_ID}`, { result: { ...MASKED, unverified: typed } }),
      ...aceApi,
    ]);
    const note = screen.getByRole("note");
    expect(note).toHaveTextContent("Typed for this claim only, not verified.");
    expect(note).toHaveTextContent("Emaile•••@example.net");
    expect(note).toHaveTextContent("CityKaty");
    expect(field("Email")).toHaveValue("");
    expect(field("City")).toHaveValue("Houston");
    await user.click(next());
    await screen.findByRole("heading", { level: 1, name: "Select damaged items under your plan" });
    // Saved for this claim: a session without proof cannot change what is on file.
    const [put] = writes().filter((call) => call.method === "PUT" && call.path.startsWith("ace/customer_info/"));
    expect(put!.path).toContain(`claimId=${CLAIM_ID}`);
  });
});
