/**
 * fileUploadMachine: its guards, then behaviour on real actors with `checkFiles`, `getUploadUrl`,
 * `linkDocument` stubbed and `putFile` a callback actor sending progress and outcome (SPEC.md
 * section 5 "Upload", section 8 upload toasts).
 */
import { describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise, waitFor } from "xstate";
import type { ClaimDocument } from "../../machines/domain.ts";
import {
  fileUploadMachine,
  type FileRefusal,
  type FileUploadContext,
  type FileUploadEvent,
  type PickedFile,
  type QueuedFile,
  type UploadNotice,
} from "../../machines/file-upload.machine.ts";
import { collectEmitted, guardOf } from "./support/actors.ts";

const sofa: PickedFile = { name: "sofa.jpg", size: 1_000 };
const receipt: PickedFile = { name: "receipt.pdf", size: 2_000 };
const huge: PickedFile = { name: "huge.png", size: 10_485_761 };
const notes: PickedFile = { name: "notes.txt", size: 10 };

const queued = (status: QueuedFile["status"], file: PickedFile = sofa): QueuedFile => ({ file, progress: 0, status });
const context = (queue: QueuedFile[], current = 0): FileUploadContext => ({
  queue,
  current,
  uploadUrl: null,
  storedName: null,
  picked: [],
});

describe("fileUpload guards", () => {
  it("hasRefusals: any refused file", () => {
    const hasRefusals = guardOf(fileUploadMachine, "hasRefusals");
    expect(hasRefusals(context([]), { refusals: [{ fileName: "a", reason: "tooBig" }] })).toBe(true);
    expect(hasRefusals(context([]), { refusals: [] })).toBe(false);
  });

  it("hasMoreFiles: a file after the current one", () => {
    const hasMoreFiles = guardOf(fileUploadMachine, "hasMoreFiles");
    expect(hasMoreFiles(context([queued("done"), queued("waiting")], 0))).toBe(true);
    expect(hasMoreFiles(context([queued("done"), queued("done")], 1))).toBe(false);
    expect(hasMoreFiles(context([queued("done")], 0))).toBe(false);
  });

  it("hasUploadedAny: at least one file done", () => {
    const hasUploadedAny = guardOf(fileUploadMachine, "hasUploadedAny");
    expect(hasUploadedAny(context([queued("failed"), queued("done")]))).toBe(true);
    expect(hasUploadedAny(context([queued("failed"), queued("failed")]))).toBe(false);
    expect(hasUploadedAny(context([]))).toBe(false);
  });
});

/** What the PUT of each file does: store it, fail, or throw while starting. */
type PutOutcome = "stored" | "failed" | "throws";

interface Options {
  refusals?: FileRefusal[];
  checkFails?: boolean;
  put?: (file: PickedFile) => PutOutcome;
  urlFails?: (file: PickedFile) => boolean;
  linkFails?: (fileName: string) => boolean;
}

function uploader(options: Options = {}) {
  const calls = {
    checkFiles: vi.fn(async (_files: PickedFile[]) => {
      if (options.checkFails) throw new Error("check failed");
      return options.refusals ?? [];
    }),
    getUploadUrl: vi.fn(async ({ file }: { file: PickedFile }) => {
      if (options.urlFails?.(file)) throw new Error("no url");
      return { url: `https://storage.test/${file.name}`, fileName: `stored-${file.name}` };
    }),
    putFile: vi.fn((_input: { url: string; file: PickedFile }) => {}),
    linkDocument: vi.fn(async ({ fileName }: { fileName: string }): Promise<ClaimDocument> => {
      if (options.linkFails?.(fileName)) throw new Error("link failed");
      return { id: 500 + fileName.length, fileName };
    }),
  };
  const documentLinked = vi.fn();
  const machine = fileUploadMachine.provide({
    actors: {
      checkFiles: fromPromise<FileRefusal[], PickedFile[]>(({ input }) => calls.checkFiles(input)),
      getUploadUrl: fromPromise<{ url: string; fileName: string }, { file: PickedFile }>(({ input }) => calls.getUploadUrl(input)),
      putFile: fromCallback<FileUploadEvent, { url: string; file: PickedFile }>(({ sendBack, input }) => {
        calls.putFile(input);
        const outcome = options.put?.(input.file) ?? "stored";
        if (outcome === "throws") throw new Error("network down");
        sendBack({ type: "upload.progress", fraction: 0.5 });
        sendBack({ type: outcome === "stored" ? "upload.stored" : "upload.failed" });
      }),
      linkDocument: fromPromise<ClaimDocument, { fileName: string }>(({ input }) => calls.linkDocument(input)),
    },
    actions: { documentLinked },
  });
  const actor = createActor(machine);
  const notices = collectEmitted<UploadNotice>(actor, "notify");
  const snapshots: FileUploadContext[] = [];
  actor.subscribe({ next: (snapshot) => snapshots.push(snapshot.context), error: () => {} });
  actor.start();
  return { actor, notices, snapshots, documentLinked, ...calls };
}

type Actor = ReturnType<typeof uploader>["actor"];
const backToIdle = (actor: Actor) => waitFor(actor, (snapshot) => snapshot.matches("idle"), { timeout: 1000 });
const paramsOf = (spy: ReturnType<typeof vi.fn>, call = 0) => spy.mock.calls[call]?.[1];

describe("fileUpload behaviour", () => {
  it("a batch with a refused file uploads nothing and names each refused file", async () => {
    const refusals: FileRefusal[] = [
      { fileName: "huge.png", reason: "tooBig" },
      { fileName: "notes.txt", reason: "unsupported" },
    ];
    const { actor, notices, checkFiles, getUploadUrl, putFile, linkDocument } = uploader({ refusals });
    actor.send({ type: "files.picked", files: [sofa, huge, notes] });
    expect(actor.getSnapshot().value).toBe("checking");
    const snapshot = await backToIdle(actor);
    expect(checkFiles).toHaveBeenCalledWith([sofa, huge, notes]);
    expect(notices).toEqual([
      { type: "notify", code: "fileTooBig", fileName: "huge.png" },
      { type: "notify", code: "fileNotSupported", fileName: "notes.txt" },
    ]);
    expect(getUploadUrl).not.toHaveBeenCalled();
    expect(putFile).not.toHaveBeenCalled();
    expect(linkDocument).not.toHaveBeenCalled();
    expect(snapshot.context.picked).toEqual([]);
    expect(snapshot.context.queue).toEqual([]);
  });

  it("a good batch of 2: URL, PUT and link for each file in turn, progress stored, one notice", async () => {
    const { actor, notices, snapshots, getUploadUrl, putFile, linkDocument, documentLinked } = uploader();
    actor.send({ type: "files.picked", files: [sofa, receipt] });
    const snapshot = await backToIdle(actor);

    expect(getUploadUrl.mock.calls.map(([input]) => input)).toEqual([
      { file: sofa },
      { file: receipt },
    ]);
    expect(putFile.mock.calls.map(([input]) => input)).toEqual([
      { url: "https://storage.test/sofa.jpg", file: sofa },
      { url: "https://storage.test/receipt.pdf", file: receipt },
    ]);
    expect(linkDocument.mock.calls.map(([input]) => input)).toEqual([
      { fileName: "stored-sofa.jpg" },
      { fileName: "stored-receipt.pdf" },
    ]);

    // Progress of each file was held while its bytes were sent.
    const progressOf = (index: number) => snapshots.map((ctx) => ctx.queue[index]).filter((entry) => entry?.status === "uploading").map((entry) => entry!.progress);
    expect(progressOf(0)).toContain(0.5);
    expect(progressOf(1)).toContain(0.5);
    expect(snapshots.some((ctx) => ctx.queue[0]?.status === "done" && ctx.queue[0].progress === 1)).toBe(true);

    expect(documentLinked).toHaveBeenCalledTimes(2);
    expect(paramsOf(documentLinked, 0)).toEqual({ document: { id: 500 + "stored-sofa.jpg".length, fileName: "stored-sofa.jpg" } });
    expect(paramsOf(documentLinked, 1)).toEqual({ document: { id: 500 + "stored-receipt.pdf".length, fileName: "stored-receipt.pdf" } });
    expect(notices).toEqual([{ type: "notify", code: "filesUploaded" }]);
    expect(snapshot.context.queue).toEqual([]);
  });

  it("progress is clamped to 0..1", async () => {
    const machine = fileUploadMachine.provide({
      actors: {
        checkFiles: fromPromise<FileRefusal[], PickedFile[]>(async () => []),
        getUploadUrl: fromPromise<{ url: string; fileName: string }, { file: PickedFile }>(async () => ({ url: "u", fileName: "f" })),
        putFile: fromCallback<FileUploadEvent, { url: string; file: PickedFile }>(() => {}),
        linkDocument: fromPromise<ClaimDocument, { fileName: string }>(async () => ({ id: 1, fileName: "f" })),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: "files.picked", files: [sofa] });
    await waitFor(actor, (snapshot) => snapshot.matches({ uploading: "sendingBytes" }), { timeout: 1000 });
    actor.send({ type: "upload.progress", fraction: 1.7 });
    expect(actor.getSnapshot().context.queue[0]!.progress).toBe(1);
    actor.send({ type: "upload.progress", fraction: -0.2 });
    expect(actor.getSnapshot().context.queue[0]!.progress).toBe(0);
  });

  it("a failing PUT names that file and the batch goes on with the next", async () => {
    const { actor, notices, linkDocument, documentLinked } = uploader({ put: (file) => (file === sofa ? "failed" : "stored") });
    actor.send({ type: "files.picked", files: [sofa, receipt] });
    await backToIdle(actor);
    expect(notices).toEqual([
      { type: "notify", code: "fileNotUploaded", fileName: "sofa.jpg" },
      { type: "notify", code: "filesUploaded" },
    ]);
    expect(linkDocument).toHaveBeenCalledTimes(1);
    expect(linkDocument.mock.calls[0]![0].fileName).toBe("stored-receipt.pdf");
    expect(documentLinked).toHaveBeenCalledTimes(1);
  });

  it("every file failing: one notice per file and no success notice", async () => {
    const { actor, notices, documentLinked } = uploader({
      urlFails: (file) => file === sofa,
      linkFails: (fileName) => fileName === "stored-receipt.pdf",
    });
    actor.send({ type: "files.picked", files: [sofa, receipt] });
    await backToIdle(actor);
    expect(notices).toEqual([
      { type: "notify", code: "fileNotUploaded", fileName: "sofa.jpg" },
      { type: "notify", code: "fileNotUploaded", fileName: "receipt.pdf" },
    ]);
    expect(documentLinked).not.toHaveBeenCalled();
  });

  it("a PUT that throws while starting counts as that file failing, and the batch goes on", async () => {
    const { actor, notices } = uploader({ put: (file) => (file === sofa ? "throws" : "stored") });
    actor.send({ type: "files.picked", files: [sofa, receipt] });
    await backToIdle(actor);
    expect(actor.getSnapshot().status).toBe("active");
    expect(notices).toEqual([
      { type: "notify", code: "fileNotUploaded", fileName: "sofa.jpg" },
      { type: "notify", code: "filesUploaded" },
    ]);
  });

  it("a failed check uploads nothing and is ready for another batch", async () => {
    const { actor, notices, getUploadUrl } = uploader({ checkFails: true });
    actor.send({ type: "files.picked", files: [sofa] });
    const snapshot = await backToIdle(actor);
    expect(getUploadUrl).not.toHaveBeenCalled();
    expect(notices).toEqual([]);
    expect(snapshot.context.picked).toEqual([]);
  });

  it("files picked during an upload are ignored; a later batch uploads", async () => {
    const { actor, getUploadUrl } = uploader();
    actor.send({ type: "files.picked", files: [sofa] });
    actor.send({ type: "files.picked", files: [receipt] });
    await backToIdle(actor);
    expect(getUploadUrl.mock.calls.map(([input]) => input.file)).toEqual([sofa]);
    actor.send({ type: "files.picked", files: [receipt] });
    await backToIdle(actor);
    expect(getUploadUrl.mock.calls.map(([input]) => input.file)).toEqual([sofa, receipt]);
  });
});
