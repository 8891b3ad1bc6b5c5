/**
 * The upload machines on real actors (SPEC.md section 5 "Upload", section 8 toasts): the
 * batch and its per-file children together, with every I/O actor stubbed. Parallel uploads under a
 * limit, automatic retries with backoff, Retry after a failure, a link retried without a second
 * upload, Cancel, and refusals.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createActor,
  fromCallback,
  fromPromise,
  waitFor as waitForever,
  type AnyActorRef,
  type SnapshotFrom,
} from "xstate";
import type { ClaimDocument } from "../../machines/domain.ts";
import {
  AUTOMATIC_RETRIES,
  UPLOAD_CONCURRENCY,
  backoffMs,
  fileUploadMachine,
  refusalOf,
  uploadItemMachine,
  type FileRefusal,
  type PickedFile,
  type UploadItemEvent,
  type UploadNotice,
} from "../../machines/file-upload.machine.ts";
import { collectEmitted, guardOf } from "./support/actors.ts";

/**
 * xstate's waitFor with a bound: a file that never settles fails its test in 5 s instead of hanging
 * (each step here takes milliseconds; the bound only stops a stuck upload from waiting forever).
 */
const waitFor = <Actor extends AnyActorRef>(actor: Actor, settled: (snapshot: SnapshotFrom<Actor>) => boolean) =>
  waitForever(actor, settled, { timeout: 5_000 });

const files = (...names: string[]): PickedFile[] => names.map((name, index) => ({ name, size: 1000 + index }));

describe("upload rules", () => {
  it("backs off 1 s, then 3 s, and asks after AUTOMATIC_RETRIES", () => {
    expect([1, 2].map(backoffMs)).toEqual([1000, 3000]);
    expect(AUTOMATIC_RETRIES).toBe(2);
  });

  it("refusalOf: the PrepareError reason, 'damaged' for anything else", () => {
    expect(refusalOf({ reason: "tooBig" })).toBe("tooBig");
    expect(refusalOf({ reason: "unsupported" })).toBe("unsupported");
    expect(refusalOf(new Error("decode failed"))).toBe("damaged");
    expect(refusalOf(null)).toBe("damaged");
  });

  it("isRoundUploaded: the list is empty and something was linked", () => {
    const isRoundUploaded = guardOf(fileUploadMachine, "isRoundUploaded");
    expect(isRoundUploaded({ entries: [], uploadedSinceIdle: 1 })).toBe(true);
    expect(
      isRoundUploaded({ entries: [{ key: "file-1", fileName: "a", status: "failed" }], uploadedSinceIdle: 1 }),
    ).toBe(false);
    expect(isRoundUploaded({ entries: [], uploadedSinceIdle: 0 })).toBe(false);
  });
});

interface Stubs {
  /** Per file name: how its PUTs end, in turn (the last repeats). */
  puts?: Record<string, Array<"stored" | "failed">>;
  /** How the link calls end, in turn (the last repeats). */
  links?: Array<"ok" | "fail">;
  refusals?: FileRefusal[];
  prepareFails?: string[];
  /** PUTs that never end until cancelled. */
  hangs?: string[];
}

function start(stubs: Stubs = {}) {
  const log = {
    asked: [] as PickedFile[],
    sent: [] as PickedFile[],
    urls: [] as string[],
    puts: [] as string[],
    links: [] as string[],
    waits: [] as number[],
    running: 0,
    maxRunning: 0,
    aborted: [] as string[],
    linked: [] as ClaimDocument[],
  };
  const putCount = new Map<string, number>();
  let linkCount = 0;
  let stored = 0;
  const machine = fileUploadMachine.provide({
    actors: {
      checkFiles: fromPromise<FileRefusal[], PickedFile[]>(async () => stubs.refusals ?? []),
      uploadFile: uploadItemMachine.provide({
        actors: {
          prepareFile: fromPromise<PickedFile, { file: PickedFile }>(async ({ input }) => {
            if (stubs.prepareFails?.includes(input.file.name)) throw { reason: "damaged" };
            // As the portal's prepareFile does: a HEIC photo becomes a smaller JPEG.
            return { name: input.file.name.replace(/\.heic$/, ".jpg"), size: input.file.size - 1 };
          }),
          getUploadUrl: fromPromise<{ url: string; fileName: string }, { file: PickedFile }>(async ({ input }) => {
            log.urls.push(input.file.name);
            log.asked.push(input.file);
            stored += 1;
            return { url: `https://storage.test/${stored}`, fileName: `${stored}-${input.file.name}` };
          }),
          putFile: fromCallback<UploadItemEvent, { url: string; file: PickedFile }>(({ input, sendBack }) => {
            const name = input.file.name;
            log.puts.push(name);
            log.sent.push(input.file);
            log.running += 1;
            log.maxRunning = Math.max(log.maxRunning, log.running);
            const plan = stubs.puts?.[name] ?? ["stored"];
            const count = putCount.get(name) ?? 0;
            putCount.set(name, count + 1);
            const outcome = plan[Math.min(count, plan.length - 1)];
            let ended = false;
            if (!stubs.hangs?.includes(name)) {
              setTimeout(() => {
                ended = true;
                log.running -= 1;
                sendBack({ type: "upload.progress", fraction: 0.5 });
                sendBack(outcome === "stored" ? { type: "upload.stored" } : { type: "upload.failed" });
              }, 5);
            }
            return () => {
              if (!ended) {
                log.running -= 1;
                log.aborted.push(name);
              }
            };
          }),
          linkDocument: fromPromise<ClaimDocument, { fileName: string }>(async ({ input }) => {
            log.links.push(input.fileName);
            const outcome = stubs.links?.[Math.min(linkCount, (stubs.links?.length ?? 1) - 1)] ?? "ok";
            linkCount += 1;
            if (outcome === "fail") throw new Error("502");
            return { id: 100 + log.links.length, fileName: input.fileName };
          }),
        },
        // The wait is recorded and taken at once: the fake-clock tests below check it is kept.
        delays: {
          retryWait: ({ context }) => {
            log.waits.push(backoffMs(context.failures));
            return 0;
          },
        },
      }),
    },
    actions: { documentLinked: (_, { document }) => log.linked.push(document) },
  });
  const actor = createActor(machine).start();
  const notices = collectEmitted<UploadNotice>(actor, "notify");
  return { actor, log, notices };
}

const settled = (actor: ReturnType<typeof start>["actor"]) =>
  waitFor(
    actor,
    (snapshot) => snapshot.matches("ready") && snapshot.context.entries.every((entry) => entry.status === "failed"),
  );

describe("fileUpload with its files", () => {
  it(`uploads four files at most ${UPLOAD_CONCURRENCY} at a time, links each, and says so once`, async () => {
    const { actor, log, notices } = start();
    actor.send({ type: "files.picked", files: files("sofa.jpg", "arm.jpg", "tag.heic", "receipt.pdf") });
    await settled(actor);
    expect(log.maxRunning).toBe(UPLOAD_CONCURRENCY);
    expect(log.linked.map((document) => document.fileName).sort()).toEqual(
      ["1-sofa.jpg", "2-arm.jpg", "3-tag.jpg", "4-receipt.pdf"].sort(),
    );
    expect(notices).toEqual([{ type: "notify", code: "filesUploaded" }]);
    expect(actor.getSnapshot().context.entries).toEqual([]);
  });

  it("retries a dropped PUT with backoff, then lists it as failed; Retry uploads it", async () => {
    const { actor, log, notices } = start({ puts: { "sofa.jpg": ["failed", "failed", "failed", "stored"] } });
    actor.send({ type: "files.picked", files: files("sofa.jpg", "arm.jpg") });
    await settled(actor);
    expect(log.waits).toEqual([1000, 3000]);
    expect(log.puts.filter((name) => name === "sofa.jpg")).toHaveLength(3);
    expect(notices).toEqual([{ type: "notify", code: "fileNotUploaded", fileName: "sofa.jpg" }]);
    const [failed] = actor.getSnapshot().context.entries;
    expect(failed).toEqual({ key: "file-1", fileName: "sofa.jpg", status: "failed" });
    expect((actor.getSnapshot().children["file-1"]?.getSnapshot() as { value?: unknown } | undefined)?.value).toBe(
      "failed",
    );

    actor.send({ type: "file.retry", key: "file-1" });
    await waitFor(actor, (snapshot) => snapshot.context.entries.length === 0);
    expect(log.linked).toHaveLength(2);
    expect(notices.at(-1)).toEqual({ type: "notify", code: "filesUploaded" });
  });

  it("retries a failed link under the same stored name: one upload, one document", async () => {
    const { actor, log } = start({ links: ["fail", "fail", "fail", "ok"] });
    actor.send({ type: "files.picked", files: files("sofa.jpg") });
    await settled(actor);
    expect(actor.getSnapshot().context.entries.map((entry) => entry.status)).toEqual(["failed"]);
    expect(log.linked).toEqual([]);
    actor.send({ type: "file.retry", key: "file-1" });
    await waitFor(actor, (snapshot) => snapshot.context.entries.length === 0);
    expect(log.urls).toEqual(["sofa.jpg"]);
    expect(log.puts).toEqual(["sofa.jpg"]);
    expect(new Set(log.links)).toEqual(new Set(["1-sofa.jpg"]));
    expect(log.linked).toEqual([{ id: 104, fileName: "1-sofa.jpg" }]);
  });

  it("Cancel aborts a running PUT, drops the file, and lets a waiting one start", async () => {
    const { actor, log, notices } = start({ hangs: ["sofa.jpg"] });
    actor.send({ type: "files.picked", files: files("sofa.jpg", "a.jpg", "b.jpg", "c.jpg") });
    await waitFor(actor, () => log.puts.includes("sofa.jpg"));
    actor.send({ type: "file.cancel", key: "file-1" });
    await waitFor(actor, (snapshot) => snapshot.context.entries.length === 0);
    expect(log.aborted).toEqual(["sofa.jpg"]);
    expect(log.linked.map((document) => document.fileName)).not.toContain(expect.stringContaining("sofa"));
    expect(log.linked).toHaveLength(3);
    expect(notices).toEqual([{ type: "notify", code: "filesUploaded" }]);
  });

  it("a photo that cannot be read is refused with its own notice and nothing is sent for it", async () => {
    const { actor, log, notices } = start({ prepareFails: ["corrupted.jpg"] });
    actor.send({ type: "files.picked", files: files("corrupted.jpg") });
    await waitFor(actor, (snapshot) => snapshot.context.nextKey === 2 && snapshot.context.entries.length === 0);
    expect(notices).toEqual([{ type: "notify", code: "fileDamaged", fileName: "corrupted.jpg" }]);
    expect(log.urls).toEqual([]);
  });

  it("a batch with a refused file queues nothing and names each refusal", async () => {
    const { actor, log, notices } = start({
      refusals: [
        { fileName: "notes.txt", reason: "unsupported" },
        { fileName: "scan.pdf", reason: "tooBig" },
      ],
    });
    actor.send({ type: "files.picked", files: files("sofa.jpg", "notes.txt", "scan.pdf") });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
    expect(notices).toEqual([
      { type: "notify", code: "fileNotSupported", fileName: "notes.txt" },
      { type: "notify", code: "fileTooBig", fileName: "scan.pdf" },
    ]);
    expect(actor.getSnapshot().context.entries).toEqual([]);
    expect(log.urls).toEqual([]);
  });
});

describe("fileUpload: what the file list shows", () => {
  it("uploads the prepared file, not the picked one: the URL is asked for and the bytes sent as converted", async () => {
    const { actor, log } = start();
    actor.send({ type: "files.picked", files: [{ name: "tag.heic", size: 3000 }] });
    await waitFor(actor, (snapshot) => snapshot.context.nextKey === 2 && snapshot.context.entries.length === 0);
    expect(log.asked).toEqual([{ name: "tag.jpg", size: 2999 }]);
    expect(log.sent).toEqual([{ name: "tag.jpg", size: 2999 }]);
    expect(log.linked).toEqual([{ id: 101, fileName: "1-tag.jpg" }]);
  });
});

/**
 * The batch alone: each file's upload is a stub that only records upload.start / upload.cancel,
 * and the test sends what the files report (item.*), as a row of the list would change.
 */
function batch(refusals: FileRefusal[] = []) {
  const started: string[] = [];
  const cancelled: string[] = [];
  const machine = fileUploadMachine.provide({
    actors: {
      checkFiles: fromPromise<FileRefusal[], PickedFile[]>(async () => refusals),
      uploadFile: fromCallback<UploadItemEvent, { key: string }>(({ input, receive }) => {
        receive((event) => {
          if (event.type === "upload.start") started.push(input.key);
          if (event.type === "upload.cancel") cancelled.push(input.key);
        });
      }) as never,
    },
  });
  const actor = createActor(machine).start();
  const notices = collectEmitted<UploadNotice>(actor, "notify");
  const rows = () =>
    actor.getSnapshot().context.entries.map(({ key, fileName, status }) => `${key} ${fileName} ${status}`);
  const pick = async (...names: string[]) => {
    actor.send({ type: "files.picked", files: files(...names) });
    await waitFor(actor, (snapshot) => snapshot.matches("ready"));
  };
  return { actor, started, cancelled, notices, rows, pick };
}

const document = (id: number) => ({ id, fileName: `stored-${id}.jpg` });

describe("fileUpload: the rows of the file list", () => {
  it("gives each picked file its own row, keys counting on across picks; three upload and the rest wait", async () => {
    const { started, rows, pick } = batch();
    await pick("a.jpg", "b.jpg", "c.jpg", "d.jpg");
    expect(rows()).toEqual([
      "file-1 a.jpg active",
      "file-2 b.jpg active",
      "file-3 c.jpg active",
      "file-4 d.jpg waiting",
    ]);
    expect(started).toEqual(["file-1", "file-2", "file-3"]);
    await pick("e.jpg", "f.jpg");
    expect(rows().slice(4)).toEqual(["file-5 e.jpg waiting", "file-6 f.jpg waiting"]);
    expect(started).toEqual(["file-1", "file-2", "file-3"]);
  });

  it("a linked file frees its slot for exactly one waiting file", async () => {
    const { actor, started, rows, pick } = batch();
    await pick("a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg", "f.jpg");
    actor.send({ type: "item.uploaded", key: "file-1", document: document(1) });
    expect(rows()).toEqual([
      "file-2 b.jpg active",
      "file-3 c.jpg active",
      "file-4 d.jpg active",
      "file-5 e.jpg waiting",
      "file-6 f.jpg waiting",
    ]);
    expect(started).toEqual(["file-1", "file-2", "file-3", "file-4"]);
  });

  it("a file that fails shows as failed on its own row, named in its notice, while the others keep uploading", async () => {
    const { actor, notices, rows, pick } = batch();
    await pick("sofa.jpg", "arm.jpg");
    actor.send({ type: "item.failed", key: "file-2" });
    expect(rows()).toEqual(["file-1 sofa.jpg active", "file-2 arm.jpg failed"]);
    expect(notices).toEqual([{ type: "notify", code: "fileNotUploaded", fileName: "arm.jpg" }]);
  });

  it("Retry starts only the file it is pressed on; another failed file stays failed", async () => {
    const { actor, started, rows, pick } = batch();
    await pick("sofa.jpg", "arm.jpg");
    actor.send({ type: "item.failed", key: "file-1" });
    actor.send({ type: "item.failed", key: "file-2" });
    actor.send({ type: "file.retry", key: "file-2" });
    expect(rows()).toEqual(["file-1 sofa.jpg failed", "file-2 arm.jpg active"]);
    expect(started).toEqual(["file-1", "file-2", "file-2"]);
  });

  it("Retry on a file that is still uploading changes nothing, even while another file has failed", async () => {
    const { actor, started, rows, pick } = batch();
    await pick("sofa.jpg", "arm.jpg");
    actor.send({ type: "item.failed", key: "file-1" });
    actor.send({ type: "file.retry", key: "file-2" });
    expect(rows()).toEqual(["file-1 sofa.jpg failed", "file-2 arm.jpg active"]);
    expect(started).toEqual(["file-1", "file-2"]);
  });

  it("Cancel reaches the one file listed; a file no longer listed is left alone", async () => {
    const { actor, cancelled, rows, pick } = batch();
    await pick("sofa.jpg");
    actor.send({ type: "file.cancel", key: "file-1" });
    expect(cancelled).toEqual(["file-1"]);
    actor.send({ type: "item.cancelled", key: "file-1" });
    expect(rows()).toEqual([]);
    await pick("arm.jpg");
    actor.send({ type: "file.cancel", key: "file-1" });
    expect(cancelled).toEqual(["file-1"]);
    expect(rows()).toEqual(["file-2 arm.jpg active"]);
    expect(actor.getSnapshot().status).toBe("active");
  });

  it("a photo refused while preparing is named in its own notice and leaves the list", async () => {
    const { actor, notices, rows, pick } = batch();
    await pick("sofa.jpg", "corrupted.jpg");
    actor.send({ type: "item.refused", key: "file-2", reason: "damaged" });
    expect(notices).toEqual([{ type: "notify", code: "fileDamaged", fileName: "corrupted.jpg" }]);
    expect(rows()).toEqual(["file-1 sofa.jpg active"]);
  });
});

/** One file on its own, its reports silenced (it has no batch): steps the test ends by hand. */
function oneFile(options: { urlFailures?: number } = {}) {
  const calls: string[] = [];
  let sendBack: ((event: UploadItemEvent) => void) | null = null;
  let urlFailures = options.urlFailures ?? 0;
  const silent = () => {};
  const machine = uploadItemMachine.provide({
    actions: { reportUploaded: silent, reportFailed: silent, reportRefused: silent, reportCancelled: silent },
    actors: {
      prepareFile: fromPromise<PickedFile, { file: PickedFile }>(async ({ input }) => input.file),
      getUploadUrl: fromPromise<{ url: string; fileName: string }, { file: PickedFile }>(async () => {
        calls.push("url");
        if (urlFailures-- > 0) throw new Error("503");
        return { url: "https://storage.test/1", fileName: "stored-1.jpg" };
      }),
      putFile: fromCallback<UploadItemEvent, { url: string; file: PickedFile }>(({ sendBack: send }) => {
        calls.push("put");
        sendBack = send;
      }),
      linkDocument: fromPromise<ClaimDocument, { fileName: string }>(async ({ input }) => {
        calls.push(`link ${input.fileName}`);
        return document(7);
      }),
    },
    delays: { retryWait: 0 },
  });
  const actor = createActor(machine, { input: { key: "file-1", file: { name: "sofa.jpg", size: 1000 } } }).start();
  actor.send({ type: "upload.start" });
  return { actor, calls, put: (event: UploadItemEvent) => sendBack!(event) };
}

describe("uploadItem: one file's progress and steps", () => {
  it("shows the share of bytes sent, kept between 0 and 1 whatever the sender reports", async () => {
    const { actor, put } = oneFile();
    await waitFor(actor, (snapshot) => snapshot.matches("sendingBytes"));
    put({ type: "upload.progress", fraction: 0.4 });
    expect(actor.getSnapshot().context.progress).toBe(0.4);
    put({ type: "upload.progress", fraction: 1.7 });
    expect(actor.getSnapshot().context.progress).toBe(1);
    put({ type: "upload.progress", fraction: -0.5 });
    expect(actor.getSnapshot().context.progress).toBe(0);
  });

  it("a failed URL request is asked again; nothing is linked before the bytes are stored", async () => {
    const { actor, calls, put } = oneFile({ urlFailures: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches("sendingBytes"));
    expect(calls).toEqual(["url", "url", "put"]);
    put({ type: "upload.stored" });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(calls).toEqual(["url", "url", "put", "link stored-1.jpg"]);
  });
});

describe("uploadItem as shipped: its own sender and wait", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const steps = (failPuts: number) => {
    const calls: string[] = [];
    let puts = 0;
    const silent = () => {};
    return {
      calls,
      machine: uploadItemMachine.provide({
        actions: { reportUploaded: silent, reportFailed: silent, reportRefused: silent, reportCancelled: silent },
        actors: {
          prepareFile: fromPromise<PickedFile, { file: PickedFile }>(async ({ input }) => input.file),
          getUploadUrl: fromPromise<{ url: string; fileName: string }, { file: PickedFile }>(async () => {
            calls.push("url");
            return { url: "https://storage.test/1", fileName: "stored-1.jpg" };
          }),
          putFile: fromCallback<UploadItemEvent, { url: string; file: PickedFile }>(({ sendBack }) => {
            calls.push("put");
            puts += 1;
            sendBack(puts <= failPuts ? { type: "upload.failed" } : { type: "upload.stored" });
          }),
          linkDocument: fromPromise<ClaimDocument, { fileName: string }>(async () => document(7)),
        },
      }),
    };
  };

  /** A file whose first PUT failed, now waiting to try again, on a fake clock. */
  async function waitingAfterOneFailure() {
    vi.useFakeTimers();
    const { machine, calls } = steps(1);
    const actor = createActor(machine, { input: { key: "file-1", file: { name: "sofa.jpg", size: 1000 } } }).start();
    actor.send({ type: "upload.start" });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe("waitingToRetry");
    return { actor, calls };
  }

  it("waits 1 s after a failed PUT before trying again, by the clock it is given", async () => {
    const { actor, calls } = await waitingAfterOneFailure();
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual(["url", "put"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(["url", "put", "url", "put"]);
    expect(actor.getSnapshot().value).toBe("uploaded");
  });

  it("Cancel during the wait stops the file for good: no try comes after the wait, and its timer is cleared", async () => {
    const { actor, calls } = await waitingAfterOneFailure();
    actor.send({ type: "upload.cancel" });
    // A timer left running would wake a phone's page for nothing.
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(actor.getSnapshot().value).toBe("cancelled");
    expect(calls).toEqual(["url", "put"]);
  });

  it("with no sender given, a file is not left uploading: it fails after its retries and its row says so", async () => {
    const machine = fileUploadMachine.provide({
      actors: {
        checkFiles: fromPromise<FileRefusal[], PickedFile[]>(async () => []),
        uploadFile: uploadItemMachine.provide({
          actors: {
            prepareFile: fromPromise<PickedFile, { file: PickedFile }>(async ({ input }) => input.file),
            getUploadUrl: fromPromise<{ url: string; fileName: string }, { file: PickedFile }>(async () => ({
              url: "https://storage.test/1",
              fileName: "stored-1.jpg",
            })),
            linkDocument: fromPromise<ClaimDocument, { fileName: string }>(async () => document(7)),
          },
          delays: { retryWait: 0 },
        }),
      },
    });
    const actor = createActor(machine).start();
    const notices = collectEmitted<UploadNotice>(actor, "notify");
    actor.send({ type: "files.picked", files: files("sofa.jpg") });
    await waitFor(actor, (snapshot) => snapshot.context.entries.some((entry) => entry.status === "failed"));
    expect(notices).toEqual([{ type: "notify", code: "fileNotUploaded", fileName: "sofa.jpg" }]);
  });
});
