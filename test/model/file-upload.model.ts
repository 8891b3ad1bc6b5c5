/**
 * QA table of fileUploadMachine, the batch of an upload area: files picked, checked by name and
 * size, one child per accepted file (upload-item.model.ts follows one), Retry and Cancel per file.
 * Not walked in the browser (upload-rows.ts says why).
 */
import type { AnyMachineSnapshot } from "xstate";
import { fileUploadMachine, type FileRefusal, type FileUploadContext, type FileUploadEvent, type PickedFile } from "../../machines/file-upload.machine.ts";
import { callDone, callFailed } from "./calls.ts";
import { hides, shows } from "./screen.ts";
import { system, user, view, type ModelTable, type Outcome, type Start } from "./table.ts";
import { ITEM, openUploadArea, PHOTO, PHOTO_NAME, picker, REFUSED, REFUSED_NAME, uploaded, uploadAreaSetup, uploadRow } from "./upload-rows.ts";

type Event = FileUploadEvent | Outcome<"checkFiles", FileRefusal[]>;

const KEY = "file-1";
const PICKED: Record<string, PickedFile> = { [PHOTO_NAME]: { name: PHOTO_NAME, size: 136_257 }, [REFUSED_NAME]: { name: REFUSED_NAME, size: 2_253 } };
const PATHS: Record<string, string> = { [PHOTO_NAME]: PHOTO, [REFUSED_NAME]: REFUSED };

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as FileUploadContext;
const entry = (snapshot: AnyMachineSnapshot) => ctx(snapshot).entries.find((one) => one.key === KEY);

/** One photo picked (or a file the rules refuse), and what its child may report. */
function events(snapshot: AnyMachineSnapshot): Event[] {
  if (snapshot.matches("checking")) {
    const refusals = ctx(snapshot).picked.filter((file) => file.name === REFUSED_NAME).map((file): FileRefusal => ({ fileName: file.name, reason: "unsupported" }));
    return [{ type: "xstate.done.actor.checkFiles", output: refusals, actorId: "checkFiles" }];
  }
  const current = entry(snapshot);
  if (!current) return ctx(snapshot).nextKey > 1 ? [] : [PHOTO_NAME, REFUSED_NAME].map((name): Event => ({ type: "files.picked", files: [PICKED[name]!] }));
  if (current.status === "failed") return [{ type: "file.retry", key: KEY }, { type: "file.cancel", key: KEY }];
  return [
    { type: "item.uploaded", key: KEY, document: { id: 1, fileName: PHOTO_NAME } },
    { type: "item.failed", key: KEY },
    { type: "item.refused", key: KEY, reason: "damaged" },
    { type: "file.cancel", key: KEY },
    { type: "item.cancelled", key: KEY },
  ];
}

const start: Start = {
  name: `the ${ITEM}'s upload area on step 4 of a claim`,
  setup: uploadAreaSetup,
  arrange: ({ page }) => openUploadArea(page),
  input: undefined,
  events,
  facts: (snapshot) => ({ entries: ctx(snapshot).entries.map((one) => one.status), picked: ctx(snapshot).picked.length, next: ctx(snapshot).nextKey, linked: ctx(snapshot).uploadedSinceIdle }),
};

const fileName = (snapshot: AnyMachineSnapshot) => entry(snapshot)?.fileName ?? PHOTO_NAME;

export const fileUploadTable: ModelTable<Event> = {
  machine: fileUploadMachine,
  file: "file-upload",
  source: "test/model/file-upload.model.ts",
  starts: [start],
  events: {
    "files.picked": user(
      (event) => `In 'Photos and documents of the ${ITEM}' choose \`test/fixtures/${event.files[0]!.name}\`.`,
      ({ page }, event) => picker(page).setInputFiles(PATHS[event.files[0]!.name]!),
    ),
    "file.retry": user(
      (_, before) => `Press **Retry** beside ${fileName(before)}.`,
      ({ page }, _, before) => uploadRow(page, fileName(before)).getByRole("button", { name: /^Retry/ }).click(),
    ),
    "file.cancel": user(
      (_, before) => `Press **Cancel** beside ${fileName(before)}.`,
      ({ page }, _, before) => uploadRow(page, fileName(before)).getByRole("button", { name: /^Cancel/ }).click(),
    ),
    "item.uploaded": system(
      (_, before) => `${fileName(before)} is prepared, sent and linked to the claim.`,
      ({ page }, _, before) => shows(uploaded(page, fileName(before))),
    ),
    "item.failed": system(
      (_, before) => `Sending ${fileName(before)} fails three times (the connection drops).`,
      ({ page }, _, before) => shows(uploadRow(page, fileName(before)).getByText("file not uploaded.")),
    ),
    "item.refused": system(
      (_, before) => `${fileName(before)} cannot be read as a photo.`,
      ({ page }, _, before) => shows(page.getByText(`File ${fileName(before)} is damaged`)),
    ),
    "item.cancelled": system(
      (_, before) => `The upload of ${fileName(before)} stops.`,
      ({ page }, _, before) => hides(uploadRow(page, fileName(before))),
    ),
    "xstate.done.actor.checkFiles": callDone((event) => (event.output.length ? `The portal refuses ${event.output[0]!.fileName} by its name.` : "The portal accepts the file by its name and size.")),
    "xstate.error.actor.checkFiles": callFailed(() => "Checking the files fails."),
  },
  states: {
    ready: view(
      (snapshot) => {
        const current = entry(snapshot);
        if (!current) return ctx(snapshot).nextKey > 1 ? "The upload area, nothing uploading." : "The upload area, nothing picked yet.";
        const status = { waiting: "Waiting", active: "Uploading (or Preparing photo, Saving)", failed: "'file not uploaded.' with Retry" }[current.status];
        return `'Files being uploaded' lists ${current.fileName}: ${status}.`;
      },
      async ({ page }, snapshot) => {
        const current = entry(snapshot);
        if (!current) return hides(page.getByRole("list", { name: "Files being uploaded" }));
        await shows(uploadRow(page, current.fileName));
        if (current.status === "failed") await shows(uploadRow(page, current.fileName).getByRole("button", { name: /^Retry/ }));
      },
    ),
    checking: view("The picker disabled while the files are checked by name and size.", ({ page }) => shows(page.locator("input[type=file][disabled]"))),
  },
};
