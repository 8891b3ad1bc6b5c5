/**
 * The upload machines on real actors (issue 13; SPEC.md section 5 "Upload", section 8 toasts): the
 * batch and its per-file children together, with every I/O actor stubbed. Parallel uploads under a
 * limit, automatic retries with backoff, Retry after a failure, a link retried without a second
 * upload, Cancel, and refusals.
 */
import { describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise, waitFor } from "xstate";
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
    expect(isRoundUploaded({ entries: [{ key: "file-1", fileName: "a", status: "failed" }], uploadedSinceIdle: 1 })).toBe(false);
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
  const log = { urls: [] as string[], puts: [] as string[], links: [] as string[], waits: [] as number[], running: 0, maxRunning: 0, aborted: [] as string[], linked: [] as ClaimDocument[] };
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
            return { ...input.file, size: input.file.size - 1 };
          }),
          getUploadUrl: fromPromise<{ url: string; fileName: string }, { file: PickedFile }>(async ({ input }) => {
            log.urls.push(input.file.name);
            stored += 1;
            return { url: `https://storage.test/${stored}`, fileName: `${stored}-${input.file.name}` };
          }),
          putFile: fromCallback<UploadItemEvent, { url: string; file: PickedFile }>(({ input, sendBack }) => {
            const name = input.file.name;
            log.puts.push(name);
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
          waitBeforeRetry: fromPromise<void, { ms: number }>(async ({ input }) => {
            log.waits.push(input.ms);
          }),
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
  waitFor(actor, (snapshot) => snapshot.matches("ready") && snapshot.context.entries.every((entry) => entry.status === "failed"));

describe("fileUpload with its files", () => {
  it(`uploads four files at most ${UPLOAD_CONCURRENCY} at a time, links each, and says so once`, async () => {
    const { actor, log, notices } = start();
    actor.send({ type: "files.picked", files: files("sofa.jpg", "arm.jpg", "tag.heic", "receipt.pdf") });
    await settled(actor);
    expect(log.maxRunning).toBe(UPLOAD_CONCURRENCY);
    expect(log.linked.map((document) => document.fileName).sort()).toEqual(["1-sofa.jpg", "2-arm.jpg", "3-tag.heic", "4-receipt.pdf"].sort());
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
    expect((actor.getSnapshot().children["file-1"]?.getSnapshot() as { value?: unknown } | undefined)?.value).toBe("failed");

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
    const { actor, log, notices } = start({ refusals: [{ fileName: "notes.txt", reason: "unsupported" }, { fileName: "scan.pdf", reason: "tooBig" }] });
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
