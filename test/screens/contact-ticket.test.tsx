// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://portal.test/contact-service" }
/**
 * The contact-service thank-you page (SPEC.md section 2, step 5) shows a Request Number only when
 * this tab received it from the API: an address with a made-up `ticket` shows no confirmation of a
 * request never sent, and a reload of the real one still shows it.
 */
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearContactDraft } from "../../src/lib/contact-draft.ts";
import { rememberTicket } from "../../src/lib/received-tickets.ts";
import { renderApp } from "./render-app.tsx";

const REQUEST = "5f0c3a2e-8d1b-4f7a-9c1e-2b3d4e5f6a7b";

afterEach(() => {
  window.sessionStorage.clear();
  clearContactDraft();
});

describe("the contact-service thank-you page", () => {
  it("shows no Request Number for a ticket this tab never received, but the request's first step", async () => {
    await renderApp(`/contact-service?step=5&id=${REQUEST}&ticket=FAKE-123`);
    expect(await within(screen.getByRole("main")).findByRole("heading", { level: 1 })).not.toHaveTextContent(
      /Thank you/i,
    );
    expect(screen.queryByText("FAKE-123")).toBeNull();
  });

  it("shows the Request Number this tab received, after a reload too", async () => {
    rememberTicket("CS-2024-000123");
    await renderApp(`/contact-service?step=5&id=${REQUEST}&ticket=CS-2024-000123`);
    expect(await screen.findByText("CS-2024-000123")).toBeInTheDocument();
  });
});
