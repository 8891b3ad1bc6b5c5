/**
 * Generated paths of fileUploadMachine: batch check, then per file URL, PUT (a callback actor that
 * sends progress / stored / failed) and link; replayed with every actor stubbed.
 */
import { describe } from "vitest";
import type { DoneActorEvent, ErrorActorEvent } from "xstate";
import type { ClaimDocument } from "../../machines/domain.ts";
import {
  fileUploadMachine,
  type FileRefusal,
  type FileUploadEvent,
  type PickedFile,
} from "../../machines/file-upload.machine.ts";
import { done, failed, type FixturesFor, type Scenario } from "./support/graph.ts";
import { describePathSuite } from "./support/path-suite.ts";

type PathEvent =
  | FileUploadEvent
  | DoneActorEvent<FileRefusal[], "checkFiles">
  | ErrorActorEvent<unknown, "checkFiles">
  | DoneActorEvent<{ url: string; fileName: string }, "getUploadUrl">
  | ErrorActorEvent<unknown, "getUploadUrl">
  | ErrorActorEvent<unknown, "putFile">
  | DoneActorEvent<ClaimDocument, "linkDocument">
  | ErrorActorEvent<unknown, "linkDocument">;

const sofa = { name: "sofa.jpg", size: 1000 } satisfies PickedFile;
const receipt = { name: "receipt.pdf", size: 2000 } satisfies PickedFile;

const fixtures = {
  "files.picked": [
    { type: "files.picked", files: [sofa] },
    { type: "files.picked", files: [sofa, receipt] },
  ],
  "upload.progress": [{ type: "upload.progress", fraction: 0.5 }],
  "upload.stored": [{ type: "upload.stored" }],
  "upload.failed": [{ type: "upload.failed" }],
  "xstate.done.actor.checkFiles": [
    done("checkFiles", []),
    done("checkFiles", [{ fileName: "huge.png", reason: "tooBig" }]),
    done("checkFiles", [{ fileName: "notes.txt", reason: "unsupported" }]),
  ],
  "xstate.error.actor.checkFiles": [failed("checkFiles")],
  "xstate.done.actor.getUploadUrl": [done("getUploadUrl", { url: "https://storage.test/put/1", fileName: "stored-1.jpg" })],
  "xstate.error.actor.getUploadUrl": [failed("getUploadUrl")],
  "xstate.error.actor.putFile": [failed("putFile")],
  "xstate.done.actor.linkDocument": [done("linkDocument", { id: 501, fileName: "stored-1.jpg" })],
  "xstate.error.actor.linkDocument": [failed("linkDocument")],
} as const satisfies FixturesFor<PathEvent>;

const scenarios: Array<Scenario<PathEvent, undefined>> = [{ name: "one destination", input: undefined, fixtures }];

describe("fileUpload generated paths", () => {
  describePathSuite({
    machine: fileUploadMachine,
    build: (gate) =>
      fileUploadMachine.provide({
        actors: {
          checkFiles: gate.promise<FileRefusal[], PickedFile[]>("checkFiles"),
          getUploadUrl: gate.promise<{ url: string; fileName: string }, { file: PickedFile }>("getUploadUrl"),
          putFile: gate.callback<FileUploadEvent, { url: string; file: PickedFile }>("putFile"),
          linkDocument: gate.promise<ClaimDocument, { fileName: string }>("linkDocument"),
        },
      }),
    scenarios,
    states: [
      "idle",
      "checking",
      "uploading.requestingUrl",
      "uploading.sendingBytes",
      "uploading.linking",
      "uploading.fileFailed",
      "uploading.fileFinished",
      "finished",
    ],
    transientStates: ["uploading.fileFailed", "uploading.fileFinished", "finished"],
    // The PUT's progress and outcome come from the putFile callback actor, not from the screen.
    sentBy: { "upload.progress": "putFile", "upload.stored": "putFile", "upload.failed": "putFile" },
  });
});
