/**
 * QA table of fileUploadMachine, the batch of an upload area: files picked, checked by name and
 * size, one child per accepted file (upload-item.model.ts follows one), Retry and Cancel per file.
 * Walked by test/e2e/model-file-upload.test.ts: the check waits, on the first pick, for the
 * batch's own script, and the file's upload is held at its PUT (upload-rows.ts).
 */
import type { Page } from "playwright-core";
import { assign, type AnyMachineSnapshot } from "xstate";
import {
  fileUploadMachine,
  type FileRefusal,
  type FileUploadContext,
  type FileUploadEvent,
  type PickedFile,
  type UploadEntry,
} from "../../machines/file-upload.machine.ts";
import { callDone, callFailed } from "./calls.ts";
import { hides, shows } from "./screen.ts";
import { system, user, view, type ModelTable, type Outcome, type Start } from "./table.ts";
import {
  HEIC,
  HEIC_AS_JPEG,
  HEIC_NAME,
  ITEM,
  openUploadArea,
  picker,
  REFUSED,
  REFUSED_NAME,
  resetPlan,
  uploaded,
  uploadAreaSetup,
  uploadRow,
} from "./upload-rows.ts";

type Event = FileUploadEvent | Outcome<"checkFiles", FileRefusal[]>;

const KEY = "file-1";
const PICKED: Record<string, PickedFile> = {
  [HEIC_NAME]: { name: HEIC_NAME, size: 2_182_707 },
  [REFUSED_NAME]: { name: REFUSED_NAME, size: 3_948 },
};
const PATHS: Record<string, string> = { [HEIC_NAME]: HEIC, [REFUSED_NAME]: REFUSED };

/** An entry as the model keeps it: 'cancelling' once Cancel was pressed (see `modelled`). */
type ModelEntry = Omit<UploadEntry, "status"> & { status: UploadEntry["status"] | "cancelling" };

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as FileUploadContext;
const entry = (snapshot: AnyMachineSnapshot) => (ctx(snapshot).entries as ModelEntry[]).find((one) => one.key === KEY);
const fileName = (snapshot: AnyMachineSnapshot) => entry(snapshot)?.fileName ?? HEIC_NAME;

/**
 * One photo picked (or a file the rules refuse), and what its child may report. A cancelled file
 * only reports that it stopped; the HEIC converts, so it is never refused as damaged.
 */
function events(snapshot: AnyMachineSnapshot): Event[] {
  if (snapshot.matches("checking")) {
    const refusals = ctx(snapshot)
      .picked.filter((file) => file.name === REFUSED_NAME)
      .map((file): FileRefusal => ({ fileName: file.name, reason: "unsupported" }));
    return [{ type: "xstate.done.actor.checkFiles", output: refusals, actorId: "checkFiles" }];
  }
  const current = entry(snapshot);
  if (!current)
    return ctx(snapshot).nextKey > 1
      ? []
      : [HEIC_NAME, REFUSED_NAME].map((name): Event => ({ type: "files.picked", files: [PICKED[name]!] }));
  if (current.status === "cancelling") return [{ type: "item.cancelled", key: KEY }];
  if (current.status === "failed")
    return [
      { type: "file.retry", key: KEY },
      { type: "file.cancel", key: KEY },
    ];
  return [
    { type: "item.uploaded", key: KEY, document: { id: 1, fileName: `a1b2c3d4e5-${HEIC_AS_JPEG}` } },
    { type: "item.failed", key: KEY },
    { type: "file.cancel", key: KEY },
  ];
}

const start: Start = {
  name: `the ${ITEM}'s upload area on step 4 of a claim`,
  setup: uploadAreaSetup,
  arrange: ({ page }) => openUploadArea(page),
  input: undefined,
  events,
  facts: (snapshot) => ({
    entries: (ctx(snapshot).entries as ModelEntry[]).map((one) => one.status),
    picked: ctx(snapshot).picked.length,
    next: ctx(snapshot).nextKey,
    linked: ctx(snapshot).uploadedSinceIdle,
  }),
};

/**
 * The machine as the model runs it. Cancel is sent on to the file's child, which ends and reports
 * item.cancelled at once; the model runs no children, so it marks the entry 'cancelling' instead,
 * and offers nothing but that report after it. States, events and transitions are the machine's own.
 */
const modelled = fileUploadMachine.provide({
  actions: {
    cancelFile: assign(({ context }, params: { key: string }) => ({
      entries: context.entries.map((one) =>
        one.key === params.key ? ({ ...one, status: "cancelling" } as unknown as UploadEntry) : one,
      ),
    })),
  },
});

const row = (page: Page, snapshot: AnyMachineSnapshot) => uploadRow(page, fileName(snapshot));

export const fileUploadTable: ModelTable<Event> = {
  machine: modelled,
  file: "file-upload",
  source: "test/model/file-upload.model.ts",
  starts: [start],
  reset: resetPlan,
  events: {
    "files.picked": user(
      (event) => `In 'Photos and documents of the ${ITEM}' choose \`test/fixtures/${event.files[0]!.name}\`.`,
      ({ page }, event) => picker(page).setInputFiles(PATHS[event.files[0]!.name]!),
    ),
    "file.retry": user(
      (_, before) => `Press **Retry** beside ${fileName(before)}.`,
      async ({ page, calls }, _, before) => {
        calls.hold(KEY);
        await row(page, before)
          .getByRole("button", { name: /^Retry/ })
          .click();
      },
    ),
    "file.cancel": user(
      (_, before) => `Press **Cancel** beside ${fileName(before)}.`,
      ({ page }, _, before) =>
        row(page, before)
          .getByRole("button", { name: /^Cancel/ })
          .click(),
    ),
    "item.uploaded": system(
      () => `${HEIC_NAME} is converted to ${HEIC_AS_JPEG}, sent and linked to the claim.`,
      async ({ page, calls }) => {
        await calls.release(KEY);
        await shows(uploaded(page, HEIC_AS_JPEG));
      },
    ),
    "item.failed": system(
      () =>
        `${HEIC_NAME} is converted to ${HEIC_AS_JPEG}; sending it fails three times (the connection drops; the portal tries again by itself after 1 s and 3 s).`,
      async ({ page, calls }, _, before) => {
        await calls.fail(KEY, "dropped");
        await shows(row(page, before).getByText("file not uploaded.", { exact: true }));
      },
    ),
    "item.refused": system(
      (_, before) => `${fileName(before)} cannot be read as a photo.`,
      ({ page }, _, before) => shows(page.getByText(`File ${fileName(before)} is damaged`)),
    ),
    "item.cancelled": system(
      (_, before) => `The upload of ${fileName(before)} stops.`,
      ({ page }, _, before) => hides(row(page, before)),
    ),
    "xstate.done.actor.checkFiles": callDone((event) =>
      event.output.length
        ? `The portal refuses ${event.output[0]!.fileName} by its name.`
        : "The portal accepts the file by its name and size.",
    ),
    "xstate.error.actor.checkFiles": callFailed(() => "Checking the files fails."),
  },
  states: {
    ready: view(
      (snapshot) => {
        const current = entry(snapshot);
        if (!current)
          return ctx(snapshot).nextKey > 1
            ? "The upload area, nothing uploading."
            : "The upload area, nothing picked yet.";
        if (current.status === "cancelling") return `${current.fileName} is gone from 'Files being uploaded'.`;
        const status = {
          waiting: "Waiting",
          active: "Preparing photo or Uploading",
          failed: "'file not uploaded.' with Retry",
        }[current.status];
        return `'Files being uploaded' lists ${current.fileName}: ${status}.`;
      },
      async ({ page }, snapshot) => {
        const current = entry(snapshot);
        if (!current || current.status === "cancelling") return hides(row(page, snapshot));
        await shows(row(page, snapshot));
        const retry = row(page, snapshot).getByRole("button", { name: /^Retry/ });
        await (current.status === "failed" ? shows(retry) : hides(retry));
      },
    ),
    // Checked through the batch's script loading (UploadArea's own loading flag), which disables the
    // picker the same way: the check itself does no I/O and is over within a task, so a walk cannot
    // hold it, and the machine's own checking (snapshot.matches("checking")) is not what this sees:
    // test/screens/upload-checking.test.tsx checks that with a check that never settles.
    checking: view(
      `'Photos and documents of the ${ITEM}' disabled while the files are checked by name and size (on the first pick, while the upload code loads: the screen shows both the same way).`,
      ({ page }) => shows(picker(page).and(page.locator("[disabled]"))),
    ),
  },
  calls: {
    // The batch and its check load on the first pick: the picker is disabled until they have.
    checkFiles: { script: /\/assets\/upload-batch-[\w-]+\.js$/ },
  },
  spawned: {
    // The converted photo's bytes: a PUT of a .jpg, so a walk that gets it has seen the conversion.
    [KEY]: { method: "PUT", path: /^uploads\/\d+\/[^/]+-iphone_13_pro_max\.jpg$/ },
  },
};
