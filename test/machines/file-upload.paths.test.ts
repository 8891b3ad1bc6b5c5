/**
 * Generated paths of the upload machines: the batch (`fileUploadMachine`: check, queue
 * with a concurrency limit, what the files report, Retry and Cancel) with its per-file child stubbed,
 * and one file (`uploadItemMachine`: prepare, URL, PUT with progress, link, automatic retries with
 * backoff, failed with Retry, cancel); every actor stubbed, replayed on real actors.
 */
import { describe } from "vitest";
import { fromCallback, type DoneActorEvent, type ErrorActorEvent } from "xstate";
import type { ClaimDocument } from "../../machines/domain.ts";
import {
  fileUploadMachine,
  uploadItemMachine,
  type FileRefusal,
  type FileUploadEvent,
  type PickedFile,
  type UploadItemEvent,
} from "../../machines/file-upload.machine.ts";
import { done, failed, type FixturesFor, type Scenario } from "./support/graph.ts";
import { describePathSuite } from "./support/path-suite.ts";

const sofa = { name: "sofa.jpg", size: 1000 } satisfies PickedFile;
const receipt = { name: "receipt.pdf", size: 2000 } satisfies PickedFile;
const tag = { name: "tag.heic", size: 3000 } satisfies PickedFile;
const label = { name: "label.png", size: 4000 } satisfies PickedFile;
const photo = { id: 501, fileName: "stored-1.jpg" } satisfies ClaimDocument;

type BatchEvent =
  FileUploadEvent | DoneActorEvent<FileRefusal[], "checkFiles"> | ErrorActorEvent<unknown, "checkFiles">;

// Four files, one more than the concurrency limit, so the fourth waits for a slot. The walk is
// kept small: files are reported on only by the first and the last key.
const batchFixtures = {
  "files.picked": [
    { type: "files.picked", files: [sofa] },
    { type: "files.picked", files: [sofa, receipt, tag, label] },
  ],
  "file.retry": [{ type: "file.retry", key: "file-1" }],
  "file.cancel": [
    { type: "file.cancel", key: "file-1" },
    { type: "file.cancel", key: "file-9" },
  ],
  "item.uploaded": [
    { type: "item.uploaded", key: "file-1", document: photo },
    { type: "item.uploaded", key: "file-4", document: { id: 502, fileName: "stored-4.png" } },
  ],
  "item.failed": [{ type: "item.failed", key: "file-1" }],
  "item.refused": [{ type: "item.refused", key: "file-1", reason: "damaged" }],
  "item.cancelled": [{ type: "item.cancelled", key: "file-1" }],
  "xstate.done.actor.checkFiles": [
    done("checkFiles", []),
    done("checkFiles", [{ fileName: "huge.pdf", reason: "tooBig" }]),
    done("checkFiles", [{ fileName: "notes.txt", reason: "unsupported" }]),
  ],
  "xstate.error.actor.checkFiles": [failed("checkFiles")],
} as const satisfies FixturesFor<BatchEvent>;

const batchScenarios: Array<Scenario<BatchEvent, undefined>> = [
  {
    name: "one destination",
    input: undefined,
    fixtures: batchFixtures,
    // One pick per path, and reports only for listed files: enough for every transition.
    filterEvents: (snapshot, event) => {
      const entries = (snapshot.context as { entries: Array<{ key: string; status: string }>; nextKey: number })
        .entries;
      if (event.type === "files.picked") return (snapshot.context as { nextKey: number }).nextKey === 1;
      if (event.type.startsWith("item."))
        return entries.some((entry) => entry.key === (event as { key: string }).key && entry.status === "active");
      return true;
    },
  },
];

/** The event XState raises when the wait before an automatic retry is over (the delay `retryWait`). */
const RETRY_WAIT_OVER = "xstate.after.retryWait.uploadItem.waitingToRetry";

type ItemEvent =
  | UploadItemEvent
  | DoneActorEvent<PickedFile, "prepareFile">
  | ErrorActorEvent<unknown, "prepareFile">
  | DoneActorEvent<{ url: string; fileName: string }, "getUploadUrl">
  | ErrorActorEvent<unknown, "getUploadUrl">
  | ErrorActorEvent<unknown, "putFile">
  | DoneActorEvent<ClaimDocument, "linkDocument">
  | ErrorActorEvent<unknown, "linkDocument">
  | { type: typeof RETRY_WAIT_OVER };

const itemFixtures = {
  "upload.start": [{ type: "upload.start" }],
  "upload.cancel": [{ type: "upload.cancel" }],
  "upload.progress": [{ type: "upload.progress", fraction: 0.5 }],
  "upload.stored": [{ type: "upload.stored" }],
  "upload.failed": [{ type: "upload.failed" }],
  "xstate.done.actor.prepareFile": [done("prepareFile", { name: "sofa.jpg", size: 900 })],
  "xstate.error.actor.prepareFile": [failed("prepareFile", { reason: "damaged" })],
  "xstate.done.actor.getUploadUrl": [
    done("getUploadUrl", { url: "https://storage.test/put/1", fileName: "stored-1.jpg" }),
  ],
  "xstate.error.actor.getUploadUrl": [failed("getUploadUrl")],
  "xstate.error.actor.putFile": [failed("putFile")],
  "xstate.done.actor.linkDocument": [done("linkDocument", photo)],
  "xstate.error.actor.linkDocument": [failed("linkDocument")],
  [RETRY_WAIT_OVER]: [{ type: RETRY_WAIT_OVER }],
} as const satisfies FixturesFor<ItemEvent>;

const itemScenarios: Array<Scenario<ItemEvent, { key: string; file: PickedFile }>> = [
  {
    name: "one photo",
    input: { key: "file-1", file: sofa },
    fixtures: itemFixtures,
    // Progress only changes a number; once is enough.
    filterEvents: (snapshot, event) =>
      event.type !== "upload.progress" || (snapshot.context as { progress: number }).progress === 0,
  },
];

describe("fileUpload (the batch) generated paths", () => {
  describePathSuite({
    machine: fileUploadMachine,
    build: (gate) =>
      fileUploadMachine.provide({
        actors: {
          checkFiles: gate.promise<FileRefusal[], PickedFile[]>("checkFiles"),
          // Each file's child does nothing here: the paths send its reports (item.*) themselves.
          uploadFile: fromCallback(() => {}) as never,
        },
      }),
    scenarios: batchScenarios,
    states: ["ready", "checking"],
    transientStates: [],
  });
});

// Alone, a file has no batch to report to (sendParent would throw): its reports become no-ops;
// test/machines/file-upload.test.ts checks them with a real parent.
const silent = () => {};
const itemMachine = uploadItemMachine.provide({
  actions: { reportUploaded: silent, reportFailed: silent, reportRefused: silent, reportCancelled: silent },
});

describe("uploadItem (one file) generated paths", () => {
  describePathSuite({
    machine: itemMachine,
    build: (gate) =>
      itemMachine.provide({
        actors: {
          prepareFile: gate.promise<PickedFile, { file: PickedFile }>("prepareFile"),
          getUploadUrl: gate.promise<{ url: string; fileName: string }, { file: PickedFile }>("getUploadUrl"),
          putFile: gate.callback<UploadItemEvent, { url: string; file: PickedFile }>("putFile"),
          linkDocument: gate.promise<ClaimDocument, { fileName: string }>("linkDocument"),
        },
        // Only the path's own event ends the wait: a real one would fire by the clock.
        delays: { retryWait: 3_600_000 },
      }),
    scenarios: itemScenarios,
    states: [
      "queued",
      "preparing",
      "requestingUrl",
      "sendingBytes",
      "linking",
      "failing",
      "waitingToRetry",
      "resuming",
      "failed",
      "uploaded",
      "refused",
      "cancelled",
    ],
    transientStates: ["failing", "resuming"],
    // The PUT's progress and outcome come from the putFile callback actor, not from the screen.
    sentBy: { "upload.progress": "putFile", "upload.stored": "putFile", "upload.failed": "putFile" },
  });
});
