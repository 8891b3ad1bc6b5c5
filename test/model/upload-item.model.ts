/**
 * QA table of uploadItemMachine, one file of an upload area: waiting for a slot behind three
 * uploads, prepared in the page, sent to a signed URL with a progress bar, linked to the claim;
 * retried by itself after a dropped connection, then waiting for Retry; Cancel until it is being
 * linked. Walked by test/e2e/model-upload-item.test.ts: the three PDFs picked before the file keep
 * the slots (upload-rows.ts), its preparation is held at the photo worker's script, its calls at
 * the network, and the waits before a retry by the page's paused clock.
 */
import type { Page } from "playwright-core";
import type { AnyMachineSnapshot, ErrorActorEvent } from "xstate";
import type { ClaimDocument } from "../../machines/domain.ts";
import {
  AUTOMATIC_RETRIES,
  backoffMs,
  uploadItemMachine,
  type PickedFile,
  type UploadItemContext,
  type UploadItemEvent,
  type UploadItemInput,
} from "../../machines/file-upload.machine.ts";
import { callDone, callFailed } from "./calls.ts";
import { hides, shows } from "./screen.ts";
import { system, user, view, type ModelTable, type Outcome, type Start } from "./table.ts";
import {
  DAMAGED,
  DAMAGED_NAME,
  FILLER_NAMES,
  fillersWords,
  ITEM,
  PHOTO,
  PHOTO_NAME,
  PHOTO_WORKER,
  pickBehindFillers,
  resetPlan,
  uploadAreaSetup,
  uploaded,
  uploadRow,
} from "./upload-rows.ts";

type Event =
  | UploadItemEvent
  | Outcome<"prepareFile", PickedFile>
  | Outcome<"getUploadUrl", { url: string; fileName: string }>
  | ErrorActorEvent<unknown, "putFile">
  | Outcome<"linkDocument", ClaimDocument>
  | { type: typeof RETRY_WAIT_OVER };

/** The event XState raises when the wait before an automatic retry is over (the delay `retryWait`). */
const RETRY_WAIT_OVER = "xstate.after.retryWait.uploadItem.waitingToRetry";

const PHOTO_FILE: PickedFile = { name: PHOTO_NAME, size: 136_257 };
const DAMAGED_FILE: PickedFile = { name: DAMAGED_NAME, size: 73 };
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as UploadItemContext;
const nameOf = (snapshot: AnyMachineSnapshot) => ctx(snapshot).file.name;
const done = (id: string, output?: unknown): Event =>
  ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as unknown as Event;
const failed = (id: string): Event =>
  ({ type: `xstate.error.actor.${id}`, error: new Error("The photo cannot be read"), actorId: id }) as unknown as Event;
const cancel: Event = { type: "upload.cancel" };
const seconds = (ms: number) => ({ 1000: "One second", 3000: "Three seconds" })[ms] ?? `${ms / 1000} seconds`;

/**
 * What can happen to the photo: the happy path, a dropped connection while the bytes are sent
 * (retried by itself twice, then handed to the person), Retry and Cancel. Not offered, as no walk
 * can make them happen: a progress event of the browser's own (each view says how full the bar
 * is instead), an error of the sending actor itself (the portal's reports upload.failed), and a
 * failed upload URL or link (ky retries those after waits of its own).
 */
function photoEvents(snapshot: AnyMachineSnapshot): Event[] {
  if (snapshot.matches("queued")) return [{ type: "upload.start" }, cancel];
  if (snapshot.matches("preparing")) return [done("prepareFile", PHOTO_FILE), cancel];
  if (snapshot.matches("requestingUrl"))
    return [
      done("getUploadUrl", {
        url: "/api/v1/uploads/1/a1b2c3d4e5-portrait_6.jpg",
        fileName: `a1b2c3d4e5-${PHOTO_NAME}`,
      }),
      cancel,
    ];
  if (snapshot.matches("sendingBytes")) return [{ type: "upload.stored" }, { type: "upload.failed" }, cancel];
  if (snapshot.matches("linking")) return [done("linkDocument", { id: 1, fileName: `a1b2c3d4e5-${PHOTO_NAME}` })];
  if (snapshot.matches("waitingToRetry")) return [{ type: RETRY_WAIT_OVER }, cancel];
  if (snapshot.matches("failed")) return [{ type: "upload.start" }, cancel];
  return [];
}

/** The damaged photo: it starts, and the photo worker cannot read it. */
function damagedEvents(snapshot: AnyMachineSnapshot): Event[] {
  if (snapshot.matches("queued")) return [{ type: "upload.start" }];
  if (snapshot.matches("preparing")) return [failed("prepareFile")];
  return [];
}

const photo: Start<UploadItemInput> = {
  name: `${PHOTO_NAME} picked behind three PDFs in the ${ITEM}'s upload area on step 4 of a claim`,
  setup: [...uploadAreaSetup, fillersWords(PHOTO_NAME)],
  arrange: ({ page, context }) => pickBehindFillers(page, context, PHOTO),
  input: { key: "file-4", file: PHOTO_FILE },
  events: photoEvents,
  // Past the automatic retries every failure looks the same.
  stopWhen: (snapshot) => ctx(snapshot).failures > AUTOMATIC_RETRIES + 1,
  facts: (snapshot) => ({ failures: ctx(snapshot).failures }),
};

const damaged: Start<UploadItemInput> = {
  name: `${DAMAGED_NAME} picked behind three PDFs in the ${ITEM}'s upload area on step 4 of a claim`,
  setup: [...uploadAreaSetup, fillersWords(DAMAGED_NAME)],
  arrange: ({ page, context }) => pickBehindFillers(page, context, DAMAGED),
  input: { key: "file-4", file: DAMAGED_FILE },
  events: damagedEvents,
  facts: () => null,
};

const row = (page: Page, snapshot: AnyMachineSnapshot) => uploadRow(page, nameOf(snapshot));
/** How full the file's progress bar is, 0..1. */
const bar = (page: Page, snapshot: AnyMachineSnapshot) =>
  page.getByRole("progressbar", { name: `Uploading ${nameOf(snapshot)}` });

/** Checks the row of the file shows `status`, its Cancel unless `cancel` is false, and an empty or `full` bar if asked. */
const rowShows =
  (status: string, { cancel = true, full }: { cancel?: boolean; full?: boolean } = {}) =>
  async (page: Page, snapshot: AnyMachineSnapshot) => {
    await shows(row(page, snapshot).getByText(status, { exact: true }));
    const button = row(page, snapshot).getByRole("button", { name: /^Cancel/ });
    await (cancel ? shows(button) : hides(button));
    if (full !== undefined) await shows(bar(page, snapshot).and(page.locator(`[value='${full ? 1 : 0}']`)));
  };
const rowSays = (shows_: string, status: string, options?: { cancel?: boolean; full?: boolean }) =>
  view(shows_, ({ page }, snapshot) => rowShows(status, options)(page, snapshot));
const rowGone = (shows_: string, check?: (page: Page, snapshot: AnyMachineSnapshot) => Promise<void>) =>
  view(shows_, async ({ page }, snapshot) => {
    await hides(row(page, snapshot));
    await check?.(page, snapshot);
  });

/**
 * The machine with its reports to the batch (sendParent) as no-ops: path generation runs it alone,
 * without a parent to send to. States, events and transitions are the machine's own.
 */
const alone = uploadItemMachine.provide({
  actions: { reportUploaded: () => {}, reportFailed: () => {}, reportRefused: () => {}, reportCancelled: () => {} },
});

export const uploadItemTable: ModelTable<Event> = {
  machine: alone,
  file: "upload-item",
  source: "test/model/upload-item.model.ts",
  starts: [photo, damaged],
  reset: resetPlan,
  events: {
    "upload.cancel": user(
      (_, before) => `Press **Cancel** beside ${nameOf(before)}.`,
      ({ page }, _, before) =>
        row(page, before)
          .getByRole("button", { name: /^Cancel/ })
          .click(),
    ),
    // The batch starts the file when a slot frees, here because the person cancels another file;
    // from 'file not uploaded.' it is the person's Retry.
    "upload.start": user(
      (_, before) =>
        before.matches("failed")
          ? `Press **Retry** beside ${nameOf(before)}.`
          : `Press **Cancel** beside ${FILLER_NAMES[0]}: a slot frees and ${nameOf(before)} starts.`,
      async ({ page }, _, before) => {
        if (before.matches("failed"))
          await row(page, before)
            .getByRole("button", { name: /^Retry/ })
            .click();
        else
          await uploadRow(page, FILLER_NAMES[0]!)
            .getByRole("button", { name: /^Cancel/ })
            .click();
      },
    ),
    "upload.progress": system(
      () => "Part of the bytes are sent: the progress bar fills.",
      ({ page }, _, before) => shows(bar(page, before)),
    ),
    "upload.stored": system(
      (_, before) =>
        `All the bytes of ${nameOf(before)} are stored${ctx(before).failures > 0 ? " (the request unblocked during the wait, as said above)" : ""}.`,
      ({ calls }) => calls.release("putFile"),
    ),
    "upload.failed": system(
      (_, before) =>
        `The connection drops while the bytes of ${nameOf(before)} are sent: before its upload URL comes back (the row says 'Uploading'), block \`PUT …/api/v1/uploads/…\` (developer tools, Network request blocking, pattern \`*/api/v1/uploads/*\`; keep it blocked if it is), so the PUT fails as it goes. If the path then goes on to all the bytes stored, unblock it while 'Connection lost, trying again' shows.`,
      ({ calls }) => calls.fail("putFile", "dropped"),
    ),
    "xstate.done.actor.prepareFile": callDone(
      () => "The photo is prepared (made smaller if it is too big, its location removed).",
    ),
    "xstate.error.actor.prepareFile": system(
      () => "The photo cannot be read.",
      // The worker's script loads; the worker itself finds the file damaged.
      ({ calls }) => calls.release("prepareFile"),
    ),
    "xstate.done.actor.getUploadUrl": callDone(() => "The API hands out a signed upload URL."),
    "xstate.error.actor.getUploadUrl": callFailed(() => "Asking for the upload URL fails."),
    "xstate.error.actor.putFile": callFailed(() => "Sending the bytes fails."),
    "xstate.done.actor.linkDocument": callDone(() => "The API links the stored photo to the claim."),
    "xstate.error.actor.linkDocument": callFailed(() => "Linking the photo fails."),
    // The page's clock is paused at the start (upload-rows.ts): the wait ends when the walk runs it on.
    [RETRY_WAIT_OVER]: system(
      (_, before) => `${seconds(backoffMs(ctx(before).failures))} later the file is tried again.`,
      ({ page }, _, before) => page.clock.runFor(backoffMs(ctx(before).failures)),
    ),
  },
  states: {
    queued: rowSays("The file listed in 'Files being uploaded': 'Waiting', with Cancel.", "Waiting"),
    preparing: rowSays("The file: 'Preparing photo', with Cancel.", "Preparing photo"),
    requestingUrl: rowSays("The file: 'Uploading', the progress bar empty, with Cancel.", "Uploading", { full: false }),
    // 'Uploading' as while the URL is asked for: the PUT of the bytes having started tells them apart.
    sendingBytes: view(
      "The file: 'Uploading', with Cancel; the bytes are being sent.",
      async ({ page, calls }, snapshot) => {
        await rowShows("Uploading")(page, snapshot);
        await calls.arrived("putFile");
      },
    ),
    linking: rowSays("The file: 'Saving', the progress bar full, without Cancel.", "Saving", {
      cancel: false,
      full: true,
    }),
    failing: { transient: "Counts the failure: retried by itself twice, then handed to the person." },
    waitingToRetry: rowSays("The file: 'Connection lost, trying again', with Cancel.", "Connection lost, trying again"),
    resuming: { transient: "Stored bytes are only linked again; otherwise the upload starts over." },
    failed: view("The file: 'file not uploaded.' with Retry and Cancel.", async ({ page }, snapshot) => {
      await shows(row(page, snapshot).getByText("file not uploaded.", { exact: true }));
      await shows(row(page, snapshot).getByRole("button", { name: /^Retry/ }));
    }),
    uploaded: rowGone(`The row is gone; ${PHOTO_NAME} is listed under 'Uploaded files'.`, (page, snapshot) =>
      shows(uploaded(page, nameOf(snapshot))),
    ),
    refused: rowGone(
      `The row is gone; a toast: 'File ${DAMAGED_NAME} is damaged and cannot be opened. Please choose another photo.'`,
      (page, snapshot) =>
        shows(page.getByText(`File ${nameOf(snapshot)} is damaged and cannot be opened. Please choose another photo.`)),
    ),
    cancelled: rowGone("The row is gone; nothing is uploaded."),
  },
  calls: {
    prepareFile: { script: PHOTO_WORKER },
    getUploadUrl: { method: "GET", path: /^file-upload-url$/ },
    putFile: { method: "PUT", path: /^uploads\/\d+\/[^/]+$/ },
    linkDocument: { method: "POST", path: /^insert_linked_and_embedded_files$/ },
  },
};
