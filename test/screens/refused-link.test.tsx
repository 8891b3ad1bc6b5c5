// @vitest-environment jsdom
/**
 * An emailed link to finish a claim that cannot open lands on the portal's own page, with its
 * header and language switch: why, in the page's language, and the way to the plan search.
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "./render-app.tsx";

describe("a finish-later link that cannot open", () => {
  it.each([
    ["expired", "This link has expired", /work for 7 days/],
    ["invalid", "This link cannot be opened", /copied incompletely/],
    ["closed", "This claim was already submitted", /open only its draft/],
  ] as const)("says why (%s) and leads to the plan search", async (reason, title, body) => {
    const user = userEvent.setup();
    const { router } = await renderApp(`/find-claim/link-refused?reason=${reason}`);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(body)).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Language" })).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Find your plan" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/select-search-method"));
  });

  it("says it in Spanish, and an unknown reason reads as a link that cannot be opened", async () => {
    await renderApp("/find-claim/link-refused?reason=whatever", { locale: "es" });
    expect(await screen.findByRole("heading", { level: 1, name: "No se puede abrir este enlace" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Buscar su plan" })).toBeInTheDocument();
  });
});
