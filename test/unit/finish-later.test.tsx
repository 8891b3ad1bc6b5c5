// @vitest-environment jsdom
/**
 * 'Email me a link to finish later' on a wizard step (src/screens/claim-wizard/finish-later/):
 * the dialog names the masked email on the plan; Send has the wizard save what the step holds
 * first and only then asks the API (msw stands in for it) for the link; it answers 'Link sent to
 * …', or why not (too many links for now, no email on file, no answer) with Try Again.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw/http";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor as actorWaitFor } from "xstate";
import { messages as en } from "../../locales/en/messages.po";
import { messages as es } from "../../locales/es/messages.po";
import type { SaveItemsInput } from "../../machines/claim-wizard.ts";
import type { Claim } from "../../machines/domain.ts";
import { fppClaimMachine } from "../../machines/fpp-claim.machine.ts";
import { FinishLaterOffer } from "../../src/screens/claim-wizard/finish-later/FinishLaterOffer.tsx";
import { itemsSavedClaim, loaded } from "../machines/support/domain-fixtures.ts";

const API = "http://portal.test/api/v1";
const MASKED = "d•••@example.com";

/** What happened, in order: the wizard's saves and the API's calls. */
const happened: string[] = [];
const saved: SaveItemsInput[] = [];
const sent: unknown[] = [];

const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledFrame: "error" });
  // jsdom's <dialog> has no modal: open it as the browser would, so its content is shown.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});
beforeEach(() => i18n.loadAndActivate({ locale: "en", messages: en }));
afterEach(() => {
  server.resetHandlers();
  happened.length = 0;
  saved.length = 0;
  sent.length = 0;
});
afterAll(() => server.close());

/** The API: the address on the plan, and the send answering `answer` (then success). */
function api({ sendTo = MASKED as string | null, answers = [] as Array<() => Response> } = {}) {
  const queue = [...answers];
  server.use(
    http.get(`${API}/finish_later`, () => {
      happened.push("GET finish_later");
      return HttpResponse.json({ sendTo });
    }),
    http.post(`${API}/finish_later`, async ({ request }) => {
      happened.push("POST finish_later");
      sent.push(await request.json());
      return (queue.shift() ?? (() => HttpResponse.json({ sentTo: MASKED })))();
    }),
  );
}

/** An FPP wizard on step 3 of a claim whose item 1 is saved; `saveFails`: its save is refused. */
async function wizardOnStep3(saveFails = false) {
  const actor = createActor(
    fppClaimMachine.provide({
      actors: {
        loadClaim: fromPromise(async () => loaded(itemsSavedClaim)),
        saveItems: fromPromise<Claim, SaveItemsInput>(async ({ input }) => {
          happened.push("wizard saves the items");
          saved.push(input);
          if (saveFails) throw new Error("refused");
          return itemsSavedClaim;
        }),
      },
    }),
    { input: { claimId: 55, planId: 1, customerId: null, requestedStep: 3 } },
  ).start();
  await actorWaitFor(actor, (snapshot) => snapshot.matches({ confirmingDetails: "editing" }));
  return actor;
}

function show(wizard: Awaited<ReturnType<typeof wizardOnStep3>>) {
  return render(
    <I18nProvider i18n={i18n}>
      <FinishLaterOffer wizard={wizard} claimId={55} step={3} />
    </I18nProvider>,
  );
}

const dialog = () => within(screen.getByRole("dialog"));
const press = (name: string) => act(() => fireEvent.click(screen.getByRole("button", { name })));
const pressInDialog = (name: string) => act(() => fireEvent.click(dialog().getByRole("button", { name })));

describe("'Email me a link to finish later'", () => {
  it("names the masked email on the plan, saves the step's edit first, then sends, and says where it went", async () => {
    api();
    const wizard = await wizardOnStep3();
    // An edit on step 3 not saved yet: the color of item 1.
    wizard.send({ type: "details.change", details: { 1: { manufacturerId: 1, materialId: 2, colorId: 33 } } });
    show(wizard);
    await press("Email me a link to finish later");
    await waitFor(() => expect(dialog().getByText(MASKED)).toBeTruthy());
    expect(happened).toEqual(["GET finish_later"]);

    await pressInDialog("Send");
    await waitFor(() => expect(dialog().getByText(`Link sent to ${MASKED}`)).toBeTruthy());
    expect(happened).toEqual(["GET finish_later", "wizard saves the items", "POST finish_later"]);
    expect(saved[0]!.items).toEqual([expect.objectContaining({ planItemId: 1, colorId: 33 })]);
    expect(sent).toEqual([{ claimId: 55, step: 3 }]);
    // The wizard stays on the step it was asked from.
    expect(wizard.getSnapshot().matches({ confirmingDetails: "editing" })).toBe(true);
  });

  it("sends nothing when the step could not be saved, and says so with Try Again", async () => {
    api();
    const wizard = await wizardOnStep3(true);
    show(wizard);
    await press("Email me a link to finish later");
    await waitFor(() => expect(dialog().getByText(MASKED)).toBeTruthy());
    await pressInDialog("Send");
    await waitFor(() =>
      expect(dialog().getByRole("alert").textContent).toMatch(/We could not save this step, so the link was not sent/),
    );
    expect(happened).not.toContain("POST finish_later");
    expect(dialog().getByRole("button", { name: "Try Again" })).toBeTruthy();
  });

  it("a step's save that hangs shows 'Still working…' with Cancel in the dialog; Cancel gives up the save and sends nothing", async () => {
    api();
    let saveEnded = false;
    // The save never answers; the wait speaks after 10 ms here instead of a few seconds.
    const wizard = createActor(
      fppClaimMachine.provide({
        actors: {
          loadClaim: fromPromise(async () => loaded(itemsSavedClaim)),
          saveItems: fromPromise<Claim, SaveItemsInput>(
            ({ signal }) => new Promise<Claim>(() => signal.addEventListener("abort", () => (saveEnded = true))),
          ),
        },
        delays: { stillWorkingAfter: 10 },
      }),
      { input: { claimId: 55, planId: 1, customerId: null, requestedStep: 3 } },
    ).start();
    await actorWaitFor(wizard, (snapshot) => snapshot.matches({ confirmingDetails: "editing" }));
    wizard.send({ type: "details.change", details: { 1: { manufacturerId: 1, materialId: 2, colorId: 33 } } });
    show(wizard);
    await press("Email me a link to finish later");
    await waitFor(() => expect(dialog().getByText(MASKED)).toBeTruthy());
    await pressInDialog("Send");
    await waitFor(() => expect(dialog().getByRole("status").textContent).toBe("Still working…Cancel"));
    await pressInDialog("Cancel");
    await waitFor(() =>
      expect(dialog().getByRole("alert").textContent).toMatch(/We could not save this step, so the link was not sent/),
    );
    expect(saveEnded).toBe(true);
    expect(happened).not.toContain("POST finish_later");
    expect(wizard.getSnapshot().matches({ confirmingDetails: "editing" })).toBe(true);
  });

  it("too many links: says how long to wait, and Try Again sends once the API takes it", async () => {
    api({
      answers: [
        () =>
          HttpResponse.json(
            { code: "TOO_MANY_REQUESTS", message: "Too many requests", retryAfter: 1800 },
            { status: 429, headers: { "Retry-After": "1800" } },
          ),
      ],
    });
    show(await wizardOnStep3());
    await press("Email me a link to finish later");
    await waitFor(() => expect(dialog().getByText(MASKED)).toBeTruthy());
    await pressInDialog("Send");
    await waitFor(() =>
      expect(dialog().getByRole("alert").textContent).toBe(
        "Too many links have been sent. Please try again in 30 min.",
      ),
    );
    await pressInDialog("Try Again");
    await waitFor(() => expect(dialog().getByText(`Link sent to ${MASKED}`)).toBeTruthy());
    expect(sent).toHaveLength(2);
  });

  it("no email on file: the dialog says so and offers no Send, in Spanish too", async () => {
    i18n.loadAndActivate({ locale: "es", messages: es });
    api({ sendTo: null });
    show(await wizardOnStep3());
    await press("Recibir un enlace por correo para terminar después");
    await waitFor(() =>
      expect(dialog().getByRole("alert").textContent).toMatch(/Su plan no tiene un correo electrónico/),
    );
    expect(dialog().queryByRole("button", { name: "Enviar enlace" })).toBeNull();
    expect(happened).toEqual(["GET finish_later"]);
  });

  it("an email removed meanwhile (409 NO_EMAIL_ON_FILE) says there is none", async () => {
    api({ answers: [() => HttpResponse.json({ code: "NO_EMAIL_ON_FILE", message: "No email" }, { status: 409 })] });
    show(await wizardOnStep3());
    await press("Email me a link to finish later");
    await waitFor(() => expect(dialog().getByText(MASKED)).toBeTruthy());
    await pressInDialog("Send");
    await waitFor(() =>
      expect(dialog().getByRole("alert").textContent).toMatch(/There is no email address on your plan/),
    );
    expect(dialog().queryByRole("button", { name: "Send" })).toBeNull();
  });

  it("no answer at all: says the link could not be sent, with Try Again", async () => {
    api({ answers: [0, 1, 2, 3].map(() => () => HttpResponse.error()) });
    show(await wizardOnStep3());
    await press("Email me a link to finish later");
    await waitFor(() => expect(dialog().getByText(MASKED)).toBeTruthy());
    await pressInDialog("Send");
    await waitFor(() => expect(dialog().getByRole("alert").textContent).toMatch(/The link could not be sent/), {
      timeout: 30_000,
    });
    expect(dialog().getByRole("button", { name: "Try Again" })).toBeTruthy();
  }, 40_000);
});
