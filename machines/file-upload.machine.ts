/**
 * Uploading photos and documents to one destination, a claim item or a contact-service request
 * (SPEC.md sections 5 "Upload", 7 file-upload-url / insert_linked_and_embedded_files, 8 upload
 * toasts). Two machines, parent and child, in one file because neither means anything
 * alone:
 *
 * - `fileUploadMachine`, the batch: checks what was picked by name and size, spawns one
 *   `uploadItemMachine` per accepted file and lets at most UPLOAD_CONCURRENCY of them run at once;
 *   it turns what its children report into the toasts (emitted `notify` codes) and hands each linked
 *   document to the destination (injected action `documentLinked`).
 * - `uploadItemMachine`, one file: prepare it (HEIC to JPEG, downscale, strip location), get a
 *   signed URL, PUT the bytes with progress, link the stored file. A failed step is retried with
 *   backoff, then the file waits in `failed` for the consumer's Retry; Cancel ends it before the link
 *   is sent. A link is retried with the same stored name, so a retry never makes a second document.
 *
 * Injected actors: `checkFiles`, `prepareFile`, `getUploadUrl`, `putFile` (callback actor sending
 * `upload.progress` / `upload.stored` / `upload.failed`), `linkDocument`. The wait before an
 * automatic retry is the named delay `retryWait` (backoffMs).
 */
import { assign, emit, enqueueActions, fromCallback, sendParent, setup, type ActorRefFrom } from "xstate";
import type { ClaimDocument } from "./domain.ts";
import { notProvided } from "./not-provided.ts";

/** The part of a browser File the machines need; the real File travels inside. */
export interface PickedFile {
  name: string;
  size: number;
}

/** Why a file is not uploaded at all: refused by the rules, or a photo that cannot be read. */
export type RefusalReason = "tooBig" | "unsupported" | "damaged";

export interface FileRefusal {
  fileName: string;
  reason: RefusalReason;
}

/** Files uploading at the same time: enough to fill a phone's uplink, few enough to show progress. */
export const UPLOAD_CONCURRENCY = 3;
/** Automatic retries of a failed step before the consumer is asked. */
export const AUTOMATIC_RETRIES = 2;

/** Wait before automatic retry number `failures` (1, 2, ...): 1 s, then 3 s. */
export function backoffMs(failures: number): number {
  return 1000 * 3 ** Math.max(0, failures - 1);
}

/** The refusal code carried by a prepareFile failure (PrepareError.reason), "damaged" otherwise. */
export function refusalOf(error: unknown): RefusalReason {
  const reason = (error as { reason?: unknown } | null)?.reason;
  return reason === "tooBig" || reason === "unsupported" ? reason : "damaged";
}

// ---------------------------------------------------------------------------------------------
// One file
// ---------------------------------------------------------------------------------------------

export interface UploadItemInput {
  key: string;
  file: PickedFile;
}

export interface UploadItemContext {
  key: string;
  /** As picked. */
  file: PickedFile;
  /** What is uploaded instead: converted, downscaled, without location. */
  prepared: PickedFile | null;
  /** 0..1 of the bytes sent. */
  progress: number;
  /** Failures since the last start (automatic retries count against AUTOMATIC_RETRIES). */
  failures: number;
  uploadUrl: string | null;
  storedName: string | null;
  /** The bytes are on the storage: a retry only links them again. */
  stored: boolean;
}

export type UploadItemEvent =
  | { type: "upload.start" }
  | { type: "upload.cancel" }
  | { type: "upload.progress"; fraction: number }
  | { type: "upload.stored" }
  | { type: "upload.failed" };

/** What a file tells the batch. */
type UploadItemReport =
  | { type: "item.uploaded"; key: string; document: ClaimDocument }
  | { type: "item.failed"; key: string }
  | { type: "item.refused"; key: string; reason: RefusalReason }
  | { type: "item.cancelled"; key: string };

export const uploadItemMachine = setup({
  types: {
    context: {} as UploadItemContext,
    events: {} as UploadItemEvent,
    input: {} as UploadItemInput,
  },
  actors: {
    prepareFile: notProvided<PickedFile, { file: PickedFile }>("prepareFile"),
    getUploadUrl: notProvided<{ url: string; fileName: string }, { file: PickedFile }>("getUploadUrl"),
    putFile: fromCallback<UploadItemEvent, { url: string; file: PickedFile }>(({ sendBack }) => {
      sendBack({ type: "upload.failed" });
    }),
    linkDocument: notProvided<ClaimDocument, { fileName: string }>("linkDocument"),
  },
  delays: {
    retryWait: ({ context }) => backoffMs(context.failures),
  },
  actions: {
    keepPrepared: assign((_, params: { file: PickedFile }) => ({ prepared: params.file })),
    startAttempt: assign({ progress: 0 }),
    keepUrl: assign((_, params: { url: string; fileName: string }) => ({
      uploadUrl: params.url,
      storedName: params.fileName,
      stored: false,
    })),
    setProgress: assign((_, params: { fraction: number }) => ({ progress: Math.min(1, Math.max(0, params.fraction)) })),
    markStored: assign({ stored: true, progress: 1 }),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    resetFailures: assign({ failures: 0 }),
    reportUploaded: sendParent(({ context }, params: { document: ClaimDocument }) => ({
      type: "item.uploaded",
      key: context.key,
      document: params.document,
    })),
    reportFailed: sendParent(({ context }) => ({ type: "item.failed", key: context.key })),
    reportRefused: sendParent(({ context }, params: { reason: RefusalReason }) => ({
      type: "item.refused",
      key: context.key,
      reason: params.reason,
    })),
    reportCancelled: sendParent(({ context }) => ({ type: "item.cancelled", key: context.key })),
  },
  guards: {
    canRetryAutomatically: ({ context }) => context.failures <= AUTOMATIC_RETRIES,
    isStored: ({ context }) => context.stored,
  },
}).createMachine({
  id: "uploadItem",
  context: ({ input }) => ({
    key: input.key,
    file: input.file,
    prepared: null,
    progress: 0,
    failures: 0,
    uploadUrl: null,
    storedName: null,
    stored: false,
  }),
  initial: "queued",
  states: {
    // Waiting for a free slot: the batch sends upload.start.
    queued: {
      on: { "upload.start": "preparing", "upload.cancel": "cancelled" },
    },
    // HEIC to JPEG, downscaling, location removed; a file that cannot be made fit is refused.
    preparing: {
      invoke: {
        id: "prepareFile",
        src: "prepareFile",
        input: ({ context }) => ({ file: context.file }),
        onDone: {
          target: "requestingUrl",
          actions: { type: "keepPrepared", params: ({ event }) => ({ file: event.output }) },
        },
        onError: {
          target: "refused",
          actions: { type: "reportRefused", params: ({ event }) => ({ reason: refusalOf(event.error) }) },
        },
      },
      on: { "upload.cancel": "cancelled" },
    },
    requestingUrl: {
      entry: "startAttempt",
      invoke: {
        id: "getUploadUrl",
        src: "getUploadUrl",
        input: ({ context }) => ({ file: context.prepared ?? context.file }),
        onDone: { target: "sendingBytes", actions: { type: "keepUrl", params: ({ event }) => event.output } },
        onError: "failing",
      },
      on: { "upload.cancel": "cancelled" },
    },
    // The PUT to the signed URL, with its own progress bar.
    sendingBytes: {
      invoke: {
        id: "putFile",
        src: "putFile",
        input: ({ context }) => ({ url: context.uploadUrl!, file: context.prepared ?? context.file }),
        onError: "failing",
      },
      on: {
        "upload.progress": { actions: { type: "setProgress", params: ({ event }) => ({ fraction: event.fraction }) } },
        "upload.stored": { target: "linking", actions: "markStored" },
        "upload.failed": "failing",
        "upload.cancel": "cancelled",
      },
    },
    // No Cancel here: the link may already be written, and a cancelled one would leave a document
    // the list does not show.
    linking: {
      invoke: {
        id: "linkDocument",
        src: "linkDocument",
        input: ({ context }) => ({ fileName: context.storedName! }),
        onDone: {
          target: "uploaded",
          actions: { type: "reportUploaded", params: ({ event }) => ({ document: event.output }) },
        },
        onError: "failing",
      },
    },
    // A network drop or a 5xx: retry by itself a few times, then ask.
    failing: {
      entry: "countFailure",
      always: [{ guard: "canRetryAutomatically", target: "waitingToRetry" }, { target: "failed" }],
    },
    waitingToRetry: {
      after: { retryWait: "resuming" },
      on: { "upload.cancel": "cancelled" },
    },
    // Stored bytes are linked again under the same name; otherwise the upload starts over.
    resuming: {
      always: [{ guard: "isStored", target: "linking" }, { target: "requestingUrl" }],
    },
    // Listed with 'file not uploaded.' and a Retry button; the batch sends upload.start on Retry.
    failed: {
      entry: "reportFailed",
      on: {
        "upload.start": { target: "resuming", actions: "resetFailures" },
        "upload.cancel": "cancelled",
      },
    },
    uploaded: { type: "final" },
    refused: { type: "final" },
    cancelled: { type: "final", entry: "reportCancelled" },
  },
});

export type UploadItemRef = ActorRefFrom<typeof uploadItemMachine>;

// ---------------------------------------------------------------------------------------------
// The batch
// ---------------------------------------------------------------------------------------------

export interface UploadEntry {
  /** Id of the file's child actor. */
  key: string;
  fileName: string;
  /** waiting: for a slot; active: its child is working; failed: waiting for Retry. */
  status: "waiting" | "active" | "failed";
}

export interface FileUploadContext {
  entries: UploadEntry[];
  picked: PickedFile[];
  nextKey: number;
  /** Files linked since the list was last empty: one success toast for them. */
  uploadedSinceIdle: number;
}

export type FileUploadEvent =
  | { type: "files.picked"; files: PickedFile[] }
  | { type: "file.retry"; key: string }
  | { type: "file.cancel"; key: string }
  | UploadItemReport;

export type UploadNotice =
  | { type: "notify"; code: "fileTooBig"; fileName: string }
  | { type: "notify"; code: "fileNotSupported"; fileName: string }
  | { type: "notify"; code: "fileDamaged"; fileName: string }
  | { type: "notify"; code: "filesUploaded" }
  | { type: "notify"; code: "fileNotUploaded"; fileName: string };

const NOTICE_OF: Record<RefusalReason, "fileTooBig" | "fileNotSupported" | "fileDamaged"> = {
  tooBig: "fileTooBig",
  unsupported: "fileNotSupported",
  damaged: "fileDamaged",
};

const nameOf = (context: FileUploadContext, key: string) =>
  context.entries.find((entry) => entry.key === key)?.fileName ?? "";

export const fileUploadMachine = setup({
  types: {
    context: {} as FileUploadContext,
    events: {} as FileUploadEvent,
    emitted: {} as UploadNotice,
  },
  actors: {
    checkFiles: notProvided<FileRefusal[], PickedFile[]>("checkFiles"),
    uploadFile: uploadItemMachine,
  },
  actions: {
    documentLinked: (_, _params: { document: ClaimDocument }) => {},
    keepPicked: assign((_, params: { files: PickedFile[] }) => ({ picked: params.files })),
    dropPicked: assign({ picked: [] }),
    queuePicked: enqueueActions(({ context, enqueue }) => {
      const added = context.picked.map((file, index) => ({ key: `file-${context.nextKey + index}`, file }));
      for (const { key, file } of added) enqueue.spawnChild("uploadFile", { id: key, input: { key, file } });
      enqueue.assign({
        entries: [
          ...context.entries,
          ...added.map(({ key, file }) => ({ key, fileName: file.name, status: "waiting" as const })),
        ],
        nextKey: context.nextKey + added.length,
        picked: [],
      });
    }),
    // Starts waiting files while fewer than UPLOAD_CONCURRENCY are active.
    startWaiting: enqueueActions(({ context, enqueue }) => {
      let active = context.entries.filter((entry) => entry.status === "active").length;
      const starting = new Set<string>();
      for (const entry of context.entries) {
        if (active >= UPLOAD_CONCURRENCY) break;
        if (entry.status !== "waiting") continue;
        starting.add(entry.key);
        active += 1;
      }
      if (starting.size === 0) return;
      enqueue.assign({
        entries: context.entries.map((entry) =>
          starting.has(entry.key) ? { ...entry, status: "active" as const } : entry,
        ),
      });
      for (const key of starting) enqueue.sendTo(key, { type: "upload.start" });
    }),
    markWaiting: assign(({ context }, params: { key: string }) => ({
      entries: context.entries.map((entry) =>
        entry.key === params.key ? { ...entry, status: "waiting" as const } : entry,
      ),
    })),
    markFailed: assign(({ context }, params: { key: string }) => ({
      entries: context.entries.map((entry) =>
        entry.key === params.key ? { ...entry, status: "failed" as const } : entry,
      ),
    })),
    removeEntry: assign(({ context }, params: { key: string }) => ({
      entries: context.entries.filter((entry) => entry.key !== params.key),
    })),
    cancelFile: enqueueActions(({ enqueue }, params: { key: string }) =>
      enqueue.sendTo(params.key, { type: "upload.cancel" }),
    ),
    countUploaded: assign(({ context }) => ({ uploadedSinceIdle: context.uploadedSinceIdle + 1 })),
    reportRefusals: enqueueActions(({ enqueue }, params: { refusals: FileRefusal[] }) => {
      for (const refusal of params.refusals)
        enqueue.emit({ type: "notify", code: NOTICE_OF[refusal.reason], fileName: refusal.fileName });
    }),
    reportRefusal: emit(({ context }, params: { key: string; reason: RefusalReason }) => ({
      type: "notify" as const,
      code: NOTICE_OF[params.reason],
      fileName: nameOf(context, params.key),
    })),
    reportFailure: emit(({ context }, params: { key: string }) => ({
      type: "notify" as const,
      code: "fileNotUploaded" as const,
      fileName: nameOf(context, params.key),
    })),
    reportUploaded: emit({ type: "notify", code: "filesUploaded" }),
    resetUploadedCount: assign({ uploadedSinceIdle: 0 }),
  },
  guards: {
    hasRefusals: (_, params: { refusals: FileRefusal[] }) => params.refusals.length > 0,
    isFailedFile: ({ context }, params: { key: string }) =>
      context.entries.some((entry) => entry.key === params.key && entry.status === "failed"),
    isListed: ({ context }, params: { key: string }) => context.entries.some((entry) => entry.key === params.key),
    // Every file of the round has ended (linked, refused or cancelled; none failed or running) and
    // at least one was linked.
    isRoundUploaded: ({ context }) => context.uploadedSinceIdle > 0 && context.entries.length === 0,
  },
}).createMachine({
  id: "fileUpload",
  context: { entries: [], picked: [], nextKey: 1, uploadedSinceIdle: 0 },
  initial: "ready",
  // What the files report, and Retry / Cancel, whatever the batch is doing.
  on: {
    "file.retry": {
      guard: { type: "isFailedFile", params: ({ event }) => ({ key: event.key }) },
      actions: [{ type: "markWaiting", params: ({ event }) => ({ key: event.key }) }, "startWaiting"],
    },
    "file.cancel": {
      guard: { type: "isListed", params: ({ event }) => ({ key: event.key }) },
      actions: { type: "cancelFile", params: ({ event }) => ({ key: event.key }) },
    },
    "item.uploaded": {
      actions: [
        { type: "documentLinked", params: ({ event }) => ({ document: event.document }) },
        { type: "removeEntry", params: ({ event }) => ({ key: event.key }) },
        "countUploaded",
        "startWaiting",
      ],
    },
    "item.failed": {
      actions: [
        { type: "markFailed", params: ({ event }) => ({ key: event.key }) },
        { type: "reportFailure", params: ({ event }) => ({ key: event.key }) },
        "startWaiting",
      ],
    },
    "item.refused": {
      actions: [
        { type: "reportRefusal", params: ({ event }) => ({ key: event.key, reason: event.reason }) },
        { type: "removeEntry", params: ({ event }) => ({ key: event.key }) },
        "startWaiting",
      ],
    },
    "item.cancelled": {
      actions: [{ type: "removeEntry", params: ({ event }) => ({ key: event.key }) }, "startWaiting"],
    },
  },
  states: {
    ready: {
      // One success toast when the list empties after files were linked.
      always: { guard: "isRoundUploaded", actions: ["reportUploaded", "resetUploadedCount"] },
      on: {
        "files.picked": {
          target: "checking",
          actions: { type: "keepPicked", params: ({ event }) => ({ files: event.files }) },
        },
      },
    },
    // Name and size rules, before anything is prepared or sent. A batch with a refused file queues
    // nothing (SPEC.md: the input is cleared on rejection and nothing is uploaded).
    checking: {
      invoke: {
        id: "checkFiles",
        src: "checkFiles",
        input: ({ context }) => context.picked,
        onDone: [
          {
            guard: { type: "hasRefusals", params: ({ event }) => ({ refusals: event.output }) },
            target: "ready",
            actions: [{ type: "reportRefusals", params: ({ event }) => ({ refusals: event.output }) }, "dropPicked"],
          },
          { target: "ready", actions: ["queuePicked", "startWaiting"] },
        ],
        onError: { target: "ready", actions: "dropPicked" },
      },
    },
  },
});
