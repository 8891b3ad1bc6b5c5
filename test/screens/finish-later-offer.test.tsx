// @vitest-environment jsdom
/**
 * 'Email me a link to finish later' as a consumer meets it on a wizard step: the dialog comes on the
 * first press (its code loads then), opens on the step it was asked from, gives the focus back to
 * the button when closed and opens again on the next press. When its code cannot be fetched, the
 * step stays as it was and says so, and the next press tries again. The API calls are stand-ins.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { createActor } from "xstate";
import { fppClaimMachine } from "../../machines/fpp-claim.machine.ts";
import { FinishLaterOffer } from "../../src/screens/claim-wizard/finish-later/FinishLaterOffer.tsx";
import { Toasts } from "../../src/ui/Toasts.tsx";
import { installDialogMethods } from "./support-dialog.ts";

const MASKED = "d•••@example.com";
const OFFER = "Email me a link to finish later";

// The dialog's module, fetched for real unless a test makes the next fetch fail. As in a page, a
// fetched module stays: the test of a failed fetch comes first in this file.
const fetchFails = { next: false };
vi.mock("../../src/screens/claim-wizard/finish-later/FinishLaterDialog.tsx", async (importOriginal) => {
  if (fetchFails.next) {
    fetchFails.next = false;
    throw new TypeError("Failed to fetch dynamically imported module");
  }
  return importOriginal();
});

beforeAll(() => installDialogMethods());
beforeEach(() => i18n.loadAndActivate({ locale: "en", messages: en }));

function renderOffer(step = 3) {
  const loadTarget = vi.fn(async (_claimId: number) => MASKED);
  const send = vi.fn(async (_input: { claimId: number; step: number }) => MASKED);
  // Opening and closing send the wizard nothing (only Send asks it to save its step): it is not
  // even started, the dialog only reads how long its call has been waited on.
  const wizard = createActor(fppClaimMachine, {
    input: { claimId: 55, planId: 1, customerId: null, requestedStep: 3 },
  });
  render(
    <I18nProvider i18n={i18n}>
      <FinishLaterOffer wizard={wizard} claimId={55} step={step} api={{ loadTarget, send }} />
      <Toasts />
    </I18nProvider>,
  );
  return { loadTarget, button: screen.getByRole("button", { name: OFFER }) };
}

describe("the finish-later offer", () => {
  it("says so when the dialog's code cannot be fetched, and the next press tries again", async () => {
    const user = userEvent.setup();
    const { loadTarget, button } = renderOffer(4);
    fetchFails.next = true;
    await user.click(button);
    expect(
      await screen.findByText("We could not reach the server. Check your connection and try again."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByText("Loading…")).not.toBeInTheDocument();

    await user.click(button);
    expect(await screen.findByText(MASKED)).toBeInTheDocument();
    expect(loadTarget).toHaveBeenCalledExactlyOnceWith(55);
  });

  it("loads and opens its dialog on the first press, gives the focus back on Close and opens again", async () => {
    const user = userEvent.setup();
    const { loadTarget, button } = renderOffer(3);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(loadTarget).not.toHaveBeenCalled();

    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: OFFER });
    expect(await screen.findByText(MASKED)).toBeInTheDocument();
    expect(loadTarget).toHaveBeenCalledExactlyOnceWith(55);

    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    expect(button).toHaveFocus();

    await user.click(button);
    expect(await screen.findByText(MASKED)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: OFFER })).toBeVisible();
    expect(loadTarget).toHaveBeenCalledTimes(2);
  });
});
