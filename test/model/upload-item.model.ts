/**
 * QA table of uploadItemMachine, one file of an upload area: prepared in the page, sent to a signed
 * URL with a progress bar, linked to the claim; retried by itself after a dropped connection, then
 * waiting for Retry; Cancel until it is being linked. Not walked in the browser (upload-rows.ts).
 */
import type { AnyMachineSnapshot, ErrorActorEvent } from "xstate";
import type { ClaimDocument } from "../../machines/domain.ts";
import { AUTOMATIC_RETRIES, uploadItemMachine, type PickedFile, type UploadItemContext, type UploadItemEvent, type UploadItemInput } from "../../machines/file-upload.machine.ts";
import { callDone, callFailed } from "./calls.ts";
import { hides, shows } from "./screen.ts";
import { system, user, view, type ModelTable, type Outcome, type Start } from "./table.ts";
import { ITEM, openUploadArea, PHOTO, PHOTO_NAME, picker, uploaded, uploadAreaSetup, uploadRow } from "./upload-rows.ts";

type Event =
  | UploadItemEvent
  | Outcome<"prepareFile", PickedFile>
  | Outcome<"getUploadUrl", { url: string; fileName: string }>
  | ErrorActorEvent<unknown, "putFile">
  | Outcome<"linkDocument", ClaimDocument>
  | Outcome<"waitBeforeRetry", void>;

const FILE: PickedFile = { name: PHOTO_NAME, size: 136_257 };
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as UploadItemContext;
const done = <Id extends string, Output>(id: Id, output: Output) => ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as unknown as Event;
const failed = (id: string): Event => ({ type: `xstate.error.actor.${id}`, error: { message: "Failed to fetch" }, actorId: id }) as unknown as Event;

/** The happy path, a drop while sending (retried by itself, then given up), Retry and Cancel. */
function events(snapshot: AnyMachineSnapshot): Event[] {
  const cancel: Event = { type: "upload.cancel" };
  if (snapshot.matches("queued")) return [{ type: "upload.start" }, cancel];
  if (snapshot.matches("preparing")) return [done("prepareFile", FILE), failed("prepareFile"), cancel];
  if (snapshot.matches("requestingUrl")) return [done("getUploadUrl", { url: "/api/v1/uploads/signed", fileName: `A1B2C3-${PHOTO_NAME}` }), failed("getUploadUrl"), cancel];
  if (snapshot.matches("sendingBytes")) {
    const progress: Event[] = ctx(snapshot).progress < 0.5 ? [{ type: "upload.progress", fraction: 0.5 }] : [];
    return [...progress, { type: "upload.stored" }, { type: "upload.failed" }, failed("putFile"), cancel];
  }
  if (snapshot.matches("linking")) return [done("linkDocument", { id: 1, fileName: `A1B2C3-${PHOTO_NAME}` }), failed("linkDocument")];
  if (snapshot.matches("waitingToRetry")) return [done("waitBeforeRetry", undefined), cancel];
  if (snapshot.matches("failed")) return [{ type: "upload.start" }, cancel];
  return [];
}

const start: Start<UploadItemInput> = {
  name: `${PHOTO_NAME} picked in the ${ITEM}'s upload area on step 4 of a claim`,
  setup: [...uploadAreaSetup, `Choose \`test/fixtures/${PHOTO_NAME}\` there: it is listed in 'Files being uploaded'.`],
  arrange: async ({ page }) => {
    await openUploadArea(page);
    await picker(page).setInputFiles(PHOTO);
  },
  input: { key: "file-1", file: FILE },
  events,
  // Past the automatic retries every failure looks the same.
  stopWhen: (snapshot) => ctx(snapshot).failures > AUTOMATIC_RETRIES + 1,
  facts: (snapshot) => ({ failures: ctx(snapshot).failures, stored: ctx(snapshot).stored, sent: ctx(snapshot).progress > 0 }),
};

const row = (page: Parameters<typeof uploadRow>[0]) => uploadRow(page, PHOTO_NAME);
/** The row of the file showing `status`. */
const rowSays = (shows_: string, status: string) => view(shows_, ({ page }) => shows(row(page).getByText(status)));
const rowGone = (shows_: string) => view(shows_, ({ page }) => hides(row(page)));

/**
 * The machine with its reports to the batch (sendParent) as no-ops: path generation runs it alone,
 * without a parent to send to. States, events and transitions are the machine's own.
 */
const alone = uploadItemMachine.provide({ actions: { reportUploaded: () => {}, reportFailed: () => {}, reportRefused: () => {}, reportCancelled: () => {} } });

export const uploadItemTable: ModelTable<Event> = {
  machine: alone,
  file: "upload-item",
  source: "test/model/upload-item.model.ts",
  starts: [start],
  events: {
    "upload.cancel": user(
      () => `Press **Cancel** beside ${PHOTO_NAME}.`,
      ({ page }) => row(page).getByRole("button", { name: /^Cancel/ }).click(),
    ),
    "upload.start": system(
      (_, before) => (before.matches("failed") ? `After you press **Retry** beside ${PHOTO_NAME}, the file starts again.` : "A slot is free (three files upload at once): the file starts."),
      async ({ page }, _, before) => {
        if (before.matches("failed")) await row(page).getByRole("button", { name: /^Retry/ }).click();
      },
    ),
    "upload.progress": system(
      () => "Half the bytes are sent: the progress bar is half full.",
      ({ page }) => shows(page.getByRole("progressbar", { name: `Uploading ${PHOTO_NAME}` })),
    ),
    "upload.stored": system(
      () => "All the bytes are stored.",
      ({ page }) => shows(row(page).getByText("Saving").or(uploaded(page, PHOTO_NAME))),
    ),
    "upload.failed": system(
      () => "The connection drops while the bytes are sent.",
      ({ context }) => context.setOffline(true),
    ),
    "xstate.done.actor.prepareFile": callDone(() => "The photo is prepared (converted, made smaller, its location removed)."),
    "xstate.error.actor.prepareFile": callFailed(() => "The photo cannot be read."),
    "xstate.done.actor.getUploadUrl": callDone(() => "The API hands out a signed upload URL."),
    "xstate.error.actor.getUploadUrl": callFailed(() => "Asking for the upload URL fails."),
    "xstate.error.actor.putFile": callFailed(() => "Sending the bytes fails."),
    "xstate.done.actor.linkDocument": callDone(() => "The API links the stored photo to the claim."),
    "xstate.error.actor.linkDocument": callFailed(() => "Linking the photo fails."),
    "xstate.done.actor.waitBeforeRetry": system(
      (_, before) => `${before.context.failures === 1 ? "One second" : "Three seconds"} later the file is tried again.`,
      async ({ context }) => context.setOffline(false),
    ),
    "xstate.error.actor.waitBeforeRetry": callFailed(() => "The wait ends early."),
  },
  states: {
    queued: rowSays("The file listed in 'Files being uploaded': 'Waiting'.", "Waiting"),
    preparing: rowSays("The file: 'Preparing photo'.", "Preparing photo"),
    requestingUrl: rowSays("The file: 'Uploading', the progress bar empty.", "Uploading"),
    sendingBytes: rowSays("The file: 'Uploading', the progress bar filling.", "Uploading"),
    linking: rowSays("The file: 'Saving', without Cancel.", "Saving"),
    failing: { transient: "Counts the failure: retried by itself twice, then handed to the person." },
    waitingToRetry: rowSays("The file: 'Connection lost, trying again'.", "Connection lost, trying again"),
    resuming: { transient: "Stored bytes are only linked again; otherwise the upload starts over." },
    failed: rowSays("The file: 'file not uploaded.' with Retry and Cancel.", "file not uploaded."),
    uploaded: view(`The row is gone; ${PHOTO_NAME} is listed under 'Uploaded files'.`, ({ page }) => shows(uploaded(page, PHOTO_NAME))),
    refused: rowGone(`The row is gone; a toast: 'File ${PHOTO_NAME} is damaged and cannot be opened.'`),
    cancelled: rowGone("The row is gone; nothing is uploaded."),
  },
};
