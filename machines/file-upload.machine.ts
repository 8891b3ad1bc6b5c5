/**
 * fileUploadMachine: uploading a batch of photos or documents to one destination, a claim item or a
 * contact-service request (SPEC.md sections 5 "Upload", 7 file-upload-url /
 * insert_linked_and_embedded_files, 8 upload toasts). The destination is the injected actors'
 * business: the machine only runs the batch.
 * Per file: check the batch, get a signed URL, PUT the bytes with progress, link the stored file.
 * A batch with any refused file uploads nothing (the input is cleared).
 *
 * Injected actors: `checkFiles` (files -> refusals), `getUploadUrl`, `putFile` (callback actor
 * sending `upload.progress` / `upload.stored` / `upload.failed`), `linkDocument`. Injected action:
 * `documentLinked` (hands the new document to the claim). Emits `notify` codes for the toasts.
 */
import { assign, emit, enqueueActions, setup } from "xstate";
import { fromCallback } from "xstate";
import type { ClaimDocument } from "./domain.ts";
import { notProvided } from "./not-provided.ts";

/** The part of a browser File the machine needs; the real File travels inside. */
export interface PickedFile {
  name: string;
  size: number;
}

export interface FileRefusal {
  fileName: string;
  reason: "tooBig" | "unsupported";
}

export interface QueuedFile<F extends PickedFile = PickedFile> {
  file: F;
  /** 0..1 of the bytes sent. */
  progress: number;
  status: "waiting" | "uploading" | "done" | "failed";
}

export interface FileUploadContext {
  queue: QueuedFile[];
  /** Index in `queue` of the file being uploaded. */
  current: number;
  uploadUrl: string | null;
  storedName: string | null;
  picked: PickedFile[];
}

export type FileUploadEvent =
  | { type: "files.picked"; files: PickedFile[] }
  | { type: "upload.progress"; fraction: number }
  | { type: "upload.stored" }
  | { type: "upload.failed" };

export type UploadNotice =
  | { type: "notify"; code: "fileTooBig"; fileName: string }
  | { type: "notify"; code: "fileNotSupported"; fileName: string }
  | { type: "notify"; code: "filesUploaded" }
  | { type: "notify"; code: "fileNotUploaded"; fileName: string };

function currentFile(context: FileUploadContext): PickedFile {
  return context.queue[context.current]!.file;
}

function setStatus(context: FileUploadContext, status: QueuedFile["status"], progress?: number): QueuedFile[] {
  return context.queue.map((entry, index) => (index === context.current ? { ...entry, status, progress: progress ?? entry.progress } : entry));
}

export const fileUploadMachine = setup({
  types: {
    context: {} as FileUploadContext,
    events: {} as FileUploadEvent,
    emitted: {} as UploadNotice,
  },
  actors: {
    checkFiles: notProvided<FileRefusal[], PickedFile[]>("checkFiles"),
    getUploadUrl: notProvided<{ url: string; fileName: string }, { file: PickedFile }>("getUploadUrl"),
    putFile: fromCallback<FileUploadEvent, { url: string; file: PickedFile }>(({ sendBack }) => {
      sendBack({ type: "upload.failed" });
    }),
    linkDocument: notProvided<ClaimDocument, { fileName: string }>("linkDocument"),
  },
  actions: {
    documentLinked: (_, _params: { document: ClaimDocument }) => {},
    keepPicked: assign((_, params: { files: PickedFile[] }) => ({ picked: params.files })),
    queuePicked: assign(({ context }) => ({
      queue: context.picked.map((file) => ({ file, progress: 0, status: "waiting" as const })),
      picked: [],
      current: 0,
    })),
    dropPicked: assign({ picked: [] }),
    reportRefusals: enqueueActions(({ enqueue }, params: { refusals: FileRefusal[] }) => {
      for (const refusal of params.refusals) {
        enqueue.emit({ type: "notify", code: refusal.reason === "tooBig" ? "fileTooBig" : "fileNotSupported", fileName: refusal.fileName });
      }
    }),
    startFile: assign(({ context }) => ({ queue: setStatus(context, "uploading", 0), uploadUrl: null, storedName: null })),
    keepUrl: assign((_, params: { url: string; fileName: string }) => ({ uploadUrl: params.url, storedName: params.fileName })),
    setProgress: assign(({ context }, params: { fraction: number }) => ({ queue: setStatus(context, "uploading", Math.min(1, Math.max(0, params.fraction))) })),
    markDone: assign(({ context }) => ({ queue: setStatus(context, "done", 1) })),
    markFailed: assign(({ context }) => ({ queue: setStatus(context, "failed") })),
    reportFailure: emit(({ context }) => ({ type: "notify" as const, code: "fileNotUploaded" as const, fileName: currentFile(context).name })),
    nextFile: assign(({ context }) => ({ current: context.current + 1 })),
    reportUploaded: emit({ type: "notify", code: "filesUploaded" }),
    clearQueue: assign({ queue: [], current: 0, uploadUrl: null, storedName: null }),
  },
  guards: {
    hasRefusals: (_, params: { refusals: FileRefusal[] }) => params.refusals.length > 0,
    hasMoreFiles: ({ context }) => context.current + 1 < context.queue.length,
    hasUploadedAny: ({ context }) => context.queue.some((entry) => entry.status === "done"),
  },
}).createMachine({
  id: "fileUpload",
  context: { queue: [], current: 0, uploadUrl: null, storedName: null, picked: [] },
  initial: "idle",
  states: {
    idle: {
      on: {
        "files.picked": { target: "checking", actions: { type: "keepPicked", params: ({ event }) => ({ files: event.files }) } },
      },
    },
    // Size and type rules, before anything is sent.
    checking: {
      invoke: {
        id: "checkFiles",
        src: "checkFiles",
        input: ({ context }) => context.picked,
        onDone: [
          {
            guard: { type: "hasRefusals", params: ({ event }) => ({ refusals: event.output }) },
            target: "idle",
            actions: [{ type: "reportRefusals", params: ({ event }) => ({ refusals: event.output }) }, "dropPicked"],
          },
          { target: "uploading", actions: "queuePicked" },
        ],
        onError: { target: "idle", actions: "dropPicked" },
      },
    },
    uploading: {
      initial: "requestingUrl",
      states: {
        requestingUrl: {
          entry: "startFile",
          invoke: {
            id: "getUploadUrl",
            src: "getUploadUrl",
            input: ({ context }) => ({ file: currentFile(context) }),
            onDone: { target: "sendingBytes", actions: { type: "keepUrl", params: ({ event }) => event.output } },
            onError: "fileFailed",
          },
        },
        // The PUT to the signed URL, with a progress bar per file.
        sendingBytes: {
          invoke: {
            id: "putFile",
            src: "putFile",
            input: ({ context }) => ({ url: context.uploadUrl!, file: currentFile(context) }),
            onError: "fileFailed",
          },
          on: {
            "upload.progress": { actions: { type: "setProgress", params: ({ event }) => ({ fraction: event.fraction }) } },
            "upload.stored": "linking",
            "upload.failed": "fileFailed",
          },
        },
        linking: {
          invoke: {
            id: "linkDocument",
            src: "linkDocument",
            input: ({ context }) => ({ fileName: context.storedName! }),
            onDone: {
              target: "fileFinished",
              actions: ["markDone", { type: "documentLinked", params: ({ event }) => ({ document: event.output }) }],
            },
            onError: "fileFailed",
          },
        },
        fileFailed: {
          entry: ["markFailed", "reportFailure"],
          always: "fileFinished",
        },
        fileFinished: {
          always: [{ guard: "hasMoreFiles", target: "requestingUrl", actions: "nextFile" }, { target: "#fileUpload.finished" }],
        },
      },
    },
    // One success toast for the batch; failures were reported per file.
    finished: {
      always: [
        { guard: "hasUploadedAny", target: "idle", actions: ["reportUploaded", "clearQueue"] },
        { target: "idle", actions: "clearQueue" },
      ],
    },
  },
});
