// @vitest-environment jsdom
/**
 * The claim-status page as a consumer uses it: a claim's number, plan, items, the five steps with
 * the day each was reached and the current one marked, what happens next and by when, the
 * documents sent and how to reach support, in English and in Spanish; a claim that cannot be shown
 * and an expired link, each offering the plan search; a failed read with Retry; Check for updates.
 * The network is the claims API's GET /claim_status as contract/claim-status.ts shapes it.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { act } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { activateLocale } from "../../src/i18n.ts";
import type { ClaimStatus } from "../../contract/claim-status.ts";
import { localDayOf } from "../../src/screens/claim-status/claim-dates.ts";
import { renderApp } from "./render-app.tsx";
import { API } from "./support-network.ts";

/**
 * The text of the day an instant falls on where the test runs, found as the screen finds it
 * (midday UTC is the day before, the same day or the day after, depending on the machine's zone).
 * @param texts the expected text of each possible day (YYYY-MM-DD)
 */
function dayText(instant: string, texts: Record<string, string>): string {
  const text = texts[localDayOf(instant)!];
  if (!text) throw new Error(`no expected text for ${instant} in this zone`);
  return text;
}
const SUBMITTED_AT = "2026-11-26T12:00:00.000Z";
const SUBMITTED_EN = dayText(SUBMITTED_AT, {
  "2026-11-25": "November 25th, 2026",
  "2026-11-26": "November 26th, 2026",
  "2026-11-27": "November 27th, 2026",
});
const SUBMITTED_ES = dayText(SUBMITTED_AT, {
  "2026-11-25": "25 de noviembre de 2026",
  "2026-11-26": "26 de noviembre de 2026",
  "2026-11-27": "27 de noviembre de 2026",
});
const IN_REVIEW_AT = "2026-11-27T12:00:00.000Z";
const IN_REVIEW_EN = dayText(IN_REVIEW_AT, {
  "2026-11-26": "November 26th, 2026",
  "2026-11-27": "November 27th, 2026",
  "2026-11-28": "November 28th, 2026",
});

/** A claim submitted on 2026-11-26 at midday UTC. */
const SUBMITTED: ClaimStatus = {
  claimNumber: "CL-55",
  status: "Open",
  family: "fpp",
  plan: { id: 1, number: "W-E34-WS4566", programName: "Furniture Protection Plus" },
  items: [
    { id: 7, name: "Sofa" },
    { id: 8, name: "Loveseat" },
  ],
  documents: [{ id: 3, fileName: "k3j9x2m1ab-sofa-stain.jpg" }],
  timeline: [
    { step: "submitted", at: SUBMITTED_AT },
    { step: "in_review", at: null },
    { step: "decision", at: null },
    { step: "service", at: null },
    { step: "closed", at: null },
  ],
  current: "submitted",
  next: { step: "in_review", expectedBy: "2026-12-01" },
  decision: null,
};

/** The same claim once staff moved it to review. */
const IN_REVIEW: ClaimStatus = {
  ...SUBMITTED,
  status: "Pending review",
  timeline: SUBMITTED.timeline.map((entry) => (entry.step === "in_review" ? { ...entry, at: IN_REVIEW_AT } : entry)),
  current: "in_review",
  next: { step: "decision", expectedBy: "2026-12-04" },
};

const answering = (...bodies: Array<() => Response>) => {
  let call = 0;
  return http.get(`${API}claim_status`, () => bodies[Math.min(call++, bodies.length - 1)]!());
};
const found = (status: ClaimStatus) => () => HttpResponse.json({ result: status });
const notFound = () => HttpResponse.json({ code: "CLAIM_NOT_FOUND", message: "Claim not found" }, { status: 404 });
const expired = () => HttpResponse.json({ code: "LINK_EXPIRED", message: "This link has expired" }, { status: 403 });

/** What a screen reader reads of an element: its text without the parts hidden from it. */
function spoken(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll("[aria-hidden=true]").forEach((hidden) => hidden.remove());
  return copy.textContent ?? "";
}

/** The timeline: each step's text, which one is current, and what marks it on screen. */
function timeline() {
  const list = screen.getByRole("list", { name: /Progress|Progreso/ });
  const steps = within(list).getAllByRole("listitem");
  const current = steps.filter((step) => step.getAttribute("aria-current") === "step");
  return {
    list,
    steps: steps.map(spoken),
    current: current.map(spoken),
    badges: current.map((step) => step.querySelector(".badge")?.textContent),
  };
}

// The page compares expected days with today: the tests' today is fixed (only Date is faked).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-28T12:00:00Z"));
});
afterEach(async () => {
  vi.useRealTimers();
  await act(() => activateLocale("en"));
});

describe("the claim-status page", () => {
  it("shows the claim, its steps with the day reached and the current one, what comes next, the documents and support", async () => {
    const { calls } = await renderApp("/claim-status?code=CL-55", { handlers: [answering(found(SUBMITTED))] });
    const heading = await screen.findByRole("heading", { level: 1, name: "Your claim status" });
    await screen.findByText("CL-55");
    await waitFor(() => expect(heading).toHaveFocus());
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["GET claim_status?code=CL-55"]);

    const { list, steps, current } = timeline();
    expect(list.tagName).toBe("OL");
    expect(steps).toEqual([
      `Submitted${SUBMITTED_EN}`,
      "In reviewNot reached yet",
      "DecisionNot reached yet",
      "Service or paymentNot reached yet",
      "ClosedNot reached yet",
    ]);
    expect(current).toEqual([`Submitted${SUBMITTED_EN}`]);
    expect(timeline().badges).toEqual(["Current step"]);

    const next = screen.getByRole("heading", { level: 2, name: "What happens next" }).parentElement!;
    expect(next).toHaveTextContent(/In review: Our claims team reviews your claim/);
    expect(next).toHaveTextContent("We expect this by December 1st, 2026.");
    const plan = screen.getByRole("heading", { level: 2, name: "Your plan" }).parentElement!;
    expect(plan).toHaveTextContent("W-E34-WS4566");
    expect(plan).toHaveTextContent("Furniture Protection Plus");
    const items = screen.getByRole("heading", { level: 2, name: "Items in this claim" }).parentElement!;
    expect(
      within(items)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Sofa", "Loveseat"]);
    const documents = screen.getByRole("heading", { level: 2, name: "Documents sent" }).parentElement!;
    expect(
      within(documents)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["sofa-stain.jpg"]);
    expect(screen.getByRole("link", { name: "support@example.com" })).toHaveAttribute(
      "href",
      "mailto:support@example.com?subject=CL-55",
    );
  });

  it("says it all in Spanish", async () => {
    await renderApp("/claim-status?code=CL-55", { handlers: [answering(found(SUBMITTED))], locale: "es" });
    await screen.findByRole("heading", { level: 1, name: "El estado de su reclamo" });
    await screen.findByText("CL-55");
    const { steps, current } = timeline();
    expect(steps).toEqual([
      `Enviado${SUBMITTED_ES}`,
      "En revisiónAún no alcanzado",
      "DecisiónAún no alcanzado",
      "Servicio o pagoAún no alcanzado",
      "CerradoAún no alcanzado",
    ]);
    expect(current).toEqual([`Enviado${SUBMITTED_ES}`]);
    expect(timeline().badges).toEqual(["Paso actual"]);
    expect(screen.getByRole("heading", { level: 2, name: "Qué sigue" }).parentElement).toHaveTextContent(
      "Lo esperamos para el 1 de diciembre de 2026.",
    );
    expect(screen.getByRole("heading", { level: 2, name: "¿Necesita ayuda?" })).toBeInTheDocument();
  });

  it("a claim it may not show says so and offers the plan search", async () => {
    const user = userEvent.setup();
    const { router } = await renderApp("/claim-status?code=CL-999", { handlers: [answering(notFound)] });
    const heading = await screen.findByRole("heading", { level: 1, name: "Claim not found" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/We could not find a claim with this number/)).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Progress" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Find your warranty" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/find-claim/select-search-method"));
  });

  it("an address without a claim number says so without asking the API", async () => {
    const { calls } = await renderApp("/claim-status?code=not-a-claim", { handlers: [] });
    await screen.findByRole("heading", { level: 1, name: "Claim not found" });
    expect(calls).toEqual([]);
  });

  it("an emailed link past its time says so and offers the plan search; the link's expiry and signature go to the API", async () => {
    const { calls } = await renderApp("/claim-status?code=CL-55&expires=1000000000&sig=abc123", {
      handlers: [answering(expired)],
      locale: "es",
    });
    await screen.findByRole("heading", { level: 1, name: "Este enlace ha caducado" });
    expect(screen.getByRole("button", { name: "Busque su garantía" })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(["claim_status?code=CL-55&expires=1000000000&sig=abc123"]);
  });

  it("a read that gets no answer offers Retry, which shows the claim", async () => {
    const user = userEvent.setup();
    let failing = true;
    const flaky = http.get(`${API}claim_status`, () =>
      failing ? HttpResponse.error() : HttpResponse.json({ result: SUBMITTED }),
    );
    await renderApp("/claim-status?code=CL-55", { handlers: [flaky] });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We could not load the status of your claim.");
    expect(alert).toHaveTextContent("We could not reach our server. Check your connection, then try again.");
    failing = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await screen.findByText("CL-55");
    expect(timeline().current).toEqual([`Submitted${SUBMITTED_EN}`]);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("Check for updates shows the step staff moved the claim to, keeping focus on the button", async () => {
    const user = userEvent.setup();
    await renderApp("/claim-status?code=CL-55", { handlers: [answering(found(SUBMITTED), found(IN_REVIEW))] });
    await screen.findByText("CL-55");
    // The shown status takes focus to its heading once drawn (an effect after the paint, later on a
    // busy machine): a person presses the button after that.
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveFocus());
    const update = screen.getByRole("button", { name: "Check for updates" });
    await user.click(update);
    await waitFor(() => expect(timeline().current).toEqual([`In review${IN_REVIEW_EN}`]));
    expect(screen.getByRole("button", { name: "Check for updates" })).toHaveFocus();
    expect(screen.getByRole("heading", { level: 2, name: "What happens next" }).parentElement).toHaveTextContent(
      "We expect this by December 4th, 2026.",
    );
  });

  it("a day expected that is past says the step is running late", async () => {
    vi.setSystemTime(new Date("2026-12-10T12:00:00Z"));
    await renderApp("/claim-status?code=CL-55", { handlers: [answering(found(SUBMITTED))] });
    await screen.findByText("CL-55");
    expect(screen.getByRole("heading", { level: 2, name: "What happens next" }).parentElement).toHaveTextContent(
      "We expected this by December 1st, 2026. We're running late on this step; we're on it.",
    );
  });

  it("names how the decision came out, a denial with its reason, and says so once the claim is closed, in English and Spanish", async () => {
    const reason = "Wear and tear is not covered by the plan";
    const denied: ClaimStatus = {
      ...SUBMITTED,
      status: "Closed",
      timeline: SUBMITTED.timeline.map((entry) => ({
        ...entry,
        at: entry.step === "service" ? null : (entry.at ?? IN_REVIEW_AT),
      })),
      current: "closed",
      next: null,
      decision: { outcome: "denied", reason },
    };
    await renderApp("/claim-status?code=CL-55", { handlers: [answering(found(denied))] });
    const decision = (await screen.findByRole("heading", { level: 2, name: "Decision" })).parentElement!;
    expect(decision).toHaveTextContent(`Denied`);
    expect(decision).toHaveTextContent(`Reason given: ${reason}`);
    expect(screen.getByRole("heading", { level: 2, name: "What happens next" }).parentElement).toHaveTextContent(
      "Your claim is closed: it was denied.",
    );
    await act(() => activateLocale("es"));
    expect(
      await screen.findByText("Su reclamo está cerrado: fue denegado. No necesitamos nada más de usted."),
    ).toBeInTheDocument();
    expect(screen.getByText("Denegado")).toBeInTheDocument();
  });

  it("an approved claim says what was approved", async () => {
    await renderApp("/claim-status?code=CL-55", {
      handlers: [
        answering(found({ ...IN_REVIEW, current: "decision", decision: { outcome: "replaced", reason: null } })),
      ],
    });
    const decision = (await screen.findByRole("heading", { level: 2, name: "Decision" })).parentElement!;
    expect(decision).toHaveTextContent("Approved for replacement");
    expect(decision).not.toHaveTextContent("Reason");
  });

  it("a step the claim passed over reads as not needed, not as still to come", async () => {
    const closed: ClaimStatus = {
      ...SUBMITTED,
      status: "Closed",
      timeline: SUBMITTED.timeline.map((entry) =>
        entry.step === "service" ? entry : { ...entry, at: entry.at ?? IN_REVIEW_AT },
      ),
      current: "closed",
      next: null,
    };
    await renderApp("/claim-status?code=CL-55", { handlers: [answering(found(closed))] });
    await screen.findByText("CL-55");
    expect(timeline().steps[3]).toBe("Service or paymentNot needed for this claim");
  });

  it("item names follow a switch of language without a reload", async () => {
    const user = userEvent.setup();
    const spanish: ClaimStatus = {
      ...SUBMITTED,
      items: [
        { id: 7, name: "Sofá" },
        { id: 8, name: "Sofá de dos plazas" },
      ],
    };
    const byLanguage = http.get(`${API}claim_status`, ({ request }) =>
      HttpResponse.json({ result: request.headers.get("accept-language") === "es" ? spanish : SUBMITTED }),
    );
    await renderApp("/claim-status?code=CL-55", { handlers: [byLanguage] });
    await screen.findByText("Loveseat");
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "Español");
    expect(await screen.findByText("Sofá de dos plazas")).toBeInTheDocument();
    expect(screen.queryByText("Loveseat")).toBeNull();
  });
});
