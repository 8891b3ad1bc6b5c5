// @vitest-environment jsdom
/**
 * The upload area while its batch checks the picked files (the fileUpload machine's `checking`):
 * the picker stays disabled. The browser walk cannot hold this check (it does no I/O), so it sees
 * the picker disabled while the batch's code loads; here the code is already there and the check
 * never ends, so only the machine's own state can keep the picker disabled.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it, vi } from "vitest";
import type { AnyActorRef } from "xstate";
import { messages as en } from "../../locales/en/messages.po";
import { claimItemDestination } from "../../src/api/documents.ts";
import { UploadArea } from "../../src/ui/UploadArea.tsx";

const batch = vi.hoisted(() => ({ started: null as AnyActorRef | null }));

// The real batch with a check that never settles, so the area stays in `checking`.
vi.mock("../../src/ui/upload-batch.ts", async () => {
  const { createActor, fromPromise } = await import("xstate");
  const { fileUploadMachine } = await import("../../machines/file-upload.machine.ts");
  type Check = typeof import("../../src/ui/upload-batch.ts").checkPicked;
  return {
    startUploadBatch: () => {
      const never = fromPromise<ReturnType<Check>, Parameters<Check>[0]>(() => new Promise(() => {}));
      const actor = createActor(fileUploadMachine.provide({ actors: { checkFiles: never } })).start();
      batch.started = actor;
      return actor;
    },
  };
});

it("keeps the picker disabled while the picked files are checked", async () => {
  i18n.loadAndActivate({ locale: "en", messages: en });
  render(
    <I18nProvider i18n={i18n}>
      <UploadArea destination={claimItemDestination("fpp", 7, 3)} label="Photos of the Sofa" onLinked={() => {}} />
    </I18nProvider>,
  );
  const input = screen.getByLabelText(/Photos of the Sofa/);
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(input, new File(["%PDF-1.4"], "invoice.pdf", { type: "application/pdf" }));
  // The batch's code has loaded (the area's own loading is over) and the batch is checking.
  await waitFor(() => expect(batch.started?.getSnapshot().matches("checking")).toBe(true));
  await act(async () => {});
  expect(input).toBeDisabled();
});
